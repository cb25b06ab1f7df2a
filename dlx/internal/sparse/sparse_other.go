//go:build !amd64 || purego

package sparse

// haveAsm is false: the Go kernel runs.
const haveAsm = false

// CoverPlainAsm is CoverPlainGo here (Resolve never picks Asm).
func CoverPlainAsm(k *Kern, cur uint32) bool { return CoverPlainGo(k, cur) }
