//go:build !purego

package dance

import "unsafe"

// haveAsm is true: every amd64 CPU has the base instructions the
// assembly uses.
const haveAsm = true

// CoverOthersAsm is CoverOthersGo in assembly (dance_amd64.s).
//
//go:noescape
func CoverOthersAsm(nb, ib, ob unsafe.Pointer, x uint32) (u uint64, dead int32)

// UncoverOthersAsm is UncoverOthersGo in assembly (dance_amd64.s).
//
//go:noescape
func UncoverOthersAsm(nb, ib, ob unsafe.Pointer, x uint32) (dead int32)
