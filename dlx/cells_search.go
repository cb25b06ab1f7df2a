package dlx

import (
	"math"
	"slices"
	"unsafe"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx/internal/dance"
	"github.com/coverkit/coverkit/dlx/internal/sparse"
)

// The dancing-cells search. Its hot steps (package sparse: the choice of
// an option, the hiding of a branching item's options) read the arrays
// through base pointers held in one block, sparse.Kern: every index they
// use is an offset or a node that the arrays were built to hold, and the
// bounds checks of the slices cost about a fifth of the time.

// u32 returns the address of the uint32 at index i of the array at p.
func u32(p unsafe.Pointer, i uint32) *uint32 { return (*uint32)(unsafe.Add(p, uintptr(i)*4)) }

// cellsOn32 is cellsOn as the search reads it.
type cellsOn32 struct{ itm, nxt uint32 }

// on32 returns the address of node y of the array at p.
func on32(p unsafe.Pointer, y uint32) *cellsOn32 {
	return (*cellsOn32)(unsafe.Add(p, uintptr(y)*8))
}

// cellsOutcome is what a dancing-cells search reports.
type cellsOutcome struct {
	Status    core.Status
	Solutions uint64
	Stats     core.Stats
	// DeadEnds counts the options abandoned because they left an item
	// without options: with the canonical tree, the links engine's nodes
	// are Nodes + DeadEnds.
	DeadEnds uint64
	// Parked: the search stopped at a poll with its state in place
	// (c.loop, c.k, the arrays), for a run with task.resume to go on.
	Parked bool
}

// search runs the dancing-cells search from the state prepare left, with
// t.rec.sol holding the options forced and replayed, under the gauge t.g:
// Knuth's SSXCC (Algorithm 7.2.2.1C on sparse sets), breaking ties as
// c.tree says. It counts the solutions, passes each to t.rec and t.visit
// (which may stop the search), stops after t.limit solutions (0: none),
// and at level t.cut (−1: none) hands the options chosen to t.onPrefix
// instead of going deeper. Stopped at a poll (a stop, the node budget, a
// slice of auto's race), it parks: its state stays in place, and with
// t.resume the next search goes on from there, counting only what it
// does itself.
//
// The stacks cannot overflow: a level covers a primary item, so there are
// at most nprim levels. Sizes only shrink between the restores of a
// branching level, which start its forced stack afresh (try), and each
// primary item goes on it at most twice there: once at one option (when
// its set shrinks from two options to one, or by the branching level's
// hiding or the root's scan that finds it with one) and once at none
// (sparse.CoverPlainGo). The branching levels' own entries (bforce) are
// at most nprim: an item's set shrinks to one option once.
func (c *cells) search(t *task) cellsOutcome {
	// The loop keeps its state in c.loop and c.k, behind one pointer each:
	// held in local variables, the Go compiler shuffled some twenty of
	// them between registers and stack slots wherever paths of the loop
	// meet (forty instructions an option tried).
	k, r := &c.k, &c.loop
	var (
		ok bool
		st core.Status
	)
	if t.resume {
		// Go on where the parked search stopped, at the poll of a node
		// not yet entered, with counters of this run's own.
		c.pend.on = false
		r.nodes, r.first, r.work, r.count, r.deadEnds, r.status = t.g.nodes, t.g.nodes, 0, 0, 0, core.StatusExhausted
		k.Upd = 0
		r.workBound = t.g.begin(0)
		goto forward
	}
	c.bforce = c.bforce[:0] // (a parked search's, if any)
	k.Knuth = c.tree == cellsKnuth
	k.Upd = 0 // (what prepare's forced options did is not counted)
	*r = cellsRun{nodes: t.g.nodes, first: t.g.nodes, colored: c.clr != nil, asm: c.kernel == dance.Asm, status: core.StatusExhausted}
	if c.badItem() {
		// An active primary item without options leaves no search (SSXCC's
		// "bad item"): a dead end at the root.
		return cellsOutcome{Status: r.status, DeadEnds: 1}
	}
	r.workBound = t.g.begin(0)

forward:
	if k.Upd+r.work >= r.workBound {
		// (Every node adds at least one unit of work: see gauge.)
		if r.workBound, st, ok = t.g.poll(r.nodes, k.Upd+r.work); !ok {
			r.status = st
			c.pend.on = true
			t.g.nodes = r.nodes
			return cellsOutcome{Status: r.status, Solutions: r.count, DeadEnds: r.deadEnds, Parked: true,
				Stats: core.Stats{Nodes: r.nodes - r.first, Updates: k.Upd}}
		}
	}
	if r.level == t.cut {
		// (Polled above: a split spends most of its time at the cut.)
		t.prefix(c, r.level, core.Stats{Nodes: r.nodes - r.first, Updates: k.Upd})
		goto backup
	}
	r.nodes++
	r.work++
	// A forced move: the top of the stack (with Knuth's tree the last one
	// met, with the canonical tree the first in input order) that is
	// still active.
	if k.NF > 0 && c.popForced(r) {
		c.force1Level(r)
		goto advance
	}
	switch c.choose(r) {
	case chooseForced:
		c.force1Level(r)
	case chooseSolution:
		r.count++
		if t.keeps() && !t.solution(c, r.level) || r.count == t.limit {
			r.status = core.StatusFound
			goto done
		}
		goto backup
	default:
		c.branch(r)
	}

advance:
	if c.try(r) {
		r.level++
		goto forward
	}
	r.deadEnds++

abort:
	if r.branching && c.next(r) {
		goto advance
	}

backup:
	// Back to the last branching level: a forced move has no other
	// option, and its level nothing to undo (the branching level's next
	// restores the sizes).
	if lb := c.lastb[r.level]; lb >= 0 {
		r.level = int(lb)
		c.back(r)
		goto abort
	}
	goto done

done:
	c.bforce = c.bforce[:0]
	t.g.nodes = r.nodes
	return cellsOutcome{Status: r.status, Solutions: r.count, DeadEnds: r.deadEnds,
		Stats: core.Stats{Nodes: r.nodes - r.first, Updates: k.Upd}}
}

