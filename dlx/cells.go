package dlx

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"unsafe"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx/internal/dance"
	"github.com/coverkit/coverkit/dlx/internal/sparse"
	"github.com/coverkit/coverkit/resource"
)

// Dancing cells: Knuth's sparse-set representation of an exact cover
// problem with colors (his program SSXCC, TAOCP pre-fascicle 7A), the
// engine's second representation beside the links.
//
// Every item x owns a stretch of one int32 array, set: set[x−2] is its
// position in item, the list of items (the first active of them are
// active), set[x−1] its size, and set[x … x+size−1] the nodes of its
// active options. An item is named by that offset x everywhere, so items
// compare in input order as their offsets do. Every option is a run of
// nodes, each holding its item's offset (on[y].itm), the next node of its
// option (on[y].nxt, the first after the last) and its own place in that
// item's set (loc[y]). Removing an option from a set swaps it with the
// set's last active entry and shortens the set; nothing is linked, and a
// search reads contiguous memory. Backing up does not undo the swaps: a
// branching level saves the sizes of the items active there and restores
// them (Christine Solnon's idea, which SSXCC took), so the sets come back
// as sets, their order changed.
//
// A level whose item has one option left (a forced move) saves nothing,
// since backing up never returns to it, and an item whose set shrinks to
// one option goes on a stack of forced moves, so that most forced moves
// need no scan of the items.

// cellsOn is the read-only part of a node: its item's offset and the next
// node of its option. Node 0 and the node after each option are spacers
// (0, 0), never read by a search.
type cellsOn struct {
	itm, nxt int32
}

// A cellTree says how the dancing-cells search breaks the ties that the
// rule "the item with the fewest options" leaves.
type cellTree uint8

const (
	// cellsCanonical branches on an item the path from the root alone
	// determines: of the items with one option left, the first in input
	// order; otherwise the item with the fewest options, the first such
	// one in input order; and it tries an item's options in input order.
	// An option that leaves an item without options is abandoned at once,
	// and its updates are not counted. Its nodes, updates and solutions are a
	// function of the node, not of the order in which earlier subtrees
	// left the sets, so a search split into subtrees (several workers,
	// units) counts what one search counts. Its tree is Algorithm C's, the
	// links engine's, with the dead ends cut: the links visit as many nodes
	// as the cells visit nodes and dead ends.
	cellsCanonical cellTree = iota
	// cellsKnuth is Knuth's SSXCC exactly: forced moves come off a stack in
	// the order the search met them, options are tried in the order their
	// set holds them, and an option is abandoned at the first item it
	// leaves without options. Nodes, updates and solutions equal his
	// program's on the same input; they depend on the order in which
	// earlier subtrees left the sets, so this tree is searched on one
	// goroutine only.
	cellsKnuth
)

// cellsSave is an entry of the stack of saved sizes.
type cellsSave struct{ x, size int32 }

// cells is the dancing-cells engine for one problem: the arrays as built
// (set0, loc0) and the working arrays a search changes.
type cells struct {
	set  []int32
	item []int32
	on   []cellsOn
	loc  []int32
	clr  []int32 // each node's color (0: none); nil in a problem without colors

	setp, itemp, onp, locp, clrp unsafe.Pointer // &set[0], …

	second int32 // offsets below second are primary items
	nitems int32
	nprim  int32

	// As built: the sets in input order and each node's place.
	set0 []int32
	loc0 []int32

	nopts   int     // options of the Problem
	optNode []int32 // the first node of each option, 0 for one left out (no primary item)
	optOf   []int32 // the option of each node (0-based, as in the Problem)

	// active is the number of active items when a search starts (set by
	// prepare).
	active int32

	// The search's stacks: the node chosen at each level, where each
	// level's saved sizes end, the saved sizes, the forced moves; with the
	// canonical tree, the items each branching level's own hiding left
	// with one option, and where each level's entries begin.
	choice []int32
	saved  []int32
	save   []cellsSave
	force  []int32
	bforce []int32
	bstart []int32
	// lastb[level] is the last branching level above level (−1: none).
	lastb []int32
	// savedPrim[level+1] is the active primary items a branching level
	// saved; aprim, those prepare left.
	savedPrim []uint32
	aprim     uint32
	// prim is the primary items in input order (item0[:nprim]).
	prim []int32

	// Scratch of prepare: the color each item (by its place in input
	// order) is covered with by the forced options (−1: without color),
	// valid where covAt holds the preparation's epoch; deadAt marks the
	// options they rule out likewise.
	cov    []int32
	covAt  []uint32
	deadAt []uint32
	epoch  uint32

	item0 []int32 // the item list as built: every item, in input order
	// ones is the primary items with one option as built; empty, whether
	// a primary item has none.
	ones  []int32
	empty bool

	// reduced: the last preparation left options out of their items'
	// stretches of set (reduce with forced options).
	reduced bool

	// tree is the tie-breaking of the searches (Options.Branch).
	tree cellTree

	// pend is a search a stop left in place (parked, see search): the
	// options it forced and replayed. Nothing of it needs undoing (the
	// next run prepares the arrays afresh); a run with task.resume goes
	// on with it.
	pend pending

	// k is the state of the search under way that its hot steps share;
	// loop, the rest of its loop's.
	k    sparse.Kern
	loop cellsRun
	// kernel runs the choice of an option without colors (package
	// sparse: assembly on amd64), chosen as the links' (dance.Resolve).
	kernel dance.Kernel
}

