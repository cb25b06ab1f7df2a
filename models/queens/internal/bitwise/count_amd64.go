//go:build !purego

package bitwise

import "github.com/coverkit/coverkit/internal/cpu"

// haveAsm says whether the CPU has the instructions of the assembly
// kernel: BMI1 (ANDN, BLSI, BLSR) and POPCNT.
var haveAsm = cpu.BMI1

// searchAsm is the counting search of worker.run in assembly: it
// searches s's subtree until the nodes reach s.budget (false) or the
// subtree is exhausted (true); see asm.go.
//
//go:noescape
func searchAsm(s *asmState) (done bool)
