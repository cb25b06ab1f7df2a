package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/coverkit/coverkit/models"
	"github.com/spf13/cobra"
)

// newModelCmd builds `coverkit <model>` and its verbs from the model's
// descriptor: solve, count, verify and compare, under the model's own
// names for them.
func newModelCmd(e *env, m *models.Model) *cobra.Command {
	cmd := &cobra.Command{Use: m.Name, Short: m.Summary, Long: m.Doc, Args: cobra.NoArgs}
	for _, v := range []struct {
		verb, short string
		args        int
		run         func(*env, *cobra.Command, *models.Model, *runFlags, []string) error
		formats     []string
	}{
		{"solve", "Find a solution, or all of them", m.Instance.Args, runSolve, append(append([]string(nil), m.Formats...), "none")},
		{"count", "Count every solution exactly", m.Instance.Args, runCount, []string{"text", "json", "csv"}},
		{"verify", "Check solutions independently of any solver", m.VerifyArgs, runVerify, []string{"text", "json"}},
		{"compare", "Run several algorithms on the same instance and compare work and time", m.Instance.Args, runCompare, []string{"text", "json", "csv"}},
	} {
		name := m.Verb(v.verb)
		if name == "" || (v.verb == "verify" && m.Verify == nil) || (v.verb == "solve" && len(m.Formats) == 0) {
			continue
		}
		if name == "." {
			bareSolve(e, cmd, m, v.formats, "solve")
			continue
		}
		usage := m.Instance.Usage
		maxArgs := v.args + m.Instance.Optional
		if v.verb == "verify" {
			usage = m.VerifyUsage
			if usage == "" {
				usage = "[FILE|-]"
			}
			maxArgs = v.args + 1
		}
		f := &runFlags{}
		verb, run, formats := v.verb, v.run, v.formats
		sub := &cobra.Command{
			Use:     strings.TrimSpace(name + " " + usage),
			Short:   v.short,
			Long:    m.Doc,
			Example: m.Examples[verb],
			Args:    cobra.RangeArgs(minArgs(verb, v.args), maxArgs),
			RunE: func(cmd *cobra.Command, args []string) error {
				return run(e, cmd, m, f, args)
			},
		}
		f.declare(sub, verb, m, formats)
		if verb == "count" {
			declareUnitFlags(sub, m)
		}
		sub.SetFlagErrorFunc(negativeSizeError(strings.Trim(m.Instance.Usage, "[]")))
		cmd.AddCommand(sub)
	}
	if m.Cover != nil {
		cmd.AddCommand(newCoverCmd(e, m))
	}
	for _, t := range m.Tasks {
		cmd.AddCommand(newTaskCmd(e, m, t))
	}
	return cmd
}

// newTaskCmd is one of the model's task verbs: a solve, or with --count a
// count, with parameters preset.
func newTaskCmd(e *env, m *models.Model, t models.Task) *cobra.Command {
	sub := &cobra.Command{Use: strings.TrimSpace(t.Verb + " " + t.Usage), Short: t.Short, Long: m.Doc, Example: m.Examples[t.Verb]}
	bareSolve(e, sub, m, append(append([]string(nil), m.Formats...), "none"), t.Verb)
	sub.Use = strings.TrimSpace(t.Verb + " " + t.Usage)
	sub.Args = cobra.RangeArgs(t.Args, t.Args+t.Optional)
	run := sub.RunE
	sub.RunE = func(cmd *cobra.Command, args []string) error {
		return run(cmd, append(append([]string(nil), t.Prefix...), args...))
	}
	sub.Annotations = map[string]string{}
	for k, v := range t.Params {
		sub.Annotations["preset:"+k] = v
		sub.Flags().MarkHidden(k) // preset: the verb's own meaning
	}
	return sub
}