// errCellsBounds is the error of a problem with multiplicities.
var errCellsBounds = core.Wrap(core.ErrUnsupported,
	"dlx: dancing cells solve exact cover with colors (XCC); multiplicities (bounds other than 1..1) run on the links (Algorithm M)")

// newCells builds the dancing-cells arrays of the problem the links l
// hold (settled: as newLinks built them), polling m (nil: none) by the
// entries written. The items keep the links' internal order (the primary
// items, then the secondary ones, each in input order) and the options
// their input order; options without a primary item are never chosen, and
// SSXCC leaves them out, as do the cells.
func newCells(m *core.Meter, l *links) (*cells, error) {
	if l == nil {
		return nil, errors.New("dlx: no links to build the cells from")
	}
	if l.multi {
		return nil, errCellsBounds
	}
	poll := pollBuild(m, "building the cells")
	if err := poll(0); err != nil {
		return nil, err
	}
	n := int(l.nitems)
	nopt := len(l.optNode)
	nodes := l.nodes
	// count[h] is the options of internal item h (1-based) that are kept;
	// entries and kept count the nodes and options.
	count := make([]int32, n+1)
	var entries, kept int64
	q := n + 1 // the spacer before option 0
	for k := range nopt {
		for q++; nodes[q].top > 0; q++ {
			if l.optNode[k] != 0 {
				count[nodes[q].top/int32(nodeSize)]++
				entries++
			}
		}
		if l.optNode[k] != 0 {
			kept++
		}
	}
	setLen := 2 + 2*int64(n) + entries
	total := 1 + entries + kept
	if setLen > math.MaxInt32/2 || total > math.MaxInt32/2 {
		return nil, fmt.Errorf("dlx: %d entries are more than the cells address: %w", entries, resource.ErrTooLarge)
	}
	// set, set0; on, loc, loc0, optOf, clr; the stacks (about 4 words an item).
	need := resource.Bytes(uint64(setLen), 8) + resource.Bytes(uint64(total), 8+4+4+4+4) + resource.Bytes(uint64(n), 32)
	if err := resource.Check(fmt.Sprintf("dlx: the cells of %d entries", entries), need); err != nil {
		return nil, err
	}
	c := &cells{
		nitems:  int32(n),
		nprim:   l.nprim,
		nopts:   nopt,
		optNode: make([]int32, nopt),
		set0:    make([]int32, setLen),
		item:    make([]int32, n),
		on:      make([]cellsOn, total),
		loc0:    make([]int32, total),
		optOf:   make([]int32, total),
	}
	if l.colored {
		c.clr = make([]int32, total)
	}
	// Each item's stretch of set: its header and room for all its options.
	off := make([]int32, n+1) // the offset of internal item h
	x := int32(2)
	for h := 1; h <= n; h++ {
		if h == int(l.nprim)+1 {
			c.second = x
		}
		off[h] = x
		c.set0[x-2] = int32(h - 1)
		x += count[h] + 2
	}
	if l.nprim == l.nitems {
		c.second = x
	}
	y := int32(0) // the spacer before the option being written
	q = n + 1     // the links' spacer before option k
	for k := range nopt {
		if err := poll(uint64(y)); err != nil {
			return nil, err
		}
		first := y + 1
		keep := l.optNode[k] != 0
		if keep {
			c.optNode[k] = first
		}
		for q++; nodes[q].top > 0; q++ {
			if !keep {
				continue
			}
			y++
			x := off[nodes[q].top/int32(nodeSize)]
			at := x + c.set0[x-1]
			c.set0[x-1]++
			c.set0[at] = y
			c.loc0[y] = at
			c.on[y] = cellsOn{itm: x, nxt: y + 1}
			c.optOf[y] = int32(k)
			if c.clr != nil {
				c.clr[y] = nodes[q].color
			}
		}
		if keep {
			c.on[y].nxt = first
			y++
		}
	}
	c.set = slices.Clone(c.set0)
	c.loc = slices.Clone(c.loc0)
	c.cov = make([]int32, n)
	c.covAt = make([]uint32, n)
	c.deadAt = make([]uint32, nopt)
	c.item0 = make([]int32, n)
	for h, x := 1, int32(2); h <= n; h++ {
		c.item0[h-1] = x
		x += 2 + count[h]
	}
	copy(c.item, c.item0)
	c.prim = c.item0[:c.nprim]
	for _, x := range c.prim {
		switch c.set0[x-1] {
		case 0:
			c.empty = true
		case 1:
			c.ones = append(c.ones, x)
		}
	}
	levels := int(c.nprim) + 1 // each level covers a primary item
	c.choice = make([]int32, levels)
	c.saved = make([]int32, levels+1)
	c.bstart = make([]int32, levels)
	c.lastb = make([]int32, levels+1)
	c.lastb[0] = -1
	c.savedPrim = make([]uint32, levels+1)
	// The forced stack holds at most twice the primary items, and the
	// hiding writes one entry past its top (see search).
	c.force = make([]int32, 2*int(c.nprim)+4)
	c.bforce = make([]int32, 0, 2*int(c.nprim)+4) // (as the forced stack: see HideBranch)
	c.kernel = dance.Resolve(dance.Auto)
	c.bases()
	return c, nil
}

