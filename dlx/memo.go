package dlx

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"time"
	"unsafe"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// MemoMode says whether a count remembers the count of each subproblem it
// meets (Options.Memo).
type MemoMode int

const (
	// MemoOff counts by visiting every solution: Algorithm C or M as
	// Knuth's programs run them. It is the zero value.
	MemoOff MemoMode = iota
	// MemoOn counts with a memo of the count of each remaining subproblem
	// (see Options.Memo). It counts only: a Visit or a Limit is an error.
	MemoOn
	// MemoAuto uses the memo where it pays: a count that a plain search
	// does not finish within a few tens of thousands of nodes samples the
	// memo's hit rate over as many nodes, and goes on with the memo only
	// if subproblems repeat often; otherwise it runs the plain search, as
	// MemoOff would (the sample's work is reported apart, in
	// Result.Memo.Probe). With a Visit, a Limit, MaxOptions or Minimize it
	// is MemoOff.
	MemoAuto
)

// String returns "off", "on" or "auto".
func (m MemoMode) String() string {
	switch m {
	case MemoOff:
		return "off"
	case MemoOn:
		return "on"
	case MemoAuto:
		return "auto"
	}
	return fmt.Sprintf("MemoMode(%d)", int(m))
}

// Branch is the rule by which a memoized count chooses the item to branch
// on (Options.Branch). Plain searches always take the item with the fewest
// options.
type Branch int

const (
	// BranchAuto lets the count choose: it samples both rules as MemoAuto
	// samples the memo and keeps the one whose subproblems repeat more.
	BranchAuto Branch = iota
	// BranchMRV takes the active primary item with the fewest options
	// ("minimum remaining values", Knuth's rule), the first on ties.
	BranchMRV
	// BranchFirst takes the first active primary item in input order, or
	// an item with no option left if there is one (a dead end found at
	// once). Generators that list the cells of a board column by column
	// along its long side make the remaining subproblems of such a search
	// depend on a narrow frontier only, so that they repeat far more than
	// with BranchMRV.
	BranchFirst
)

// String returns "auto", "mrv" or "first".
func (b Branch) String() string {
	switch b {
	case BranchAuto:
		return "auto"
	case BranchMRV:
		return "mrv"
	case BranchFirst:
		return "first"
	}
	return fmt.Sprintf("Branch(%d)", int(b))
}

// ParseBranch reads "auto", "mrv" or "first".
func ParseBranch(s string) (Branch, error) {
	switch s {
	case "auto", "":
		return BranchAuto, nil
	case "mrv":
		return BranchMRV, nil
	case "first":
		return BranchFirst, nil
	}
	return 0, fmt.Errorf("dlx: unknown branching order %q (auto, mrv, first)", s)
}

// MemoStats describes the memo of a memoized count.
type MemoStats struct {
	// Entries is the number of subproblems stored; Hits the number of
	// nodes answered from the table, Misses the number looked up and not
	// found (each then searched and, while the table has room, stored).
	Entries, Hits, Misses uint64
	// Bytes is the memory the table took at its largest; Budget the most
	// it was allowed (Options.MemoBytes).
	Bytes, Budget uint64
	// Full reports that the table reached its budget; it then evicted
	// the older half of its entries each time it was full again (Evicted
	// counts them), keeping the subproblems met last. The count is exact
	// all the same; an evicted subproblem met again is searched again.
	Full    bool
	Evicted uint64
	// Branch is the rule the count branched with (BranchMRV or
	// BranchFirst).
	Branch Branch
	// Virtual is the number of nodes the plain search branching by the same
	// rule visits (with BranchMRV and no multiplicities: exactly
	// Result.Stats.Nodes of a search without the memo), from the nodes the
	// memo searched and the stored tree size of each subproblem it found
	// (2^64 − 1 if larger). Stats.Nodes / Virtual is the share of the
	// plain search's work the memo did. For a count stopped early it
	// covers the part searched.
	Virtual uint64
	// Saving, for MemoAuto, is the sample's virtual nodes per node
	// searched: the share of the plain search's work one memo node
	// stands for (the memo goes on from 4).
	Saving float64
	// Used reports that the memo answered the count. With MemoAuto it is
	// false when the sample showed too few repeats and the plain search
	// answered.
	Used bool
	// Overhead, on several workers, is the work Stats leaves out so that
	// it is the same for every number of workers: the cut into subtrees,
	// and the subproblems a worker searched while another was searching
	// them too.
	Overhead core.Stats
	// Probe is the work MemoAuto spent deciding and then discarded (the
	// plain search cut short and the memo's samples), which Result.Stats
	// does not include.
	Probe core.Stats
}

