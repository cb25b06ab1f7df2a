package dlx

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"time"
	"unsafe"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx/internal/dance"
	"github.com/coverkit/coverkit/resource"
)

// node is one entry of Knuth's flat node array. Node 0 is unused; nodes
// 1..N are the item headers; then come the options, each preceded and
// followed by a spacer node. Links are refs: byte offsets into the array
// (index × 16), so the dancing steps address nodes without scaling.
//
//   - item header: up/down are the last and first nodes of the item's
//     list, color the color the item is purified with (0: none); top is
//     unused (0): the item's length lives in its link record, beside the
//     ring links the choice of item walks.
//   - option node: up/down link it into its item's list, top is the ref of
//     its item's header. In a problem with colors, color is its color (0:
//     none; −1: compatible with the color its item is purified with, so
//     hiding leaves it alone). In a problem without colors, where no node
//     would hold anything but 0 there, color holds instead the ref of the
//     next node of its option, the first after the last (see next): the
//     loops that walk an option's other nodes then run exactly once per
//     node, with no test for the spacer at the option's end, whose place
//     in the walk varies with the node it starts from and made a branch
//     the processor mispredicted about once an option.
//   - spacer: top ≤ 0 (−k−1 after option k, 0 before option 0), up is the
//     first node of the option before it, down the last node of the option
//     after it.
type node struct {
	up, down uint32
	top      int32
	color    int32
}

// nodeSize is the size of a node and the ref distance between neighbors.
const nodeSize = uint32(unsafe.Sizeof(node{}))

// maxNodes bounds the node array so that every ref fits in an int32.
const maxNodes = math.MaxInt32 / int64(nodeSize)

// next returns the ref of the node after the option node at ref r in its
// option, the first after the last: a problem without colors only (see
// node).
func next(base unsafe.Pointer, r uint32) uint32 { return uint32(nd(base, r).color) }

// ref returns the ref of node index i.
func ref(i int32) uint32 { return uint32(i) * nodeSize }

// link is an item's record: its place in the ring of active primary items
// (head 0) or active secondary items (head N+1), and its length (options
// still in its list; Knuth keeps it in the header's top). Item h's header
// is node h, and its record is item h; a record is as large as a node, so
// the ring links are refs too (ref(h) is the byte offset of both), which
// the choice of item follows with no scaling, reading one array.
type link struct {
	prev, next uint32
	len        int32
	bound      int32 // Algorithm M: how many more options may cover the item
}

// A link record must be exactly as large as a node for itr; this constant
// overflows (a compile error) otherwise.
const _ = -(unsafe.Sizeof(link{}) ^ unsafe.Sizeof(node{}))

// Options tunes a search. A nil *Options counts every solution with one
// worker.
type Options struct {
	// Limit stops the search after this many solutions (status found); 0
	// means no limit. 1 asks for the first solution; 2 tells whether it is
	// unique.
	Limit uint64
	// MaxNodes is a budget of search nodes; when it runs out the status is
	// limit. 0 means none.
	MaxNodes uint64
	// Workers is the number of goroutines; 0 or 1 searches in the calling
	// goroutine. With W > 1 the tree is split at its top levels into many
	// more subproblems than workers; counts, nodes and updates are exactly
	// those of one worker (a worker does not count the replay of the
	// prefix of its subproblem). A
	// negative count or one above resource.Cap() is an error (wrapping
	// resource.ErrWorkers).
	Workers int
	// Forced lists options (0-based) chosen up front, before the search
	// starts: the givens of a puzzle. They are undone when Solve returns.
	// Forced options that clash with each other leave no solution (status
	// exhausted, 0 solutions); this is an answer, not an error.
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
	// Memo makes a count remember the count of each remaining subproblem,
	// so that a subproblem met again costs one lookup (memo.go): MemoOff
	// (the zero value) visits every solution, MemoOn memoizes, MemoAuto
	// memoizes where a sample shows it pays. The memo runs on one
	// goroutine whatever Workers says.
	Memo MemoMode
	// MemoBytes bounds the memo table (0: DefaultMemoBytes; at least
	// MinMemoBytes, and no more than resource.Check grants).
	MemoBytes uint64
	// Branch is the rule by which a memoized count chooses its items.
	Branch Branch
	// Sample, if positive, draws that many solutions uniformly at random
	// (independently, so one may come twice) and passes each to Visit:
	// the search counts with the memo first, then walks down the tree
	// taking each option with probability the share of the solutions
	// below it (memo_sample.go). Seed seeds the draws. Solutions is then
	// the number of solutions drawn, Count (Big) the number there are.
	// Exact cover with colors only: multiplicities are refused.
	Sample uint64
	// Seed seeds the random draws of Sample.
	Seed uint64
}

