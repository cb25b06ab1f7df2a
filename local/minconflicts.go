package local

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/internal/wyrand"
	"github.com/coverkit/coverkit/resource"
)

// DefaultSeed is the seed Solve uses when Options.Seed is 0, so that runs
// without a seed are reproducible.
const DefaultSeed uint64 = 1

// pollEvery is the number of steps between looks at the context.
const pollEvery = 1 << 14

// Model is a constraint problem that Solve can repair: Vars variables, each
// with the values 0..Domain(v)-1 and a current value. A model keeps its own
// constraints; Solve only asks how many conflicts a value would have.
type Model interface {
	// Vars returns the number of variables.
	Vars() int
	// Domain returns the number of values variable v can take (at least 1).
	Domain(v int) int
	// Value returns v's current value.
	Value(v int) int
	// Conflicts returns the number of constraints v would violate with
	// value val, the other variables keeping their values.
	Conflicts(v, val int) int
	// Set gives v the value val.
	Set(v, val int)
	// Neighbors appends to dst the variables whose conflicts may change
	// when v changes value, and returns the extended slice.
	Neighbors(v int, dst []int) []int
}

// Options tunes Solve. A nil *Options means the defaults.
type Options struct {
	// Seed selects the random stream; 0 means DefaultSeed.
	Seed uint64
	// MaxSteps stops the search with StatusLimit after this many steps
	// (one variable reassigned per step); 0 means no limit.
	MaxSteps uint64
	// RestartAfter starts again from a random assignment after this many
	// steps without a new fewest number of conflicted variables; 0 means
	// 50 times the number of variables, at least 1000.
	RestartAfter uint64
	// Noise is the probability of a random-walk step: the chosen
	// variable takes a random value instead of a least-conflicted one, which
	// helps to leave plateaus (Selman and Kautz's WalkSAT idea). 0 means
	// none: pure min-conflicts.
	Noise float64
	// Randomize starts from a random assignment instead of the model's
	// current one.
	Randomize bool
	// Progress, if set, is called every few thousand steps (at most about
	// once a millisecond) with the number of conflicted variables.
	Progress func(conflicted int)
}

// Result is the outcome of Solve. When Status is StatusFound the model
// holds a solution.
type Result struct {
	// Status is StatusFound when no variable is in conflict, StatusLimit
	// when MaxSteps ran out, StatusTimeout or StatusCanceled when ctx ended.
	Status core.Status
	// Seed is the seed used.
	Seed uint64
	// Steps is the number of reassignments made.
	Steps uint64
	// Restarts is the number of random restarts.
	Restarts uint64
	// InitialConflicted is the number of conflicted variables at the start.
	InitialConflicted int
}

// Solve runs min-conflicts (Minton, Johnston, Philips and Laird, 1990) on m:
// while some variable is in conflict, pick one at random and give it the
// value with the fewest conflicts, breaking ties at random. It keeps the
// conflicted variables in an indexed set updated through Neighbors, so a
// step costs the domain size times a conflict count, plus the neighbours.
// It returns an error only for a model it cannot search (nil, a negative
// number of variables, a variable with an empty domain, or more variables
// than memory allows under resource.Check).
func Solve(ctx context.Context, m Model, opts *Options) (Result, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Seed == 0 {
		o.Seed = DefaultSeed
	}
	if m == nil {
		return Result{}, errors.New("local: nil model")
	}
	if v := reflect.ValueOf(m); v.Kind() == reflect.Pointer && v.IsNil() {
		return Result{}, fmt.Errorf("local: nil model (%T)", m)
	}
	n := m.Vars()
	if n < 0 {
		return Result{}, fmt.Errorf("local: %d variables: the count must be 0 or more", n)
	}
	if err := resource.Check(fmt.Sprintf("local: a model of %d variables", n), resource.Bytes(uint64(n), 64)); err != nil {
		return Result{}, err
	}
	if o.RestartAfter == 0 {
		o.RestartAfter = max(1000, 50*uint64(n))
	}
	if o.MaxSteps == 0 {
		o.MaxSteps = math.MaxUint64
	}
	res := Result{Seed: o.Seed}
	for v := range n {
		if m.Domain(v) < 1 {
			return res, fmt.Errorf("local: variable %d has an empty domain", v)
		}
	}
	s := &mcSearch{m: m, r: wyrand.New(o.Seed), pos: make([]int, n), meter: core.NewMeter(ctx, nil)}
	if o.Noise > 0 {
		s.noise = uint64(min(o.Noise, 1) * (1 << 32))
	}
	stopped := func() (Result, error) {
		res.Status = s.meter.Status()
		return res, nil
	}
	if !s.check() || o.Randomize && !s.randomize() || !s.rebuild() {
		return stopped()
	}
	res.InitialConflicted = len(s.conflicted)
	best, sinceBest := len(s.conflicted), uint64(0)
	// The steps of a model cost about the same: they are the work the
	// meter is checked by (it adapts its interval to their cost).
	lastProgress, stepBound := uint64(0), uint64(0)
	for len(s.conflicted) > 0 {
		if res.Steps >= stepBound {
			var ok bool
			if stepBound, ok = s.meter.Check(res.Steps); !ok {
				return stopped()
			}
			if o.Progress != nil && res.Steps-lastProgress >= pollEvery {
				o.Progress(len(s.conflicted))
				lastProgress = res.Steps
			}
		}
		if res.Steps >= o.MaxSteps {
			res.Status = core.StatusLimit
			return res, nil
		}
		if sinceBest >= o.RestartAfter {
			if !s.randomize() || !s.rebuild() {
				return stopped()
			}
			res.Restarts++
			best, sinceBest = len(s.conflicted), 0
			continue
		}
		s.step()
		res.Steps++
		if len(s.conflicted) < best {
			best, sinceBest = len(s.conflicted), 0
		} else {
			sinceBest++
		}
	}
	res.Status = core.StatusFound
	return res, nil
}