// bareSolve makes the model's own command its solve verb (`coverkit dlx
// FILE`), with --count to count instead.
func bareSolve(e *env, cmd *cobra.Command, m *models.Model, formats []string, verb string) {
	f := &runFlags{verb: verb}
	var count bool
	cmd.Use = strings.TrimSpace(m.Name + " " + m.Instance.Usage)
	cmd.Example = m.Examples["solve"]
	cmd.Args = cobra.RangeArgs(m.Instance.Args, m.Instance.Args+m.Instance.Optional)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		for k, v := range cmd.Annotations {
			if name, ok := strings.CutPrefix(k, "preset:"); ok {
				f.preset(name, v)
			}
		}
		if count {
			if !cmd.Flags().Changed("format") {
				f.format = "text" // the default of a count, not of a listing
			}
			return runCount(e, cmd, m, f, args)
		}
		return runSolve(e, cmd, m, f, args)
	}
	f.declare(cmd, "solve", m, formats)
	cmd.Flags().BoolVar(&count, "count", false, "count the solutions instead of listing them")
	declareUnitFlags(cmd, m)
	cmd.SetFlagErrorFunc(negativeSizeError("FILE"))
}

// minArgs is the fewest arguments of verb: compare may leave out its first
// one, the size, when --sizes names the sizes (runCompare checks).
func minArgs(verb string, args int) int {
	if verb == "compare" && args > 0 {
		return args - 1
	}
	return args
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
			p, err := instance(e, m, f, args)
			if err != nil {
				return err
			}
			o, err := openOutput(e, f.out)
			if err != nil {
				return err
			}
			defer o.Abort()
			if err := m.Cover(p, o); err != nil {
				return solverError(err)
			}
			return o.Commit()
		},
	}
	cmd.Flags().StringVarP(&f.out, "out", "o", "", flagHelp["out"])
	f.declareParams(cmd, "cover", m)
	return cmd
}

// negativeSizeError turns pflag's "unknown shorthand flag: '3' in -3", which
// is what a negative size looks like to the flag parser, into the message a
// user expects; every flag error is a usage error (exit 2).
func negativeSizeError(what string) func(*cobra.Command, error) error {
	return func(_ *cobra.Command, err error) error {
		if _, arg, ok := strings.Cut(err.Error(), "' in -"); ok && arg != "" && arg[0] >= '0' && arg[0] <= '9' {
			return usagef("%s must be positive, got -%s", what, arg)
		}
		return usageError(err)
	}
}

// instance builds the problem named by args.
func instance(e *env, m *models.Model, f *runFlags, args []string) (models.Problem, error) {
	p, err := m.Instance.New(f.request(e, args))
	if err != nil {
		return nil, solverError(err)
	}
	return p, nil
}

// prepare builds the instance and picks the algorithm for mode.
func prepare(e *env, m *models.Model, f *runFlags, args []string, mode models.Mode, formats []string) (models.Problem, models.Algorithm, *models.Options, error) {
	opts, err := f.options(mode, formats)
	if err != nil {
		return nil, models.Algorithm{}, nil, err
	}
	p, err := instance(e, m, f, args)
	if err != nil {
		return nil, models.Algorithm{}, nil, err
	}
	alg, err := m.Pick(f.algo, p, opts)
	if err != nil {
		return nil, models.Algorithm{}, nil, usageError(err)
	}
	return p, alg, opts, nil
}

