package dlx

import "unsafe"

// nd returns &nodes[i] for the node array at base, without a bounds check.
// Only indexes read from the arrays NewSolver built reach it.
func nd(base unsafe.Pointer, i int32) *node {
	return (*node)(unsafe.Add(base, uintptr(i)*unsafe.Sizeof(node{})))
}

// it returns &items[i] for the item ring array at base, without a bounds
// check.
func it(base unsafe.Pointer, i int32) *link {
	return (*link)(unsafe.Add(base, uintptr(i)*unsafe.Sizeof(link{})))
}
