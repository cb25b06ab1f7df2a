package models

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// Kind classifies an algorithm.
type Kind int

const (
	// Exact algorithms search completely: they can prove that no solution
	// exists and count solutions.
	Exact Kind = iota
	// Constructive algorithms build a solution directly, with no search.
	Constructive
	// LocalSearch algorithms repair a candidate until it is a solution; they
	// cannot prove that none exists.
	LocalSearch
	// Heuristic algorithms search greedily with restarts; like local
	// search, they cannot prove that none exists.
	Heuristic
)

var kindNames = [...]string{"exact", "constructive", "local-search", "heuristic"}

// String returns the kind's name: exact, constructive, local-search or
// heuristic.
func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return fmt.Sprintf("Kind(%d)", int(k))
	}
	return kindNames[k]
}

// MarshalText encodes the kind as its name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Caps is the set of things an algorithm can do.
type Caps uint

const (
	// CanFirst: find one solution (ModeFirst).
	CanFirst Caps = 1 << iota
	// CanAll: enumerate solutions (ModeAll).
	CanAll
	// CanCount: count solutions exactly (ModeCount).
	CanCount
	// CanUnique: report fundamental solutions (Options.Unique).
	CanUnique
	// CanParallel: count on Options.Workers goroutines.
	CanParallel
	// CanSample: draw solutions uniformly at random (Options.Sample).
	CanSample
	// CanParallelList: find and list solutions on Options.Workers
	// goroutines too (CanParallel is the count's).
	CanParallelList
	// CanBudget: stop at a node budget (Options.MaxNodes; local search:
	// steps).
	CanBudget
	// CanSeed: a randomized search, which reads Options.Seed in every mode
	// (a random sample reads it with CanSample alone).
	CanSeed
	// CanMemo: a memoized count, which reads Options.Branch and
	// Options.MemoBytes (a random sample reads them with CanSample alone).
	CanMemo
	// CanBranch: reads Options.Branch in every mode (the dancing cells:
	// ssxcc, Knuth's SSXCC's tree).
	CanBranch
	// CanCheckpoint: a count that saves its progress in
	// Options.Checkpoint (every Options.CheckpointEvery) and resumes from
	// it.
	CanCheckpoint
)

var capNames = []struct {
	c    Caps
	name string
}{{CanFirst, "first"}, {CanAll, "all"}, {CanCount, "count"}, {CanUnique, "unique"}, {CanParallel, "parallel"},
	{CanParallelList, "parallel-listing"}, {CanSample, "sample"}, {CanSeed, "seed"}, {CanBudget, "budget"}, {CanMemo, "memo"},
	{CanBranch, "branch"}, {CanCheckpoint, "checkpoint"}}

// Has reports whether c includes every capability in d.
func (c Caps) Has(d Caps) bool { return c&d == d }

// Names lists the capabilities in c: first, all, count, unique, parallel,
// parallel-listing, sample, seed, budget, memo, branch, checkpoint.
func (c Caps) Names() []string {
	var out []string
	for _, cn := range capNames {
		if c.Has(cn.c) {
			out = append(out, cn.name)
		}
	}
	return out
}

// String returns the capability names joined by commas.
func (c Caps) String() string { return strings.Join(c.Names(), ",") }

// MarshalJSON writes the capabilities as an array of names.
func (c Caps) MarshalJSON() ([]byte, error) {
	names := c.Names()
	var b strings.Builder
	b.WriteByte('[')
	for i, n := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q", n)
	}
	b.WriteByte(']')
	return []byte(b.String()), nil
}

