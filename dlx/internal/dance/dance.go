package dance

import "unsafe"

// node and item mirror the layout of dlx's node and link records, which
// the kernels read (see the package comment; dlx's TestKernelLayout checks
// that they match).
type (
	node struct {
		up, down uint32 // the nodes above and below in the item's list
		top      int32  // the ref of its item's header; ≤ 0 for a spacer
		next     uint32 // the next node of its option, the first after the last
	}
	item struct {
		prev, next uint32 // the previous and next active items
		len        int32  // the options left in its list
		_          int32  // (dlx: Algorithm M's bound)
	}
)

// The layout as constants, for dlx's and the assembly's layout tests.
const (
	NodeSize  = unsafe.Sizeof(node{}) // bytes per node and per item record
	NodeShift = 4                     // NodeSize = 1 << NodeShift

	Up   = unsafe.Offsetof(node{}.up)
	Down = unsafe.Offsetof(node{}.down)
	Top  = unsafe.Offsetof(node{}.top)
	Next = unsafe.Offsetof(node{}.next)

	Prev     = unsafe.Offsetof(item{}.prev)
	NextItem = unsafe.Offsetof(item{}.next)
	Len      = unsafe.Offsetof(item{}.len)
)

// An item record must be exactly as large as a node; this constant
// overflows (a compile error) otherwise.
const _ = -(unsafe.Sizeof(item{}) ^ unsafe.Sizeof(node{}))

// Kernel names a kernel of the hiding loops.
type Kernel int

const (
	// Auto is the assembly kernel where the build has it (amd64, without
	// the purego tag), else the Go kernel: what every search uses.
	Auto Kernel = iota
	// Go is the Go kernel, on every platform.
	Go
	// Asm is the assembly kernel; where there is none, the Go kernel.
	Asm
)

// HaveAsm reports whether this build has the assembly kernel.
func HaveAsm() bool { return haveAsm }

// Resolve returns the kernel that runs for k: Asm or Go, never Auto. It
// is the one choice of kernel, which tests use to force one.
func Resolve(k Kernel) Kernel {
	if k != Go && haveAsm {
		return Asm
	}
	return Go
}

// nd returns the node at ref r of the node array at nb.
func nd(nb unsafe.Pointer, r uint32) *node { return (*node)(unsafe.Add(nb, uintptr(r))) }

// it returns the record of the item whose header has ref r (see the
// package comment).
func it(ib unsafe.Pointer, r uint32) *item { return (*item)(unsafe.Add(ib, uintptr(r))) }

// flag returns the flag of the item with header ref h.
func flag(ob unsafe.Pointer, h uint32) *uint8 { return (*uint8)(unsafe.Add(ob, h>>NodeShift)) }

// zero returns 1 if l is 0, else 0 (l ≥ 0).
func zero(l int32) int32 { return int32((uint32(l) - 1) >> 31) }

// atMostOne returns 1 if 0 ≤ l ≤ 1, else 0.
func atMostOne(l int32) uint8 { return uint8((uint32(l) - 2) >> 31) }

// CoverOthersGo covers, in order, the items of the option of node x after
// x's own, and returns the updates (one per item, one per node hidden) and
// the change in dead items: the Go kernel. CoverOthersAsm is the same in
// assembly; the caller picks one by Resolve's kernel (a branch at the call
// site: a function choosing would cost a call, too large to inline).
func CoverOthersGo(nb, ib, ob unsafe.Pointer, x uint32) (u uint64, dead int32) {
	for w := nd(nb, x).next; w != x; w = nd(nb, w).next {
		hr := uint32(nd(nb, w).top)
		// Unlink the item from its ring.
		r := it(ib, hr)
		it(ib, r.prev).next = r.next
		it(ib, r.next).prev = r.prev
		u++
		dead -= zero(r.len)
		*flag(ob, hr) = 0
		for p := nd(nb, hr).down; p != hr; p = nd(nb, p).down {
			for q := nd(nb, p).next; q != p; {
				nq := nd(nb, q)
				t := uint32(nq.top)
				nd(nb, nq.up).down = nq.down
				nd(nb, nq.down).up = nq.up
				rt := it(ib, t)
				l := rt.len - 1
				rt.len = l
				dead += zero(l)
				*flag(ob, t) = atMostOne(l)
				u++
				q = nq.next
			}
		}
	}
	return u, dead
}

// UncoverOthersGo undoes CoverOthersGo(nb, ib, ob, x), uncovering the items
// in the reverse order, and returns the change in dead items: the Go
// kernel of UncoverOthersAsm. It walks the option backwards from x, past
// the spacer before it to its last node (a spacer's down), and each item's
// list upwards; the nodes of one option lie in distinct lists, so each is
// walked forwards.
func UncoverOthersGo(nb, ib, ob unsafe.Pointer, x uint32) (dead int32) {
	for w := x - uint32(NodeSize); w != x; {
		nw := nd(nb, w)
		if nw.top <= 0 {
			w = nw.down // the spacer: on to the option's last node
			continue
		}
		hr := uint32(nw.top)
		for p := nd(nb, hr).up; p != hr; p = nd(nb, p).up {
			for q := nd(nb, p).next; q != p; {
				nq := nd(nb, q)
				t := uint32(nq.top)
				nd(nb, nq.up).down = q
				nd(nb, nq.down).up = q
				rt := it(ib, t)
				l := rt.len
				dead -= zero(l)
				rt.len = l + 1
				*flag(ob, t) = atMostOne(l + 1)
				q = nq.next
			}
		}
		// Relink the item into its ring.
		r := it(ib, hr)
		it(ib, r.prev).next = hr
		it(ib, r.next).prev = hr
		*flag(ob, hr) = atMostOne(r.len)
		dead += zero(r.len)
		w -= uint32(NodeSize)
	}
	return dead
}
