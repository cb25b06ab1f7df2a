package dlx

import (
	"errors"
	"fmt"
	"iter"
	"math"
	"slices"
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

// nd returns the node at ref r of the node array at base.
func nd(base unsafe.Pointer, r uint32) *node {
	return (*node)(unsafe.Add(base, uintptr(r)))
}

// itr returns the record of the item whose header has ref r in the item
// array at base: records are as large as nodes, so item h's record sits at
// byte offset ref(h) of the item array too.
func itr(base unsafe.Pointer, r uint32) *link {
	return (*link)(unsafe.Add(base, uintptr(r)))
}

// links is the shared, internal view of a problem that the methods on
// Knuth's node arrays work on (Algorithms C and M, the memoized count and
// its sample): the arrays NewSolver builds once, and the dancing steps
// (dance.go, dance_dead.go, dance_m.go) that change them and undo the
// change. A method keeps its own search stack beside them; a method with
// a data structure of its own keeps that instead (see method).
//
// The dancing steps reach the arrays through nd and itr, which index
// without bounds checks: every ref and item number they use comes from the
// arrays newLinks built, whose links always stay inside them.
type links struct {
	nodes   []node
	items   []link
	nbase   unsafe.Pointer // &nodes[0]
	ibase   unsafe.Pointer // &items[0]
	colored bool           // some option gives an item a color
	multi   bool           // some primary item has bounds other than 1..1 (Algorithm M)
	nprim   int32          // internal items 1..nprim are primary
	nitems  int32          // internal items nprim+1..nitems are secondary
	optNode []uint32       // ref of the first primary node of each option, 0 if none
	slack   []int32        // slack[h] = hi − lo of internal primary item h (Algorithm M)
	maxPer  int32          // the most primary items of one option

	// The flags of the dead count (dance_dead.go): one byte per item,
	// 8·oneWords bytes covering items 0..nprim, the last word masked by
	// oneLast.
	one      []byte
	obase    unsafe.Pointer // &one[0]
	oneWords int
	oneLast  uint64

	// kernel runs the loops that cover and uncover an option's other
	// items while counting dead items (package dance: assembly on amd64).
	kernel dance.Kernel

	// memo is the key layout of memoized counts, built on first use and
	// then only read (clones share it).
	memo *memoLayout

	// snap is the copy of the arrays of Options.Snapshot, made on first
	// use and then only read (clones share it).
	snap struct {
		nodes []node
		items []link
	}
}

// levelsC and levelsM are the most levels a search of Algorithm C and of
// Algorithm M can take: one per primary item for C; for M a solution may
// hold every option, so at most one per option and one per primary item.
func (l *links) levelsC() int { return int(l.nprim) + 1 }
func (l *links) levelsM() int { return int(l.nprim) + len(l.optNode) + 1 }

// newLinks builds the arrays of p, polling m (nil: none) by the nodes
// filled in.
func newLinks(m *core.Meter, p *Problem) (*links, error) {
	if p == nil {
		return nil, errors.New("dlx: nil problem")
	}
	poll := pollBuild(m, "building the solver")
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
	l := &links{
		nodes:   make([]node, total),
		items:   make([]link, n+2),
		nprim:   int32(p.primaries),
		nitems:  int32(n),
		optNode: make([]uint32, nopt),
		multi:   p.HasBounds(),
		slack:   make([]int32, n+2),
		kernel:  dance.Resolve(dance.Auto),
	}
	l.nbase, l.ibase = unsafe.Pointer(&l.nodes[0]), unsafe.Pointer(&l.items[0])
	l.oneWords = (int(l.nprim) + 8) / 8
	l.oneLast = 1<<(8*(uint(l.nprim)+1-8*uint(l.oneWords-1))) - 1
	l.one = make([]byte, (n+2+7)/8*8)
	l.obase = unsafe.Pointer(&l.one[0])
	// Rings of active items: primary items around head 0, secondary items
	// around head n+1.
	ring := func(head, lo, hi int32) {
		prev := head
		for i := lo; i <= hi; i++ {
			l.items[prev].next = ref(i)
			l.items[i].prev = ref(prev)
			prev = i
		}
		l.items[prev].next = ref(head)
		l.items[head].prev = ref(prev)
	}
	ring(0, 1, l.nprim)
	ring(l.nitems+1, l.nprim+1, l.nitems)

	nd := l.nodes
	for h := int32(1); h <= l.nitems; h++ {
		nd[h] = node{up: ref(h), down: ref(h)}
	}
	for i := range n {
		if h := internal[i]; h <= l.nprim {
			lo, hi := p.Bounds(i)
			l.items[h].bound = int32(hi)
			l.slack[h] = int32(hi - lo)
		}
	}
	colored := slices.ContainsFunc(p.optColors, func(c int32) bool { return c != 0 })
	l.colored = colored
	q := l.nitems + 1 // the spacer before option 0
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
			if h <= l.nprim {
				prim++
			}
			if h <= l.nprim && l.optNode[k] == 0 {
				l.optNode[k] = ref(q)
			}
			u := nd[h].up
			c := int32(ref(q + 1)) // without colors, the next node (see node)
			if colored {
				c = p.colorAt(e)
			}
			nd[q] = node{up: u, down: ref(h), top: int32(ref(h)), color: c}
			nd[u/nodeSize].down = ref(q)
			nd[h].up = ref(q)
			l.items[h].len++
		}
		l.maxPer = max(l.maxPer, prim)
		if !colored && q >= first {
			nd[q].color = int32(ref(first)) // the last node's next: the first
		}
		nd[spacer].down = ref(q)
		q++
		nd[q] = node{up: ref(first), top: -int32(k) - 1}
		spacer = q
	}
	return l, nil
}