// Result is the outcome of a search.
type Result struct {
	// Status says why the search stopped: exhausted (all solutions were
	// seen), found (Limit reached or Visit returned false), limit (MaxNodes
	// ran out), timeout or canceled (ctx ended).
	Status core.Status
	// Solutions is the number of solutions found. A DLX search visits every
	// solution it counts, so 64 bits cannot overflow in practice.
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
	// Count is the number of solutions, exact up to 2^128 − 1: a memoized
	// count can pass 2^64 (Solutions then holds 2^64 − 1). Beyond 2^128 −
	// 1 it holds that value and Big holds the count.
	Count core.Count
	// Big is the exact count when it exceeds 2^128 − 1, else nil.
	Big *big.Int
	// Memo describes the memo of a count made with Options.Memo, nil
	// otherwise.
	Memo *MemoStats
}

// Solver runs searches on one Problem. NewSolver builds its node arrays
// once; each Solve then allocates nothing (with one worker), and leaves the
// arrays as it found them, so a Solver can be reused for many searches —
// for example one per sudoku puzzle, with the givens as Options.Forced. A
// Solver is not safe for concurrent use; Clone gives each goroutine its own.
type Solver struct {
	nodes   []node
	items   []link
	nbase   unsafe.Pointer // &nodes[0]
	ibase   unsafe.Pointer // &items[0]
	colored bool           // some option gives an item a color
	nprim   int32          // internal items 1..nprim are primary
	nitems  int32          // internal items nprim+1..nitems are secondary
	optNode []uint32       // ref of the first primary node of each option, 0 if none
	choice  []uint32       // the search stack: the option node chosen at each level
	sol     []int          // the current solution, forced options first
	first   []int          // the first solution of the last Solve
	nfirst  int            // len(first) if a solution was found, else -1
	stopAt  int32          // the item choice stops at a length ≤ stopAt (Options.TakeSingleton)

	// Algorithm M (multiplicities, see multi.go).
	multi   bool     // some primary item has bounds other than 1..1
	slack   []int32  // slack[h] = hi − lo of internal primary item h
	ftweak  []uint32 // the first option node tweaked at each level, 0 if none
	branch  []int32  // the branch taken at each level (parallel splitting)
	path    []int32  // branches to replay before searching (parallel tasks)
	maxPer  int32    // the most primary items of one option
	maxOpts int      // MaxOptions of the search under way, −1 for none
	useM    bool     // a parallel search runs Algorithm M

	// Set while splitting work for parallel search: at level cut the search
	// hands the prefix to onPrefix, with the nodes and updates the search
	// had counted on reaching it, instead of going deeper.
	cut      int
	onPrefix func(prefix []int, at core.Stats)

	// g is the gauge of the search under way: its meter and node total.
	g gauge

	memo *memoLayout // the key layout of memoized counts, built on first use

	// pend is the search a stop left unwound (see park).
	pend pending

	// snap is the copy of the node arrays of Options.Snapshot (made on
	// first use, then only read: clones share it); restore is set while a
	// search with Snapshot runs.
	snap struct {
		nodes []node
		items []link
	}
	restore bool

	// The flags of TakeSingleton without colors (dance_dead.go): one byte
	// per item, 8·oneWords bytes covering items 0..nprim, the last word
	// masked by oneLast.
	one      []byte
	obase    unsafe.Pointer // &one[0]
	oneWords int
	oneLast  uint64

	// kernel runs the loops that cover and uncover an option's other
	// items in that search (package dance: assembly on amd64).
	kernel dance.Kernel
}

// pending is a search that stopped (a stop, a budget spent, the solutions
// asked for) and returned at once, leaving its levels covered: unwinding
// them costs as much as covering them did, seconds on a large problem, so
// it is left to the next use of the Solver (settle), and a Solver that is
// dropped after a stop never pays it.
type pending struct {
	on     bool
	multi  bool  // Algorithm M's levels and forcing
	level  int   // the levels chosen
	forced []int // the options forced, to unforce after the levels
}

