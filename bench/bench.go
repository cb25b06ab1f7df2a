package bench

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/report"
	"gonum.org/v1/gonum/stat"
)

// Config says what to compare. The zero value of every field but Model is
// usable: every algorithm, counting, one run each, no time limit.
type Config struct {
	// Model is the registry name of the model, such as "queens".
	Model string
	// Algorithms names the algorithms to run, in order; nil runs every
	// algorithm of the model (in its descriptor's order), skipping those that
	// cannot do the job.
	Algorithms []string
	// First compares on the first solution (core.ModeFirst) instead of
	// the count (core.ModeCount, the default). An algorithm that can only
	// enumerate counts by enumerating without a visitor.
	First bool
	// Repeat is the number of runs of each algorithm on each size; 0 means
	// 1, more than MaxRepeat is refused. Fewer are made when a run stops
	// early.
	Repeat int
	// Timeout bounds each run (not the whole comparison); 0 means none.
	Timeout time.Duration
	// Options are the base search options (workers, node budget, unique,
	// method, seed...); nil means the defaults. Mode is set from First;
	// Visit is not called by a count.
	Options *core.Options
	// Registry is where the model's descriptor is looked up; nil means
	// models.Default, the registry models add themselves to.
	Registry *models.Registry
	// Progress, if set, is called after each run with the runs made so far
	// and the most there can be (sizes × algorithms × Repeat; runs skipped
	// or not repeated count as made), for a progress display.
	Progress func(done, total int)
}

// Job names what Config asks of every algorithm: "count" or "first
// solution".
func (c *Config) Job() string {
	if c.First {
		return "first solution"
	}
	return "count"
}

// Instance is one size of a comparison as the caller makes it. Single
// adapts a core.Problem; a model whose size names a batch of problems (a
// file of sudoku puzzles) implements Instance itself, so that Run solves
// the whole batch, and may implement Batch to report its throughput.
type Instance interface {
	// Size names the instance in reports: "8", "5x6", a file's base name.
	Size() string
	// Supports returns nil if a can run on the instance with o, or an error
	// saying why not (the reason recorded in Report.Skipped).
	Supports(a models.Algorithm, o *core.Options) error
	// Run runs a once on the instance with o. It polls ctx and returns a
	// partial result, not an error, when ctx ends; an error skips the
	// algorithm at this size with the error as the reason.
	Run(ctx context.Context, a models.Algorithm, o *core.Options) (core.Result, error)
	// Fields returns the model's own facts about a result, written after
	// the common fields of the record (for N-Queens, "n"); nil for none.
	Fields(res *core.Result) []models.Field
}

// Batch is implemented by an Instance that stands for many problems, such
// as a file of puzzles: Items is their number, and the report gives
// items per second beside the times.
type Batch interface {
	Items() uint64
}

// Single returns the Instance that runs algorithms on p with
// models.Algorithm.Run. Its Fields are report.Fields: the model
// descriptor's (if the model is registered), then the result's Method,
// then the result's Extra keys in sorted order, as the coverkit command
// writes them after a solve or a count.
func Single(p core.Problem) Instance { return single{p} }

type single struct{ p core.Problem }

func (s single) Size() string {
	if s.p == nil {
		return ""
	}
	return s.p.Size()
}

func (s single) Supports(a models.Algorithm, o *core.Options) error { return a.Supports(s.p, o) }

func (s single) Run(ctx context.Context, a models.Algorithm, o *core.Options) (core.Result, error) {
	return a.Run(ctx, s.p, o)
}

func (s single) Fields(res *core.Result) []models.Field {
	if s.p == nil || res == nil {
		return nil
	}
	m, _ := models.Lookup(s.p.Model()) // nil for an unregistered model
	return report.Fields(m, s.p, res)
}

// Report is the outcome of a comparison.
type Report struct {
	// Model is the model compared; Job is "count" or "first solution";
	// Repeat the runs asked of each algorithm on each size.
	Model, Job string
	Repeat     int
	// Machine names the computer (see Machine).
	Machine string
	// Sizes are the sizes compared, in order, as the instances name them.
	Sizes []string
	// Rows holds one row per size and algorithm that ran, sizes in order,
	// algorithms in the configured order within a size.
	Rows []Row
	// Skipped lists the algorithms that did not run at some size, and why.
	Skipped []Skip
	// Growth holds one fit per algorithm that finished on at least two
	// sizes, in the order the algorithms were configured.
	Growth []Growth
	// PerUnit says that Growth is per unit of size (every size is a whole
	// number); otherwise it is per step along Sizes.
	PerUnit bool
}

