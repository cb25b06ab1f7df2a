//go:build !amd64 || purego

package coronal

// haveAsm is false: the Go kernels search every subproblem.
const haveAsm = false

// searchAsm is never called here.
func searchAsm(*asmState) bool { return true }