// record is the result record of a run, with the model's fields and the
// algorithm's extras after the common ones.
func record(m *models.Model, p models.Problem, alg models.Algorithm, res *models.Result, unique bool, wall time.Duration) models.Record {
	rec := models.NewRecord(p, alg.Name, res, unique, wall)
	if m.Fields != nil {
		rec = rec.Add(m.Fields(p, res)...)
	}
	if res.Method != "" {
		rec = rec.Add(models.Field{Key: "method", Value: res.Method})
	}
	have := map[string]bool{}
	for _, f := range rec.Fields {
		have[f.Key] = true
	}
	keys := make([]string, 0, len(res.Extra))
	for k := range res.Extra {
		if !have[k] {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		rec = rec.Add(models.Field{Key: k, Value: res.Extra[k]})
	}
	return rec
}

// withProgress shows a bar on stderr (when it is a terminal) for the
// algorithm's progress reports.
func withProgress(e *env, o *models.Options, what string) *progress {
	bar := newProgress(e, 1000, what)
	if bar != nil {
		o.Progress = func(p models.Progress) {
			if p.Total > 0 {
				bar.Set(int64(p.Done * 1000 / p.Total))
			}
			if p.Remaining > 0 && p.Done >= p.Total {
				bar.Describe(fmt.Sprintf("%s, left: %d", what, p.Remaining))
			}
		}
	}
	return bar
}

// search runs alg under ctx with a progress bar, measuring the wall time
// around it.
func search(ctx context.Context, e *env, alg models.Algorithm, p models.Problem, opts *models.Options) (models.Result, time.Duration, error) {
	bar := withProgress(e, opts, p.Model()+" "+p.Size())
	start := time.Now()
	res, err := alg.Run(ctx, p, opts)
	wall := time.Since(start)
	bar.Finish()
	if err != nil {
		return res, wall, solverError(err)
	}
	return res, wall, nil
}

// noSolution is the error of a search that found no solution: exit 1 when
// it proves there is none (an exhaustive exact search, or a theorem), else
// exit 3, since a heuristic that gives up proves nothing.
func noSolution(m *models.Model, alg models.Algorithm, p models.Problem, res *models.Result) error {
	if res.Reason == "" && alg.Kind != models.Exact {
		return &exitError{code: exitPartial, err: fmt.Errorf("stopped early: %s gave up without a solution (%s); this proves nothing",
			alg.Name, work(res))}
	}
	if m.NoSolution != nil {
		return noSolutionf("%s", m.NoSolution(p, res))
	}
	if res.Reason != "" {
		return noSolutionf("no solution: %s", res.Reason)
	}
	return noSolutionf("no solution: %s %s: the search finished without one (%s)", p.Model(), p.Size(), work(res))
}

// work describes the work of a result for messages: "2057 nodes, 15720
// checks, 0.0001 s".
func work(res *models.Result) string {
	var parts []string
	for _, c := range []struct {
		k string
		v uint64
	}{{"nodes", res.Stats.Nodes}, {"checks", res.Stats.Checks}, {"updates", res.Stats.Updates}, {"steps", res.Stats.Steps}} {
		if c.v > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c.v, c.k))
		}
	}
	return strings.Join(append(parts, seconds(res.Stats.Elapsed.Seconds())), ", ")
}

// runSolve is the generic solve verb: the first solution, or every one
// with --all or --limit, in the model's formats.
func runSolve(e *env, cmd *cobra.Command, m *models.Model, f *runFlags, args []string) error {
	all := f.all || f.limit != "" || m.ListAll
	mode := models.ModeFirst
	if all {
		mode = models.ModeAll
	}
	p, alg, opts, err := prepare(e, m, f, args, mode, append(append([]string(nil), m.Formats...), "none"))
	if err != nil {
		return err
	}
	o, err := openOutput(e, f.out)
	if err != nil {
		return err
	}
	defer o.Abort()
	ctx, stop := searchContext(cmd.Context(), f.timeout)
	defer stop()
	key := m.SolutionKey
	if key == "" {
		key = "solution"
	}
	sw := &solutionWriter{w: &stoppableWriter{ctx: ctx, w: o}, p: p, format: f.format, stats: f.stats, key: key,
		head: models.Fields{{Key: "model", Value: p.Model()}, {Key: "size", Value: p.Size()}, {Key: "algorithm", Value: alg.Name}}}
	if m.Fields != nil {
		sw.head = append(sw.head, m.Fields(p, &models.Result{})...)
	}
	var writeErr error
	if all {
		opts.Visit = func(sol models.Solution, since models.Stats) bool {
			writeErr = sw.write(sol, since, nil)
			return writeErr == nil
		}
	}
	res, wall, err := search(ctx, e, alg, p, opts)
	if err != nil {
		return err
	}
	if writeErr != nil {
		return writeFailed(ctx, "writing solutions", writeErr)
	}
	rec := record(m, p, alg, &res, f.unique, wall)
	if !all && res.First != nil && len(res.First) <= verifyMax {
		if err := p.Verify(res.First); err != nil {
			return fmt.Errorf("internal error: %s returned an invalid solution: %w", alg.Name, err)
		}
	}
	if m.Headline != nil && res.First != nil && f.format != "json" && f.format != "none" && f.format != "svg" {
		if h := m.Headline(p, &res); h != "" {
			fmt.Fprintln(o, h)
		}
	}
	switch {
	case !all && res.First != nil:
		err = sw.write(res.First, res.Stats, &rec)
	case f.format == "json" && (res.Status.Partial() || (!all && res.First == nil)):
		// A json reader sees how the search ended, also without a
		// solution.
		err = writeJSONLine(o, rec)
	}
	if err != nil {
		return writeFailed(ctx, "writing the result", err)
	}
	if f.stats {
		if err := writeJSONLine(e.stderr, rec); err != nil {
			return err
		}
	}
	if res.Solutions.IsZero() && res.First == nil && res.Status.Finished() {
		return noSolution(m, alg, p, &res)
	}
	return o.Finish(res.Status)
}