// Algorithm describes one algorithm of one model, as its descriptor
// (Model.Algorithms) lists it.
type Algorithm struct {
	// Model is the model's registry name, such as "queens"; the registry
	// sets it from the descriptor that lists the algorithm.
	Model string `json:"model"`
	// Name is the algorithm's name within the model, such as "backtrack".
	Name string `json:"algorithm"`
	// Kind classifies the algorithm.
	Kind Kind `json:"kind"`
	// Caps says what the algorithm can do: the modes, and with Methods
	// the settings it honours in each (Honours); a front end refuses a
	// setting the algorithm would ignore.
	Caps Caps `json:"capabilities"`
	// Description is one line for listings.
	Description string `json:"description"`
	// Limits says what the algorithm cannot hold (the largest size, the
	// memory it grows with), for listings; "" says nothing.
	Limits string `json:"limits,omitempty"`
	// Methods lists the variants Options.Method may name, the default
	// first; nil means the algorithm has none.
	Methods []string `json:"methods,omitempty"`
	// Branches lists the branching rules (Options.Branch, from Branches)
	// it takes besides auto, where its capabilities say it reads one
	// (CanBranch, CanMemo, CanSample); nil means every one.
	Branches []string `json:"branches,omitempty"`
	// Solve runs the algorithm. It is given the options resolved: not
	// nil, and 1 or more workers (the registry wraps it with Resolve, so
	// it never applies a worker rule of its own); Run is the way in. An
	// algorithm with NewWorker may leave it nil: the registry then
	// answers each call on a worker of its own.
	Solve core.Solver `json:"-"`
	// solve and newWorker are Solve and NewWorker as the model wrote
	// them, before the registry wrapped them with Resolve: Run, which
	// resolves the worker count itself, and Worker call them, so that a
	// request's count is resolved once on its way.
	solve     core.Solver
	newWorker func() core.Solver
	// Check, if set, refuses what the algorithm cannot answer beyond its
	// capabilities (a size it cannot hold, a board shape it does not
	// know), with an error wrapping ErrUnsupported or ErrTooLarge.
	Check func(p core.Problem, o *core.Options) error `json:"-"`
	// NewWorker, if set, returns a solver that reuses its buffers across
	// calls in one goroutine (matrices, search stacks, the solution), so that
	// a batch of many small instances allocates nothing per instance. Each
	// goroutine takes its own; the solver is not safe for concurrent use, and
	// the Result.First it returns may point into its buffers, valid until its
	// next call. It answers exactly as Solve does.
	NewWorker func() core.Solver `json:"-"`
}

// Supports reports whether a can answer p with options o: p is a problem of
// a's model, the mode is among a's capabilities (a count may be made by
// enumerating), a honours every setting o asks for (Honours: a setting a
// would ignore is refused, the error naming the algorithms of a's model
// that honour it), the method is one of a's, and a's own Check accepts it.
// Its error wraps ErrUnsupported or ErrWrongProblem and says which.
func (a Algorithm) Supports(p core.Problem, o *core.Options) error {
	if p == nil {
		return core.Wrap(core.ErrWrongProblem, "models: %s/%s: no problem given", a.Model, a.Name)
	}
	if p.Model() != a.Model {
		return core.Wrap(core.ErrWrongProblem, "models: %s/%s cannot solve a %s problem", a.Model, a.Name, p.Model())
	}
	o = o.OrDefault()
	switch {
	case o.Sample > 0 && !a.Honours(SetSample, o):
		return ignoredError(a.model(), a, SetSample, o)
	case o.Limit > 0 && o.Mode == core.ModeAll && !a.Caps.Has(CanAll):
		return ignoredError(a.model(), a, SetLimit, o)
	}
	if what := a.modeOK(o); what != "" {
		return core.Wrap(core.ErrUnsupported, "models: %s algorithm %s cannot %s (it can: %s)", a.Model, a.Name, what, a.Caps)
	}
	if ignored := a.Ignores(o); len(ignored) > 0 {
		return ignoredError(a.model(), a, ignored[0], o)
	}
	if a.Check != nil {
		return a.Check(p, o)
	}
	return nil
}

