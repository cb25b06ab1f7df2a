package pieces

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"time"

	"github.com/coverkit/coverkit/core"
)

// run is the state every search of this package shares: the counters, the
// stopping rules, the solutions reported and the symmetry check for
// Options.Unique. The hot loops only touch counters and flat bitsets;
// everything here runs once per solution or once per poll of the meter.
type run struct {
	m    *core.Meter
	opts *core.Options
	p    *Problem
	n, w int

	// The nodes counted are bound − left: a tick counts down left, and
	// the meter is polled when it reaches 0 (one comparison and one
	// decrement a node).
	bound  uint64 // the node count at which the meter is polled next
	left   uint64 // nodes left before bound
	stop   bool
	status core.Status

	found, classes core.Count
	visited        uint64
	first          core.Solution
	sol            core.Solution // per-cell buffer

	syms  [][]int32 // non-identity symmetries (Options.Unique)
	set   []uint64  // the solution as a bitset (w words)
	image []uint64  // its image under a symmetry

	lastNodes uint64
	lastTime  time.Time
	start     time.Time
}

// newRun prepares the shared state for problem p and options o.
func newRun(ctx context.Context, p *Problem, o *core.Options) (*run, error) {
	n := p.Board.Cells()
	now := time.Now()
	r := &run{
		m: core.NewMeter(ctx, o), opts: o, p: p, n: n, w: (n + 63) / 64,
		status: core.StatusExhausted, start: now, lastTime: now,
		sol: make(core.Solution, n),
	}
	if o.Unique {
		syms, err := p.Board.symmetries()
		if err != nil {
			return nil, err
		}
		r.syms = syms
		r.set = make([]uint64, 2*r.w)
		r.image = make([]uint64, 2*r.w)
	}
	return r, nil
}

// poll asks the meter whether the search may go on (the context, the node
// budget) and passes progress on; it reports whether the search must stop.
func (r *run) poll() bool {
	nodes := r.nodes()
	b, _, ok := r.m.Poll(nodes, nodes)
	if !ok {
		r.halt(r.m.Status())
		return true
	}
	r.bound, r.left = b, b-nodes
	r.m.Progress(core.Progress{Done: r.found.Lo})
	return false
}

// nodes returns the nodes counted so far.
func (r *run) nodes() uint64 { return r.bound - r.left }

// tick counts a node, polling the meter when the node count reaches its
// bound; it reports whether the search must stop (the node is then not
// counted: a budget of K nodes stops at exactly K).
func (r *run) tick() bool {
	if r.left == 0 && r.poll() {
		return true
	}
	r.left--
	return false
}

// stopped is the error of a build phase that the meter stopped; the
// search then reports the meter's status.
var errStopped = errors.New("pieces: stopped")

func (r *run) halt(st core.Status) {
	r.stop = true
	r.status = st
}

// fill writes the placement (chosen cells, pawns) into r.sol.
func (r *run) fill(chosen []int32, pawns []int) core.Solution {
	clear(r.sol)
	for _, x := range pawns {
		r.sol[x] = 2
	}
	for _, x := range chosen {
		r.sol[x] = 1
	}
	return r.sol
}

// canonical reports whether the placement (chosen cells, pawns) is the
// least of its images under the symmetries: the pawns compared first, then
// the pieces, each as a bitset read as a number (high word first). The
// board's own pawns are fixed by every symmetry kept, so they only matter
// for the Pawns task, where they are part of the placement.
func (r *run) canonical(chosen []int32, pawns []int) bool {
	w := r.w
	clear(r.set)
	for _, x := range pawns {
		r.set[x>>6] |= 1 << (x & 63)
	}
	for _, x := range chosen {
		r.set[w+int(x>>6)] |= 1 << (x & 63)
	}
	for _, g := range r.syms {
		clear(r.image)
		for _, x := range pawns {
			y := g[x]
			r.image[y>>6] |= 1 << (y & 63)
		}
		for _, x := range chosen {
			y := g[x]
			r.image[w+int(y>>6)] |= 1 << (y & 63)
		}
		c := compareWords(r.image[:w], r.set[:w]) // pawns first, then pieces
		if c == 0 {
			c = compareWords(r.image[w:], r.set[w:])
		}
		if c < 0 {
			return false
		}
	}
	return true
}

// compareWords compares two bitsets of equal length as numbers, high word
// first: −1, 0 or +1.
func compareWords(a, b []uint64) int {
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// solution records a placement; it reports whether the search must stop
// (the first was asked for, the limit is reached, or the visitor said so).
func (r *run) solution(chosen []int32, pawns []int) bool {
	r.found = r.found.AddUint64(1)
	if r.opts.Unique {
		if !r.canonical(chosen, pawns) {
			return false
		}
		r.classes = r.classes.AddUint64(1)
	}
	if r.opts.Mode == core.ModeCount {
		return false
	}
	sol := r.fill(chosen, pawns)
	if r.first == nil {
		r.first = append(core.Solution(nil), sol...)
	}
	r.visited++
	if r.opts.Visit != nil {
		now := time.Now()
		since := core.Stats{Nodes: r.nodes() - r.lastNodes, Elapsed: now.Sub(r.lastTime)}
		r.lastNodes, r.lastTime = r.nodes(), now
		if !r.opts.Visit(sol, since) {
			r.halt(core.StatusFound)
			return true
		}
	}
	if r.opts.Mode == core.ModeFirst || r.opts.Limit > 0 && r.visited >= r.opts.Limit {
		r.halt(core.StatusFound)
		return true
	}
	return false
}

// result assembles the Result: with Unique in ModeAll, the solutions
// visited are the classes.
func (r *run) result() core.Result {
	res := core.Result{
		Status:    r.status,
		Solutions: r.found,
		First:     r.first,
		Stats:     core.Stats{Nodes: r.nodes(), Elapsed: time.Since(r.start)},
	}
	if r.opts.Unique {
		res.Fundamental = r.classes
		if r.opts.Mode != core.ModeCount {
			res.Solutions = core.CountOf(r.visited)
			res.Fundamental = res.Solutions
		}
	}
	if r.opts.Mode == core.ModeFirst && r.first != nil {
		res.Status = core.StatusFound
		res.Solutions = core.CountOf(1)
	}
	return res
}

// reset clears the solutions found (between the rounds of an iterated
// search), keeping the work counters.
func (r *run) reset() {
	r.found, r.classes, r.visited, r.first = core.Count{}, core.Count{}, 0, nil
	if !r.stop {
		r.status = core.StatusExhausted
	}
}

// popcount returns the number of bits set in a.
func popcount(a []uint64) int {
	c := 0
	for _, v := range a {
		c += bits.OnesCount64(v)
	}
	return c
}

// checkMode refuses an unknown mode.
func checkMode(name string, o *core.Options) error {
	switch o.Mode {
	case core.ModeFirst, core.ModeAll, core.ModeCount:
	default:
		return fmt.Errorf("pieces: %s: unknown mode %d: %w", name, o.Mode, core.ErrUnsupported)
	}
	return nil
}