// HitRate returns Hits / (Hits + Misses), 0 when nothing was looked up.
func (m *MemoStats) HitRate() float64 {
	if m == nil || m.Hits+m.Misses == 0 {
		return 0
	}
	return float64(m.Hits) / float64(m.Hits+m.Misses)
}

// DefaultMemoBytes returns the memo budget a count takes when
// Options.MemoBytes is 0: a quarter of the memory the resource policy
// allows (resource.Available), 1 GiB when no limit can be read, and at
// least 64 MiB.
func DefaultMemoBytes() uint64 {
	a := resource.Available()
	if a == 0 {
		return 1 << 30
	}
	return max(a/4, resource.SmallBytes)
}

// MinMemoBytes is the smallest memo budget Options.MemoBytes may set.
const MinMemoBytes = 1 << 16

var (
	errMemoVisit = errors.New("dlx: the memo counts solutions; it cannot list them or stop after a number of them (Visit, Limit)")
	errMemoMax   = errors.New("dlx: the memo cannot bound the options of a solution (MaxOptions, Minimize)")
)

// memoBudget checks opts.MemoBytes against the resource policy.
func memoBudget(opts *Options) (uint64, error) {
	b := opts.MemoBytes
	if b == 0 {
		return DefaultMemoBytes(), nil
	}
	if b < MinMemoBytes {
		return 0, fmt.Errorf("dlx: a memo of %d bytes is too small (at least %d)", b, MinMemoBytes)
	}
	if err := resource.Check(fmt.Sprintf("dlx: a memo of %d bytes", b), b); err != nil {
		return 0, err
	}
	return b, nil
}

// The key of a subproblem (see memoLayout) is a bit string: for Algorithm
// C one bit per primary item (set while it is active), then for each
// secondary item a code of `width` bits: 0 when it is inactive or no
// option left uses it, 1 while it is untouched, 1 + c once purified to
// color c. For Algorithm M a primary item's field holds its bound b (the
// options it may still take; 0 when inactive), in as many bits as its
// upper bound needs. Every word is compared exactly.
type memoLayout struct {
	words  int      // words of a key
	pwords int      // words of the primary part
	zob    []uint64 // random hash of each primary item, by internal item (Algorithm C)
	width  uint     // bits of a secondary code
	per    int      // secondary codes per word
	// Algorithm M: the word and shift of each primary item's field, by
	// internal item.
	pword  []int32
	pshift []uint8
}

// layout returns the key layout of s, built on first use.
func (s *Solver) layout() *memoLayout {
	if s.memo != nil {
		return s.memo
	}
	l := &memoLayout{}
	np := int(s.nprim)
	if s.multi {
		l.pword = make([]int32, np+1)
		l.pshift = make([]uint8, np+1)
		w, sh := 0, uint(0)
		for h := 1; h <= np; h++ {
			n := uint(bits.Len32(uint32(s.items[h].bound)))
			if sh+n > 64 {
				w, sh = w+1, 0
			}
			l.pword[h], l.pshift[h] = int32(w), uint8(sh)
			sh += n
		}
		l.pwords = w + 1
		if np == 0 {
			l.pwords = 0
		}
	} else {
		l.pwords = (np + 63) / 64
	}
	l.zob = make([]uint64, np+1)
	x := uint64(0x9e3779b97f4a7c15)
	for h := range l.zob {
		x = splitmix(x)
		l.zob[h] = x
	}
	nsec := int(s.nitems - s.nprim)
	if nsec > 0 {
		ncolors := int32(0)
		if s.colored { // (without colors the field holds links: see node)
			for _, n := range s.nodes {
				ncolors = max(ncolors, n.color)
			}
		}
		l.width = uint(bits.Len32(uint32(ncolors) + 1))
		l.per = 64 / int(l.width)
	}
	l.words = l.pwords
	if nsec > 0 {
		l.words += (nsec + l.per - 1) / l.per
	}
	s.memo = l
	return l
}

