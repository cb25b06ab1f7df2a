//go:build !purego

package coronal

import "github.com/coverkit/coverkit/internal/cpu"

// haveAsm says whether the CPU has the instructions of the assembly
// kernel: BMI1 (ANDN, BLSI, BLSR, TZCNT), BMI2 (SHLX, SHRX) and POPCNT.
var haveAsm = cpu.BMI2

// searchAsm is solver.search in assembly: it searches s's subproblem
// until the inner nodes seen reach s.budget (false) or it is done (true);
// see asm.go.
//
//go:noescape
func searchAsm(s *asmState) (done bool)