// verifyMax is the largest solution solve checks again before writing it;
// beyond it the check would cost more than most searches, and the tests
// and the verify verb cover the algorithms.
const verifyMax = 1 << 24

// writeFailed reports a failed write: exit 3 when the command was stopped
// while writing (the output is incomplete; an --out file is left as it
// was), else the error.
func writeFailed(ctx context.Context, what string, err error) error {
	if st, done := models.ContextStatus(ctx); done && errors.Is(err, ctx.Err()) {
		return &exitError{code: exitPartial, err: fmt.Errorf("stopped early: %s while %s; the output is incomplete (an --out file is left as it was)", st, what)}
	}
	return fmt.Errorf("%s: %w", what, err)
}

// solutionWriter writes solutions in one of solve's formats, streaming:
// a billion-queen solution never becomes a string.
type solutionWriter struct {
	w       io.Writer
	p       models.Problem
	format  string
	stats   bool
	head    models.Fields
	key     string // the JSON key of a solution
	written uint64
	lines   int // lines in the first solution's rendering
}

// lineCounter counts the lines written through it.
type lineCounter struct {
	w     io.Writer
	lines int
}

func (l *lineCounter) Write(p []byte) (int, error) {
	l.lines += bytes.Count(p, []byte{'\n'})
	return l.w.Write(p)
}

// write writes sol. In json it is one line: rec (the first solution's
// record) or the head fields, then "solution", then with --stats the work
// since the previous solution.
func (s *solutionWriter) write(sol models.Solution, since models.Stats, rec *models.Record) error {
	defer func() { s.written++ }()
	switch s.format {
	case "none":
		return nil
	case "json":
	default:
		// Renderings of several lines (boards, grids) are separated by a
		// blank line.
		if s.lines > 1 {
			if _, err := io.WriteString(s.w, "\n"); err != nil {
				return err
			}
		}
		if s.written > 0 {
			return s.p.Render(s.w, sol, s.format)
		}
		lc := &lineCounter{w: s.w}
		err := s.p.Render(lc, sol, s.format)
		s.lines = lc.lines
		return err
	}
	var head []byte
	var err error
	if rec != nil {
		head, err = json.Marshal(rec)
	} else {
		head, err = json.Marshal(s.head)
	}
	if err != nil {
		return err
	}
	head = append(head[:len(head)-1], ',')
	head = strconv.AppendQuote(head, s.key)
	if _, err := s.w.Write(append(head, ':')); err != nil {
		return err
	}
	if err := s.p.Render(s.w, sol, "json"); err != nil {
		return err
	}
	var tail []byte
	if s.stats && rec == nil {
		for _, c := range []struct {
			k string
			v uint64
		}{{"nodes", since.Nodes}, {"checks", since.Checks}, {"updates", since.Updates}, {"steps", since.Steps}} {
			if c.v > 0 {
				tail = strconv.AppendUint(fmt.Appendf(tail, `,%q:`, c.k), c.v, 10)
			}
		}
	}
	_, err = s.w.Write(append(tail, "}\n"...))
	return err
}

