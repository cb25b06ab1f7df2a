//go:build !amd64

package queens

// bwHaveAsm is false: the Go kernel counts every subtree.
const bwHaveAsm = false

// bwSearchAsm is never called here.
func bwSearchAsm(*bwAsm) bool { return true }
