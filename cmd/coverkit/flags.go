package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/progress"
	"github.com/spf13/cobra"
)

// runFlags is the one flag vocabulary of every verb that searches: each
// flag has one type, one meaning and one help text, declared here once.
type runFlags struct {
	// Given are the settings of the request (models.Given.Options).
	models.Given
	algo, format, out string
	timeout           time.Duration
	stats, all, first bool
	algos, sizes      string
	repeat            int
	progress          string
	// params reads the model's own flags by name.
	params map[string]func() string
	// split is a split count's flags (--units).
	split unitSpec
	// verb is the task verb the flags belong to, if any: the model's
	// parameters that name it are declared too.
	verb string
}

// flagHelp is the help text of each shared flag.
var flagHelp = map[string]string{
	"algo":      "algorithm (see coverkit algorithms; default: the model's choice for the request)",
	"workers":   "goroutines for parallel algorithms: 0 means GOMAXPROCS for a count, 1 for a listing of solutions",
	"timeout":   "stop after this long (e.g. 30s), print the partial result marked partial, exit 3",
	"max-nodes": "stop after K search nodes (local search: steps), status limit, exit 3; 1e6 and 1_000_000 accepted",
	"limit":     "stop after K solutions (status found); 1e6 and 1_000_000 accepted",
	"format":    "output format",
	"out":       "write the results to FILE atomically (an earlier FILE is replaced only by a result)",
	"stats":     "also print the result record (JSON) on stderr",
	"seed":      "seed for randomized algorithms (0: the algorithm's default)",
	"method":    "algorithm variant (see coverkit algorithms)",
	"all":       "list every solution",
	"first":     "compare on the first solution instead of the count",
	"unique":    "one solution per symmetry class (with count: also count the classes)",
	"algos":     "comma-separated algorithms to compare (default: every one that can do the job)",
	"sizes":     "compare over several sizes, such as 8..14 or 8,10,12, and fit the growth per step",
	"repeat":    "runs per algorithm; the median time is reported",
	"branch":    "branching rule of memoized counts: mrv (fewest options first), first (items in input order) or auto; of the cells algorithm: mrv, or ssxcc (Knuth's SSXCC's tree, one worker)",
	"memo-bytes": "memory for the memo of a memoized count, such as 512MiB or 2GB (default: a quarter of what is " +
		"available); the table evicts when full",
	"sample": "draw K solutions uniformly at random instead of listing (seeded by --seed; exact cover " +
		"algorithms, from a memoized count)",
	"progress": "show progress on stderr: auto (a bar on a terminal), always (also a line every 5s elsewhere, for logs), never",
}

// declare adds to cmd the shared flags named (those of verb when names is
// nil), then the model's own flags for verb (a task with Run is declared
// as verb "task"). --workers defaults to 0 everywhere: the one worker rule
// (resource.Workers, applied by the library) makes it one for a listing
// and GOMAXPROCS for a count, a batch or a split count, so `dlx FILE
// --count` and `dlx count FILE` are one command.
func (f *runFlags) declare(cmd *cobra.Command, verb string, m *models.Model, formats, names []string) {
	if names == nil {
		names = models.VerbFlags(verb)
	}
	fs := cmd.Flags()
	strs := map[string]*string{"method": &f.Method, "limit": &f.Limit, "algos": &f.algos, "sizes": &f.sizes,
		"memo-bytes": &f.MemoBytes, "sample": &f.Sample}
	bools := map[string]*bool{"unique": &f.Unique, "stats": &f.stats, "all": &f.all, "first": &f.first}
	for _, name := range names {
		help := flagHelp[name]
		if name == "all" && verb == "compare" {
			help = "count every solution (the default; kept for old scripts)"
		}
		switch {
		case strs[name] != nil:
			fs.StringVar(strs[name], name, "", help)
		case bools[name] != nil:
			fs.BoolVar(bools[name], name, false, help)
		case name == "algo":
			fs.StringVarP(&f.algo, name, "a", "", help)
			complete(cmd, name, m.AlgorithmNames())
		case name == "workers":
			fs.VarP(intValue(&f.Workers, name, false), name, "w", help)
		case name == "timeout":
			fs.DurationVarP(&f.timeout, name, "t", 0, help)
		case name == "max-nodes":
			fs.StringVar(&f.MaxNodes, name, "", help)
			fs.StringVar(&f.MaxNodes, "max-steps", "", "the same budget as --max-nodes (its old name for local search)")
			fs.MarkHidden("max-steps")
		case name == "seed":
			fs.Var(uintValue(&f.Seed, name), name, help)
		case name == "format":
			fs.StringVarP(&f.format, name, "f", formats[0], help+": "+strings.Join(formats, ", "))
			complete(cmd, name, formats)
		case name == "out":
			fs.StringVarP(&f.out, name, "o", "", help)
		case name == "repeat":
			f.repeat = 1
			fs.Var(intValue(&f.repeat, name, true), name, help)
		case name == "branch":
			fs.StringVar(&f.Branch, name, "auto", help)
			complete(cmd, name, models.Branches)
		case name == "progress":
			fs.StringVar(&f.progress, name, "auto", help)
			complete(cmd, name, progress.Modes)
		}
	}
	f.hideInapplicable(cmd, verb, m)
	f.declareParams(cmd, verb, m)
}