// cellsRun is the state of a search's loop (see search).
type cellsRun struct {
	level           int
	nodes, first    uint64 // the gauge's node total, and as it was at the start
	work, workBound uint64 // items scanned and nodes (with the updates: the meter's work), and the next poll's
	count, deadEnds uint64
	best            uint32 // the item of this level
	choice          uint32 // the place in best's set of the option tried
	saveptr         int32  // the saved sizes in use
	branching       bool   // this level saved the sizes: best had options to choose from
	colored         bool
	asm             bool // the assembly kernel (sparse.CoverPlain)
	status          core.Status
}

// The outcomes of choose.
const (
	chooseBranch = iota
	chooseForced
	chooseSolution
)

// choose chooses the item of a node whose forced stack is empty (SSXCC's
// choice: the item with the fewest options, the first in input order on
// ties), and says whether it is a forced move, a branching, or no item is
// left (a solution). With Knuth's tree, items with one option left
// (SSXCC's scan pushes them in the order of the item list, and takes the
// last) can only be at the root (where the whole list is scanned) or
// among those the last branching level's hiding left with one option
// (bforce from bstart[lb]): the checked hiding below it pushed every
// other one, and each was taken or left inactive. With the canonical
// tree they are all on the forced stack (prepare, and the hiding below
// it). Otherwise no active item has fewer than two options (sparse.Scan).
func (c *cells) choose(r *cellsRun) int {
	k := &c.k
	var size, scanned uint32
	lb := c.lastb[r.level]
	switch {
	case r.level == 0 && k.Knuth:
		r.best, size = sparse.Choose(k)
		scanned = k.Active
	case k.Knuth && lb >= 0 && c.pushLeft(k, c.bforce[c.bstart[lb]:]):
	default:
		r.best, size, scanned = sparse.Scan(k, c.prim)
	}
	r.work += uint64(scanned)
	if k.NF > 0 && c.popForced(r) {
		return chooseForced
	}
	if size == math.MaxUint32 {
		return chooseSolution
	}
	return chooseBranch
}