// runCount is the generic count verb.
func runCount(e *env, cmd *cobra.Command, m *models.Model, f *runFlags, args []string) error {
	if split, err := unitsRequested(cmd); split || err != nil {
		return runUnits(e, cmd, m, f, args, err)
	}
	p, alg, opts, err := prepare(e, m, f, args, models.ModeCount, []string{"text", "json", "csv"})
	if err != nil {
		return err
	}
	if opts.Limit > 0 {
		opts.Mode = models.ModeAll // counting up to the limit enumerates
	}
	o, err := openOutput(e, f.out)
	if err != nil {
		return err
	}
	defer o.Abort()
	ctx, stop := searchContext(cmd.Context(), f.timeout)
	defer stop()
	res, wall, err := search(ctx, e, alg, p, opts)
	if err != nil {
		return err
	}
	rec := record(m, p, alg, &res, f.unique, wall)
	switch f.format {
	case "json":
		err = writeJSONLine(o, rec)
	case "csv":
		err = writeCSV(o, []models.Record{rec})
	default:
		err = countText(o, m, p, &res, rec, f.unique)
	}
	if err != nil {
		return fmt.Errorf("writing the result: %w", err)
	}
	if f.stats {
		if err := writeJSONLine(e.stderr, rec); err != nil {
			return err
		}
	}
	return o.Finish(res.Status)
}

// countText writes a count for people: the answer ("at least K" when the
// search stopped early), then the algorithm, status and work.
func countText(w io.Writer, m *models.Model, p models.Problem, res *models.Result, rec models.Record, unique bool) error {
	count := res.Solutions.String()
	if res.Status.Partial() {
		count = "at least " + count
	}
	line := count + " solutions"
	if count == "1" {
		line = "1 solution"
	}
	if m.CountText != nil {
		line = m.CountText(p, res, count)
	}
	if unique {
		line += fmt.Sprintf(" (%s fundamental)", res.Fundamental)
	}
	if res.Status.Partial() {
		line += fmt.Sprintf(" (partial: %s)", res.Status)
	}
	work := rec.Algorithm + ": " + res.Status.String()
	for _, c := range []struct {
		k string
		v uint64
	}{{"nodes", rec.Nodes}, {"checks", rec.Checks}, {"updates", rec.Updates}, {"steps", rec.Steps}} {
		if c.v > 0 {
			work += fmt.Sprintf(", %d %s", c.v, c.k)
		}
	}
	_, err := fmt.Fprintf(w, "%s\n%s, %s\n", line, work, seconds(rec.Elapsed))
	return err
}

// seconds formats a duration in seconds for people: "0.000412 s".
func seconds(s float64) string {
	switch {
	case s >= 10:
		return fmt.Sprintf("%.2f s", s)
	case s >= 0.01:
		return fmt.Sprintf("%.4f s", s)
	}
	return fmt.Sprintf("%.6f s", s)
}

