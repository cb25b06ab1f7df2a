//go:build !purego

package sparse

// CoverPlainAsm is CoverPlainGo in assembly (sparse_amd64.s).
//
//go:noescape
func CoverPlainAsm(k *Kern, cur uint32) bool

// haveAsm: this build has the assembly.
const haveAsm = true

// hideBranchPlain is HideBranch with forced in a problem without colors,
// in assembly (sparse_amd64.s): it writes every item met at top, which
// rises by one where the item is primary and shrinks to at most one
// option, and returns how far it rose.
//
//go:noescape
func hideBranchPlain(k *Kern, x uint32, top *int32) uint32
