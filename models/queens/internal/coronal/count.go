package coronal

import (
	"sync"
	"sync/atomic"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens/internal/bitwise"
)

// Result is the outcome of a whole count (Coronal.Count).
type Result struct {
	// Solutions is the sum of the counts of the subproblems finished: the
	// n-queens count when the meter's Status is StatusExhausted, a lower
	// bound otherwise.
	Solutions core.Count
	// Nodes is the sum of the nodes of the subproblems finished, as Run
	// reports them (so that it equals the sum over any split's units),
	// plus the nodes searched in the subproblems a stop abandoned.
	Nodes uint64
	// Subproblems is the number of subproblems finished.
	Subproblems uint64
	// Workers is the number of goroutines that counted.
	Workers int
}

// progressBatch is the number of subproblems a worker of Count solves
// between two reports of its progress.
const progressBatch = 1024

// Count solves every subproblem of c, as one run of Run over all of them
// would, on workers goroutines: worker w lists the pre-placements and
// solves subproblems w, w+workers, w+2·workers, …, each through forks of
// m (which share its stop, node budget and progress callback). Every
// subproblem is solved by the same kernel whichever worker takes it, so
// Solutions and Nodes do not depend on workers. A stop (m's context or
// node budget) ends the count; m.Status says why, and the result holds
// the subproblems finished.
func (c *Coronal) Count(m *core.Meter, workers int) Result {
	if c.n < MinN {
		// The whole board is subproblem 0, as Run solves it.
		r := bitwise.Count(m, c.n, bitwise.Symmetry, 1, nil)
		res := Result{Solutions: r.Solutions, Nodes: r.Nodes, Workers: 1}
		if m.Status() == core.StatusExhausted {
			res.Subproblems = 1
		}
		return res
	}
	workers = max(1, workers)
	parts := make([]Result, workers)
	var done atomic.Uint64
	var wg sync.WaitGroup
	for w := range workers {
		wm := m.Fork()
		sm := wm.Fork()
		wg.Go(func() {
			// The worker's sums stay in its own variables (no shared cache
			// line per subproblem); the shared tally of subproblems done,
			// for progress, grows every progressBatch.
			var p Result
			var reported uint64
			// Each worker lists every pre-placement itself, with no sizes
			// to skip by (Count lists once; the sizes serve later ranges).
			e := newEnum(wm, c.n)
			e.next, e.stride = uint64(w), uint64(workers)
			e.done = func(_ uint64, r core.SubResult) bool {
				p.Solutions = p.Solutions.Add(r.Count)
				p.Nodes += r.Stats.Nodes
				if p.Subproblems++; p.Subproblems-reported == progressBatch {
					wm.Progress(core.Progress{Done: done.Add(progressBatch)})
					reported = p.Subproblems
				}
				return true
			}
			e.solver = newSolver(sm, c.n, c.kernel, c.step)
			e.place(0)
			p.Nodes += e.abandoned
			sm.Release(e.solver.seen)
			parts[w] = p
		})
	}
	wg.Wait()
	res := Result{Workers: workers}
	for _, p := range parts {
		res.Solutions = res.Solutions.Add(p.Solutions)
		res.Nodes += p.Nodes
		res.Subproblems += p.Subproblems
	}
	return res
}