// writeCSV writes records as CSV: the common columns, then the model's
// fields of the first record.
func writeCSV(w io.Writer, recs []models.Record) error {
	cw := csv.NewWriter(w)
	header := []string{"model", "size", "algorithm", "status", "partial", "solutions", "fundamental", "nodes", "checks", "updates", "steps", "elapsed_seconds"}
	var extra []string
	if len(recs) > 0 {
		for _, f := range recs[0].Fields {
			extra = append(extra, f.Key)
		}
	}
	if err := cw.Write(append(header, extra...)); err != nil {
		return err
	}
	for _, r := range recs {
		fund := ""
		if r.Fundamental != nil {
			fund = r.Fundamental.String()
		}
		row := []string{r.Model, r.Size, r.Algorithm, r.Status.String(), strconv.FormatBool(r.Partial), r.Solutions.String(), fund,
			optional(r.Nodes), optional(r.Checks), optional(r.Updates), optional(r.Steps), strconv.FormatFloat(r.Elapsed, 'g', -1, 64)}
		for _, f := range r.Fields {
			v, err := json.Marshal(f.Value)
			if err != nil {
				return err
			}
			row = append(row, strings.Trim(string(v), `"`))
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// optional writes a work counter, or "" when the algorithm does not
// measure it.
func optional(x uint64) string {
	if x == 0 {
		return ""
	}
	return strconv.FormatUint(x, 10)
}

// runVerify is the generic verify verb: solutions from a file or stdin,
// each checked by the model independently of any solver.
func runVerify(e *env, cmd *cobra.Command, m *models.Model, f *runFlags, args []string) error {
	if _, err := f.options(models.ModeFirst, []string{"text", "json"}); err != nil {
		return err
	}
	req := f.request(e, args)
	in, name, err := req.OpenArg(m.VerifyArgs)
	if err != nil {
		return solverError(err)
	}
	req.Args = args[:m.VerifyArgs]
	defer in.Close()
	if name == "-" {
		name = "stdin"
	}
	rep, err := m.Verify(cmd.Context(), req, in)
	if err != nil {
		return usagef("%s: %v", name, err)
	}
	o, err := openOutput(e, f.out)
	if err != nil {
		return err
	}
	defer o.Abort()
	if f.format == "json" {
		fields := models.Fields{{Key: "model", Value: m.Name}, {Key: "solutions", Value: rep.Solutions}, {Key: "valid", Value: rep.Valid},
			{Key: "invalid", Value: rep.Invalid}, {Key: "distinct", Value: rep.Distinct},
			{Key: "all_valid", Value: rep.Invalid == 0 && rep.Solutions > 0}}
		if rep.FirstBad != nil {
			fields = append(fields, models.Field{Key: "first_bad", Value: rep.FirstBad})
		}
		// The model's fields replace generic ones of the same key.
		for _, mf := range rep.Fields {
			if i := slices.IndexFunc(fields, func(f models.Field) bool { return f.Key == mf.Key }); i >= 0 {
				fields[i] = mf
			} else {
				fields = append(fields, mf)
			}
		}
		err = writeJSONLine(o, fields)
	} else {
		err = verifyText(o, rep)
	}
	if err != nil {
		return fmt.Errorf("writing the report: %w", err)
	}
	switch {
	case rep.FirstBad != nil && rep.FirstBad.Line > 0:
		o.Commit()
		return noSolutionf("%s: line %d: %s", name, rep.FirstBad.Line, rep.FirstBad.Reason)
	case rep.FirstBad != nil:
		o.Commit()
		return noSolutionf("%s: %s", name, rep.FirstBad.Reason)
	case rep.Solutions == 0:
		o.Commit()
		return noSolutionf("%s: no solutions to verify", name)
	}
	return o.Commit()
}

// verifyText writes a verify report for people.
func verifyText(w io.Writer, rep *models.VerifyReport) error {
	var err error
	switch {
	case rep.Summary != "":
		_, err = fmt.Fprintln(w, rep.Summary)
	case rep.Solutions == 0:
		_, err = fmt.Fprintln(w, "0 solutions")
	case rep.Invalid == 0:
		_, err = fmt.Fprintf(w, "%s, all valid, %d distinct\n", plural(rep.Solutions, "solution"), rep.Distinct)
	default:
		_, err = fmt.Fprintf(w, "%s, %d invalid, %d valid, %d distinct valid\nfirst bad: line %d: %s\n",
			plural(rep.Solutions, "solution"), rep.Invalid, rep.Valid, rep.Distinct, rep.FirstBad.Line, rep.FirstBad.Reason)
	}
	return err
}

// writeJSONLine writes v as one line of JSON.
func writeJSONLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// runContext is the context of a command: it ends on an interrupt.
func runContext(cmd *cobra.Command) (context.Context, context.CancelFunc) {
	return searchContext(cmd.Context(), 0)
}