// Row is one algorithm's result on one size.
type Row struct {
	// Record is the one result record: the last run's status, solutions and
	// work, with Elapsed the median wall time in seconds, and the model's
	// own facts in Fields.
	Record report.Record
	// Kind is the algorithm's kind.
	Kind models.Kind
	// Runs is the number of runs made (Repeat, or fewer if one stopped
	// early).
	Runs int
	// Median, Min and Max are the wall times of the runs.
	Median, Min, Max time.Duration
	// Items is the number of problems in a Batch instance, else 0.
	Items uint64
}

// Skip records an algorithm that did not run at a size.
type Skip struct {
	Size, Algorithm, Reason string
}

// String says "skipping A: reason", naming the size when there is one.
func (s Skip) String() string {
	if s.Size == "" {
		return fmt.Sprintf("skipping %s: %s", s.Algorithm, s.Reason)
	}
	return fmt.Sprintf("skipping %s at size %s: %s", s.Algorithm, s.Size, s.Reason)
}

// SkipNotes says which algorithms were skipped and why, one line each:
// "skipping A: reason" when A was skipped for that reason at every size,
// else "skipping A at size S: reason" or "at sizes S1, S2: reason". Lines
// come in the order the skips happened.
func (r *Report) SkipNotes() []string {
	if r == nil {
		return nil
	}
	type group struct {
		alg, reason string
		sizes       []string
	}
	var groups []*group
	index := map[[2]string]*group{}
	for _, s := range r.Skipped {
		k := [2]string{s.Algorithm, s.Reason}
		g := index[k]
		if g == nil {
			g = &group{alg: s.Algorithm, reason: s.Reason}
			index[k] = g
			groups = append(groups, g)
		}
		if s.Size != "" {
			g.sizes = append(g.sizes, s.Size)
		}
	}
	notes := make([]string, 0, len(groups))
	for _, g := range groups {
		switch {
		case len(g.sizes) == 0 || len(g.sizes) == len(r.Sizes):
			notes = append(notes, fmt.Sprintf("skipping %s: %s", g.alg, g.reason))
		case len(g.sizes) == 1:
			notes = append(notes, fmt.Sprintf("skipping %s at size %s: %s", g.alg, g.sizes[0], g.reason))
		default:
			notes = append(notes, fmt.Sprintf("skipping %s at sizes %s: %s", g.alg, strings.Join(g.sizes, ", "), g.reason))
		}
	}
	return notes
}

// Growth is the fitted growth of one algorithm's cost from one size to the
// next: the factor by which the median time (Time) and the nodes (Nodes)
// are multiplied per size step, exp of the slope of a least-squares line
// (gonum stat.LinearRegression) through log(cost) against the size. A
// "size step" is one unit of size when every size is a whole number (n to
// n+1, whatever the spacing of the sizes compared), else one step along the
// list of sizes. Only finished runs are fitted. 0 means not fitted: fewer
// than two sizes finished, or the algorithm does not count nodes.
type Growth struct {
	Algorithm   string
	Time, Nodes float64
	// Points is the number of sizes fitted.
	Points int
}

// Stopped reports whether some run stopped early (node budget, timeout,
// cancellation), and the status of the first that did.
func (r *Report) Stopped() (core.Status, bool) {
	if r == nil {
		return core.StatusExhausted, false
	}
	for _, row := range r.Rows {
		if row.Record.Status.Partial() {
			return row.Record.Status, true
		}
	}
	return core.StatusExhausted, false
}

// Run compares the algorithms of cfg.Model on each of sizes, making each
// size's problem once with newProblem; see RunInstances.
func Run(ctx context.Context, cfg Config, newProblem func(size string) (core.Problem, error), sizes []string) (*Report, error) {
	if newProblem == nil {
		return nil, errors.New("bench: no function to make the problems")
	}
	return RunInstances(ctx, cfg, func(size string) (Instance, error) {
		p, err := newProblem(size)
		if err != nil {
			return nil, err
		}
		if p == nil {
			return nil, fmt.Errorf("bench: size %q: no problem made", size)
		}
		return Single(p), nil
	}, sizes)
}

