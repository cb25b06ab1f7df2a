package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/coverkit/coverkit/bench"
	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/verify"
	"github.com/coverkit/coverkit/outfile"
	"github.com/coverkit/coverkit/report"
	"github.com/spf13/cobra"
)

// newModelCmd builds `coverkit <model>` and its verbs from the model's
// descriptor: solve, count, verify and compare, under the model's own
// names for them.
func newModelCmd(e *env, m *models.Model) *cobra.Command {
	cmd := &cobra.Command{Use: m.Name, Short: m.Summary, Long: m.Doc, Args: cobra.NoArgs, RunE: groupHelp}
	for _, v := range []struct {
		verb, short string
		run         func(*env, *cobra.Command, *models.Model, *runFlags, []string) error
		formats     []string
	}{
		{"solve", "Find a solution, or all of them", runSolve, report.SolveFormats(m)},
		{"count", "Count every solution exactly", runCount, report.ResultFormats},
		{"verify", "Check solutions independently of any solver", runVerify, report.ResultFormats},
		{"compare", "Run several algorithms on the same instance and compare work and time", runCompare, bench.Formats},
	} {
		if !m.Offers(v.verb) {
			continue
		}
		name := m.Verb(v.verb)
		alias := m.Verbs[v.verb]
		if alias == "." {
			// The model's own command solves too (`dlx FILE`), beside
			// `dlx solve FILE`.
			cmd.Use = strings.TrimSpace(m.Name + " " + m.Instance.Usage)
			cmd.Args = cobra.RangeArgs(m.Instance.Args, m.Instance.Args+m.Instance.Optional)
			cmd.SetFlagErrorFunc(negativeSizeError(m.Instance.Usage))
			bareSolve(e, cmd, m, v.formats, "solve", nil)
			alias = ""
		}
		usage, minArgs, maxArgs := m.VerbArgs(v.verb)
		f := &runFlags{}
		sub := &cobra.Command{
			Use:     strings.TrimSpace(name + " " + usage),
			Short:   v.short,
			Long:    m.VerbDoc(v.verb),
			Example: m.Examples[v.verb],
			Args:    cobra.RangeArgs(minArgs, maxArgs),
			Aliases: strings.Fields(alias),
			RunE: func(cmd *cobra.Command, args []string) error {
				return v.run(e, cmd, m, f, args)
			},
		}
		f.declare(sub, v.verb, m, v.formats, nil)
		if v.verb == "count" {
			declareUnitFlags(sub, m, &f.split)
		}
		sub.SetFlagErrorFunc(negativeSizeError(usage))
		cmd.AddCommand(sub)
	}
	if m.Cover != nil {
		cmd.AddCommand(newCoverCmd(e, m))
	}
	for _, t := range m.Tasks {
		cmd.AddCommand(newTaskCmd(e, m, t))
	}
	cmd.Example = m.Example() // the first example of each verb
	return cmd
}

// newTaskCmd is one of the model's task verbs: a solve, or with --count a
// count, with parameters preset.
func newTaskCmd(e *env, m *models.Model, t models.Task) *cobra.Command {
	sub := &cobra.Command{Use: strings.TrimSpace(t.Verb + " " + t.Usage), Short: t.Short, Long: cmp.Or(t.Long, m.Doc),
		Example: m.Examples[t.Verb], Args: cobra.RangeArgs(t.Args, t.Args+t.Optional)}
	sub.SetFlagErrorFunc(negativeSizeError(t.Usage))
	if t.Run != nil {
		f := &runFlags{verb: t.Verb}
		sub.RunE = func(cmd *cobra.Command, args []string) error { return runTask(e, cmd, m, t, f, args) }
		f.declare(sub, "task", m, t.Formats, t.Flags)
		return sub
	}
	bareSolve(e, sub, m, report.SolveFormats(m), t.Verb, t.Params)
	run := sub.RunE
	sub.RunE = func(cmd *cobra.Command, args []string) error {
		return run(cmd, append(append([]string(nil), t.Prefix...), args...))
	}
	return sub
}

