package dlx

import (
	"github.com/coverkit/coverkit/core"
)

// The engine is a driver with methods, as gonum's optimize separates
// Minimize from each Method. The driver, Solver (solver.go), owns
// everything around a search: the options, checked once (request); the
// stop (a gauge on a core.Meter); the forced options; the workers and the
// split of the tree into subproblems (parallel.go, decompose.go); progress;
// the first solution and the Result. A method owns its data structure and
// one search loop:
//
//	algoC     Algorithm X/C, Knuth's dlx1/dlx2 (algo_c.go)
//	algoM     Algorithm M, multiplicities, Knuth's dlx3 (algo_m.go)
//	memoC     the memoized count of Algorithm C, Knuth's DLX6 (memo.go)
//	memoM     the memoized count of Algorithm M (memo_multi.go)
//	sampler   uniform random solutions from memoC's counts (memo_sample.go)
//	cells     dancing cells, Knuth's SSXCC (cells.go, cells_search.go)
//
// The first four work on the shared links (links.go) with the dancing
// steps (dance.go, dance_dead.go, dance_m.go); the dancing cells have a
// data structure of their own, built from the links when the driver
// first asks for MethodCells (Solver.check).

// method is one search algorithm of the engine. Its run solves one
// subproblem; the driver runs it serially, on the workers' clones, or over
// the subproblems of a split, and never looks inside.
type method interface {
	// run solves the subproblem t names, under t.g: it forces t.forced
	// (the givens; counted), replays t.path (a subproblem of a split:
	// not counted), searches, and undoes what it did, unless it stopped
	// early (a stop, the node budget, the solutions asked for): then it
	// may leave its levels in place and report parked, for settle to undo
	// at the next use. Forced options that clash end the search at its
	// root (one node, no solution).
	run(t *task) outcome
	// settle undoes what a parked run left in place.
	settle()
	// clone returns the method on a copy of its data, for another worker,
	// polling m (nil: none) as it copies; it fails only when m stops. The
	// method must not be parked.
	clone(m *core.Meter) (method, error)
	// cloneBytes is about the memory a clone takes, which the driver asks
	// of the resource policy before it makes the workers' clones.
	cloneBytes() uint64
}

// task is one run of a method: the subproblem, what to do with its
// solutions, and the split to make of it.
type task struct {
	g      *gauge // the stop, and the running node total
	forced []int  // the options chosen before the search (0-based)
	// path is a subproblem of a split: the prefix the method's own split
	// handed out (onPrefix), in its encoding (Algorithm C: the options
	// chosen after the forced ones; Algorithm M: the branch taken at each
	// level), replayed and not counted; nil: the whole problem.
	path  []int
	limit uint64           // stop after this many solutions (0: none)
	visit func([]int) bool // each solution, forced options first (nil: none); false stops
	rec   *record          // the first solution found
	// resume, for a method whose last run stopped with its levels in
	// place (parked), goes on from there: the same search as one never
	// stopped, its counters those of the part searched now (a race of
	// methods, auto.go, runs each in slices this way).
	resume bool
	// cut, if not −1, is the level at which the search hands each
	// prefix to onPrefix, with the nodes and updates counted on reaching
	// it, instead of going deeper (the split of parallel.go).
	cut      int
	onPrefix func(prefix []int, at core.Stats)
}

// keeps reports whether a solution found now goes to the record: to a
// visit, or as the first (a search without a visit passes on only its
// first solution, and the others are only counted).
func (t *task) keeps() bool { return t.visit != nil || t.rec.nfirst < 0 }

// outcome is what a run returns.
type outcome struct {
	status core.Status
	count  count      // the solutions (of the subtrees finished, if stopped)
	stats  core.Stats // nodes and updates
	parked bool       // stopped with levels in place: settle undoes them
}

// record keeps what the driver reports of the solutions of a search: the
// first one found, and the one in hand (sol: the forced options first,
// then the options chosen).
type record struct {
	sol    []int
	first  []int
	nfirst int // len(first) once a solution was found, else −1
}

// newRecord returns a record for solutions of up to levels options.
func newRecord(levels int) record {
	return record{sol: make([]int, 0, levels), first: make([]int, 0, levels), nfirst: -1}
}

// found keeps sol (valid during the call) if it is the first solution
// and passes it to visit, returning visit's answer (true without one).
func (r *record) found(sol []int, visit func([]int) bool) bool {
	if r.nfirst < 0 {
		r.first = append(r.first[:0], sol...)
		r.nfirst = len(sol)
	}
	if visit != nil {
		return visit(sol)
	}
	return true
}

// keepFirst makes sol the first solution.
func (r *record) keepFirst(sol []int) {
	r.first = append(r.first[:0], sol...)
	r.nfirst = len(sol)
}

// First returns the first solution, or nil.
func (r *record) First() []int {
	if r.nfirst < 0 {
		return nil
	}
	return r.first[:r.nfirst]
}

// chooser is a search's reading of the options chosen at its levels
// (algoC, cells).
type chooser interface {
	// chosen appends the options chosen at the levels below level to
	// r.sol and returns its length before.
	chosen(r *record, level int) int
}

// solution passes the solution at the given level (the options forced
// and replayed, then those c chose) to t.rec and t.visit, and reports
// whether the search goes on.
func (t *task) solution(c chooser, level int) bool {
	r := t.rec
	base := c.chosen(r, level)
	ok := r.found(r.sol, t.visit)
	r.sol = r.sol[:base]
	return ok
}

// prefix hands the options c chose so far (after the forced and replayed
// ones), and the counters so far, to t.onPrefix (the split).
func (t *task) prefix(c chooser, level int, at core.Stats) {
	r := t.rec
	base := c.chosen(r, level)
	t.onPrefix(r.sol[base:], at)
	r.sol = r.sol[:base]
}

// resumable is a method whose stopped runs can go on (task.resume) and
// that can say how far a stopped run got: the racing methods of auto.go.
type resumable interface {
	method
	// progress estimates the share of the search a parked run has done:
	// Knuth's estimate from the position of its stack, the options
	// tried at each level over the options there, each level's share
	// the product of the degrees above it.
	progress() float64
}

// position adds to the progress p (of the part of the tree w below the
// levels so far) a level whose item has branch k of d tried, and returns
// p and the part below that branch.
func position(p, w float64, k, d int) (float64, float64) {
	if d <= 0 {
		return p, w
	}
	w /= float64(d)
	return p + float64(k)*w, w
}

// pending is a run a stop left in place (see method.run): its levels and
// its forced options (and the path it replayed), which settle undoes: a
// stopped search returns at once, and undoing its levels, which costs what
// doing them did, is left to the next use of the arrays, so that a Solver
// dropped after a stop never pays it.
type pending struct {
	on     bool
	level  int
	forced []int
}

// park records a run stopped at level.
func (p *pending) park(level int) { p.on, p.level = true, level }

// from returns the level a search starts at: with resume the parked
// run's, taken up; else 0.
func (p *pending) from(resume bool) int {
	if !resume {
		return 0
	}
	p.on = false
	return p.level
}

// keep records the options a parked run forced and replayed.
func (p *pending) keep(forced, path []int) {
	p.forced = append(append(p.forced[:0], forced...), path...)
}

// undo undoes the parked run, if any: its levels, from the deepest, by
// back, then its forced options (Algorithm M's way with multi).
func (p *pending) undo(l *links, multi bool, back func(level int)) {
	if !p.on {
		return
	}
	p.on = false
	for level := p.level - 1; level >= 0; level-- {
		back(level)
	}
	l.unforceAll(p.forced, len(p.forced), multi)
}