// splitmix returns the next value of a SplitMix64 sequence from x.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	z := x
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// mix hashes one key word into h.
func mix(h, w uint64) uint64 {
	h ^= w
	h *= 0xff51afd7ed558ccd
	return h ^ h>>33
}

// memoRun is the state of one memoized count: the table and the per-level
// arrays of the search.
type memoRun struct {
	t      *memoTable
	shared *sharedTable // the workers' table of a parallel count (t unused), or nil
	key    []uint64     // the current key
	acc    []count      // the count so far of the node at each level
	vacc   []uint64     // the virtual nodes so far below the node at each level
	ent    []int64      // the entry reserved by the node at each level, −1 if none
	dup    []bool       // the node at each level is being searched by another worker too
	hits   uint64
	misses uint64
	peak   uint64
	branch Branch
	// rootFree: the search's root is a subtree of a parallel count whose
	// entering the final search counts (see memoParallel).
	rootFree bool
}

// store sets the count and virtual nodes of entry e, reserved by lookup.
func (m *memoRun) store(e int64, c count, v uint64) {
	if m.shared != nil {
		m.shared.set(e, c, v)
		return
	}
	m.t.set(int(e), c, v)
}

// newMemoRun returns a run with a table of the given budget.
func (s *Solver) newMemoRun(budget uint64, branch Branch) *memoRun {
	l := s.layout()
	levels := len(s.choice)
	return &memoRun{
		t:      newMemoTable(l.words, budget),
		key:    make([]uint64, l.words),
		acc:    make([]count, levels+1),
		vacc:   make([]uint64, levels+1),
		ent:    make([]int64, levels+1),
		dup:    make([]bool, levels+1),
		branch: branch,
	}
}

// reserve reserves an entry for key (hash h, slot from find) for the node
// at level, evicting old entries first if the table is full; it returns
// the entry or −1.
func (m *memoRun) reserve(h uint64, key []uint64, slot uint64, level int) int64 {
	e := m.t.reserve(h, key, slot)
	if e >= 0 || !m.t.full || m.t.n < 2 {
		return int64(e)
	}
	newIdx := m.t.evict()
	for l := range level {
		if x := m.ent[l]; x >= 0 {
			m.ent[l] = int64(newIdx[x])
		}
	}
	_, slot = m.t.find(h, key)
	return int64(m.t.reserve(h, key, slot))
}

// stats returns the run's MemoStats.
func (m *memoRun) stats() *MemoStats {
	if m.shared != nil {
		n, b, full := m.shared.usage()
		return &MemoStats{Entries: n, Hits: m.hits, Misses: m.misses, Bytes: b, Full: full, Branch: m.branch, Used: true,
			Budget: m.shared.shards[0].t.budget * sharedShards}
	}
	return &MemoStats{Entries: uint64(m.t.n), Hits: m.hits, Misses: m.misses, Bytes: max(m.peak, m.t.bytes()),
		Budget: m.t.budget, Full: m.t.filled, Evicted: m.t.evicted, Branch: m.branch, Used: true}
}

// memoOutcome is what a memoized search returns: its status, the count
// (of the subtrees it finished, if it stopped early), its work, and its
// virtual nodes: the nodes the plain search with the same branching rule
// visits in the part of the tree the memo covered (each node searched
// counts 1, each hit the nodes of its subproblem's plain tree), saturating
// at 2^64 − 1.
type memoOutcome struct {
	status  core.Status
	count   count
	stats   core.Stats
	virtual uint64
	over    core.Stats // work done again by parallel workers (memoParallel)
}

// addSat returns a + b, or 2^64 − 1 if that overflows.
func addSat(a, b uint64) uint64 {
	s, c := bits.Add64(a, b, 0)
	if c != 0 {
		return ^uint64(0)
	}
	return s
}