// RunInstances compares the algorithms of cfg.Model on the instance made
// for each size, in order: every algorithm that supports the request runs
// cfg.Repeat times (fewer if a run stops early), and the others are listed
// in Report.Skipped. An algorithm that stopped early at one size is skipped
// at the sizes after it, which are taken to be larger. A canceled ctx ends
// the comparison: the report holds what ran, and its last row the canceled
// run. The error is for a request that cannot start: no model or sizes, an
// unknown algorithm, a negative Repeat or Timeout, an instance that cannot
// be made (its error is returned as it is, so that it can name the input at
// fault).
func RunInstances(ctx context.Context, cfg Config, newInstance func(size string) (Instance, error), sizes []string) (*Report, error) {
	if cfg.Model == "" {
		return nil, errors.New("bench: no model named")
	}
	if newInstance == nil {
		return nil, errors.New("bench: no function to make the instances")
	}
	if len(sizes) == 0 {
		return nil, errors.New("bench: no sizes to compare")
	}
	if cfg.Repeat < 0 {
		return nil, fmt.Errorf("bench: repeat %d: must be at least 1", cfg.Repeat)
	}
	if cfg.Repeat > MaxRepeat {
		return nil, fmt.Errorf("bench: repeat %d: at most %d runs (MaxRepeat)", cfg.Repeat, MaxRepeat)
	}
	if cfg.Timeout < 0 {
		return nil, fmt.Errorf("bench: timeout %s: must not be negative (0 means none)", cfg.Timeout)
	}
	repeat := max(cfg.Repeat, 1)
	algs, err := algorithms(&cfg)
	if err != nil {
		return nil, err
	}
	base := *cfg.Options.OrDefault()
	base.Mode = core.ModeCount
	if cfg.First {
		base.Mode = core.ModeFirst
	}
	rep := &Report{Model: cfg.Model, Job: cfg.Job(), Repeat: repeat, Machine: Machine()}
	stopped := map[string]string{} // algorithm → why it stopped early
	done, total := 0, len(sizes)*len(algs)*repeat
	onRun := func(runs int) {
		done += runs
		if cfg.Progress != nil && runs > 0 {
			cfg.Progress(done, total)
		}
	}
	for _, size := range sizes {
		if ctx.Err() != nil {
			break
		}
		inst, err := newInstance(size)
		if err != nil {
			return nil, err
		}
		if inst == nil {
			return nil, fmt.Errorf("bench: size %q: no instance made", size)
		}
		rep.Sizes = append(rep.Sizes, inst.Size())
		for _, a := range algs {
			if ctx.Err() != nil {
				break
			}
			skip := func(reason string) {
				rep.Skipped = append(rep.Skipped, Skip{Size: sizeLabel(sizes, inst), Algorithm: a.Name, Reason: reason})
			}
			if why, ok := stopped[a.Name]; ok {
				skip(why)
				onRun(repeat)
				continue
			}
			opts := optionsFor(a, &base)
			if err := inst.Supports(a, opts); err != nil {
				skip(err.Error())
				onRun(repeat)
				continue
			}
			row, err := runAlgorithm(ctx, &cfg, inst, a, opts, repeat, onRun)
			if err != nil {
				skip(err.Error())
				continue
			}
			if st := row.Record.Status; st.Partial() {
				stopped[a.Name] = fmt.Sprintf("it stopped early (%s) at size %s", st, inst.Size())
			}
			rep.Rows = append(rep.Rows, row)
		}
	}
	rep.Growth, rep.PerUnit = fit(rep, algs)
	return rep, nil
}

// optionsFor returns the options a runs with in a comparison: base, on one
// worker for an algorithm that does not run on several in its mode
// (models.SetWorkers), so that --workers sets the parallel algorithms'
// workers without refusing the sequential ones. Every other setting is
// the algorithm's to honour or refuse (a skip).
func optionsFor(a models.Algorithm, base *core.Options) *core.Options {
	if !models.SetWorkers.Asked(base) || a.Honours(models.SetWorkers, base) {
		return base
	}
	o := *base
	o.Workers = 1
	return &o
}

// sizeLabel names the size in a Skip when there are several.
func sizeLabel(sizes []string, inst Instance) string {
	if len(sizes) < 2 {
		return ""
	}
	return inst.Size()
}

// algorithms returns the configured algorithms, or every one of the model.
func algorithms(cfg *Config) ([]models.Algorithm, error) {
	reg := cfg.Registry
	if reg == nil {
		reg = &models.Default
	}
	if cfg.Algorithms == nil {
		algs := reg.Algorithms(cfg.Model)
		if len(algs) == 0 {
			return nil, fmt.Errorf("bench: no algorithms are registered for model %q (forgotten import? a model registers itself when its package is imported)", cfg.Model)
		}
		return algs, nil
	}
	if len(cfg.Algorithms) == 0 {
		return nil, errors.New("bench: an empty list of algorithms")
	}
	algs := make([]models.Algorithm, 0, len(cfg.Algorithms))
	for _, name := range cfg.Algorithms {
		a, err := reg.LookupAlgorithm(cfg.Model, strings.TrimSpace(name))
		if err != nil {
			return nil, fmt.Errorf("bench: %w", err)
		}
		algs = append(algs, a)
	}
	return algs, nil
}

