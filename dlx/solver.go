package dlx

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// Method names a search method of the engine (Options.Method).
type Method int

const (
	// MethodAuto, the zero value, lets the engine choose: Solve lists
	// with MethodLinks; Count measures the candidates on the instance
	// (MethodLinks, and MethodMemo with each branching rule) and counts
	// with the one its samples show fastest, re-checking as it goes
	// (auto.go; Result.Method says which answered).
	MethodAuto Method = iota
	// MethodLinks is Dancing Links: Knuth's Algorithm C (Algorithm M for
	// multiplicities, MaxOptions and Minimize), every solution visited.
	MethodLinks
	// MethodMemo counts with a memo of the count of each remaining
	// subproblem (Knuth's Algorithm 7.2.2.1Z): a subproblem met again
	// costs one lookup. Count and Sample only; Options.Branch,
	// Options.MemoBytes.
	MethodMemo
	// MethodCells is dancing cells: Algorithm C on sparse sets instead of
	// linked lists (Knuth's SSXCC, cells.go), every solution visited.
	// Exact cover with colors; multiplicities, MaxOptions and Minimize
	// are refused. Its tree is Algorithm C's with the dead ends cut (the
	// links' nodes are its nodes and the options it abandons), or, with
	// Options.Branch BranchSSXCC and one worker, Knuth's SSXCC's exactly.
	MethodCells
)