// bareSolve makes cmd a solve verb with --count to count instead: the
// model's own command (`coverkit dlx FILE`), or a task's with parameters
// preset.
func bareSolve(e *env, cmd *cobra.Command, m *models.Model, formats []string, verb string, presets map[string]string) {
	f := &runFlags{verb: verb}
	var count bool
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if count {
			if !cmd.Flags().Changed("format") {
				f.format = "text" // the default of a count, not of a listing
			}
			return runCount(e, cmd, m, f, args)
		}
		return runSolve(e, cmd, m, f, args)
	}
	f.declare(cmd, "solve", m, formats, nil)
	for name, v := range presets {
		f.params[name] = func() string { return v }
		cmd.Flags().MarkHidden(name) // preset: the verb's own meaning
	}
	cmd.Flags().BoolVar(&count, "count", false, "count the solutions instead of listing them")
	declareUnitFlags(cmd, m, &f.split)
}

// newCoverCmd is the cover verb: the instance as an exact cover problem in
// the dlx text format, for `coverkit dlx` or any DLX solver.
func newCoverCmd(e *env, m *models.Model) *cobra.Command {
	f := &runFlags{}
	cmd := &cobra.Command{
		Use:     strings.TrimSpace("cover " + m.Instance.Usage),
		Short:   "Print the instance as an exact cover problem (dlx1/dlx2 text format)",
		Example: m.Examples["cover"],
		Args:    cobra.RangeArgs(m.Instance.Args, m.Instance.Args+m.Instance.Optional),
		RunE: func(cmd *cobra.Command, args []string) error {
			// A signal stops the build and the write (exit 3, an
			// earlier --out file left as it was).
			ctx := cmd.Context()
			p, err := instance(ctx, e, m, f, args)
			if err != nil {
				return err
			}
			o, err := openOutput(e, f.out)
			if err != nil {
				return err
			}
			defer o.Abort()
			if err := m.Cover(ctx, p, &outfile.Stoppable{Ctx: ctx, W: o}); err != nil {
				return phaseError(err, "building or writing the cover")
			}
			return o.Commit()
		},
	}
	f.declare(cmd, "cover", m, nil, []string{"out"})
	cmd.SetFlagErrorFunc(negativeSizeError(m.Instance.Usage))
	return cmd
}

// negativeSizeError turns pflag's "unknown shorthand flag: '3' in -3", which
// is what a negative size looks like to the flag parser, into the message a
// user expects for the arguments a verb's usage names besides its inputs
// (a file, stdin, a puzzle): "N must be positive" for one, else "PIECE SIZE
// [K]: no number may be negative" (the flag parser does not say which one
// it was, and K may be 0); a verb of inputs alone keeps the parser's words.
// Every flag error is a usage error (exit 2).
func negativeSizeError(usage string) func(*cobra.Command, error) error {
	args := slices.DeleteFunc(strings.Fields(usage), func(a string) bool {
		return strings.ContainsAny(a, "|-") || slices.Contains([]string{"FILE", "INSTANCE", "PUZZLE", "SOLUTION"}, strings.Trim(a, "[]"))
	})
	what := strings.Join(args, " ") + ": no number may be negative"
	if len(args) == 1 {
		what = strings.Trim(args[0], "[]") + " must be positive"
	}
	return func(_ *cobra.Command, err error) error {
		if _, arg, ok := strings.Cut(err.Error(), "' in -"); ok && len(args) > 0 && arg != "" && arg[0] >= '0' && arg[0] <= '9' {
			return usagef("%s, got %q", what, "-"+arg)
		}
		return flagError(err)
	}
}

// flagError is the usage error of a flag's value, with a hint where Go's
// words leave the user guessing: a duration without a unit (`--timeout 5`:
// "add a unit: 5s").
func flagError(err error) error {
	msg := err.Error()
	if _, v, ok := strings.Cut(msg, `missing unit in duration "`); ok {
		v = strings.TrimSuffix(v, `"`)
		name := "a duration"
		if _, f, ok := strings.Cut(msg, `" for "`); ok {
			f, _, _ = strings.Cut(f, `" flag`)
			if i := strings.LastIndex(f, "--"); i >= 0 {
				name = f[i:]
			}
		}
		return usagef("%s %s: add a unit: %ss (or %sm, %sh, %sms)", name, v, v, v, v, v)
	}
	return usageError(err)
}

// instance builds the problem named by args; reading and building it stop
// when ctx ends (--timeout, a signal), which exits 3 with nothing written.
func instance(ctx context.Context, e *env, m *models.Model, f *runFlags, args []string) (core.Problem, error) {
	p, err := m.Instance.New(f.request(ctx, e, args))
	if err != nil {
		return nil, phaseError(err, "reading and building the instance")
	}
	return p, nil
}