// kern sets k for a search from the state prepare left: the arrays' bases,
// the active items, an empty forced stack, no updates.
func (c *cells) kern(k *sparse.Kern) {
	*k = sparse.Kern{Set: c.setp, Loc: c.locp, On: c.onp, Item: c.itemp, Clr: c.clrp,
		Force: unsafe.Pointer(unsafe.SliceData(c.force)), Second: uint32(c.second), Active: uint32(c.active),
		APrim: c.aprim, Asm: c.kernel == dance.Asm}
}

// bases sets the base pointers of the arrays a search reads.
func (c *cells) bases() {
	c.setp = unsafe.Pointer(unsafe.SliceData(c.set))
	c.itemp = unsafe.Pointer(unsafe.SliceData(c.item))
	c.onp = unsafe.Pointer(unsafe.SliceData(c.on))
	c.locp = unsafe.Pointer(unsafe.SliceData(c.loc))
	c.clrp = unsafe.Pointer(unsafe.SliceData(c.clr))
}

// The cells as a method of the driver (method.go).

// run solves the subproblem t names: the problem that remains once
// t.forced and t.path are chosen (prepare), searched from there. Nothing
// is counted for the options forced or replayed, and nothing is left to
// undo: the next run prepares the arrays afresh. Forced options that
// clash leave no solution, with no node searched.
//
// With t.resume it goes on with the search the last run parked (see
// search), or reports exhausted if none is parked.
func (c *cells) run(t *task) outcome {
	r := t.rec
	var s cellsOutcome
	switch {
	case t.resume && !c.pend.on:
		return outcome{status: core.StatusExhausted}
	case t.resume:
		r.sol = append(r.sol[:0], c.pend.forced...)
		s = c.search(t)
	default:
		c.pend.on = false
		r.sol = append(append(r.sol[:0], t.forced...), t.path...)
		if !c.prepare(r.sol) {
			r.sol = r.sol[:0]
			return outcome{status: core.StatusExhausted}
		}
		if s = c.search(t); s.Parked {
			c.pend.keep(t.forced, t.path)
		}
	}
	r.sol = r.sol[:0]
	return outcome{status: s.Status, count: count{lo: s.Solutions}, stats: s.Stats, parked: s.Parked}
}

