//go:build !amd64 || purego

package sparse

// CoverPlainAsm is CoverPlainGo here (dance.Resolve, built with the same
// constraints, never picks the assembly).
func CoverPlainAsm(k *Kern, cur uint32) bool { return CoverPlainGo(k, cur) }