// phaseError is usageError for a phase before the search (building the
// instance, splitting it): an error caused by the context's end (--timeout,
// a signal) exits 3 with nothing written.
func phaseError(err error, phase string) error {
	if st, stopped := core.ErrorStatus(err); stopped {
		return &exitError{code: exitPartial, err: fmt.Errorf("stopped early: %s while %s", st, phase)}
	}
	return usageError(err)
}

// runSolve is the generic solve verb: the first solution, or every one
// with --all or --limit, in the model's formats.
func runSolve(e *env, cmd *cobra.Command, m *models.Model, f *runFlags, args []string) error {
	if f.all && f.Sample != "" {
		// A sample is not a listing: --all would be ignored.
		return usagef("--all does not apply to a random sample: --sample K draws K solutions (leave --all out)")
	}
	if m.Batch != nil {
		return runBatch(e, cmd, m, f, args)
	}
	mode := core.ModeFirst
	if f.all || f.Limit != "" || m.ListAll || f.Sample != "" {
		mode = core.ModeAll
	}
	return runSearch(e, cmd, m, f, args, mode, report.SolveFormats(m))
}

// runSearch runs a solve in mode, or a count (mode core.ModeCount), of
// the instance args name (report.Search) by the algorithm it picks, and
// turns its outcome into the exit code.
func runSearch(e *env, cmd *cobra.Command, m *models.Model, f *runFlags, args []string, mode core.Mode, formats []string) error {
	opts, err := f.options(mode, formats)
	if err != nil {
		return err
	}
	// The timeout and the signals cover reading and building the
	// instance too.
	ctx, stop := e.searchContext(cmd.Context(), f.timeout)
	defer stop()
	p, err := instance(ctx, e, m, f, args)
	if err != nil {
		return err
	}
	alg, err := m.Pick(f.algo, p, opts)
	if err != nil {
		return usageError(err)
	}
	o, err := openOutput(e, f.out)
	if err != nil {
		return err
	}
	defer o.Abort()
	r, err := (&report.Search{Model: m, Problem: p, Algorithm: alg, Options: opts, Format: f.format,
		Count: mode == core.ModeCount, Unique: f.Unique, Stats: f.statsTo(e),
		Solver: func(ctx context.Context, p core.Problem, o *core.Options) (core.Result, error) {
			return search(ctx, e, f, m, alg, p, o, args)
		}}).Run(ctx, o)
	if we := (*report.WriteError)(nil); errors.As(err, &we) {
		// Stopped while writing: exit 3, the output is incomplete (an
		// --out file is left as it was).
		if st, done := core.ContextStatus(ctx); done && errors.Is(we.Err, ctx.Err()) {
			return &exitError{code: exitPartial, err: fmt.Errorf("stopped early: %s while %s; the output is incomplete (an --out file is left as it was)", st, we.What)}
		}
		return fmt.Errorf("%s: %w", we.What, we.Err)
	} else if err != nil {
		return usageError(err)
	}
	switch {
	case r.Failure != "" && !r.Proved: // exit 1 only when the search proves there is none
		return &exitError{code: exitPartial, err: fmt.Errorf("stopped early: %s", r.Failure)}
	case r.Failure != "":
		return noSolutionf("%s", r.Failure)
	}
	return finish(e, o, r.Result.Status, r.Found)
}