// runAlgorithm runs a repeat times on inst (fewer if a run stops early)
// and makes its row.
func runAlgorithm(ctx context.Context, cfg *Config, inst Instance, a models.Algorithm, base *core.Options, repeat int, onRun func(int)) (Row, error) {
	times := make([]float64, 0, min(repeat, 1024))
	var last core.Result
	made := 0
	defer func() { onRun(repeat - made) }() // the runs not made
	for range repeat {
		rctx, cancel := ctx, context.CancelFunc(func() {})
		if cfg.Timeout > 0 {
			rctx, cancel = context.WithTimeout(ctx, cfg.Timeout)
		}
		o := *base
		start := time.Now()
		res, err := inst.Run(rctx, a, &o)
		wall := time.Since(start)
		cancel()
		made++
		onRun(1)
		if err != nil {
			return Row{}, err
		}
		last = res
		times = append(times, wall.Seconds())
		if res.Status.Partial() {
			break
		}
	}
	sort.Float64s(times)
	median := stat.Quantile(0.5, stat.Empirical, times, nil)
	rec := report.NewRecord(nil, a.Name, &last, base.Unique, 0)
	rec.Model, rec.Size, rec.Elapsed = cfg.Model, inst.Size(), report.Number(median)
	rec.Fields = inst.Fields(&last)
	row := Row{Record: rec, Kind: a.Kind, Runs: len(times), Median: seconds(median),
		Min: seconds(times[0]), Max: seconds(times[len(times)-1])}
	if b, ok := inst.(Batch); ok {
		row.Items = b.Items()
	}
	return row, nil
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// RunArgs compares the algorithms of m as a command line asks: over the
// sizes of Sizes(m, sizes, args), each size's instance made by newProblem
// from its arguments (the size where m.Instance.SizeArg says, the rest of
// args around it) under ctx
// bounded by cfg.Timeout, as each run is (reading and building the
// instance included: an input that never comes ends), then Run.
func RunArgs(ctx context.Context, cfg Config, m *models.Model, sizes string, args []string,
	newProblem func(ctx context.Context, args []string) (core.Problem, error)) (*Report, error) {
	list, rest, err := Sizes(m, sizes, args)
	if err != nil {
		return nil, err
	}
	if newProblem == nil {
		return nil, errors.New("bench: no function to make the problems")
	}
	return Run(ctx, cfg, func(size string) (core.Problem, error) {
		a := rest
		if size != "" {
			at := min(max(m.Instance.SizeArg, 0), len(rest))
			a = slices.Concat(rest[:at], []string{size}, rest[at:])
		}
		bctx := ctx
		if cfg.Timeout > 0 {
			var cancel context.CancelFunc
			bctx, cancel = context.WithTimeout(ctx, cfg.Timeout)
			defer cancel()
		}
		return newProblem(bctx, a)
	}, list)
}

// Sizes returns the sizes a comparison of model m runs and the arguments
// around the size: the instance's own arguments args (one size, ""), or
// with sizes (the --sizes flag: 8..14 or 8,10,12) each size in turn
// standing as the instance's argument m.Instance.SizeArg (the first, but
// for pieces' SIZE).
func Sizes(m *models.Model, sizes string, args []string) (list, rest []string, err error) {
	switch {
	case m == nil:
		return nil, nil, errors.New("bench: Sizes: no model")
	case sizes == "" && len(args) < m.Instance.Args:
		return nil, nil, fmt.Errorf("%s compare: give %s or --sizes", m.Name, m.Instance.Usage)
	case sizes == "":
		return []string{""}, args, nil
	case m.Instance.Args+m.Instance.Optional == 0:
		return nil, nil, fmt.Errorf("%s compare: --sizes needs a model whose instance is named by an argument", m.Name)
	case len(args) >= m.Instance.Args+m.Instance.Optional:
		// Each size stands as the first argument (an optional one, such
		// as dlx's FILE, too), the others follow it.
		return nil, nil, fmt.Errorf("%s compare: give %s or --sizes, not both", m.Name, m.Instance.Usage)
	}
	if list, err = ParseSizes(sizes); err != nil {
		return nil, nil, fmt.Errorf("--sizes: %w", err)
	}
	return list, args, nil
}
