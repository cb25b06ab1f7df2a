package queens

// crHaveAsm says whether the CPU has the instructions of the coronal
// assembly kernel: BMI1 (ANDN, BLSI, BLSR, TZCNT), BMI2 (SHLX, SHRX) and
// POPCNT.
var crHaveAsm = bwHaveAsm && crCPUHasBMI2()

// crCPUHasBMI2 reads CPUID leaf 7.
func crCPUHasBMI2() bool {
	maxID, _, _, _ := cpuID(0, 0)
	if maxID < 7 {
		return false
	}
	_, ebx7, _, _ := cpuID(7, 0)
	const bmi2 = 1 << 8
	return ebx7&bmi2 != 0
}

// coronalSearchAsm is coronalSolver.search in assembly: it searches s's
// subproblem until the inner nodes seen reach s.budget (false) or it is
// done (true); see coronal_asm.go.
//
//go:noescape
func coronalSearchAsm(s *crAsm) (done bool)