// hideInapplicable hides the flags of cmd that no algorithm of m honours
// in verb (models.Model.Applies), and names in the help of the others the algorithms that honour
// them where some do not.
func (f *runFlags) hideInapplicable(cmd *cobra.Command, verb string, m *models.Model) {
	if fl := cmd.Flags().Lookup("all"); fl != nil && verb == "solve" && !m.ListsAll() {
		fl.Hidden = true // no listing of every solution
	}
	for _, s := range models.Settings {
		if fl := cmd.Flags().Lookup(s.String()); fl != nil {
			fl.Hidden = !m.Applies(verb, s)
			if names, every := m.HonouringVerb(verb, s); !fl.Hidden && !every && len(names) > 0 {
				fl.Usage += " (--algo " + strings.Join(names, ", ") + ")"
			}
		}
	}
}

// declareParams adds the model's own flags that verb takes.
func (f *runFlags) declareParams(cmd *cobra.Command, verb string, m *models.Model) {
	fs := cmd.Flags()
	f.params = map[string]func() string{}
	for _, p := range m.Params {
		if !p.For(verb) && (f.verb == "" || !slices.Contains(p.Verbs, f.verb)) {
			continue
		}
		if p.Switch {
			on := fs.Bool(p.Name, false, p.Usage)
			f.params[p.Name] = func() string { return strconv.FormatBool(*on) }
			continue
		}
		v := fs.String(p.Name, p.Default, p.Usage)
		f.params[p.Name] = func() string { return *v }
		if p.Values != nil {
			complete(cmd, p.Name, p.Values)
		}
	}
}

// complete offers values for --name in shell completion.
func complete(cmd *cobra.Command, name string, values []string) {
	cmd.RegisterFlagCompletionFunc(name, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
}

// options checks the shared flags and turns them into search options for
// mode (models.Given.Options); --workers is checked and kept as given, 0
// for the default: the command resolves no worker count, the library call
// it makes does, once (models.Algorithm.Run, batch.Run, units.Job.Run).
func (f *runFlags) options(mode core.Mode, formats []string) (*core.Options, error) {
	if err := checkFormat(f.format, formats...); err != nil {
		return nil, err
	}
	if _, err := f.progressMode(); err != nil {
		return nil, err
	}
	// A negative --timeout is refused for every command (newRoot).
	o, err := f.Given.Options(mode)
	if err != nil {
		return nil, usageError(err)
	}
	if mode == core.ModeCount { // a count's own checkpoint (not --units)
		o.Checkpoint, o.CheckpointEvery = f.split.Checkpoint, f.split.Every
	}
	return o, nil
}

// progressMode is --progress, or a usage error.
func (f *runFlags) progressMode() (progress.Mode, error) {
	m, err := progress.ParseMode(cmp.Or(f.progress, "auto")) // "": a verb without --progress
	if err != nil {
		return progress.Auto, usagef("unknown --progress %q (choose %s)", f.progress, strings.Join(progress.Modes, ", "))
	}
	return m, nil
}

// request gathers the model's parameters and the arguments for
// Instance.New or Verify, its inputs read under ctx.
func (f *runFlags) request(ctx context.Context, e *env, args []string) models.Request {
	params := make(map[string]string, len(f.params))
	for k, v := range f.params {
		params[k] = v()
	}
	return models.Request{Context: ctx, Args: args, Params: params,
		Open: func(name string) (io.ReadCloser, error) { return openInput(e, name) },
		Warn: func(msg string) { fmt.Fprintf(e.stderr, "coverkit: warning: %s\n", msg) }}
}

// statsTo is where --stats writes the run's record: stderr, or nil
// without --stats.
func (f *runFlags) statsTo(e *env) io.Writer {
	if f.stats {
		return e.stderr
	}
	return nil
}

// checkFormat rejects a --format value not in allowed.
func checkFormat(format string, allowed ...string) error {
	if !slices.Contains(allowed, format) {
		return usagef("unknown --format %q (choose %s)", format, strings.Join(allowed, ", "))
	}
	return nil
}