// solveMemo answers a count with the memo (MemoOn), or decides whether to
// (MemoAuto): ok is false when the plain search should answer instead,
// with the probe's work in probe.
func (s *Solver) solveMemo(ctx context.Context, opts *Options) (res Result, ok bool, err error) {
	if opts.Visit != nil || opts.Limit != 0 {
		if opts.Memo == MemoOn {
			return Result{}, true, errMemoVisit
		}
		return Result{}, false, nil
	}
	if opts.MaxOptions != 0 || opts.Minimize {
		if opts.Memo == MemoOn {
			return Result{}, true, errMemoMax
		}
		return Result{}, false, nil
	}
	start := time.Now()
	if opts.Memo == MemoAuto {
		return s.solveAuto(ctx, opts, start)
	}
	budget, err := memoBudget(opts)
	if err != nil {
		return Result{}, true, err
	}
	branch := opts.Branch
	var probe core.Stats
	if branch == BranchAuto {
		n := uint64(autoSampleNodes)
		if opts.MaxNodes != 0 {
			n = min(n, opts.MaxNodes)
		}
		x, other := s.pickBranch(ctx, opts.Forced, n, budget)
		if x.done {
			return s.memoResult(x.o, x.m, other, start), true, nil
		}
		probe, branch = other.Add(x.o.stats), x.m.branch
	}
	return s.memoCount(ctx, opts, budget, branch, probe, start), true, nil
}

// memoCount is the memoized count from the root with a fresh table, on
// opts.Workers goroutines for Algorithm C (memoParallel), on one
// otherwise; probe is work spent before, reported with the result. Its
// nodes and updates depend only on the instance and the branching rule
// while the table holds every subproblem.
func (s *Solver) memoCount(ctx context.Context, opts *Options, budget uint64, branch Branch, probe core.Stats, start time.Time) Result {
	if opts.Workers > 1 && !s.multi {
		return s.memoParallel(ctx, opts, budget, branch, probe, start)
	}
	o, m := s.countMemo(ctx, opts.Forced, opts.MaxNodes, budget, branch, nil)
	return s.memoResult(o, m, probe, start)
}

// memoResult turns a memoized search's outcome into a Result.
func (s *Solver) memoResult(o memoOutcome, m *memoRun, probe core.Stats, start time.Time) Result {
	res := Result{Status: o.status, Stats: o.stats}
	res.setCount(o.count)
	res.Memo = m.stats()
	res.Memo.Virtual = o.virtual
	res.Memo.Probe = probe
	res.Stats.Elapsed = time.Since(start)
	s.nfirst = -1
	return res
}

// setCount sets Solutions, Count and Big from c.
func (r *Result) setCount(c count) {
	if c.big != nil && c.big.BitLen() <= 128 {
		b := new(big.Int).Set(c.big)
		c.lo = b.Uint64()
		c.hi = b.Rsh(b, 64).Uint64()
		c.big = nil
	}
	if c.big != nil {
		r.Big = c.big
		r.Count = core.Count{Hi: ^uint64(0), Lo: ^uint64(0)}
		r.Solutions = ^uint64(0)
		return
	}
	r.Count = core.Count{Hi: c.hi, Lo: c.lo}
	r.Solutions = c.lo
	if c.hi != 0 {
		r.Solutions = ^uint64(0)
	}
}

// countMemo forces the options in forced and counts the rest with the
// memo, with a fresh table of the given budget (or m's, if m is not nil,
// whose entries stay valid: a key names the whole remaining subproblem),
// then undoes the forced options. It stops through a meter of its own
// under ctx with the node budget maxNodes (0: none).
func (s *Solver) countMemo(ctx context.Context, forced []int, maxNodes, budget uint64, branch Branch, m *memoRun) (memoOutcome, *memoRun) {
	return s.countMemoIn(ctx, forced, false, maxNodes, budget, branch, m)
}

// countMemoIn is countMemoTask on a gauge reset for ctx and maxNodes.
func (s *Solver) countMemoIn(ctx context.Context, forced []int, replay bool, maxNodes, budget uint64, branch Branch, m *memoRun) (memoOutcome, *memoRun) {
	s.g.reset(ctx, maxNodes)
	defer s.g.end()
	return s.countMemoTask(forced, replay, budget, branch, m)
}

