package dlx

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"unsafe"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// The memoized count (Knuth's Algorithm 7.2.2.1Z, his DLX6): a count that
// remembers the count of each remaining subproblem, so that a subproblem
// met again costs one lookup. memoC is the method for Algorithm C (this
// file), memoM for Algorithm M (memo_multi.go); their table is memoTable
// (memo_table.go), shared by the workers of a parallel count through
// sharedTable (memo_shared.go); the driver's count with the memo is
// Solver.countMemo (memo_parallel.go).

// Branch is the rule by which a memoized count chooses the item to branch
// on (Options.Branch). Plain searches always take the item with the fewest
// options.
type Branch int

const (
	// BranchAuto lets the count choose: it samples both rules as MethodAuto
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
	// BranchSSXCC is the rule of MethodCells that gives Knuth's SSXCC's
	// tree exactly: the item with the fewest options, the first in input
	// order on ties, but of the items left with one option the last one
	// the search met, and an item's options tried in the order its set
	// holds them. That order depends on the subtrees searched before, so
	// the search runs on one worker. Not for the memo.
	BranchSSXCC
)

// String returns "auto", "mrv", "first" or "ssxcc".
func (b Branch) String() string {
	switch b {
	case BranchAuto:
		return "auto"
	case BranchMRV:
		return "mrv"
	case BranchFirst:
		return "first"
	case BranchSSXCC:
		return "ssxcc"
	}
	return fmt.Sprintf("Branch(%d)", int(b))
}

