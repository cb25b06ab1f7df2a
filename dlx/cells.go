package dlx

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"
	"unsafe"

	"github.com/coverkit/coverkit/core"
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
	// An option that leaves an item without options is abandoned once the
	// item it is hiding is done. Its nodes, updates and solutions are a
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

	// Scratch of prepare: the color each item is covered with by the
	// forced options (0: not covered, −1: without color), and the options
	// they rule out.
	cov  []int32
	dead []bool

	sol  []int // the current solution, forced options first
	frst []int // the first solution of the last search
	nfst int   // len(frst) if a solution was found, else −1

	g gauge
}

// errCellsBounds is the error of a problem with multiplicities.
var errCellsBounds = core.Wrap(core.ErrUnsupported,
	"dlx: dancing cells solve exact cover with colors (XCC); multiplicities (bounds other than 1..1) run on the links (Algorithm M)")

// newCells builds the dancing-cells arrays of p, polling m (nil: none) by
// the entries written.
func newCells(m *core.Meter, p *Problem) (*cells, error) {
	if p == nil {
		return nil, errors.New("dlx: nil problem")
	}
	if p.HasBounds() {
		return nil, errCellsBounds
	}
	var bound uint64
	poll := func(work uint64) error {
		if m == nil || work < bound {
			return nil
		}
		var ok bool
		if bound, ok = m.Check(work); !ok {
			return stoppedError(m, "building the cells")
		}
		return nil
	}
	if err := poll(0); err != nil {
		return nil, err
	}
	n := len(p.names)
	nopt := p.NumOptions()
	// Options without a primary item are never chosen: SSXCC leaves them
	// out, and so do the cells.
	keep := make([]bool, nopt)
	var entries, kept int64
	for k := range nopt {
		for e := p.start[k]; e < p.start[k+1]; e++ {
			if !p.secondary[p.optItems[e]] {
				keep[k] = true
				break
			}
		}
		if keep[k] {
			entries += int64(p.start[k+1] - p.start[k])
			kept++
		}
	}
	setLen := 2 + 2*int64(n) + entries
	nodes := 1 + entries + kept
	if setLen > math.MaxInt32/2 || nodes > math.MaxInt32/2 {
		return nil, fmt.Errorf("dlx: %d entries are more than the cells address: %w", entries, resource.ErrTooLarge)
	}
	// set, set0; on, loc, loc0, clr; the stacks (about 4 words an item).
	need := resource.Bytes(uint64(setLen), 8) + resource.Bytes(uint64(nodes), 8+4+4+4) + resource.Bytes(uint64(n), 32)
	if err := resource.Check(fmt.Sprintf("dlx: the cells of %d entries", entries), need); err != nil {
		return nil, err
	}
	// Internal order: the primary items, then the secondary ones, each in
	// input order; each item's stretch of set is its header and room for
	// all its options.
	count := make([]int32, n)
	for k := range nopt {
		if keep[k] {
			for e := p.start[k]; e < p.start[k+1]; e++ {
				count[p.optItems[e]]++
			}
		}
	}
	c := &cells{
		nitems:  int32(n),
		nprim:   int32(p.primaries),
		nopts:   nopt,
		optNode: make([]int32, nopt),
		nfst:    -1,
		set0:    make([]int32, setLen),
		item:    make([]int32, n),
		on:      make([]cellsOn, nodes),
		loc0:    make([]int32, nodes),
		optOf:   make([]int32, nodes),
	}
	colored := slices.ContainsFunc(p.optColors, func(c int32) bool { return c != 0 })
	if colored {
		c.clr = make([]int32, nodes)
	}
	off := make([]int32, n) // each item's offset, by Problem index
	x, j := int32(2), int32(0)
	for pass := range 2 {
		if pass == 1 {
			c.second = x
		}
		for i := range n {
			if p.secondary[i] == (pass == 1) {
				off[i] = x
				c.set0[x-2] = j
				j++
				x += count[i] + 2
			}
		}
	}
	q := int32(0) // the spacer before the option being written
	for k := range nopt {
		if err := poll(uint64(q)); err != nil {
			return nil, err
		}
		if !keep[k] {
			continue
		}
		first := q + 1
		c.optNode[k] = first
		for e := p.start[k]; e < p.start[k+1]; e++ {
			q++
			x := off[p.optItems[e]]
			at := x + c.set0[x-1]
			c.set0[x-1]++
			c.set0[at] = q
			c.loc0[q] = at
			c.on[q] = cellsOn{itm: x, nxt: q + 1}
			c.optOf[q] = int32(k)
			if colored {
				c.clr[q] = p.colorAt(e)
			}
		}
		c.on[q].nxt = first
		q++
	}
	c.set = slices.Clone(c.set0)
	c.loc = slices.Clone(c.loc0)
	c.cov = make([]int32, n)
	c.dead = make([]bool, nopt)
	levels := int(c.nprim) + 1 // each level covers a primary item
	c.choice = make([]int32, levels)
	c.saved = make([]int32, levels+1)
	c.bstart = make([]int32, levels)
	// Each chain of forced moves below a branching level pushes an item
	// at most once (when its set shrinks from two options to one) and a
	// scan pushes each item at most once: the stacks hold at most nprim
	// items (see search), and the margin is for the root's scan.
	c.force = make([]int32, 2*int(c.nprim)+2)
	c.bforce = make([]int32, 0, int(c.nprim)+1)
	c.sol = make([]int, 0, levels)
	c.frst = make([]int, 0, levels)
	c.bases()
	return c, nil
}