// countMemoTask is countMemo on the gauge as it is (a parallel worker's,
// already set); with replay, forced is the prefix of a subtree of a
// larger search, whose forcing is not counted (see solveForced).
func (s *Solver) countMemoTask(forced []int, replay bool, budget uint64, branch Branch, m *memoRun) (memoOutcome, *memoRun) {
	s.settle() // a plain search stopped before (MemoAuto's probe) left its levels
	if m == nil {
		s.ensureLevels()
		m = s.newMemoRun(budget, branch)
	}
	m.branch = branch
	var updates uint64
	n := 0
	ok := true
	for _, k := range forced {
		if s.multi {
			ok = s.fitsM(k)
		} else {
			ok = s.fits(k)
		}
		if !ok {
			break
		}
		if s.multi {
			updates += s.forceM1(k)
		} else {
			updates += s.force(k)
		}
		n++
	}
	if replay {
		updates = 0
	}
	var o memoOutcome
	if ok {
		if s.multi {
			o = s.searchMemoM(m, updates)
		} else {
			o = s.searchMemo(m, updates)
		}
	} else {
		o = memoOutcome{status: core.StatusExhausted, stats: core.Stats{Nodes: 1, Updates: updates}}
	}
	for n--; n >= 0; n-- {
		if s.multi {
			s.unforceM1(forced[n])
		} else {
			s.unforce(forced[n])
		}
	}
	if m.t != nil {
		m.peak = max(m.peak, m.t.bytes())
	}
	return o, m
}

// ensureLevels sizes the per-level arrays for the problem's algorithm.
func (s *Solver) ensureLevels() {
	if s.multi {
		s.ensureM()
	}
}

// primaryKey sets m.key's primary part from the active primary items
// (Algorithm C) and returns its hash.
func (s *Solver) primaryKey(m *memoRun) uint64 {
	l := s.memo
	clear(m.key[:l.pwords])
	var h uint64
	ib := s.ibase
	for r := itr(ib, 0).next; r != 0; r = itr(ib, r).next {
		i := r / nodeSize
		m.key[(i-1)>>6] |= 1 << ((i - 1) & 63)
		h ^= l.zob[i]
	}
	return h
}

// secondaryKey sets m.key's secondary part and returns its hash.
func (s *Solver) secondaryKey(m *memoRun) uint64 {
	l := s.memo
	k := m.key[l.pwords:]
	clear(k)
	nb, ib := s.nbase, s.ibase
	head := ref(s.nitems + 1)
	base := s.nprim + 1
	per, width := int32(l.per), l.width
	for r := itr(ib, head).next; r != head; {
		lr := itr(ib, r)
		if lr.len > 0 {
			j := int32(r/nodeSize) - base
			code := uint64(nd(nb, r).color) + 1
			k[j/per] |= code << (uint(j%per) * width)
		}
		r = lr.next
	}
	var h uint64
	for _, w := range k {
		h = mix(h, w)
	}
	return h
}

// chooseFirst returns the first active primary item, or the first with no
// option if some item has none (its length is then 0), and the number of
// items it looked at.
//
//go:noinline
func chooseFirst(ib unsafe.Pointer) (l int32, hr, n uint32) {
	first := itr(ib, 0).next
	for h := first; h != 0; {
		r := itr(ib, h)
		n++
		if r.len == 0 {
			return 0, h, n
		}
		h = r.next
	}
	return itr(ib, first).len, first, n
}