// Run is the one way to run an algorithm: it checks the request with
// Supports, resolves the worker count with the one worker rule
// (resource.Workers: 0 means runtime.GOMAXPROCS(0) for a count, one for a
// listing; a negative count or one above the cap is refused) into a copy
// of the options, and calls Solve. A count asked of an algorithm that can
// only enumerate is made by enumerating without a visitor. o is not
// changed. A nil ctx never ends.
func (a Algorithm) Run(ctx context.Context, p core.Problem, o *core.Options) (core.Result, error) {
	if ctx == nil {
		ctx = context.Background() // as core.NewMeter: a nil context never ends
	}
	if err := a.Supports(p, o); err != nil {
		return core.Result{}, err
	}
	o, err := Resolve(o)
	if err != nil {
		return core.Result{}, fmt.Errorf("models: %s/%s: %w", a.Model, a.Name, err)
	}
	if o.Mode == core.ModeCount && !a.Caps.Has(CanCount) {
		enum := *o
		enum.Mode, enum.Visit, enum.Limit = core.ModeAll, nil, 0
		o = &enum
	}
	solve := a.solve // the model's own: the count is resolved here, once
	if solve == nil {
		solve = a.Solve // an algorithm that no registry wrapped
	}
	res, err := solve(ctx, p, o)
	if err == nil && o.Sample > 0 && res.Extra["seed"] == nil {
		// A random sample says what seeded it, as every randomized run does.
		if res.Extra == nil {
			res.Extra = map[string]any{}
		}
		res.Extra["seed"] = o.Seed
	}
	return res, err
}

// Resolve applies the one worker rule to o (resource.Workers; a count
// is anything but ModeFirst and ModeAll): it returns o itself when its
// worker count is already one the rule accepts, else a copy with the
// default filled in (nil is the default options), or an error wrapping
// resource.ErrWorkers. It is the rule's one application to a request,
// once on each way in: Algorithm.Run calls it before the model's solver,
// a registered algorithm's Solve when it is called directly, and
// Model.Pick for the model's Default, which sees the worker count the
// run will have; a solver always sees 1 or more workers and never
// resolves them itself.
func Resolve(o *core.Options) (*core.Options, error) {
	if o != nil && o.Workers >= 1 && o.Workers <= resource.MinCap {
		return o, nil // the common case: nothing to resolve, no copy
	}
	r := *o.OrDefault()
	w, err := resource.Workers(r.Workers, r.Mode == core.ModeFirst || r.Mode == core.ModeAll)
	if err != nil {
		return nil, err
	}
	r.Workers = w
	return &r, nil
}

// resolving returns solve behind Resolve, for the registry: a registered
// algorithm's Solve (and the solvers of its NewWorker) see the worker
// count resolved even when called directly.
func resolving(solve core.Solver) core.Solver {
	return func(ctx context.Context, p core.Problem, o *core.Options) (core.Result, error) {
		if ctx == nil {
			ctx = context.Background()
		}
		o, err := Resolve(o)
		if err != nil {
			return core.Result{}, fmt.Errorf("models: %w", err)
		}
		return solve(ctx, p, o)
	}
}

// Registry holds model descriptors by name: the one registry of models and,
// through their descriptors, of their algorithms and decompositions. The
// zero value is empty and ready to use; it is safe for concurrent use.
// Models add themselves to Default from init (Register); a test may build
// a Registry of its own.
type Registry struct {
	mu     sync.RWMutex
	models map[string]*Model
}

// Add registers the descriptor m. It fails if m has no name, summary or
// Instance.New, if an algorithm has no name or solver (Solve, or
// NewWorker, which gives one a call), names another
// model or is listed twice, or if a model of that name is already
// registered. Each algorithm's Model is set to m.Name.
func (r *Registry) Add(m Model) error {
	if m.Name == "" || m.Summary == "" || m.Instance.New == nil {
		return fmt.Errorf("models: model %q needs a name, a summary and Instance.New", m.Name)
	}
	algs := make([]Algorithm, len(m.Algorithms))
	for i, a := range m.Algorithms {
		if nw := a.NewWorker; a.Solve == nil && nw != nil {
			a.Solve = func(ctx context.Context, p core.Problem, o *core.Options) (core.Result, error) {
				return nw()(ctx, p, o)
			}
		}
		if a.Name == "" || a.Solve == nil {
			return fmt.Errorf("models: algorithm %q of model %s needs a name and a solver", a.Name, m.Name)
		}
		if a.Model != "" && a.Model != m.Name {
			return fmt.Errorf("models: algorithm %s/%s is listed by model %s", a.Model, a.Name, m.Name)
		}
		if slices.ContainsFunc(algs[:i], func(b Algorithm) bool { return b.Name == a.Name }) {
			return fmt.Errorf("models: algorithm %s/%s listed twice", m.Name, a.Name)
		}
		a.Model = m.Name
		a.solve, a.Solve = a.Solve, resolving(a.Solve)
		if nw := a.NewWorker; nw != nil {
			a.newWorker, a.NewWorker = nw, func() core.Solver { return resolving(nw()) }
		}
		algs[i] = a
	}
	m.Algorithms = algs
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.models == nil {
		r.models = make(map[string]*Model)
	}
	if _, dup := r.models[m.Name]; dup {
		return fmt.Errorf("models: model %s registered twice", m.Name)
	}
	r.models[m.Name] = &m
	return nil
}