// branch makes r.best the branching item of this level: it hides its
// options, saves the sizes of the items left active, and starts with its
// first option (in input order with the canonical tree).
func (c *cells) branch(r *cellsRun) {
	k := &c.k
	sparse.SwapOut(k, r.best)
	c.bstart[r.level] = int32(len(c.bforce))
	sparse.HideBranch(k, r.best, &c.bforce)
	if !k.Knuth {
		c.sortSet(int32(r.best))
	}
	r.choice = r.best
	if n := int(r.saveptr) + int(k.Active); n > len(c.save) {
		c.save = slices.Grow(c.save, n-len(c.save))
		c.save = c.save[:cap(c.save)]
	}
	saveSizes(k, c.save[r.saveptr:r.saveptr+int32(k.Active)])
	r.saveptr += int32(k.Active)
	c.saved[r.level+1] = r.saveptr
	c.savedPrim[r.level+1] = k.APrim
	c.lastb[r.level+1] = int32(r.level)
	r.branching = true
}

// force1Level makes r.best, which has one option left, the item of a
// forced move at this level. Knuth hides the option from its other items
// first; the canonical tree only counts those updates (try adds them: the
// items go inactive at once, and their order does not matter to it), and
// the hiding in try passes over the option.
func (c *cells) force1Level(r *cellsRun) {
	k := &c.k
	sparse.SwapOut(k, r.best)
	if k.Knuth {
		sparse.HideBranch(k, r.best, nil)
	}
	r.choice = r.best
	c.saved[r.level+1] = r.saveptr
	c.lastb[r.level+1] = c.lastb[r.level]
	r.branching = false
}

// try chooses the option at place r.choice of r.best's set at this level,
// and reports whether it leaves every active primary item an option.
func (c *cells) try(r *cellsRun) bool {
	k := &c.k
	cur := uint32(c.set[r.choice])
	c.choice[r.level] = int32(cur)
	if r.branching && !k.Knuth {
		src := c.bforce[c.bstart[r.level]:]
		dst := c.force[:len(src)]
		//lint:ignore S1001 a few entries: a loop, not a call of memmove (bdf3dcc)
		for i, x := range src {
			dst[i] = x
		}
		k.NF = uint32(len(src))
	}
	before := k.Upd
	var ok bool
	switch {
	case r.colored:
		ok = sparse.CoverColored(k, cur)
	case r.asm:
		ok = sparse.CoverPlainAsm(k, cur) // (sparse.CoverPlain, without its call)
	default:
		ok = sparse.CoverPlainGo(k, cur)
	}
	switch {
	case !ok:
		k.NF = 0
		if !k.Knuth {
			// An option dropped: its updates, which depend on the order
			// of the sets, are the meter's work only.
			r.work += k.Upd - before
			k.Upd = before
		}
	case !r.branching && !k.Knuth:
		k.Upd += uint64(k.Swaps) // the forced option's hide (see force1Level)
	}
	return ok
}

// next moves to the next option of this branching level's item,
// restoring the sizes the level saved, and reports whether there is one;
// if not, it drops what the level pushed on bforce.
func (c *cells) next(r *cellsRun) bool {
	k := &c.k
	if r.choice+1 >= r.best+uint32(c.set[r.best-1]) {
		c.bforce = c.bforce[:c.bstart[r.level]]
		return false
	}
	r.saveptr = c.saved[r.level+1]
	k.Active = uint32(r.saveptr - c.saved[r.level])
	k.APrim = c.savedPrim[r.level+1]
	restoreSizes(k, c.save[r.saveptr-int32(k.Active):r.saveptr])
	r.choice++
	return true
}

