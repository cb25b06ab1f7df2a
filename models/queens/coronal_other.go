//go:build !amd64

package queens

// crHaveAsm is false: the Go kernel searches every subproblem.
const crHaveAsm = false

// coronalSearchAsm is never called here.
func coronalSearchAsm(*crAsm) bool { return true }