// bases sets the base pointers of the arrays a search reads.
func (c *cells) bases() {
	c.setp = unsafe.Pointer(unsafe.SliceData(c.set))
	c.itemp = unsafe.Pointer(unsafe.SliceData(c.item))
	c.onp = unsafe.Pointer(unsafe.SliceData(c.on))
	c.locp = unsafe.Pointer(unsafe.SliceData(c.loc))
	c.clrp = unsafe.Pointer(unsafe.SliceData(c.clr))
}

// clone returns a copy of c for another goroutine: the working arrays
// copied, the arrays as built shared.
func (c *cells) clone() *cells {
	d := *c
	d.set = slices.Clone(c.set)
	d.item = slices.Clone(c.item)
	d.loc = slices.Clone(c.loc)
	d.choice = make([]int32, len(c.choice))
	d.saved = make([]int32, len(c.saved))
	d.bstart = make([]int32, len(c.bstart))
	d.save = nil
	d.force = make([]int32, len(c.force))
	d.bforce = make([]int32, 0, cap(c.bforce))
	d.cov = make([]int32, len(c.cov))
	d.dead = make([]bool, len(c.dead))
	d.sol = make([]int, 0, cap(c.sol))
	d.frst = make([]int, 0, cap(c.frst))
	d.nfst = -1
	d.g = gauge{}
	d.bases()
	return &d
}

// option returns the Problem index of the option holding node y.
func (c *cells) option(y int32) int { return int(c.optOf[y]) }

// prepare sets the working arrays to the problem that remains once the
// options in forced are chosen: the items they cover inactive, the
// options they rule out gone, and every set in input order, as if that
// problem were the input. It returns false if the forced options clash,
// which leaves no solution.
func (c *cells) prepare(forced []int) bool {
	copy(c.set, c.set0)
	copy(c.loc, c.loc0)
	c.active = c.nitems
	for j, x := 0, int32(2); j < int(c.nitems); j++ {
		c.item[j] = x
		x += 2 + c.set0[x-1]
	}
	if len(forced) == 0 {
		return true
	}
	clear(c.cov)
	clear(c.dead)
	ord := func(x int32) int32 { return c.set0[x-2] } // an item's place in input order
	color := func(y int32) int32 {
		if c.clr != nil && c.clr[y] != 0 {
			return c.clr[y]
		}
		return -1
	}
	for _, k := range forced {
		y := c.optNode[k]
		for z := y; ; {
			i := ord(c.on[z].itm)
			switch col := color(z); {
			case c.cov[i] == 0:
				c.cov[i] = col
			case c.cov[i] != col || col == -1:
				return false // two forced options clash on this item
			}
			if z = c.on[z].nxt; z == y {
				break
			}
		}
	}
	// The options the forced ones rule out (and the forced ones, chosen),
	// then each item's set of the others, in input order; the covered
	// items go to the end of the item list.
	for k, y := range c.optNode {
		if y == 0 {
			continue
		}
		for z := y; ; {
			if cv := c.cov[ord(c.on[z].itm)]; cv != 0 && (cv == -1 || cv != color(z)) {
				c.dead[k] = true
				break
			}
			if z = c.on[z].nxt; z == y {
				break
			}
		}
	}
	for _, k := range forced {
		c.dead[k] = true
	}
	a, b := int32(0), c.nitems
	for x := int32(2); x < int32(len(c.set0)); x += 2 + c.set0[x-1] {
		if c.cov[ord(x)] != 0 {
			b--
			c.item[b] = x
			c.set[x-2] = b
			continue
		}
		c.item[a] = x
		c.set[x-2] = a
		a++
		s := int32(0)
		for _, y := range c.set0[x : x+c.set0[x-1]] {
			if !c.dead[c.option(y)] {
				c.set[x+s] = y
				c.loc[y] = x + s
				s++
			}
		}
		c.set[x-1] = s
	}
	c.active = a
	return true
}

// solve searches with the given tree as opts says (Limit, MaxNodes,
// Forced, Visit; nil: count every solution) under ctx.
func (c *cells) solve(ctx context.Context, tree cellTree, opts *Options) (cellsOutcome, error) {
	if opts == nil {
		opts = &defaultOptions
	}
	for _, k := range opts.Forced {
		if k < 0 || k >= c.nopts {
			return cellsOutcome{}, fmt.Errorf("dlx: forced option %d out of range (1..%d)", k+1, c.nopts)
		}
		if c.optNode[k] == 0 {
			return cellsOutcome{}, fmt.Errorf("dlx: forced option %d has no primary item", k+1)
		}
	}
	if ctx == nil {
		ctx = context.Background()
	}
	start := time.Now()
	c.g.reset(ctx, opts.MaxNodes)
	defer c.g.end()
	var res cellsOutcome
	if c.prepare(opts.Forced) {
		c.sol = append(c.sol[:0], opts.Forced...)
		res = c.search(tree, opts.Limit, opts.Visit)
		c.sol = c.sol[:0]
	} else {
		res.Status, res.DeadEnds = core.StatusExhausted, 1
		c.nfst = -1
	}
	res.Stats.Elapsed = time.Since(start)
	return res, nil
}
