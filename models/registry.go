package models

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/coverkit/coverkit/core"
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
	// CanParallel: use Options.Workers.
	CanParallel
)

var capNames = []struct {
	c    Caps
	name string
}{{CanFirst, "first"}, {CanAll, "all"}, {CanCount, "count"}, {CanUnique, "unique"}, {CanParallel, "parallel"}}

// Has reports whether c includes every capability in d.
func (c Caps) Has(d Caps) bool { return c&d == d }

// Names lists the capabilities in c: first, all, count, unique, parallel.
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

// Algorithm describes one registered algorithm for one model.
type Algorithm struct {
	// Model is the model's registry name, such as "queens".
	Model string `json:"model"`
	// Name is the algorithm's name within the model, such as "backtrack".
	Name string `json:"algorithm"`
	// Kind classifies the algorithm.
	Kind Kind `json:"kind"`
	// Caps says what the algorithm can do.
	Caps Caps `json:"capabilities"`
	// Description is one line for listings.
	Description string `json:"description"`
	// Methods lists the variants Options.Method may name, the default
	// first; nil means the algorithm has none.
	Methods []string `json:"methods,omitempty"`
	// Solve runs the algorithm.
	Solve core.Solver `json:"-"`
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
// a's model, the mode and Unique are among a's capabilities (a count may be
// made by enumerating), the method is one of a's, and a's own Check accepts
// it. Its error wraps ErrUnsupported or ErrWrongProblem and says which.
func (a Algorithm) Supports(p core.Problem, o *core.Options) error {
	if p == nil {
		return core.Wrap(core.ErrWrongProblem, "models: %s/%s: no problem given", a.Model, a.Name)
	}
	if p.Model() != a.Model {
		return core.Wrap(core.ErrWrongProblem, "models: %s/%s cannot solve a %s problem", a.Model, a.Name, p.Model())
	}
	o = o.OrDefault()
	cannot := func(what string) error {
		return core.Wrap(core.ErrUnsupported, "models: %s algorithm %s cannot %s (it can: %s)", a.Model, a.Name, what, a.Caps)
	}
	switch {
	case o.Mode == core.ModeFirst && !a.Caps.Has(CanFirst):
		return cannot("find a solution")
	case o.Mode == core.ModeAll && !a.Caps.Has(CanAll):
		return cannot("list all solutions")
	case o.Mode == core.ModeCount && !a.Caps.Has(CanCount) && !a.Caps.Has(CanAll):
		return cannot("count solutions")
	case o.Unique && !a.Caps.Has(CanUnique):
		return cannot("tell solutions apart up to symmetry")
	case o.Method != "" && !slices.Contains(a.Methods, o.Method):
		if len(a.Methods) == 0 {
			return core.Wrap(core.ErrUnsupported, "models: %s algorithm %s has no methods (--method %s)", a.Model, a.Name, o.Method)
		}
		return core.Wrap(core.ErrUnsupported, "models: %s algorithm %s: unknown method %q (known: %s)", a.Model, a.Name, o.Method,
			strings.Join(a.Methods, ", "))
	}
	if a.Check != nil {
		return a.Check(p, o)
	}
	return nil
}

// Run checks the request with Supports and runs a. A count asked of an
// algorithm that can only enumerate is made by enumerating without a
// visitor.
func (a Algorithm) Run(ctx context.Context, p core.Problem, o *core.Options) (core.Result, error) {
	if err := a.Supports(p, o); err != nil {
		return core.Result{}, err
	}
	o = o.OrDefault()
	if o.Mode == core.ModeCount && !a.Caps.Has(CanCount) {
		enum := *o
		enum.Mode, enum.Visit, enum.Limit = core.ModeAll, nil, 0
		o = &enum
	}
	return a.Solve(ctx, p, o)
}

// Registry holds algorithms by model and name. The zero value is empty and
// ready to use; it is safe for concurrent use.
type Registry struct {
	mu   sync.RWMutex
	algs map[string]Algorithm
}

func key(model, name string) string { return model + "\x00" + name }

// Add registers a. It fails if a has no model, name or solver, or if the
// same model and name are already registered.
func (r *Registry) Add(a Algorithm) error {
	if a.Model == "" || a.Name == "" || a.Solve == nil {
		return fmt.Errorf("models: algorithm %q/%q needs a model, a name and a solver", a.Model, a.Name)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.algs == nil {
		r.algs = make(map[string]Algorithm)
	}
	k := key(a.Model, a.Name)
	if _, dup := r.algs[k]; dup {
		return fmt.Errorf("models: algorithm %s/%s registered twice", a.Model, a.Name)
	}
	r.algs[k] = a
	return nil
}

// Lookup returns the algorithm registered under model and name, or an error
// that lists the known ones.
func (r *Registry) Lookup(model, name string) (Algorithm, error) {
	r.mu.RLock()
	a, ok := r.algs[key(model, name)]
	r.mu.RUnlock()
	if ok {
		return a, nil
	}
	var names []string
	for _, a := range r.List(model) {
		names = append(names, a.Name)
	}
	if len(names) == 0 {
		return Algorithm{}, fmt.Errorf("models: unknown model %q", model)
	}
	return Algorithm{}, fmt.Errorf("models: unknown %s algorithm %q (known: %s)", model, name, strings.Join(names, ", "))
}

// List returns the algorithms of model ("" for every model), sorted by model
// and then by registration name.
func (r *Registry) List(model string) []Algorithm {
	r.mu.RLock()
	out := make([]Algorithm, 0, len(r.algs))
	for _, a := range r.algs {
		if model == "" || a.Model == model {
			out = append(out, a)
		}
	}
	r.mu.RUnlock()
	slices.SortFunc(out, func(a, b Algorithm) int {
		if c := strings.Compare(a.Model, b.Model); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out
}

// Default is the registry that models add themselves to from init.
var Default Registry

// Register adds a to the Default registry. It is meant for init functions,
// where a duplicate or incomplete registration is a programming error, so it
// panics on one; no user input reaches it.
func Register(a Algorithm) {
	if err := Default.Add(a); err != nil {
		panic(err) // unreachable from user input: init-time programming error
	}
}

// Lookup finds an algorithm in the Default registry.
func Lookup(model, name string) (Algorithm, error) { return Default.Lookup(model, name) }

// Algorithms lists the Default registry's algorithms of model ("" for all).
func Algorithms(model string) []Algorithm { return Default.List(model) }
