//go:build !amd64 || purego

package sparse

// CoverPlainAsm is CoverPlainGo here (dance.Resolve, built with the same
// constraints, never picks the assembly).
func CoverPlainAsm(k *Kern, cur uint32) bool { return CoverPlainGo(k, cur) }

// haveAsm: this build has no assembly.
const haveAsm = false

// hideBranchPlain is never called here (haveAsm is false; dance.Resolve
// never picks the assembly): HideBranch runs its Go loop.
func hideBranchPlain(k *Kern, x uint32, top *int32) uint32 { return 0 }