// cellsReady reports whether the dancing cells can search the problem
// (no multiplicities, and their arrays built under the resource policy),
// building them if need be.
func (s *Solver) cellsReady(ctx context.Context) bool {
	if s.l.multi {
		return false
	}
	if s.cl == nil {
		cl, err := newCells(core.NewMeter(ctx, nil), s.l)
		if err != nil {
			return false
		}
		s.cl = cl
	}
	return true
}

// CellsPay reports whether the dancing cells (MethodCells) should list
// the solutions of the subproblem of the options forced (0-based) in
// Algorithm C's place, as Count with MethodAuto counts with them in its
// place: wherever they can (docs/benchmarks.md, issue 34: their canonical
// tree is Algorithm C's with the dead ends cut, and they take from 0.6 to
// 1.0 of its time on every instance measured). Solve with MethodAuto
// lists with the links; a caller that visits every solution can ask this
// first and pass MethodCells (both list the same solutions in the same
// order). It is false, with no error, where the cells cannot solve the
// problem (multiplicities) or cannot be built (the resource policy, or
// ctx stopped); an error is a nil Solver or a forced option out of range
// or without a primary item.
func (s *Solver) CellsPay(ctx context.Context, forced []int) (bool, error) {
	if s == nil || s.l == nil {
		return false, errNilSolver
	}
	if err := s.l.checkForced(forced); err != nil {
		return false, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	return s.cellsReady(ctx), nil
}

// settle drops a parked search: nothing in place needs undoing, since
// the next run prepares the arrays afresh.
func (c *cells) settle() { c.pend.on = false }

// progress estimates the share of the tree a parked search has searched
// (see resumable): at each level the place of the option tried in its
// item's set, whose size stays the level's degree while the item is
// inactive below it.
func (c *cells) progress() float64 {
	if !c.pend.on {
		return 1
	}
	p, w := 0.0, 1.0
	for _, y := range c.choice[:c.loop.level] {
		x := c.on[y].itm
		p, w = position(p, w, int(c.loc[y]-x), int(c.set[x-1]))
	}
	return p
}

// cloneChunkCells is how many int32 clone copies between polls of its
// meter (64 MiB).
const cloneChunkCells = 1 << 24

// clone returns c on copies of its working arrays (the arrays as built
// are only read, and shared), polling m (nil: none) as it copies.
func (c *cells) clone(m *core.Meter) (method, error) {
	d := *c
	var work uint64
	cp := func(a []int32) ([]int32, error) {
		b := make([]int32, len(a))
		for i := 0; i < len(a); i += cloneChunkCells {
			if m != nil {
				if _, ok := m.Check(work); !ok {
					return nil, stoppedError(m, "copying the cells")
				}
			}
			work += uint64(copy(b[i:], a[i:min(i+cloneChunkCells, len(a))]))
		}
		return b, nil
	}
	var err error
	if d.set, err = cp(c.set); err != nil {
		return nil, err
	}
	if d.loc, err = cp(c.loc); err != nil {
		return nil, err
	}
	d.item = slices.Clone(c.item)
	d.choice = make([]int32, len(c.choice))
	d.saved = make([]int32, len(c.saved))
	d.bstart = make([]int32, len(c.bstart))
	d.lastb = make([]int32, len(c.lastb))
	d.lastb[0] = -1
	d.savedPrim = make([]uint32, len(c.savedPrim))
	d.save = nil
	d.force = make([]int32, len(c.force))
	d.bforce = make([]int32, 0, cap(c.bforce))
	d.cov = make([]int32, len(c.cov))
	d.covAt = make([]uint32, len(c.covAt))
	d.deadAt = make([]uint32, len(c.deadAt))
	d.epoch = 0
	d.pend = pending{}
	d.k = sparse.Kern{}
	d.bases()
	return &d, nil
}

// cloneBytes is about the memory a clone takes: the working arrays and
// the stacks.
func (c *cells) cloneBytes() uint64 {
	return 4 * uint64(len(c.set)+len(c.loc)+len(c.item)+len(c.choice)+len(c.saved)+len(c.force)+2*len(c.cov)+len(c.deadAt))
}

// option returns the Problem index of the option holding node y.
func (c *cells) option(y int32) int { return int(c.optOf[y]) }

// prepare sets the working arrays to the problem that remains once the
// options in forced are chosen, the items they cover inactive and the
// options they rule out gone, and returns false if the forced options
// clash, which leaves no solution. For Knuth's tree every set must be in
// input order, as if that problem were the input (reduce); the canonical
// tree, whose searches do not depend on the order of the sets, restores
// the sizes only and chooses the forced options as its levels choose
// options (restore, force), at a cost in proportion to the items and what
// the forced options rule out rather than to the whole problem.
//
// It leaves c.k set for the search. With the canonical tree the forced
// stack then holds every primary item that has one option left and is
// active (the items with one option as built, and those the forced
// options left with at most one), with others, inactive or (a dead end)
// without options, so that the search needs no scan of the items at its
// root.
func (c *cells) prepare(forced []int) bool {
	k := &c.k
	if c.tree == cellsKnuth {
		ok := c.reduce(forced)
		c.kern(k)
		return ok
	}
	c.restore()
	c.kern(k)
	k.NF = uint32(copy(c.force, c.ones))
	for _, o := range forced {
		if !c.force1(c.optNode[o]) {
			return false
		}
	}
	return true
}

// restore makes every item active with all its options. A search only
// swaps nodes within their item's stretch of set, so each stretch holds
// all its item's options, in some order, whatever searches ran before,
// unless reduce left out some (reduced): then the arrays as built are
// copied.
func (c *cells) restore() {
	if c.reduced {
		copy(c.set, c.set0)
		copy(c.loc, c.loc0)
		copy(c.item, c.item0)
		c.reduced = false
		c.active, c.aprim = c.nitems, uint32(c.nprim)
		return
	}
	sp, s0 := c.setp, unsafe.Pointer(unsafe.SliceData(c.set0))
	for _, x := range c.item0 {
		*u32(sp, uint32(x)-1) = *u32(s0, uint32(x)-1)
	}
	c.active, c.aprim = c.nitems, uint32(c.nprim)
}

// force1 chooses the option of node y as a level of the canonical tree
// does (search: a primary item of it made inactive, its options hidden,
// then the option covered; without colors, in one call of the cover with
// Kern.From, which leaves the option itself in its items' sets), on c.k,
// pushing on its forced stack what the hiding pushes (see prepare). It
// returns false if the option is ruled out by one chosen before (then it
// changes nothing) or leaves a primary item without options: either way
// there is no solution.
func (c *cells) force1(y int32) bool {
	set, loc, on := c.set, c.loc, c.on
	// Ruled out: one of its primary items is inactive, or that item's set
	// no longer holds it.
	z0 := int32(-1)
	for z := y; ; {
		if x := on[z].itm; x < c.second {
			if set[x-2] >= c.active || loc[z] >= x+set[x-1] {
				return false
			}
			z0 = z
		}
		if z = on[z].nxt; z == y {
			break
		}
	}
	k := &c.k
	var ok bool
	if c.clr == nil {
		// One call: the cover takes z0's own item too (Kern.From).
		k.From = true
		ok = sparse.CoverPlain(c.kernel == dance.Asm, k, uint32(z0))
		k.From = false
	} else {
		x0 := uint32(on[z0].itm)
		sparse.SwapOut(k, x0)
		f := c.force[:k.NF]
		sparse.HideBranch(k, x0, &f)
		k.NF = uint32(len(f))
		ok = sparse.CoverColored(k, uint32(z0))
	}
	c.active, c.aprim = int32(k.Active), k.APrim
	return ok
}

// reduce is prepare for Knuth's tree: without forced options it copies
// the arrays as built; with some it writes each active item's set afresh,
// marking the items covered and the options ruled out with the number of
// this preparation (epoch) instead of clearing marks.
func (c *cells) reduce(forced []int) bool {
	if len(forced) == 0 {
		copy(c.set, c.set0)
		copy(c.loc, c.loc0)
		copy(c.item, c.item0)
		c.active, c.aprim = c.nitems, uint32(c.nprim)
		c.reduced = false
		return true
	}
	c.reduced = true
	c.epoch++
	if c.epoch == 0 {
		clear(c.covAt)
		clear(c.deadAt)
		c.epoch = 1
	}
	e := c.epoch
	set0, on, clr := c.set0, c.on, c.clr
	// The items the forced options cover, with the color each is covered
	// with (−1: none); two options that cover an item unless with one
	// color clash.
	for _, k := range forced {
		y := c.optNode[k]
		for z := y; ; {
			o := set0[on[z].itm-2] // the item's place in input order
			col := int32(-1)
			if clr != nil && clr[z] != 0 {
				col = clr[z]
			}
			if c.covAt[o] == e {
				if c.cov[o] != col || col == -1 {
					return false
				}
			} else {
				c.covAt[o], c.cov[o] = e, col
			}
			if z = on[z].nxt; z == y {
				break
			}
		}
	}
	// The options they rule out: those in a covered item's set, but for
	// those of a secondary item's color.
	dead := unsafe.Pointer(unsafe.SliceData(c.deadAt))
	opt := unsafe.Pointer(unsafe.SliceData(c.optOf))
	s0 := unsafe.Pointer(unsafe.SliceData(set0))
	for _, k := range forced {
		c.deadAt[k] = e
		y := c.optNode[k]
		for z := y; ; {
			x := uint32(on[z].itm)
			end := x + *u32(s0, x-1)
			if cv := c.cov[set0[x-2]]; cv == -1 {
				for w := x; w < end; w++ {
					*u32(dead, *u32(opt, *u32(s0, w))) = e
				}
			} else {
				for w := x; w < end; w++ {
					if y := *u32(s0, w); clr[y] != cv {
						*u32(dead, *u32(opt, y)) = e
					}
				}
			}
			if z = on[z].nxt; z == y {
				break
			}
		}
	}
	// Each active item's set of the other options, in input order; the
	// covered items go to the end of the list.
	sp, lp, ip := c.setp, c.locp, c.itemp
	cov := unsafe.Pointer(unsafe.SliceData(c.covAt))
	a, b := uint32(0), uint32(c.nitems)
	c.aprim = 0
	for _, x32 := range c.item0 {
		x := uint32(x32)
		n0 := *u32(s0, x-1)
		if *u32(cov, *u32(s0, x-2)) == e {
			b--
			*u32(ip, b) = x
			*u32(sp, x-2) = b
			continue
		}
		*u32(ip, a) = x
		*u32(sp, x-2) = a
		a++
		if x < uint32(c.second) {
			c.aprim++
		}
		*u32(sp, x-1) = keepLive(s0, sp, lp, dead, opt, x, n0, e) - x
	}
	c.active = int32(a)
	return true
}

// keepLive writes the options of the n0 nodes of set0 from x whose
// option is not marked dead (dead[opt[y]] ≠ e) to set from x, in order,
// with their places in loc, and returns where they end. A function of its
// own so that its loop keeps its values in registers (inside reduce they
// were spilled at every node).
func keepLive(s0, sp, lp, dead, opt unsafe.Pointer, x, n0, e uint32) uint32 {
	s := x
	for w, end := x, x+n0; w < end; w++ {
		y := *u32(s0, w)
		*u32(sp, s) = y // (overwritten by the next kept one if y is dead)
		*u32(lp, y) = s
		// s++ unless y's option is dead, without a branch (about half of
		// them are, in no order a predictor learns).
		d := *u32(dead, *u32(opt, y)) ^ e
		s += (d | -d) >> 31
	}
	return s
}

// The errors of MethodCells and BranchSSXCC.
var (
	errSSXCCMethod  = errors.New("dlx: the branching rule ssxcc is the dancing cells' (MethodCells)")
	errSSXCCWorkers = errors.New("dlx: the dancing cells with Knuth's SSXCC tree (BranchSSXCC) search on one worker: " +
		"the order in which they try options depends on the subtrees searched before")
	errCellsBounded = errors.New("dlx: the dancing cells solve exact cover with colors; MaxOptions and Minimize run on the links (Algorithm M)")
	errCellsSample  = errors.New("dlx: random solutions are drawn from the memo's counts, not by the dancing cells")
	errCellsBranch  = errors.New("dlx: the dancing cells branch on the item with the fewest options (mrv, or ssxcc for Knuth's SSXCC's tree)")
)

// checkCells refuses what MethodCells cannot do for verb.
func (s *Solver) checkCells(opts *Options, verb int, bounded bool) error {
	switch {
	case s.l.multi:
		return errCellsBounds
	case bounded:
		return errCellsBounded
	case verb == verbSample:
		return errCellsSample
	case opts.Branch == BranchFirst:
		return errCellsBranch
	case opts.Branch == BranchSSXCC && opts.Workers > 1:
		return errSSXCCWorkers
	}
	return nil
}