// park records that the search stopped at level with forced forced.
func (s *Solver) park(level int, multi bool) {
	s.pend.on, s.pend.multi, s.pend.level = true, multi, level
	s.pend.forced = s.pend.forced[:0]
}

// settle unwinds the search a stop left pending, if any, restoring the
// arrays as NewSolver made them. Every entry point that searches or copies
// the arrays calls it first.
func (s *Solver) settle() {
	if !s.pend.on {
		return
	}
	s.pend.on = false
	if s.pend.multi {
		s.unwindM(s.pend.level)
		for i := len(s.pend.forced) - 1; i >= 0; i-- {
			s.unforceM1(s.pend.forced[i])
		}
		return
	}
	s.unwind(s.pend.level)
	for i := len(s.pend.forced) - 1; i >= 0; i-- {
		s.unforce(s.pend.forced[i])
	}
}

// unwind undoes levels level−1 … 0 of Algorithm C, as search backs up.
func (s *Solver) unwind(level int) {
	nb := s.nbase
	for level > 0 {
		level--
		x := s.choice[level]
		hr := uint32(nd(nb, x).top)
		if !s.colored {
			s.uncoverOthersPlain(x)
			s.uncoverPlain(hr)
			continue
		}
		for p := x - nodeSize; p != x; {
			np := nd(nb, p)
			if np.top <= 0 {
				p = np.down
				continue
			}
			s.uncommit(p)
			p -= nodeSize
		}
		s.uncover(hr)
	}
}

var defaultOptions Options

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

// newSolver builds a Solver for p, polling m (nil: none) by the nodes
// filled in.
func newSolver(m *core.Meter, p *Problem) (*Solver, error) {
	if p == nil {
		return nil, errors.New("dlx: nil problem")
	}
	var bound uint64
	poll := func(work uint64) error {
		if m == nil || work < bound {
			return nil
		}
		var ok bool
		if bound, ok = m.Check(work); !ok {
			return stoppedError(m, "building the solver")
		}
		return nil
	}
	if err := poll(0); err != nil {
		return nil, err
	}
	n := len(p.names)
	nopt := p.NumOptions()
	total := 2 + int64(n) + int64(len(p.optItems)) + int64(nopt)
	if total > maxNodes {
		return nil, fmt.Errorf("dlx: %d nodes need %d MiB (at most %d nodes): %w",
			total, total*int64(nodeSize)>>20, maxNodes, resource.ErrTooLarge)
	}
	if err := resource.Check(fmt.Sprintf("dlx: a solver of %d nodes", total), uint64(total)*uint64(nodeSize)*2); err != nil {
		return nil, err
	}
	// Internal item numbers: the primary items first, then the secondary
	// ones, each in input order.
	internal := make([]int32, n)
	var next int32 = 1
	for pass := 0; pass < 2; pass++ {
		for i := range n {
			if p.secondary[i] == (pass == 1) {
				internal[i] = next
				next++
			}
		}
	}
	// A solution of Algorithm M may hold every option; its levels are at
	// most one per option and one per primary item.
	levels := p.primaries + 1
	if p.lo != nil {
		levels = p.primaries + nopt + 1
	}
	s := &Solver{
		nodes:   make([]node, total),
		items:   make([]link, n+2),
		nprim:   int32(p.primaries),
		nitems:  int32(n),
		optNode: make([]uint32, nopt),
		choice:  make([]uint32, levels),
		sol:     make([]int, 0, levels),
		first:   make([]int, 0, levels),
		nfirst:  -1,
		cut:     -1,
		multi:   p.HasBounds(),
		slack:   make([]int32, n+2),
		maxOpts: -1,
		kernel:  dance.Resolve(dance.Auto),
	}
	s.nbase, s.ibase = unsafe.Pointer(&s.nodes[0]), unsafe.Pointer(&s.items[0])
	s.oneWords = (int(s.nprim) + 8) / 8
	s.oneLast = 1<<(8*(uint(s.nprim)+1-8*uint(s.oneWords-1))) - 1
	s.one = make([]byte, (n+2+7)/8*8)
	s.obase = unsafe.Pointer(&s.one[0])
	// Rings of active items: primary items around head 0, secondary items
	// around head n+1.
	ring := func(head, lo, hi int32) {
		prev := head
		for i := lo; i <= hi; i++ {
			s.items[prev].next = ref(i)
			s.items[i].prev = ref(prev)
			prev = i
		}
		s.items[prev].next = ref(head)
		s.items[head].prev = ref(prev)
	}
	ring(0, 1, s.nprim)
	ring(s.nitems+1, s.nprim+1, s.nitems)

	nd := s.nodes
	for h := int32(1); h <= s.nitems; h++ {
		nd[h] = node{up: ref(h), down: ref(h)}
	}
	for i := range n {
		if h := internal[i]; h <= s.nprim {
			lo, hi := p.Bounds(i)
			s.items[h].bound = int32(hi)
			s.slack[h] = int32(hi - lo)
		}
	}
	colored := slices.ContainsFunc(p.optColors, func(c int32) bool { return c != 0 })
	s.colored = colored
	q := s.nitems + 1 // the spacer before option 0
	spacer := q
	for k := range nopt {
		if err := poll(uint64(q)); err != nil {
			return nil, err
		}
		first := q + 1
		var prim int32
		for e := p.start[k]; e < p.start[k+1]; e++ {
			q++
			h := internal[p.optItems[e]]
			if h <= s.nprim {
				prim++
			}
			if h <= s.nprim && s.optNode[k] == 0 {
				s.optNode[k] = ref(q)
			}
			u := nd[h].up
			c := int32(ref(q + 1)) // without colors, the next node (see node)
			if colored {
				c = p.colorAt(e)
			}
			nd[q] = node{up: u, down: ref(h), top: int32(ref(h)), color: c}
			nd[u/nodeSize].down = ref(q)
			nd[h].up = ref(q)
			s.items[h].len++
		}
		s.maxPer = max(s.maxPer, prim)
		if !colored && q >= first {
			nd[q].color = int32(ref(first)) // the last node's next: the first
		}
		nd[spacer].down = ref(q)
		q++
		nd[q] = node{up: ref(first), top: -int32(k) - 1}
		spacer = q
	}
	return s, nil
}