// searchMemo runs the memoized count of Algorithm C from the current state.
// The node at each level looks its key up: a count found ends it; else it
// reserves an entry, branches as plain search does, sums its children's
// counts and stores the sum. A search stopped early stores nothing more and
// returns the counts of the subtrees it finished (a lower bound). It
// restores the state before returning.
func (s *Solver) searchMemo(m *memoRun, updates uint64) memoOutcome {
	var (
		nb       = s.nbase
		ib       = s.ibase
		ch       = s.choice
		l        = s.layout()
		t        = m.t
		key      = m.key
		acc      = m.acc
		ent      = m.ent
		zob      = l.zob
		colored  = s.colored
		second   = s.nitems > s.nprim
		first    = m.branch == BranchFirst
		pmax     = ref(s.nprim)
		level    int
		nodes    = s.g.nodes // the gauge's running total
		node0    = nodes
		scanned  uint64 // items scanned (choice of item, key) and one a node: work, with the updates
		status   = core.StatusExhausted
		stopping bool
		hr, x    uint32
		val      count
		vv       uint64 // the virtual nodes of the node returning val
		vacc     = m.vacc
		ph       = s.primaryKey(m) // the hash of the primary part of key
		dead     int32             // active primary items without options (no colors)
		shared   = m.shared
		dup      = m.dup
		xnodes   uint64 // nodes entered by searches another worker made too (overhead)
		xupd     uint64 // their updates
		free     uint64 // a root another search counts (rootFree)
	)
	if len(dup) < len(ent) {
		m.dup = make([]bool, len(ent))
		dup = m.dup
	}
	if !colored {
		for r := itr(ib, 0).next; r != 0; r = itr(ib, r).next {
			if itr(ib, r).len == 0 {
				dead++
			}
		}
	}
	workBound, ok := s.g.begin(nodes, updates)
	if !ok {
		status, stopping = s.g.status(), true
	}

enter:
	if stopping {
		val, vv = count{}, 0
		goto ret
	}
	if updates+scanned >= workBound {
		// (Every node adds at least one unit of work: see gauge.)
		if workBound, ok = s.g.next(nodes, updates+scanned); !ok {
			status, stopping = s.g.status(), true
			val, vv = count{}, 0
			goto ret
		}
	}
	nodes++
	scanned++
	switch {
	case level > 0 && dup[level-1]:
		xnodes++
	case level == 0 && m.rootFree:
		free++ // the final search of a parallel count counts it
	}
	// Only the search of a subproblem found pending is another worker's
	// too: the subproblems it meets below are its own to reserve.
	dup[level] = false
	if itr(ib, 0).next == 0 {
		val, vv = count{lo: 1}, 1
		goto ret
	}
	{
		h := ph
		if second {
			h ^= s.secondaryKey(m)
		}
		if shared != nil {
			v, n, e, state := shared.lookup(h, key)
			switch state {
			case lookFound:
				m.hits++
				val, vv = v, n
				goto ret
			case lookPending:
				// Another worker is searching it: search it too, as
				// overhead.
				ent[level] = -1
				dup[level] = true
			default:
				ent[level] = e
			}
		} else if e, slot := t.find(h, key); e >= 0 {
			if v, n, ok := t.value(e); ok {
				m.hits++
				val, vv = v, n
				goto ret
			}
			ent[level] = -1 // pending: an ancestor (cannot happen)
		} else {
			ent[level] = m.reserve(h, key, slot, level)
		}
		m.misses++
	}
	{
		var best int32
		switch {
		case !colored && dead > 0:
			best = 0
		case !colored && first:
			hr = itr(ib, 0).next
			best = itr(ib, hr).len
		case !colored:
			// No item is dead: the first of length 1 is the choice.
			var n uint32
			best, hr, n = choose(ib, 1)
			scanned += uint64(n)
		case first:
			var n uint32
			best, hr, n = chooseFirst(ib)
			scanned += uint64(n)
		default:
			var n uint32
			best, hr, n = choose(ib, 0)
			scanned += uint64(n)
		}
		if best == 0 {
			val, vv = count{}, 1
			if e := ent[level]; e >= 0 {
				m.store(e, val, vv)
			}
			goto ret
		}
	}
	{
		i := hr/nodeSize - 1
		key[i>>6] ^= 1 << (i & 63)
		ph ^= zob[i+1]
	}
	{
		var u uint64
		if colored {
			u = s.cover(hr)
		} else {
			var d int32
			u, d = mcover(nb, ib, pmax, hr)
			dead += d
		}
		updates += u
		if dup[level] {
			xupd += u
		}
	}
	acc[level], vacc[level] = count{}, 0
	x = nd(nb, hr).down

try:
	if x == hr || stopping {
		if colored {
			s.uncover(hr)
		} else {
			dead += muncover(nb, ib, pmax, hr)
		}
		{
			i := hr/nodeSize - 1
			key[i>>6] ^= 1 << (i & 63)
			ph ^= zob[i+1]
		}
		val, vv = acc[level], addSat(vacc[level], 1)
		if e := ent[level]; e >= 0 && !stopping {
			m.store(e, val, vv)
		}
		goto ret
	}
	ch[level] = x
	for p := x + nodeSize; p != x; {
		np := nd(nb, p)
		if np.top <= 0 {
			p = np.up
			continue
		}
		if j := uint32(np.top); j <= pmax {
			i := j/nodeSize - 1
			key[i>>6] ^= 1 << (i & 63)
			ph ^= zob[i+1]
		}
		p += nodeSize
	}
	{
		u0 := updates
		if !colored {
			u, d := mcoverOthers(nb, ib, pmax, x)
			updates += u
			dead += d
		} else {
			updates += s.coverOthersColored(x)
		}
		if dup[level] {
			xupd += updates - u0
		}
	}
	level++
	goto enter

ret:
	if level == 0 {
		s.g.nodes = nodes
		return memoOutcome{status: status, count: val, stats: core.Stats{Nodes: nodes - node0 - xnodes - free, Updates: updates - xupd},
			virtual: vv, over: core.Stats{Nodes: xnodes, Updates: xupd}}
	}
	level--
	acc[level] = acc[level].add(val)
	vacc[level] = addSat(vacc[level], vv)
	x = ch[level]
	if !colored {
		dead += muncoverOthers(nb, ib, pmax, x)
	} else {
		s.uncoverOthersColored(x)
	}
	for p := x - nodeSize; p != x; {
		np := nd(nb, p)
		if np.top <= 0 {
			p = np.down
			continue
		}
		if j := uint32(np.top); j <= pmax {
			i := j/nodeSize - 1
			key[i>>6] ^= 1 << (i & 63)
			ph ^= zob[i+1]
		}
		p -= nodeSize
	}
	hr = uint32(nd(nb, x).top)
	x = nd(nb, x).down
	goto try
}

