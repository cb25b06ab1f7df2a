//go:build !purego

package sparse

// haveAsm is true: every amd64 CPU has the base instructions the
// assembly uses.
const haveAsm = true

// CoverPlainAsm is CoverPlainGo in assembly (sparse_amd64.s).
//
//go:noescape
func CoverPlainAsm(k *Kern, cur uint32) bool
