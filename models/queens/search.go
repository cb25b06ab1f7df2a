package queens

import (
	"context"
	"fmt"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// MaxSearchN is the largest board the exact searches (backtrack, iterative,
// permutation) accept. Their state is O(n), but the recursive searches also
// go n calls deep, and beyond this size no exact search finishes anyway.
const MaxSearchN = 1 << 20

// search is the state shared by the classic exact searches: Wirth's arrays,
// the counters, and the bookkeeping for stopping and per-solution stats. The
// hot loops only touch its flat arrays and counters; everything else happens
// when the nodes reach the meter's bound (about once a millisecond) or once
// per solution.
type search struct {
	n    int
	m    *core.Meter
	opts *core.Options

	x []int32 // x[c] = row of the queen in column c (Wirth's vector, 0-based)

	nodes, checks uint64
	found         core.Count
	first         core.Solution

	// since-previous bookkeeping for Options.Visit (Wirth's table).
	lastNodes, lastChecks uint64
	lastTime              time.Time
	start                 time.Time

	bound  uint64 // the node count at which to poll the meter next
	stop   bool
	status core.Status
}

// newSearch checks the problem and size and prepares the shared state.
func newSearch(ctx context.Context, p core.Problem, opts *core.Options, name string) (*search, error) {
	b, _, err := input(p, opts, name)
	if err != nil {
		return nil, err
	}
	if b.N > MaxSearchN {
		return nil, fmt.Errorf("queens: %s: n = %d is beyond exact search (at most %d; use construct or a local search): %w",
			name, b.N, MaxSearchN, resource.ErrTooLarge)
	}
	now := time.Now()
	s := &search{
		n:        b.N,
		m:        core.NewMeter(ctx, opts),
		opts:     opts,
		x:        make([]int32, b.N),
		status:   core.StatusExhausted,
		start:    now,
		lastTime: now,
	}
	return s, nil
}

// poll runs when the nodes reach the meter's bound, before the next node
// is visited: the meter sees the nodes (its budget is exact: the search
// stops at that many) and the progress. It reports whether the search
// must stop.
func (s *search) poll() bool {
	bound, _, ok := s.m.Poll(s.nodes, s.nodes)
	if !ok {
		s.halt(s.m.Status())
		return true
	}
	s.bound = bound
	if s.n > 0 {
		// Progress through the first column: how many of its rows are done.
		s.m.Progress(core.Progress{Done: uint64(s.x[0]), Total: uint64(s.n)})
	}
	return false
}

// halt stops the search with status st.
func (s *search) halt(st core.Status) {
	s.stop = true
	s.status = st
}

// solution records the full placement in s.x. It reports whether the search
// must stop (the first solution was asked for, the limit was reached, or the
// visitor said so).
func (s *search) solution() bool {
	s.found = s.found.AddUint64(1)
	switch s.opts.Mode {
	case core.ModeCount:
		return false
	case core.ModeFirst:
		s.first = append(core.Solution(nil), s.x...)
		s.visit()
		s.halt(core.StatusFound)
		return true
	}
	if s.first == nil {
		s.first = append(core.Solution(nil), s.x...)
	}
	if !s.visit() {
		s.halt(core.StatusFound)
		return true
	}
	if l := s.opts.Limit; l > 0 && s.found.Cmp(core.CountOf(l)) >= 0 {
		s.halt(core.StatusFound)
		return true
	}
	return false
}

// visit hands the current solution to Options.Visit with the work done since
// the previous one.
func (s *search) visit() bool {
	if s.opts.Visit == nil {
		return true
	}
	now := time.Now()
	since := core.Stats{
		Nodes:   s.nodes - s.lastNodes,
		Checks:  s.checks - s.lastChecks,
		Elapsed: now.Sub(s.lastTime),
	}
	s.lastNodes, s.lastChecks, s.lastTime = s.nodes, s.checks, now
	return s.opts.Visit(s.x, since)
}

// result assembles the Result.
func (s *search) result() core.Result {
	return core.Result{
		Status:    s.status,
		Solutions: s.found,
		First:     s.first,
		Stats: core.Stats{
			Nodes:   s.nodes,
			Checks:  s.checks,
			Elapsed: time.Since(s.start),
		},
	}
}

// exact turns a search procedure into a core.Solver: it checks the
// problem and options, hands Options.Unique to the generic Unique, and runs
// the search on a fresh state.
func exact(name string, run func(s *search)) core.Solver {
	var solve core.Solver
	solve = func(ctx context.Context, p core.Problem, opts *core.Options) (core.Result, error) {
		o := opts.OrDefault()
		switch o.Mode {
		case core.ModeFirst, core.ModeAll, core.ModeCount:
		default:
			return core.Result{}, fmt.Errorf("queens: %s: unknown mode %d: %w", name, o.Mode, core.ErrUnsupported)
		}
		if o.Method != "" {
			return core.Result{}, fmt.Errorf("queens: %s has no methods (got %q): %w", name, o.Method, core.ErrUnsupported)
		}
		if o.Unique {
			return Unique(ctx, solve, p, o)
		}
		s, err := newSearch(ctx, p, o, name)
		if err != nil {
			return core.Result{}, err
		}
		if s.poll() {
			return s.result(), nil
		}
		s.nodes = 1 // the empty board
		run(s)
		return s.result(), nil
	}
	return solve
}