// runBatch is solve for a model whose input is a batch (models.Model.Batch):
// every record answered in input order by the one batch loop
// (batch.Run) and written by the one batch writer
// (report.BatchWriter). An invalid record is answered and the batch goes
// on: the answers are written and the command exits 2; a usage error or
// an input that cannot be read writes nothing.
func runBatch(e *env, cmd *cobra.Command, m *models.Model, f *runFlags, args []string) error {
	mode := core.ModeFirst // each record's answer; --all is refused
	if f.all {
		mode = core.ModeAll
	}
	opts, err := f.options(mode, report.SolveFormats(m))
	if err != nil {
		return err
	}
	if err := m.Refuses("solve", opts); err != nil {
		return usageError(err)
	}
	o, err := openOutput(e, f.out)
	if err != nil {
		return err
	}
	defer o.Abort()
	ctx, stop := e.searchContext(cmd.Context(), f.timeout)
	defer stop()
	ctx, bar := newProgress(ctx, e, f, -1, m.Name+" solve")
	r, err := (&report.BatchSolve{Model: m, Request: f.request(ctx, e, args), Algorithm: f.algo,
		Limit: opts.Limit, MaxNodes: opts.MaxNodes, Workers: f.Workers, Format: f.format, Stats: f.statsTo(e),
		Progress: func(done uint64) { bar.Set(int64(done)) }}).Run(ctx, o)
	bar.Finish()
	if err != nil {
		return phaseError(err, "opening the input")
	}
	return finishAnswers(e, o, &models.Outcome{Status: r.Status, Invalid: r.Failure != "", Message: r.Failure}, r.Answered)
}

// runCount is the generic count verb.
func runCount(e *env, cmd *cobra.Command, m *models.Model, f *runFlags, args []string) error {
	if split, err := f.unitsRequested(cmd, m); err != nil {
		return err
	} else if split {
		return runUnits(e, cmd, m, f, args)
	}
	return runSearch(e, cmd, m, f, args, core.ModeCount, report.ResultFormats)
}

// runTask runs a task of the model's own (models.Task.Run) and turns its
// outcome into the exit code.
func runTask(e *env, cmd *cobra.Command, m *models.Model, t models.Task, f *runFlags, args []string) error {
	// A task's work (a batch of puzzles) splits as a count does.
	opts, err := f.options(core.ModeCount, t.Formats)
	if err != nil {
		return err
	}
	o, err := openOutput(e, f.out)
	if err != nil {
		return err
	}
	defer o.Abort()
	ctx, stop := e.searchContext(cmd.Context(), f.timeout)
	defer stop()
	ctx, bar := newProgress(ctx, e, f, -1, m.Name+" "+t.Verb)
	out, err := t.Run(ctx, &models.Call{Request: f.request(ctx, e, args), Algorithm: f.algo, Workers: f.Workers,
		Limit: opts.Limit, Format: f.format, Out: o, Log: e.stderr,
		Progress: func(done, total int64) { bar.SetTotal(total); bar.Set(done) }})
	bar.Finish()
	if err != nil {
		return phaseError(err, "opening the input")
	}
	if f.stats && out.Algorithm != "" {
		// --stats: the task's result record on stderr, as every verb writes it.
		if err := report.WriteJSON(e.stderr, report.OutcomeRecord(m.Name, out)); err != nil {
			return err
		}
	}
	return finishAnswers(e, o, out, true)
}

// runVerify is the generic verify verb: solutions from a file or stdin,
// each checked by the model independently of any solver.
func runVerify(e *env, cmd *cobra.Command, m *models.Model, f *runFlags, args []string) error {
	if _, err := f.options(core.ModeFirst, report.ResultFormats); err != nil {
		return err
	}
	// A signal stops the reading between two reads of the input (a
	// record of many megabytes included): the report so far, marked,
	// exit 3.
	ctx, stop := e.searchContext(cmd.Context(), f.timeout)
	defer stop()
	// An --out that cannot be written is refused before the input is
	// read.
	o, err := openOutput(e, f.out)
	if err != nil {
		return err
	}
	defer o.Abort()
	ctx, bar := newProgress(ctx, e, f, 0, m.Name+" verify") // the records read
	rep, name, err := verify.Request(ctx, m, f.request(ctx, e, args))
	bar.Finish()
	if err != nil { // an input that cannot be opened carries its exit
		return usageError(fmt.Errorf("%s: %w", name, err))
	}
	if err := report.WriteVerifyAs(o, f.format, m.Name, rep); err != nil {
		return fmt.Errorf("writing the report: %w", err)
	}
	if f.stats {
		if err := report.WriteJSON(e.stderr, report.VerifyFields(m.Name, rep)); err != nil {
			return err
		}
	}
	if msg := report.VerifyFailure(rep, name); msg != "" {
		if err := o.Commit(); err != nil {
			return err
		}
		return noSolutionf("%s", msg)
	}
	// Stopped before a record was read: the report ("0 solutions
	// (partial: …)") on stdout, --out left as it was (the one --out rule).
	return finish(e, o, rep.Status, rep.Solutions > 0)
}