// Clone returns a new Solver for the same problem, for another goroutine.
// It must not be called while s is searching.
//
// Clone of a nil Solver, or of one not made by NewSolver, is nil.
func (s *Solver) Clone() *Solver {
	if s == nil || s.nbase == nil {
		return nil
	}
	c, _ := s.clone(nil)
	return c
}

// cloneChunk is how many nodes clone copies between polls of its meter
// (64 MiB, some 10 ms).
const cloneChunk = 1 << 22

// clone is Clone, polling m (nil: none) as it copies the node array; it
// fails only when m stops.
func (s *Solver) clone(m *core.Meter) (*Solver, error) {
	s.settle()
	c := *s
	c.nodes = make([]node, len(s.nodes))
	for i := 0; i < len(s.nodes); i += cloneChunk {
		if m != nil {
			if _, ok := m.Check(uint64(i)); !ok {
				return nil, stoppedError(m, "copying the solver")
			}
		}
		copy(c.nodes[i:], s.nodes[i:min(i+cloneChunk, len(s.nodes))])
	}
	c.items = append([]link(nil), s.items...)
	c.nbase, c.ibase = unsafe.Pointer(&c.nodes[0]), unsafe.Pointer(&c.items[0])
	c.choice = make([]uint32, len(s.choice))
	c.sol = make([]int, 0, cap(s.sol))
	c.first = make([]int, 0, cap(s.first))
	c.nfirst = -1
	c.cut, c.onPrefix = -1, nil
	c.ftweak, c.branch, c.path = nil, nil, nil
	c.g = gauge{}
	c.pend = pending{}
	c.one = append([]byte(nil), s.one...)
	c.obase = unsafe.Pointer(&c.one[0])
	return &c, nil
}

// cloneBytes is about the memory a clone takes.
func (s *Solver) cloneBytes() uint64 {
	return uint64(len(s.nodes)+len(s.items))*uint64(nodeSize) + uint64(len(s.choice))*(4+8+8)
}

// NumOptions returns the number of options of the solver's problem.
func (s *Solver) NumOptions() int {
	if s == nil {
		return 0
	}
	return len(s.optNode)
}