// cloneChunk is how many nodes clone copies between polls of its meter
// (64 MiB, some 10 ms).
const cloneChunk = 1 << 22

// clone returns a copy of the arrays, polling m (nil: none) as it copies
// the nodes; it fails only when m stops. The arrays must be as newLinks
// built them (no search under way).
func (l *links) clone(m *core.Meter) (*links, error) {
	c := *l
	c.nodes = make([]node, len(l.nodes))
	for i := 0; i < len(l.nodes); i += cloneChunk {
		if m != nil {
			if _, ok := m.Check(uint64(i)); !ok {
				return nil, stoppedError(m, "copying the solver")
			}
		}
		copy(c.nodes[i:], l.nodes[i:min(i+cloneChunk, len(l.nodes))])
	}
	c.items = append([]link(nil), l.items...)
	c.nbase, c.ibase = unsafe.Pointer(&c.nodes[0]), unsafe.Pointer(&c.items[0])
	c.one = append([]byte(nil), l.one...)
	c.obase = unsafe.Pointer(&c.one[0])
	return &c, nil
}

// cloneOn returns the method that on makes on a copy of l, polling m (nil:
// none) as it copies: a method's clone.
func cloneOn(l *links, m *core.Meter, on func(*links) method) (method, error) {
	c, err := l.clone(m)
	if err != nil {
		return nil, err
	}
	return on(c), nil
}

// bytes is about the memory of a copy of the arrays and of a search stack
// on them.
func (l *links) bytes() uint64 {
	return uint64(len(l.nodes)+len(l.items))*uint64(nodeSize) + uint64(l.levelsM())*(4+8+8)
}

// others yields the nodes of x's option after x, in order, wrapping round
// at the spacer: the option's other items, as the steps that take an
// option chosen at x walk them (the hot loops walk them by hand).
func (l *links) others(x uint32) iter.Seq[uint32] {
	return func(yield func(uint32) bool) {
		nb := l.nbase
		for p := x + nodeSize; p != x; {
			if np := nd(nb, p); np.top <= 0 {
				p = np.up
				continue
			}
			if !yield(p) {
				return
			}
			p += nodeSize
		}
	}
}

// othersBack yields the nodes of others(x) in reverse order, to undo.
func (l *links) othersBack(x uint32) iter.Seq[uint32] {
	return func(yield func(uint32) bool) {
		nb := l.nbase
		for p := x - nodeSize; p != x; {
			if np := nd(nb, p); np.top <= 0 {
				p = np.down
				continue
			}
			if !yield(p) {
				return
			}
			p -= nodeSize
		}
	}
}

// option returns the index of the option holding node x.
func (l *links) option(x uint32) int {
	nb := l.nbase
	for nd(nb, x).top > 0 {
		x += nodeSize
	}
	return int(-nd(nb, x).top) - 1
}

// checkForced checks that every option of forced exists and has a
// primary item (an option without one is never chosen).
func (l *links) checkForced(forced []int) error {
	for _, k := range forced {
		if k < 0 || k >= len(l.optNode) {
			return fmt.Errorf("dlx: forced option %d out of range (1..%d)", k+1, len(l.optNode))
		}
		if l.optNode[k] == 0 {
			return fmt.Errorf("dlx: forced option %d has no primary item", k+1)
		}
	}
	return nil
}

// forceAll forces the options of list in order (Algorithm M's way with
// multi), up to the first that does not fit, appending them to *sol
// unless sol is nil; it returns the updates and how many it forced.
func (l *links) forceAll(list []int, multi bool, sol *[]int) (u uint64, n int) {
	for _, k := range list {
		if !l.fits(k) {
			break
		}
		if multi {
			u += l.forceM(k)
		} else {
			u += l.force(k)
		}
		if sol != nil {
			*sol = append(*sol, k)
		}
		n++
	}
	return u, n
}

// unforceAll undoes forceAll of the first n options of list, in reverse
// order.
func (l *links) unforceAll(list []int, n int, multi bool) {
	for n--; n >= 0; n-- {
		if multi {
			l.unforceM(list[n])
		} else {
			l.unforce(list[n])
		}
	}
}