// The dancing steps of a memoized count without colors, branching by
// BranchFirst: coverPlain, uncoverPlain, coverOthersPlain and
// uncoverOthersPlain, also keeping the number of active primary items left
// without options (dead, the change returned), so that the search finds a
// dead end without scanning the items. Hiding never touches the list of an
// inactive item, whose length stays as it was when it was covered; so an
// item whose length reaches 0 or leaves it, or that is covered or
// uncovered with length 0, is all there is to watch.

// mcover is coverPlain(hr), returning the updates and the change in dead.
func mcover(nb, ib unsafe.Pointer, pmax, hr uint32) (u uint64, dead int32) {
	l := itr(ib, hr)
	itr(ib, l.prev).next = l.next
	itr(ib, l.next).prev = l.prev
	u = 1
	if hr <= pmax && l.len == 0 {
		dead--
	}
	for p := nd(nb, hr).down; p != hr; p = nd(nb, p).down {
		for q := p + nodeSize; q != p; {
			nq := nd(nb, q)
			x := nq.top
			if x <= 0 {
				q = nq.up
				continue
			}
			up, dn := nq.up, nq.down
			nd(nb, up).down = dn
			nd(nb, dn).up = up
			r := itr(ib, uint32(x))
			r.len--
			if r.len == 0 && uint32(x) <= pmax {
				dead++
			}
			u++
			q += nodeSize
		}
	}
	return u, dead
}

// muncover undoes mcover(hr), returning the change in dead.
func muncover(nb, ib unsafe.Pointer, pmax, hr uint32) (dead int32) {
	for p := nd(nb, hr).up; p != hr; p = nd(nb, p).up {
		for q := p - nodeSize; q != p; {
			nq := nd(nb, q)
			x := nq.top
			if x <= 0 {
				q = nq.down
				continue
			}
			nd(nb, nq.up).down = q
			nd(nb, nq.down).up = q
			r := itr(ib, uint32(x))
			if r.len == 0 && uint32(x) <= pmax {
				dead--
			}
			r.len++
			q -= nodeSize
		}
	}
	l := itr(ib, hr)
	itr(ib, l.prev).next = hr
	itr(ib, l.next).prev = hr
	if hr <= pmax && l.len == 0 {
		dead++
	}
	return dead
}

// mcoverOthers covers the items of option node x's option after x's own
// with mcover.
func mcoverOthers(nb, ib unsafe.Pointer, pmax, x uint32) (u uint64, dead int32) {
	for r := x + nodeSize; r != x; {
		nr := nd(nb, r)
		if nr.top <= 0 {
			r = nr.up
			continue
		}
		du, dd := mcover(nb, ib, pmax, uint32(nr.top))
		u += du
		dead += dd
		r += nodeSize
	}
	return u, dead
}

// muncoverOthers undoes mcoverOthers(x).
func muncoverOthers(nb, ib unsafe.Pointer, pmax, x uint32) (dead int32) {
	for r := x - nodeSize; r != x; {
		nr := nd(nb, r)
		if nr.top <= 0 {
			r = nr.down
			continue
		}
		dead += muncover(nb, ib, pmax, uint32(nr.top))
		r -= nodeSize
	}
	return dead
}