// back returns to this level, a branching level (search backs up past
// the forced moves), after its option's subtree: its item and the option
// tried.
func (c *cells) back(r *cellsRun) {
	cur := uint32(c.choice[r.level])
	r.best = on32(c.k.On, cur).itm
	r.choice = uint32(c.loc[cur])
	r.branching = true
}

// badItem reports whether an active primary item has no options at the
// root: with Knuth's tree by a scan of the active items; with the
// canonical tree, such an item is one as built or on the forced stack
// (see prepare).
func (c *cells) badItem() bool {
	k := &c.k
	if !k.Knuth {
		if c.empty {
			return true
		}
		for _, x := range c.force[:k.NF] {
			if uint32(c.set[x-2]) < k.Active && c.set[x-1] == 0 {
				return true
			}
		}
		return false
	}
	for _, x := range c.item[:k.Active] {
		if x < c.second && c.set[x-1] == 0 {
			return true
		}
	}
	return false
}

// popForced takes from the forced stack the item of a forced move into
// r.best, and reports whether there was one: with Knuth's tree the top
// one still active, with the canonical tree the active one with the least
// offset (the first in input order), leaving the other active ones.
func (c *cells) popForced(r *cellsRun) bool {
	k := &c.k
	if k.Knuth {
		for k.NF > 0 {
			k.NF--
			if r.best = *u32(k.Force, k.NF); *u32(k.Set, r.best-2) < k.Active {
				return true
			}
		}
		return false
	}
	// One pass without a branch but the loop's: each entry is kept (the
	// write of an inactive one is overwritten by the next) and counted if
	// active, and the least active one's key (its offset; all ones if
	// inactive) and place are kept by conditional moves.
	set, fp, active := k.Set, k.Force, k.Active
	n, at, best := uint32(0), uint32(0), uint32(math.MaxUint32)
	for i := range k.NF {
		x := *u32(fp, i)
		on := uint32(int32(*u32(set, x-2)-active) >> 31) // all ones if active
		if key := x | ^on; key < best {
			best, at = key, n
		}
		*u32(fp, n) = x
		n += on & 1
	}
	if n == 0 {
		k.NF = 0
		return false
	}
	*u32(fp, at) = *u32(fp, n-1)
	k.NF = n - 1
	r.best = best
	return true
}

// pushLeft pushes on the forced stack the items of left (those a
// branching level's hiding left with one option) that are still active
// with one option, in the order of their places in the item list, as
// SSXCC's scan would: it reports whether there was one.
func (c *cells) pushLeft(k *sparse.Kern, left []int32) bool {
	set := c.set
	n := 0
	for _, x := range left {
		if uint32(set[x-2]) < k.Active && set[x-1] == 1 {
			c.force[n] = x
			n++
		}
	}
	f := c.force[:n]
	slices.SortFunc(f, func(a, b int32) int { return int(set[a-2] - set[b-2]) })
	k.NF = uint32(n)
	return n > 0
}

// saveSizes saves the sizes of the first len(save) active items.
func saveSizes(k *sparse.Kern, save []cellsSave) {
	set, item := k.Set, k.Item
	for p := range save {
		x := *u32(item, uint32(p))
		save[p] = cellsSave{int32(x), int32(*u32(set, x-1))}
	}
}

// restoreSizes restores the sizes saveSizes saved.
func restoreSizes(k *sparse.Kern, save []cellsSave) {
	set := k.Set
	for _, e := range save {
		*u32(set, uint32(e.x)-1) = uint32(e.size)
	}
}

// sortSet puts item x's active options in input order (node order).
func (c *cells) sortSet(x int32) {
	s := c.set[x : x+c.set[x-1]]
	slices.Sort(s)
	for i, y := range s {
		c.loc[y] = x + int32(i)
	}
}

// chosen appends the options chosen at the levels below level to r.sol
// and returns its length before.
func (c *cells) chosen(r *record, level int) int {
	base := len(r.sol)
	for _, y := range c.choice[:level] {
		r.sol = append(r.sol, c.option(y))
	}
	return base
}