// First returns the first solution found by the last Solve (0-based option
// indexes, forced options first), or nil if it found none. The slice is
// owned by the Solver and valid until the next Solve.
func (s *Solver) First() []int {
	if s == nil || s.nfirst < 0 {
		return nil
	}
	return s.first[:s.nfirst]
}

// option returns the index of the option holding node x.
func (s *Solver) option(x uint32) int {
	nb := s.nbase
	for nd(nb, x).top > 0 {
		x += nodeSize
	}
	return int(-nd(nb, x).top) - 1
}

// Solve searches for solutions as opts says (nil: count them all). It
// returns an error only for invalid options (a forced option out of
// range, a worker count that resource.CheckWorkers refuses: negative or
// above its cap, wrapping resource.ErrWorkers) and for workers whose
// copies of the node arrays do not fit in memory (resource.Check, wrapping
// resource.ErrTooLarge); a search stopped by ctx returns its partial
// Result with status timeout or canceled.
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
	if s == nil || s.nbase == nil {
		return Result{}, errors.New("dlx: nil solver, or one not made by NewSolver")
	}
	if opts == nil {
		opts = &defaultOptions
	}
	if _, err := resource.CheckWorkers(opts.Workers); err != nil {
		return Result{}, fmt.Errorf("dlx: %w", err)
	}
	for _, k := range opts.Forced {
		if k < 0 || k >= len(s.optNode) {
			return Result{}, fmt.Errorf("dlx: forced option %d out of range (1..%d)", k+1, len(s.optNode))
		}
		if s.optNode[k] == 0 {
			return Result{}, fmt.Errorf("dlx: forced option %d has no primary item", k+1)
		}
	}
	if ctx == nil {
		ctx = context.Background()
	}
	s.settle()
	if opts.Sample > 0 {
		return s.solveSample(ctx, opts)
	}
	var probe *MemoStats
	if opts.Memo != MemoOff {
		res, ok, err := s.solveMemo(ctx, opts)
		if ok || err != nil {
			return res, err
		}
		probe = res.Memo
	}
	s.g.reset(ctx, opts.MaxNodes)
	defer s.g.end()
	res, err := s.solvePlain(opts)
	res.Count = core.CountOf(res.Solutions)
	res.Memo = probe
	return res, err
}

// solvePlain is Solve without the memo, under the gauge s.g: Algorithm C
// or M, on one goroutine or several.
func (s *Solver) solvePlain(opts *Options) (Result, error) {
	if s.multi || opts.MaxOptions > 0 || opts.Minimize {
		return s.solveM(opts)
	}
	if opts.Workers > 1 {
		return s.solveParallel(opts)
	}
	start := time.Now()
	s.stopAt = 0
	if opts.TakeSingleton {
		s.stopAt = 1
	}
	if opts.Snapshot {
		s.settle()
		if s.snap.nodes == nil {
			s.snap.nodes = append([]node(nil), s.nodes...)
			s.snap.items = append([]link(nil), s.items...)
		}
		s.restore = true
	}
	res := s.solveForced(opts.Forced, false, opts.Limit, opts.Visit)
	s.restore = false
	res.Stats.Elapsed = time.Since(start)
	return res, nil
}

// solveForced forces the options in forced, searches, and undoes them.
// With replay, forced is the prefix of a subtree of a larger search (a
// parallel task or a unit of Subtrees) whose updates that search counted
// above the subtree: forcing it is not counted, so the Result holds the
// subtree's own nodes and updates, exactly those of the serial search.
func (s *Solver) solveForced(forced []int, replay bool, limit uint64, visit func([]int) bool) Result {
	s.settle()
	s.nfirst = -1
	s.sol = s.sol[:0]
	var res Result
	n := 0
	for _, k := range forced {
		if !s.fits(k) {
			break
		}
		res.Stats.Updates += s.force(k)
		s.sol = append(s.sol, k)
		n++
	}
	if replay {
		res.Stats.Updates = 0
	}
	if n == len(forced) {
		o := s.search(limit, visit, res.Stats.Updates, s.stopAt)
		res = Result{Status: o.Status, Solutions: o.Solutions, Stats: o.Stats}
		if s.pend.on && !s.restore {
			// Stopped: the forced options are unforced with the levels.
			s.pend.forced = append(s.pend.forced, forced...)
			return res
		}
	} else {
		res.Stats.Nodes = 1 // the root, a dead end
	}
	if s.restore {
		// Options.Snapshot: the levels left and the forced options are
		// undone by a copy.
		copy(s.nodes, s.snap.nodes)
		copy(s.items, s.snap.items)
		s.pend.on = false
		return res
	}
	for n--; n >= 0; n-- {
		s.unforce(forced[n])
	}
	return res
}