// mcSearch is the state of one Solve run.
type mcSearch struct {
	m          Model
	r          wyrand.Rand
	conflicted []int // the conflicted variables
	pos        []int // pos[v] = 1 + index of v in conflicted, 0 if absent
	nbrs       []int
	noise      uint64 // random-walk probability in units of 2^-32

	meter *core.Meter // stops the search: the context
	work  uint64      // variables set or updated by randomize and rebuild, what the meter is checked by there
	bound uint64      // work may reach bound before the next check
}

// check asks the meter whether to go on and sets the next bound.
func (s *mcSearch) check() bool {
	b, ok := s.meter.Check(s.work)
	s.bound = b
	return ok
}

// randomize gives every variable a random value; it reports false if the
// meter stopped it.
func (s *mcSearch) randomize() bool {
	for v := range s.m.Vars() {
		if s.work++; s.work >= s.bound && !s.check() {
			return false
		}
		s.m.Set(v, int(s.r.Below(uint64(s.m.Domain(v)))))
	}
	return true
}

// rebuild recomputes the conflicted set from scratch; it reports false if
// the meter stopped it.
func (s *mcSearch) rebuild() bool {
	s.conflicted = s.conflicted[:0]
	clear(s.pos)
	for v := range s.m.Vars() {
		if s.work++; s.work >= s.bound && !s.check() {
			return false
		}
		s.update(v)
	}
	return true
}

// update puts v in or out of the conflicted set.
func (s *mcSearch) update(v int) {
	in := s.pos[v] > 0
	bad := s.m.Conflicts(v, s.m.Value(v)) > 0
	switch {
	case bad && !in:
		s.conflicted = append(s.conflicted, v)
		s.pos[v] = len(s.conflicted)
	case !bad && in:
		i := s.pos[v] - 1
		last := s.conflicted[len(s.conflicted)-1]
		s.conflicted[i] = last
		s.pos[last] = i + 1
		s.conflicted = s.conflicted[:len(s.conflicted)-1]
		s.pos[v] = 0
	}
}

// step reassigns one random conflicted variable to a least-conflicted value,
// ties broken uniformly at random (reservoir sampling).
func (s *mcSearch) step() {
	v := s.conflicted[s.r.Below(uint64(len(s.conflicted)))]
	bestVal, bestC, ties := s.m.Value(v), math.MaxInt, uint64(0)
	walk := s.noise > 0 && s.r.Next()>>32 < s.noise
	dom := s.m.Domain(v)
	if walk {
		bestVal = int(s.r.Below(uint64(dom)))
	}
	for val := range dom {
		if walk {
			break
		}
		c := s.m.Conflicts(v, val)
		switch {
		case c < bestC:
			bestVal, bestC, ties = val, c, 1
		case c == bestC:
			ties++
			if s.r.Below(ties) == 0 {
				bestVal = val
			}
		}
	}
	old := s.m.Value(v)
	if bestVal == old {
		return
	}
	s.m.Set(v, bestVal)
	s.nbrs = s.m.Neighbors(v, s.nbrs[:0])
	s.update(v)
	for _, u := range s.nbrs {
		s.update(u)
	}
}
