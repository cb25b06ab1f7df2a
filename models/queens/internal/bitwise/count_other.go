//go:build !amd64 || purego

package bitwise

// haveAsm is false: the Go kernel counts every subtree.
const haveAsm = false

// searchAsm is never called here.
func searchAsm(*asmState) bool { return true }