// Lookup returns the model registered under name. An unknown name's error
// lists the known models and, as database/sql does for drivers, reminds
// the caller that a model registers itself when its package is imported.
func (r *Registry) Lookup(name string) (*Model, error) {
	r.mu.RLock()
	m, ok := r.models[name]
	r.mu.RUnlock()
	if ok {
		return m, nil
	}
	var names []string
	for _, m := range r.Models() {
		names = append(names, m.Name)
	}
	return nil, fmt.Errorf("models: unknown model %q (known: %s; forgotten import? a model registers itself when its package, such as github.com/coverkit/coverkit/models/%s, is imported; models/all imports every one)",
		name, strings.Join(names, ", "), name)
}

// Models returns the registered models sorted by name.
func (r *Registry) Models() []*Model {
	r.mu.RLock()
	out := make([]*Model, 0, len(r.models))
	for _, m := range r.models {
		out = append(out, m)
	}
	r.mu.RUnlock()
	slices.SortFunc(out, func(a, b *Model) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Algorithms returns the algorithms of model ("" for every model: by model
// name, then in each descriptor's order); nil for an unknown model.
func (r *Registry) Algorithms(model string) []Algorithm {
	var out []Algorithm
	for _, m := range r.Models() {
		if model == "" || m.Name == model {
			out = append(out, m.Algorithms...)
		}
	}
	return out
}

// LookupAlgorithm returns the algorithm name of the model registered
// under model, or an error that lists the known ones.
func (r *Registry) LookupAlgorithm(model, name string) (Algorithm, error) {
	m, err := r.Lookup(model)
	if err != nil {
		return Algorithm{}, err
	}
	return m.Algorithm(name)
}

// Default is the registry that models add themselves to from init.
var Default Registry

// Register adds the descriptor m to the Default registry. It is meant for
// init functions, where a duplicate or incomplete descriptor is a
// programming error, so it panics on one; no user input reaches it.
func Register(m Model) {
	if err := Default.Add(m); err != nil {
		panic(err) // unreachable from user input: init-time programming error
	}
}

// Lookup returns the model registered in Default under name.
func Lookup(name string) (*Model, error) { return Default.Lookup(name) }

// Models returns the models registered in Default, sorted by name.
func Models() []*Model { return Default.Models() }

// Algorithms lists the algorithms of model in Default ("" for every
// model), in the order the descriptors list them.
func Algorithms(model string) []Algorithm { return Default.Algorithms(model) }

// LookupAlgorithm returns the algorithm name of model from Default:
// Lookup(model), then (*Model).Algorithm(name).
func LookupAlgorithm(model, name string) (Algorithm, error) {
	return Default.LookupAlgorithm(model, name)
}

// VerifyMax is the largest first solution CheckFirst checks; beyond it the
// check would cost more than most searches, and the tests and the verify
// verb cover the algorithms.
const VerifyMax = 1 << 24

// CheckFirst checks again the first solution a run of a on p found (up to
// VerifyMax entries), before it is written: an invalid one is an internal
// error of the algorithm's.
func (a Algorithm) CheckFirst(p core.Problem, res *core.Result) error {
	if p == nil || res == nil || res.First == nil || len(res.First) > VerifyMax {
		return nil
	}
	if err := p.Verify(res.First); err != nil {
		return fmt.Errorf("internal error: %s returned an invalid solution: %w", a.Name, err)
	}
	return nil
}