// String returns "auto", "links", "memo" or "cells".
func (m Method) String() string {
	switch m {
	case MethodAuto:
		return "auto"
	case MethodLinks:
		return "links"
	case MethodMemo:
		return "memo"
	case MethodCells:
		return "cells"
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// Options tunes a search. A nil *Options means the defaults: Solve visits
// every solution with one worker, Count counts by the method it measures
// fastest.
type Options struct {
	// Limit stops the search after this many solutions (status found); 0
	// means no limit. 1 asks for the first solution; 2 tells whether it is
	// unique. Solve only.
	Limit uint64
	// MaxNodes is a budget of search nodes; when it runs out the status is
	// limit. 0 means none.
	MaxNodes uint64
	// Workers is the number of goroutines, 1 searching in the calling
	// goroutine. 0 is the default of the worker rule (resource.Workers),
	// the same across coverkit: one for Solve, which lists solutions (they
	// then come in the serial search's order), and runtime.GOMAXPROCS(0)
	// for Count and Sample (one for the cells' SSXCC tree, which searches
	// on one worker). With W > 1 the tree is split at its top levels into
	// many more subproblems than workers; counts, nodes and updates are
	// exactly those of one worker (a worker does not count the replay of
	// the prefix of its subproblem). A negative count or one above
	// resource.Cap() is an error (wrapping resource.ErrWorkers).
	Workers int
	// Forced lists options (0-based) chosen up front, before the search
	// starts: the givens of a puzzle. They are undone when the search
	// returns. Forced options that clash with each other leave no
	// solution (status exhausted, 0 solutions); this is an answer, not an
	// error.
	Forced []int
	// Snapshot, for a search on one worker (Algorithm C), restores the
	// node arrays after the search by copying a snapshot of them, taken on
	// first use (as much memory again), instead of undoing the forced
	// options and, after a stop, the last solution asked for or the last
	// option left to try at any level (the search's end), the search's
	// levels, which costs as much as doing them. It pays on a
	// small matrix searched many times with givens (a 9×9 sudoku: 70 KB
	// copied, where unforcing and unwinding took a third of the time of a
	// 17-clue puzzle's first solution); on a large one the copy costs more
	// than the unwinding. Results and counters are the same with or
	// without.
	Snapshot bool
	// Visit, if set, receives each solution: the chosen options (0-based),
	// the forced ones first, then in the order the search chose them. sol
	// is only valid during the call. Returning false stops the search
	// (status found). With Workers > 1, calls are serialized; with a Limit
	// the solutions arrive in the serial search's order and the counters
	// are the serial search's up to the last one (the subtrees searched
	// past it are not counted), without one they arrive in no fixed order.
	// Solve and Sample only.
	Visit func(sol []int) bool
	// TakeSingleton stops the choice of item at the first item with at
	// most one option left, instead of scanning on for one with none. On a
	// problem without colors the search then also counts the primary items
	// left without options as it covers (a few instructions an update,
	// dance_dead.go), so it meets a dead item at once: the tree is Knuth's
	// exactly (nodes, updates and the order of the solutions are the
	// default's). With colors the tree differs from Knuth's only where a
	// dead item comes later (the search then meets it one level down);
	// solutions are the same. On sudoku-like problems, full of forced
	// moves, it halves the time; on N-Queens it costs about 10%. Default
	// false: Knuth's exact choice, scanning every item.
	TakeSingleton bool
	// Progress, if set, is called by a parallel search (Workers > 1) once
	// the tree is split (done = 0) and after each subproblem, from the
	// worker goroutines, with the subproblems done and their total. It must
	// be cheap and safe for concurrent use.
	Progress func(done, total int)
	// MaxOptions, if positive, admits only solutions of at most this many
	// options (forced ones included), and prunes the search with a lower
	// bound on the options still needed: the coverage the active primary
	// items still lack, divided by the most primary items one option has
	// (and, with one option left, an option of the chosen item must cover
	// every item still lacking). The search then branches on items that
	// still lack coverage. It runs Algorithm M (see doc.go), also on plain
	// exact cover problems; node counts then differ from Knuth's dlx3.
	MaxOptions int
	// Minimize searches for the solutions with the fewest options: it runs
	// the search with MaxOptions = m, m+1, ... from a lower bound m until
	// one finds a solution (or, if MaxOptions is set, until it is passed),
	// and reports that number in Result.MinOptions. Limit, Visit and the
	// count apply to the last round, so with no limit Solutions is the
	// number of minimum solutions; Stats sum all rounds. Meant for
	// covering problems (domination: every item between 1 and many times).
	Minimize bool
	// Method is the search method (MethodAuto: the engine chooses).
	Method Method
	// MemoBytes bounds the memo table of MethodMemo and Sample (0:
	// DefaultMemoBytes; at least MinMemoBytes, and no more than
	// resource.Check grants).
	MemoBytes uint64
	// Branch is the rule by which a memoized count chooses its items; with
	// MethodCells, BranchSSXCC asks for Knuth's SSXCC's tree exactly.
	Branch Branch
	// Seed seeds the random draws of Sample.
	Seed uint64
}

// Result is the outcome of a search.
type Result struct {
	// Status says why the search stopped: exhausted (all solutions were
	// seen), found (Limit reached or Visit returned false), limit (MaxNodes
	// ran out), timeout or canceled (ctx ended).
	Status core.Status
	// Solutions is the number of solutions found (Sample: drawn). A DLX
	// search visits every solution it counts, so 64 bits cannot overflow
	// in practice; a memoized count past 2^64 − 1 holds 2^64 − 1 here.
	Solutions uint64
	// Stats holds Nodes (search-tree nodes, the root included), Updates
	// (link removals as Knuth counts them: one per item covered and one per
	// node hidden or tweaked) and Elapsed. The nodes equal those of
	// Knuth's dlx1 on the same input; the updates are dlx1's minus one per
	// dead end, since dlx1 covers an item left without options before it
	// backs up and this solver backs up at once (docs/benchmarks.md).
	Stats core.Stats
	// MinOptions, with Options.Minimize, is the fewest options in a
	// solution, once a round has found one; 0 when it is not known (no
	// solution within the bounds, or the search stopped early).
	MinOptions int
	// Count is the number of solutions (Sample: the number there are),
	// exact up to 2^128 − 1. Beyond 2^128 − 1 it holds that value and Big
	// holds the count.
	Count core.Count
	// Big is the exact count when it exceeds 2^128 − 1, else nil.
	Big *big.Int
	// Method is the method that answered: MethodLinks or MethodMemo.
	Method Method
	// Memo describes the memo of a count made with MethodMemo, or of the
	// samples by which MethodAuto chose (Memo.Used tells), nil otherwise.
	Memo *MemoStats
}

// Solver runs searches on one Problem: it is the engine's driver (see
// method.go). NewSolver builds its node arrays once; each Solve then
// allocates nothing (with one worker), and leaves the arrays as it found
// them, so a Solver can be reused for many searches — for example one per
// sudoku puzzle, with the givens as Options.Forced. A Solver is not safe
// for concurrent use; Clone gives each goroutine its own.
type Solver struct {
	l *links
	runner
	c  *algoC // the methods made so far (enumerator)
	m  *algoM
	cl *cells
}

// runner runs methods one subproblem at a time: the driver's own serial
// searches, or a worker's. It keeps the gauge, the record of the first
// solution, the task (reused, so that a run allocates nothing) and the
// method whose run a stop left in place, which it settles before the next
// run.
type runner struct {
	g      gauge
	rec    record
	t      task
	parked method
}

// settle undoes what a stopped run left in place, if anything: the next
// use of the arrays needs them as NewSolver made them.
func (r *runner) settle() {
	if r.parked != nil {
		r.parked.settle()
		r.parked = nil
	}
}

// run runs m on the subproblem of forced and path (see task) under r's
// gauge, keeping its first solution in r.rec.
func (r *runner) run(m method, forced, path []int, limit uint64, visit func([]int) bool) outcome {
	return r.split(m, forced, path, limit, visit, -1, nil)
}

// split is run that hands the prefixes at level cut to onPrefix (cut −1:
// none).
func (r *runner) split(m method, forced, path []int, limit uint64, visit func([]int) bool, cut int, onPrefix func([]int, core.Stats)) outcome {
	r.settle()
	r.rec.nfirst = -1
	r.t = task{g: &r.g, forced: forced, path: path, limit: limit, visit: visit, rec: &r.rec, cut: cut, onPrefix: onPrefix}
	return r.start(m)
}

// start runs m on r.t, keeping m as parked if it stopped so.
func (r *runner) start(m method) outcome {
	o := m.run(&r.t)
	if o.parked {
		r.parked = m
	}
	return o
}

// resume goes on with the run of m that r's last run parked (see
// task.resume), under r's gauge; a run that did not park has nothing to
// go on with (an exhausted outcome).
func (r *runner) resume(m method) outcome {
	if r.parked != m {
		return outcome{status: core.StatusExhausted}
	}
	r.parked = nil
	r.t.resume = true
	defer func() { r.t.resume = false }()
	return r.start(m)
}

// NewSolver builds a Solver for p. It fails with an error wrapping
// resource.ErrTooLarge beyond 2^27 nodes (items + item entries of the
// options + options), 2 GiB of node array, or when the node array and its
// indexes (about twice the array) do not fit in the memory that
// resource.Check grants.
func NewSolver(p *Problem) (*Solver, error) { return newSolver(nil, p) }

// NewSolverContext is NewSolver that stops when ctx ends: building the node
// arrays of a large problem takes time (a second for 100 million nodes),
// and it polls ctx through a core.Meter as it goes. The error of a stopped
// build wraps ErrStopped and ctx's error.
func NewSolverContext(ctx context.Context, p *Problem) (*Solver, error) {
	if ctx == nil {
		return newSolver(nil, p)
	}
	return newSolver(core.NewMeter(ctx, nil), p)
}

// newSolver builds a Solver for p, polling m (nil: none).
func newSolver(m *core.Meter, p *Problem) (*Solver, error) {
	l, err := newLinks(m, p)
	if err != nil {
		return nil, err
	}
	return onLinks(l), nil
}

// onLinks returns a Solver on l.
func onLinks(l *links) *Solver {
	return &Solver{l: l, runner: runner{rec: newRecord(l.levelsM())}}
}

// Clone returns a new Solver for the same problem, for another goroutine.
// It must not be called while s is searching.
//
// Clone of a nil Solver, or of one not made by NewSolver, is nil.
func (s *Solver) Clone() *Solver {
	if s == nil || s.l == nil {
		return nil
	}
	s.settle()
	l, _ := s.l.clone(nil)
	return onLinks(l)
}

// NumOptions returns the number of options of the solver's problem.
func (s *Solver) NumOptions() int {
	if s == nil || s.l == nil {
		return 0
	}
	return len(s.l.optNode)
}

// First returns the first solution found by the last search (0-based
// option indexes, forced options first), or nil if it found none. The
// slice is owned by the Solver and valid until the next search.
func (s *Solver) First() []int {
	if s == nil {
		return nil
	}
	return s.rec.First()
}

var (
	defaultOptions = Options{}
	errNilSolver   = errors.New("dlx: nil solver, or one not made by NewSolver")
	errCountVisit  = errors.New("dlx: Count counts; it takes no Visit or Limit (use Solve)")
	errSolveMemo   = errors.New("dlx: the memo counts solutions; it cannot list them or stop after a number of them (use Count, or Sample)")
	errSampleCount = errors.New("dlx: Sample draws at least one solution")
	errSampleMulti = errors.New("dlx: random solutions are drawn for exact cover problems with colors; multiplicities (Algorithm M) are not supported")
)

// The verbs of the driver, for the one check of the options.
const (
	verbSolve = iota
	verbCount
	verbSample
)

// check checks the options of a search once, for every path the search
// may take, and prepares the Solver for it: it returns the options to use
// (the defaults for nil) and the context (Background for nil).
func (s *Solver) check(ctx context.Context, opts *Options, verb int) (context.Context, *Options, error) {
	if s == nil || s.l == nil {
		return nil, nil, errNilSolver
	}
	if opts == nil {
		opts = &defaultOptions
	}
	w, err := workersOf(opts, verb)
	if err != nil {
		return nil, nil, err
	}
	if w > 1 && opts.Workers == 0 {
		o := *opts
		o.Workers = w
		opts = &o
	}
	if err := s.l.checkForced(opts.Forced); err != nil {
		return nil, nil, err
	}
	bounded := opts.MaxOptions != 0 || opts.Minimize
	switch {
	case opts.MaxOptions < 0:
		return nil, nil, errNegativeMax
	case opts.Method < MethodAuto || opts.Method > MethodCells:
		return nil, nil, fmt.Errorf("dlx: unknown method %v", opts.Method)
	case verb == verbSolve && opts.Method == MethodMemo:
		return nil, nil, errSolveMemo
	case verb == verbCount && (opts.Visit != nil || opts.Limit != 0):
		return nil, nil, errCountVisit
	case verb == verbCount && opts.Method == MethodMemo && bounded:
		return nil, nil, errMemoMax
	case verb == verbSample && (s.l.multi || bounded):
		return nil, nil, errSampleMulti
	case opts.Branch == BranchSSXCC && opts.Method != MethodCells:
		return nil, nil, errSSXCCMethod
	case opts.Method == MethodCells:
		if err := s.checkCells(opts, verb, bounded); err != nil {
			return nil, nil, err
		}
	}
	if ctx == nil {
		ctx = context.Background()
	}
	s.settle()
	if opts.Method == MethodCells && s.cl == nil {
		var err error
		if s.cl, err = newCells(core.NewMeter(ctx, nil), s.l); err != nil {
			return nil, nil, err
		}
	}
	return ctx, opts, nil
}

// workersOf applies the worker rule (resource.Workers) to opts.Workers
// for verb: 0 is one goroutine for Solve, which lists solutions (they then
// come in the serial search's order), and runtime.GOMAXPROCS(0) for Count
// and Sample, or one where the method searches on one worker only (the
// cells' SSXCC tree); a count given is used as given.
func workersOf(opts *Options, verb int) (int, error) {
	w, err := resource.Workers(opts.Workers, verb == verbSolve || opts.Branch == BranchSSXCC)
	if err != nil {
		return 0, fmt.Errorf("dlx: %w", err)
	}
	return w, nil
}

// Solve searches for solutions as opts says (nil: count them all by
// visiting each): the first (Limit 1), the first K, each passed to Visit,
// with MaxOptions or Minimize. It returns an error only for invalid
// options (a forced option out of range, a worker count that
// resource.CheckWorkers refuses: negative or above its cap, wrapping
// resource.ErrWorkers; MethodMemo, which lists nothing) and for workers
// whose copies of the node arrays do not fit in memory (resource.Check,
// wrapping resource.ErrTooLarge); a search stopped by ctx returns its
// partial Result with status timeout or canceled.
//
// The search stops through a core.Meter: it polls by work done (updates,
// and the items the choice of item scans), about once a millisecond
// whatever a node costs, so a stop is seen within a few milliseconds;
// MaxNodes stops it after exactly MaxNodes nodes with one worker, and
// within MaxNodes with several (they draw the budget in shares, so the
// slack is 0: never more than MaxNodes). With one worker and no MaxNodes a
// Solve allocates nothing once the Solver has made its meter: it keeps it
// for the next Solve under the same context.
func (s *Solver) Solve(ctx context.Context, opts *Options) (Result, error) {
	ctx, opts, err := s.check(ctx, opts, verbSolve)
	if err != nil {
		return Result{}, err
	}
	return s.enumerate(ctx, opts)
}

// Count counts the solutions (Visit and Limit are refused: see Solve) with
// the method opts.Method names; MethodAuto, the default, chooses by
// measuring (auto.go), and Result.Method says which answered. Counts are
// exact at any size: Result.Count, and Result.Big past 2^128 − 1.
func (s *Solver) Count(ctx context.Context, opts *Options) (Result, error) {
	ctx, opts, err := s.check(ctx, opts, verbCount)
	if err != nil {
		return Result{}, err
	}
	switch {
	case opts.Method == MethodMemo:
		return s.countMemo(ctx, opts)
	case opts.Method == MethodAuto && opts.MaxOptions == 0 && !opts.Minimize:
		return s.auto(ctx, opts)
	}
	return s.enumerate(ctx, opts)
}

// Sample draws n solutions uniformly at random (independently, so one
// may come twice), seeded by opts.Seed, and passes each to opts.Visit: it
// counts with the memo first, then walks down the tree taking each option
// with probability the share of the solutions below it (memo_sample.go).
// Result.Solutions is the number of solutions drawn, Count (Big) the
// number there are; a sample stopped while it counts (a node budget, its
// context) drew none and knows no count (Count 0, status limit, timeout
// or canceled), and one stopped while it draws has the count and the
// draws made. Exact cover with colors only: multiplicities, MaxOptions
// and Minimize are refused.
func (s *Solver) Sample(ctx context.Context, n uint64, opts *Options) (Result, error) {
	if n == 0 {
		return Result{}, errSampleCount
	}
	ctx, opts, err := s.check(ctx, opts, verbSample)
	if err != nil {
		return Result{}, err
	}
	return s.sample(ctx, n, opts)
}

// enumerator returns the method that visits every solution for opts:
// the dancing cells for MethodCells, Algorithm M for multiplicities,
// MaxOptions and Minimize, else Algorithm C, set up as opts says.
func (s *Solver) enumerator(opts *Options) method {
	if opts.Method == MethodCells {
		s.cl.tree = cellsCanonical
		if opts.Branch == BranchSSXCC {
			s.cl.tree = cellsKnuth
		}
		return s.cl
	}
	if s.l.multi || opts.MaxOptions > 0 || opts.Minimize {
		if s.m == nil {
			s.m = newAlgoM(s.l)
		}
		s.m.maxOpts = -1
		if opts.MaxOptions > 0 {
			// No solution has more options than there are (and the bound
			// arithmetic stays far from overflow).
			s.m.maxOpts = min(opts.MaxOptions, len(s.l.optNode))
		}
		return s.m
	}
	if s.c == nil {
		s.c = newAlgoC(s.l)
	}
	s.c.stopAt = 0
	if opts.TakeSingleton {
		s.c.stopAt = 1
	}
	s.c.snapshot = opts.Snapshot && opts.Workers <= 1
	if s.c.snapshot {
		s.c.takeSnapshot()
	}
	return s.c
}

// enumerate searches with the enumerating method (Solve, and Count with
// MethodLinks) on one goroutine or several, in rounds for Minimize.
func (s *Solver) enumerate(ctx context.Context, opts *Options) (Result, error) {
	m := s.enumerator(opts)
	start := time.Now()
	s.g.reset(ctx, opts.MaxNodes)
	defer s.g.end()
	var res Result
	var err error
	if opts.Minimize {
		res, err = s.minimize(ctx, opts, s.m)
	} else {
		res, err = s.search(m, opts)
	}
	res.Count = core.CountOf(res.Solutions)
	res.Method = MethodLinks
	if m == method(s.cl) {
		res.Method = MethodCells
	}
	res.Stats.Elapsed = time.Since(start)
	return res, err
}

// search runs m from the root, on opts.Workers goroutines, under s.g.
func (s *Solver) search(m method, opts *Options) (Result, error) {
	if opts.Workers > 1 {
		return s.parallel(m, opts)
	}
	o := s.run(m, opts.Forced, nil, opts.Limit, opts.Visit)
	return Result{Status: o.status, Solutions: o.count.lo, Stats: o.stats}, nil
}

// minimize runs Algorithm M in rounds with MaxOptions = k, k+1, ... from
// the lower bound k on the whole problem, until a round finds a solution
// (Options.Minimize).
func (s *Solver) minimize(ctx context.Context, opts *Options, a *algoM) (Result, error) {
	var total Result
	total.Status = core.StatusExhausted
	need, _ := s.l.need()
	nopt := len(s.l.optNode)
	m := len(opts.Forced)
	if s.l.maxPer > 0 {
		m = max(m, int((need+int64(s.l.maxPer)-1)/int64(s.l.maxPer)))
	} else if need > 0 {
		m = nopt + 1 // no option can help: no solution
	}
	for k := m; k <= nopt; k++ {
		if opts.MaxOptions > 0 && k > opts.MaxOptions {
			break
		}
		if opts.MaxNodes > 0 && k > m {
			// Each round has what the rounds before it left of the
			// budget (a parallel round's workers have a meter of their
			// own, so the rounds do not share one).
			if total.Stats.Nodes >= opts.MaxNodes {
				total.Status = core.StatusLimit
				break
			}
			s.g.reset(ctx, opts.MaxNodes-total.Stats.Nodes)
		}
		a.maxOpts = k
		r, err := s.search(a, opts)
		if err != nil {
			return Result{}, err
		}
		total.Stats = total.Stats.Add(r.Stats)
		total.Status, total.Solutions = r.Status, r.Solutions
		if r.Solutions > 0 {
			// Every round before this one was exhausted without a
			// solution: k is the minimum, even if this round stopped early.
			total.MinOptions = k
			break
		}
		if r.Status != core.StatusExhausted {
			break
		}
	}
	a.maxOpts = -1
	return total, nil
}
