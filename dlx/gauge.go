package dlx

import (
	"context"

	"github.com/coverkit/coverkit/core"
)

// lazyBound is how many nodes, or units of work, a search without a node
// budget runs before its first poll: a short search (a sudoku puzzle with
// its givens forced) then ends before it has looked at its core.Meter; a
// long one polls it first well under a millisecond in.
const lazyBound = 1 << 14

// gauge is a search's view of its core.Meter, which owns the stopping:
// the context, the node budget, a Halt by another worker. The search loops
// keep their counters in local variables and call poll when the nodes or
// the work reach the bounds the last poll returned. Work is what measures
// time better than nodes, whose cost varies by orders of magnitude: the
// updates (links removed) and the items the choice of item scanned.
//
// nodes is the running total of the nodes the searches of this gauge
// polled with, which the meter's share of the node budget is counted in;
// each search reports its own nodes apart. Work is counted per search: the
// meter keeps no total of it.
//
// A Solver reused for many searches (one per sudoku puzzle) keeps the
// meter it last made without a budget, and the next search under the same
// context (the same Done channel) uses it again while nothing halted it,
// so that a serial Solve without MaxNodes allocates nothing once its
// Solver has made one meter.
type gauge struct {
	ctx    context.Context
	m      *core.Meter
	nodes  uint64
	budget bool   // m has a node budget
	max    uint64 // the node budget (0: none)
	// slice, if not 0, pauses each search of this gauge once its work
	// reaches it (auto.go's slices of a race): the search then stops as
	// at a node budget, with status limit, and sliced reports it.
	slice  uint64
	sliced bool
	// nodeWork is the work a node counts toward the slice on top of its
	// own units: what a memo's node costs besides (raceMemoNode), so that
	// a slice takes the time its size says whichever method runs it.
	nodeWork uint64

	cache     *core.Meter     // the last meter made without a budget
	cacheDone <-chan struct{} // the Done channel of its context
}

// reset starts the gauge of a search under ctx with a node budget (0:
// none): with a budget the meter is made at once (the budget counts from
// the first node); without one, the cached meter is taken when it watches
// the same context and is not halted, else one is made at the first poll.
func (g *gauge) reset(ctx context.Context, maxNodes uint64) {
	*g = gauge{ctx: ctx, cache: g.cache, cacheDone: g.cacheDone}
	switch {
	case maxNodes > 0:
		g.m = core.NewMeter(ctx, &core.Options{MaxNodes: maxNodes})
		g.budget, g.max = true, maxNodes
	case g.cache != nil && g.cacheDone == ctx.Done() && !g.cache.Stopped():
		g.m = g.cache
	}
}

// end drops the search's context and meter, keeping the cache.
func (g *gauge) end() { g.ctx, g.m = nil, nil }

// meter returns the search's meter, made now (and cached) if need be.
func (g *gauge) meter() *core.Meter {
	if g.m == nil {
		g.m = core.NewMeter(g.ctx, nil)
		g.cache, g.cacheDone = g.m, g.ctx.Done()
	}
	return g.m
}

// fork returns the gauge of a parallel worker: a fork of g's meter (made
// now if need be), sharing its context, budget and stop.
func (g *gauge) fork() gauge {
	return gauge{ctx: g.ctx, m: g.meter().Fork(), budget: g.budget, max: g.max}
}

// release gives back to the other workers of a parallel search the part
// of this gauge's grant of the node budget it did not use.
func (g *gauge) release() {
	if g.m != nil {
		g.m.Release(g.nodes)
	}
}

// The search loops watch one bound, on work: every node adds at least one
// unit of work (the items its choice of item scans, at least one; or one
// for a solution), so the work passes the bound no later than the nodes
// reach the meter's node bound, and one comparison a node watches both.

// begin returns the work bound of the first poll of a search that starts
// with work done: with a node budget or a slice the work done itself, so
// that the meter is polled at once (it grants the nodes; a task of a
// parallel search that starts once the budget is spent stops there);
// without one the search runs lazyBound units of work first.
func (g *gauge) begin(work uint64) uint64 {
	if !g.budget && g.slice == 0 {
		return work + lazyBound
	}
	return work
}

// poll polls the meter (made now if need be) with the nodes and work so
// far, and returns the work at which to call it again: the meter's work
// bound, or sooner, where the nodes may have reached its node bound; or,
// with ok false, why the search stops (st: a stop, a halt, the node
// budget, the end of a slice).
func (g *gauge) poll(nodes, work uint64) (workBound uint64, st core.Status, ok bool) {
	nb, wb, ok := g.meter().Poll(nodes, work)
	if !ok {
		return work, g.status(), false
	}
	if d := nb - nodes; work+d >= work { // no wrap
		wb = min(wb, work+d)
	}
	if g.slice != 0 {
		w := g.sliceWork(nodes, work)
		if w >= g.slice {
			g.sliced = true
			return work, core.StatusLimit, false
		}
		// A unit of work comes with at most one node.
		wb = min(wb, work+max((g.slice-w)/(1+g.nodeWork), 1))
	}
	return wb, core.StatusExhausted, true
}

// sliceWork is the work a slice has done at nodes and work: its units
// and nodeWork a node.
func (g *gauge) sliceWork(nodes, work uint64) uint64 { return work + g.nodeWork*nodes }

// status is why the search stopped: the meter's status (a halt, the
// context, or the node budget found spent by this search or another
// worker of it).
func (g *gauge) status() core.Status {
	switch {
	case g.sliced:
		return core.StatusLimit
	case g.m == nil:
		return core.StatusExhausted
	}
	return g.m.Status()
}

// halt stops the search and every fork of it with status st.
func (g *gauge) halt(st core.Status) { g.meter().Halt(st) }