// The kinds of search loop: without colors, the same counting its dead
// items and flags (TakeSingleton, dance_dead.go), with colors.
const (
	modePlain = iota
	modeTrack
	modeColored
)

// outcome is what search returns: a Result without the fields only
// Algorithm M sets, so that search compiles to the same code as before they
// were added (a larger return value changed its register allocation).
type outcome struct {
	Status    core.Status
	Solutions uint64
	Stats     core.Stats
}

// search runs Algorithm C from the current state, with s.sol holding the
// forced options, under the gauge s.g. It restores the state before
// returning, unless it stopped early: then it parks (see pending) and
// returns at once.
func (s *Solver) search(limit uint64, visit func([]int) bool, updates uint64, stopAt int32) outcome {
	var (
		nb      = s.nbase
		ib      = s.ibase
		ch      = s.choice
		base    = len(s.sol)
		cut     = s.cut
		level   int
		nodes   = s.g.nodes // the gauge's running total
		first   = nodes
		scanned uint64 // items the choice of item scanned: work, with the updates
		count   uint64
		status  = core.StatusExhausted
		hr, x   uint32 // the header of the item chosen at this level, the option node tried
		dead    int32  // without colors: active primary items left without options
		alts    int    // the levels whose option tried is not their item's last
	)
	// With TakeSingleton on a problem without colors the search counts its
	// dead items (dance_dead.go): a node where one is left meets its dead
	// end at once, and the choice stops at the first item with one option,
	// which is then Knuth's exact choice.
	mode := modePlain
	switch {
	case s.colored:
		mode = modeColored
	case stopAt == 1:
		mode = modeTrack
		dead = s.initFlags()
		s.biasSecondary(secondaryBias)
	}
	workBound, ok := s.g.begin(nodes, updates)
	if !ok {
		status = s.g.status()
		goto park
	}

enter:
	if updates+scanned >= workBound {
		// (Every node adds at least one unit of work: see gauge.)
		if workBound, ok = s.g.next(nodes, updates+scanned); !ok {
			status = s.g.status()
			goto park
		}
	}
	if level == cut {
		// (Polled above: a split spends most of its time at the cut.)
		s.prefix(level, core.Stats{Nodes: nodes - first, Updates: updates})
		goto backup
	}
	nodes++
	if itr(ib, 0).next == 0 {
		count++
		scanned++ // a node's one unit of work
		if !s.solution(level, visit) || count == limit {
			status = core.StatusFound
			goto park
		}
		goto backup
	}
	// Choose the active primary item with the fewest options, the first
	// such item on ties: with the flags, the first item flagged, if any.
	if mode == modeTrack {
		if dead > 0 {
			scanned++ // a node's one unit of work
			goto backup
		}
		h, n := firstOne(s.obase, s.oneWords, s.oneLast)
		scanned += uint64(n)
		if h != 0 {
			hr = ref(int32(h))
			goto chosen
		}
	}
	{
		var best int32
		var n uint32
		stop := stopAt
		if mode == modeTrack {
			// No active primary item is left with fewer than 2 options
			// (none flagged, none dead): the first with 2 is Knuth's
			// choice, and the scan stops there.
			stop = 2
		}
		best, hr, n = choose(ib, stop)
		scanned += uint64(n)
		if best == 0 {
			goto backup
		}
	}
chosen:
	switch {
	case mode == modePlain:
		updates += s.coverPlain(hr)
	case mode == modeTrack:
		u, d := s.coverPlainD(hr)
		updates += u
		dead += d
	default:
		updates += s.cover(hr)
	}
	x = nd(nb, hr).down

try:
	if x == hr {
		switch {
		case mode == modePlain:
			s.uncoverPlain(hr)
		case mode == modeTrack:
			dead += s.uncoverPlainD(hr)
		default:
			s.uncover(hr)
		}
		goto backup
	}
	ch[level] = x
	if nd(nb, x).down != hr {
		alts++
	}
	if mode == modePlain {
		updates += s.coverOthersPlain(x)
	} else if mode == modeTrack {
		var u uint64
		var d int32
		if s.kernel == dance.Asm {
			u, d = dance.CoverOthersAsm(nb, ib, s.obase, x)
		} else {
			u, d = dance.CoverOthersGo(nb, ib, s.obase, x)
		}
		updates += u
		dead += d
	} else {
		updates += s.coverOthersColored(x)
	}
	level++
	goto enter

backup:
	if level == 0 {
		if mode == modeTrack {
			s.biasSecondary(-secondaryBias)
		}
		s.sol = s.sol[:base]
		s.g.nodes = nodes
		return outcome{Status: status, Solutions: count, Stats: core.Stats{Nodes: nodes - first, Updates: updates}}
	}
	if alts == 0 && s.restore {
		// No level has an option left to try: the search is over, and
		// the copy of Options.Snapshot undoes its levels.
		goto park
	}
	level--
	x = ch[level]
	hr = uint32(nd(nb, x).top)
	if nd(nb, x).down != hr {
		alts--
	}
	if mode == modePlain {
		s.uncoverOthersPlain(x)
	} else if mode == modeTrack {
		if s.kernel == dance.Asm {
			dead += dance.UncoverOthersAsm(nb, ib, s.obase, x)
		} else {
			dead += dance.UncoverOthersGo(nb, ib, s.obase, x)
		}
	} else {
		s.uncoverOthersColored(x)
	}
	x = nd(nb, x).down
	goto try

park:
	if mode == modeTrack {
		s.biasSecondary(-secondaryBias)
	}
	s.park(level, false)
	s.sol = s.sol[:base]
	s.g.nodes = nodes
	return outcome{Status: status, Solutions: count, Stats: core.Stats{Nodes: nodes - first, Updates: updates}}
}

