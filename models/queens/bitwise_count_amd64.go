package queens

// bwHaveAsm says whether the CPU has the instructions of the assembly
// kernel: BMI1 (ANDN, BLSI, BLSR) and POPCNT.
var bwHaveAsm = bwCPUHasBMI1()

// bwCPUHasBMI1 reads CPUID: BMI1 and POPCNT.
func bwCPUHasBMI1() bool {
	maxID, _, _, _ := cpuID(0, 0)
	if maxID < 7 {
		return false
	}
	_, _, ecx1, _ := cpuID(1, 0)
	_, ebx7, _, _ := cpuID(7, 0)
	const popcnt, bmi1 = 1 << 23, 1 << 3
	return ecx1&popcnt != 0 && ebx7&bmi1 != 0
}

// bwSearchAsm is the counting search of bwWorker.run in assembly: it
// searches s's subtree until the nodes reach s.budget (false) or the
// subtree is exhausted (true); see bitwise_asm.go.
//
//go:noescape
func bwSearchAsm(s *bwAsm) (done bool)