// ParseBranch reads "auto", "mrv", "first" or "ssxcc".
func ParseBranch(s string) (Branch, error) {
	switch s {
	case "auto", "":
		return BranchAuto, nil
	case "mrv":
		return BranchMRV, nil
	case "first":
		return BranchFirst, nil
	case "ssxcc":
		return BranchSSXCC, nil
	}
	return 0, fmt.Errorf("dlx: unknown branching order %q (auto, mrv, first, ssxcc)", s)
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
	// Saving, for MethodAuto, is the sample's virtual nodes per node
	// searched: the share of the plain search's work one memo node
	// stands for (the memo goes on from 4).
	Saving float64
	// Used reports that the memo answered the count. With MethodAuto it is
	// false when the sample showed too few repeats and the plain search
	// answered.
	Used bool
	// Overhead, on several workers, is the work Stats leaves out so that
	// it is the same for every number of workers: the cut into subtrees,
	// and the subproblems a worker searched while another was searching
	// them too.
	Overhead core.Stats
	// Probe is the work MethodAuto spent deciding and then discarded (the
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

var errMemoMax = errors.New("dlx: the memo cannot bound the options of a solution (MaxOptions, Minimize)")

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

// layout returns the key layout of lk, built on first use.
func (lk *links) layout() *memoLayout {
	if lk.memo != nil {
		return lk.memo
	}
	l := &memoLayout{}
	np := int(lk.nprim)
	if lk.multi {
		l.pword = make([]int32, np+1)
		l.pshift = make([]uint8, np+1)
		w, sh := 0, uint(0)
		for h := 1; h <= np; h++ {
			n := uint(bits.Len32(uint32(lk.items[h].bound)))
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
	nsec := int(lk.nitems - lk.nprim)
	if nsec > 0 {
		ncolors := int32(0)
		if lk.colored { // (without colors the field holds links: see node)
			for _, n := range lk.nodes {
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
	lk.memo = l
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

// newMemoRun returns a run on lk for searches of up to levels levels, with
// a table of the given budget.
func newMemoRun(lk *links, levels int, budget uint64, branch Branch) *memoRun {
	l := lk.layout()
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
	if !m.t.evict(m.ent[:level]) {
		return -1
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
	parked  bool       // stopped with its levels in place (parks)
}

// finished returns the count of the subtrees a parked memoized search has
// finished: the sum of the counts so far at its levels.
func finished(acc []count) count {
	var c count
	for _, a := range acc {
		c = c.add(a)
	}
	return c
}

// finishedV returns the virtual nodes of the subtrees a parked memoized
// search has finished.
func finishedV(vacc []uint64) uint64 {
	var v uint64
	for _, a := range vacc {
		v = addSat(v, a)
	}
	return v
}

// addSat returns a + b, or 2^64 − 1 if that overflows.
func addSat(a, b uint64) uint64 {
	s, c := bits.Add64(a, b, 0)
	if c != 0 {
		return ^uint64(0)
	}
	return s
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

// memoC is the memoized count of Algorithm C: the search of algoC, but
// each node looks its subproblem up in the table (its key: the active
// primary items and the state of the secondary ones), a count found ending
// it; else it reserves an entry, branches by its rule (Branch: the fewest
// options, as Algorithm C, or the first item), sums its children's counts
// and stores the sum. It counts only. A stopped run stores nothing more
// and returns the counts of the subtrees it finished, a lower bound: it
// restores the links, or with parks leaves its levels in place.
type memoC struct {
	l      *links
	choice []uint32
	memoBase
}

// memoBase is what the memoized counts of Algorithms C and M share.
type memoBase struct {
	budget uint64   // the table's budget in bytes
	branch Branch   // BranchMRV or BranchFirst
	m      *memoRun // the table and the per-level arrays, made on the first run
	last   memoOutcome
	// parks makes a stopped run leave its levels in place (the race of
	// auto.go, whose slices resume them) instead of unwinding them.
	parks bool
	pend  pending
}

// park records a search stopped at level with the given status, work
// (Stats) and work done again (over), and returns its outcome: the counts
// and virtual nodes of the subtrees it finished.
func (b *memoBase) park(level int, st core.Status, work, over core.Stats) memoOutcome {
	b.pend.park(level)
	m := b.m
	return memoOutcome{status: st, count: finished(m.acc[:level]), virtual: finishedV(m.vacc[:level]), stats: work, over: over, parked: true}
}

// finish ends a run with outcome o: a stopped run not to go on (without
// parks) is settled at once, leaving the links as before; it keeps the
// table's peak and o.
func (b *memoBase) finish(o memoOutcome, settle func()) outcome {
	if o.parked && !b.parks {
		settle()
		o.parked = false
	}
	if b.m.t != nil {
		b.m.peak = max(b.m.peak, b.m.t.bytes())
	}
	b.last = o
	return outcome{status: o.status, count: o.count, stats: o.stats, parked: o.parked}
}

// memo returns the run's table and arrays and its last outcome.
func (b *memoBase) memo() (*memoRun, memoOutcome) { return b.m, b.last }

// settings returns a memoBase with b's settings, for a clone.
func (b *memoBase) settings() memoBase {
	return memoBase{budget: b.budget, branch: b.branch, parks: b.parks}
}

// newMemoC returns the memoized count of Algorithm C on l.
func newMemoC(l *links, budget uint64, branch Branch) *memoC {
	return &memoC{l: l, choice: make([]uint32, l.levelsC()), memoBase: memoBase{budget: budget, branch: branch}}
}

// clone returns mc on a copy of its links, with a table of its own.
func (mc *memoC) clone(m *core.Meter) (method, error) {
	return cloneOn(mc.l, m, func(l *links) method {
		return &memoC{l: l, choice: make([]uint32, len(mc.choice)), memoBase: mc.settings()}
	})
}

func (mc *memoC) cloneBytes() uint64 { return mc.l.bytes() }

// settle undoes the levels, the dead count and the forced options a
// parked run left.
func (mc *memoC) settle() {
	if mc.pend.on && !mc.l.colored {
		defer mc.l.endDead()
	}
	mc.pend.undo(mc.l, false, func(level int) { backC(mc.l, mc.choice[level]) })
}

// progress estimates the share of the count a parked run has done (see
// resumable).
func (mc *memoC) progress() float64 {
	if !mc.pend.on {
		return 1
	}
	return progressC(mc.l, mc.choice[:mc.pend.level])
}

// table returns the run's table and arrays, made on first use.
func (mc *memoC) table() *memoRun {
	if mc.m == nil {
		mc.m = newMemoRun(mc.l, len(mc.choice), mc.budget, mc.branch)
	}
	mc.m.branch = mc.branch
	return mc.m
}

func (mc *memoC) run(t *task) outcome {
	l, m := mc.l, mc.table()
	var (
		o              memoOutcome
		forced, path   = t.forced, t.path
		nf, np         int
		dead           int32
		u              uint64
		counting, fits bool
	)
	if t.resume {
		// The forced options and the dead count of the parked run hold.
		forced, path, nf, fits = mc.pend.forced, nil, len(mc.pend.forced), true
		if !l.colored {
			dead = l.deadCount()
		}
	} else {
		u, nf = l.forceAll(forced, false, nil)
		if nf == len(forced) {
			var up uint64
			up, np = l.forceAll(path, false, nil)
			u += up
		}
		if path != nil {
			u = 0 // a subproblem of a split: its prefix is the split's
		}
		if fits = nf == len(forced) && np == len(path); fits && !l.colored {
			dead = l.startDead()
		}
	}
	counting = fits && !l.colored
	if fits {
		o = mc.search(t.g, m, u, dead, t.resume)
	} else {
		o = memoOutcome{status: core.StatusExhausted, stats: core.Stats{Nodes: 1, Updates: u}} // a dead end at the root
	}
	switch {
	case o.parked && !t.resume:
		mc.pend.keep(forced, path)
	case !o.parked:
		if counting {
			l.endDead()
		}
		l.unforceAll(path, np, false)
		l.unforceAll(forced, nf, false)
	}
	return mc.finish(o, mc.settle)
}

// primaryKey sets m.key's primary part from the active primary items and
// returns its hash.
func (l *links) primaryKey(m *memoRun) uint64 {
	lay := l.memo
	clear(m.key[:lay.pwords])
	var h uint64
	ib := l.ibase
	for r := itr(ib, 0).next; r != 0; r = itr(ib, r).next {
		i := r / nodeSize
		m.key[(i-1)>>6] |= 1 << ((i - 1) & 63)
		h ^= lay.zob[i]
	}
	return h
}

// secondaryKey sets m.key's secondary part and returns its hash and the
// items it looked at (work, for the meter); bias is what the lengths of
// the secondary items hold beyond their options (secondaryBias while a
// dead count runs, else 0).
func (l *links) secondaryKey(m *memoRun, bias int32) (h, n uint64) {
	lay := l.memo
	k := m.key[lay.pwords:]
	clear(k)
	nb, ib := l.nbase, l.ibase
	head := ref(l.nitems + 1)
	base := l.nprim + 1
	per, width := int32(lay.per), lay.width
	for r := itr(ib, head).next; r != head; {
		lr := itr(ib, r)
		if lr.len > bias {
			j := int32(r/nodeSize) - base
			code := uint64(nd(nb, r).color) + 1
			k[j/per] |= code << (uint(j%per) * width)
		}
		r = lr.next
		n++
	}
	for _, w := range k {
		h = mix(h, w)
	}
	return h, n + uint64(len(k))
}

// toggleItem flips, in key and its hash ph, the bit of the primary item
// with header hr: the search covers it, or uncovers it.
func (l *links) toggleItem(hr uint32, key []uint64, ph uint64) uint64 {
	i := hr/nodeSize - 1
	key[i>>6] ^= 1 << (i & 63)
	return ph ^ l.memo.zob[i+1]
}

// toggleKey flips, in key and its hash ph, the bits of the primary items
// of option node x's option after x's own: those the option covers.
func (l *links) toggleKey(x uint32, key []uint64, ph uint64) uint64 {
	nb, pmax := l.nbase, ref(l.nprim)
	for p := range l.others(x) {
		if j := uint32(nd(nb, p).top); j <= pmax {
			ph = l.toggleItem(j, key, ph)
		}
	}
	return ph
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

// search runs the memoized count from the current state under the gauge
// g, from updates done, with dead the active primary items without options
// (without colors, where the links keep the dead count of dance_dead.go
// running: startDead), or goes on with the parked search (resume). It
// restores the state before returning, unless it stopped: then it leaves
// its levels in place (pend), with the counts of the subtrees it finished,
// and returns at once.
func (mc *memoC) search(g *gauge, m *memoRun, updates uint64, dead int32, resume bool) memoOutcome {
	m.watch(g)
	var (
		l, ch           = mc.l, mc.choice
		nb, ib          = l.nbase, l.ibase
		t, key, shared  = m.t, m.key, m.shared
		acc, vacc, ent  = m.acc, m.vacc, m.ent
		colored, second = l.colored, l.nitems > l.nprim
		first           = m.branch == BranchFirst
		bias            = int32(secondaryBias)
		level           = mc.pend.from(resume)
		workBound       = g.begin(updates)
		nodes           = g.nodes // the gauge's running total
		node0           = nodes
		scanned         uint64      // items scanned (choice of item, key) and one a node: work, with the updates
		status          core.Status // why it stopped (exhausted: it did not)
		ok              bool
		hr, x           uint32
		val             count
		vv              uint64            // the virtual nodes of the node returning val
		ph              = l.primaryKey(m) // the hash of the primary part of key (l.memo: the layout)
		xnodes, xupd    uint64            // nodes and updates of searches another worker made too (overhead)
		free            uint64            // a root another search counts (rootFree)
	)
	if colored {
		bias = 0
	}
	if len(m.dup) < len(ent) {
		m.dup = make([]bool, len(ent))
	}
	dup := m.dup

enter:
	if updates+scanned >= workBound {
		// (Every node adds at least one unit of work: see gauge.)
		if workBound, status, ok = g.poll(nodes, updates+scanned); !ok {
			goto park
		}
	}
	nodes++
	switch {
	case level > 0 && dup[level-1]:
		xnodes++
	case level == 0 && m.rootFree:
		free++ // the final search of a parallel count counts it
	}
	// Only the search of a subproblem found pending is another worker's
	// too: the subproblems it meets below are its own to reserve.
	dup[level] = false
	scanned++ // a node's one unit of work
	if itr(ib, 0).next == 0 {
		val, vv = count{lo: 1}, 1
		goto ret
	}
	{
		h := ph
		if second {
			sh, n := l.secondaryKey(m, bias)
			h, scanned = h^sh, scanned+n
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
		var n uint32
		switch {
		case !colored && dead > 0:
			best = 0
		case !colored && first:
			hr = itr(ib, 0).next
			best = itr(ib, hr).len
		case !colored:
			// No item is dead: the first of length 1 is the choice.
			best, hr, n = choose(ib, 1)
		case first:
			best, hr, n = chooseFirst(ib)
		default:
			best, hr, n = choose(ib, 0)
		}
		scanned += uint64(n)
		if best == 0 {
			val, vv = count{}, 1
			if e := ent[level]; e >= 0 {
				m.store(e, val, vv)
			}
			goto ret
		}
	}
	ph = l.toggleItem(hr, key, ph)
	{
		u, d := l.coverDead(hr)
		updates, dead = updates+u, dead+d
		if dup[level] {
			xupd += u
		}
	}
	acc[level], vacc[level] = count{}, 0
	x = nd(nb, hr).down

try:
	if x == hr {
		dead += l.uncoverDead(hr)
		ph = l.toggleItem(hr, key, ph)
		val, vv = acc[level], addSat(vacc[level], 1)
		if e := ent[level]; e >= 0 {
			m.store(e, val, vv)
		}
		goto ret
	}
	ch[level] = x
	ph = l.toggleKey(x, key, ph)
	{
		u, d := l.coverOthersDead(x)
		updates, dead = updates+u, dead+d
		if dup[level] {
			xupd += u
		}
	}
	level++
	goto enter

ret:
	if level == 0 {
		g.nodes = nodes
		return memoOutcome{status: status, count: val, stats: core.Stats{Nodes: nodes - node0 - xnodes - free, Updates: updates - xupd},
			virtual: vv, over: core.Stats{Nodes: xnodes, Updates: xupd}}
	}
	level--
	acc[level] = acc[level].add(val)
	vacc[level] = addSat(vacc[level], vv)
	x = ch[level]
	dead += l.uncoverOthersDead(x)
	ph = l.toggleKey(x, key, ph)
	hr = uint32(nd(nb, x).top)
	x = nd(nb, x).down
	goto try

park:
	g.nodes = nodes
	return mc.park(level, status, core.Stats{Nodes: nodes - node0 - xnodes - free, Updates: updates - xupd}, core.Stats{Nodes: xnodes, Updates: xupd})
}
