//go:build !amd64 || purego

package dance

import "unsafe"

// haveAsm is false: the Go kernel runs.
const haveAsm = false

// CoverOthersAsm is CoverOthersGo here (Resolve never picks Asm).
func CoverOthersAsm(nb, ib, ob unsafe.Pointer, x uint32) (uint64, int32) {
	return CoverOthersGo(nb, ib, ob, x)
}

// UncoverOthersAsm is UncoverOthersGo here (Resolve never picks Asm).
func UncoverOthersAsm(nb, ib, ob unsafe.Pointer, x uint32) int32 {
	return UncoverOthersGo(nb, ib, ob, x)
}