// biasSecondary adds b to the length of every secondary item, active or
// not (see zero in dance_dead.go).
func (s *Solver) biasSecondary(b int32) {
	ib := s.ibase
	for h := s.nprim + 1; h <= s.nitems; h++ {
		itr(ib, ref(h)).len += b
	}
}

// initFlags sets the flags of dance_dead.go for the current state (1 for
// each active primary item with at most one option) and returns the number
// of active primary items without options.
func (s *Solver) initFlags() int32 {
	ib := s.ibase
	clear(s.one)
	var n int32
	for h := itr(ib, 0).next; h != 0; {
		r := itr(ib, h)
		if r.len == 0 {
			n++
		}
		s.one[h/nodeSize] = atMostOne(r.len)
		h = r.next
	}
	return n
}

// choose returns the length and header ref of the active primary item with
// the fewest options, the first such item on ties, stopping at the first
// with at most stopAt options, and the number of items it looked at (work,
// for the meter: a problem of a million items scans them all at each
// node); the ring at ib must not be empty. It is a
// function of its own, not inlined, so that its loop keeps best and the
// item in registers: in search, with its many live variables, they went to
// the stack, one store and load per item.
//
//go:noinline
func choose(ib unsafe.Pointer, stopAt int32) (best int32, hr, n uint32) {
	best = math.MaxInt32
	for h := itr(ib, 0).next; h != 0; {
		r := itr(ib, h)
		l := r.len
		n++
		if l <= stopAt {
			// No item before h was this short, or the loop would have
			// stopped there: h is the choice.
			return l, h, n
		}
		if l < best {
			best, hr = l, h
		}
		h = r.next
	}
	return best, hr, n
}

// solution records the solution at the given level in s.sol (after the
// forced options), keeps the first one, and passes it to visit.
func (s *Solver) solution(level int, visit func([]int) bool) bool {
	base := len(s.sol)
	for _, x := range s.choice[:level] {
		s.sol = append(s.sol, s.option(x))
	}
	sol := s.sol
	s.sol = s.sol[:base]
	if s.nfirst < 0 {
		s.first = append(s.first[:0], sol...)
		s.nfirst = len(sol)
	}
	if visit != nil {
		return visit(sol)
	}
	return true
}

// prefix hands the options chosen so far, and the counters so far, to
// onPrefix (parallel splitting).
func (s *Solver) prefix(level int, at core.Stats) {
	base := len(s.sol)
	for _, x := range s.choice[:level] {
		s.sol = append(s.sol, s.option(x))
	}
	s.onPrefix(s.sol, at)
	s.sol = s.sol[:base]
}
