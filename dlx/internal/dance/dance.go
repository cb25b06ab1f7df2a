package dance

import "unsafe"

// The layout of dlx's arrays that the kernels read (see the package
// comment).
const (
	NodeSize  = 16 // bytes per node and per item record
	NodeShift = 4  // NodeSize = 1 << NodeShift

	Up   = 0  // node: the node above in the item's list
	Down = 4  // node: the node below
	Top  = 8  // node: the ref of its item's header; ≤ 0 for a spacer
	Next = 12 // node: the next node of its option, the first after the last

	Prev     = 0 // item record: the previous active item
	NextItem = 4 // item record: the next active item
	Len      = 8 // item record: the options left in its list
)

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

// at returns the 32-bit field at byte offset off of the array at base.
func at(base unsafe.Pointer, off uint32) *int32 {
	return (*int32)(unsafe.Add(base, uintptr(off)))
}

// ref returns the field at byte offset off of the array at base as a ref.
func ref(base unsafe.Pointer, off uint32) uint32 { return uint32(*at(base, off)) }

// flag returns the flag of the item with header ref h.
func flag(ob unsafe.Pointer, h uint32) *uint8 { return (*uint8)(unsafe.Add(ob, h/NodeSize)) }

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
	for w := ref(nb, x+Next); w != x; w = ref(nb, w+Next) {
		hr := ref(nb, w+Top)
		// Unlink the item from its ring.
		prev, next := ref(ib, hr+Prev), ref(ib, hr+NextItem)
		*at(ib, prev+NextItem) = int32(next)
		*at(ib, next+Prev) = int32(prev)
		u++
		dead -= zero(*at(ib, hr+Len))
		*flag(ob, hr) = 0
		for p := ref(nb, hr+Down); p != hr; p = ref(nb, p+Down) {
			for q := ref(nb, p+Next); q != p; q = ref(nb, q+Next) {
				it := ref(nb, q+Top)
				up, dn := ref(nb, q+Up), ref(nb, q+Down)
				*at(nb, up+Down) = int32(dn)
				*at(nb, dn+Up) = int32(up)
				l := *at(ib, it+Len) - 1
				*at(ib, it+Len) = l
				dead += zero(l)
				*flag(ob, it) = atMostOne(l)
				u++
			}
		}
	}
	return u, dead
}

// UncoverOthersGo undoes CoverOthersGo(nb, ib, ob, x), uncovering the items
// in the reverse order, and returns the change in dead items: the Go
// kernel of UncoverOthersAsm. It walks the option
// backwards from x, past the spacer before it to its last node (a spacer's
// Down), and each item's list upwards; the nodes of one option lie in
// distinct lists, so each is walked forwards.
func UncoverOthersGo(nb, ib, ob unsafe.Pointer, x uint32) (dead int32) {
	for w := x - NodeSize; w != x; {
		hr := ref(nb, w+Top)
		if int32(hr) <= 0 {
			w = ref(nb, w+Down) // the spacer: on to the option's last node
			continue
		}
		for p := ref(nb, hr+Up); p != hr; p = ref(nb, p+Up) {
			for q := ref(nb, p+Next); q != p; q = ref(nb, q+Next) {
				it := ref(nb, q+Top)
				*at(nb, ref(nb, q+Up)+Down) = int32(q)
				*at(nb, ref(nb, q+Down)+Up) = int32(q)
				l := *at(ib, it+Len) + 1
				*at(ib, it+Len) = l
				dead -= zero(l - 1)
				*flag(ob, it) = atMostOne(l)
			}
		}
		// Relink the item into its ring.
		*at(ib, ref(ib, hr+Prev)+NextItem) = int32(hr)
		*at(ib, ref(ib, hr+NextItem)+Prev) = int32(hr)
		l := *at(ib, hr+Len)
		*flag(ob, hr) = atMostOne(l)
		dead += zero(l)
		w -= NodeSize
	}
	return dead
}
