//go:build !purego

package sparse

// CoverPlainAsm is CoverPlainGo in assembly (sparse_amd64.s).
//
//go:noescape
func CoverPlainAsm(k *Kern, cur uint32) bool
