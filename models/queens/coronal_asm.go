package queens

// The most-constrained-first search of the coronal subproblems has two
// kernels that visit the same nodes: coronalSolver.search in Go (every
// platform) and coronalSearchAsm in amd64 assembly with an explicit stack,
// used where the CPU has BMI1, BMI2 and POPCNT (crAuto).

// crAsmFrame is one row branched on (64 bytes): the columns free and the
// diagonals held above it, the rows left after it, its squares left to
// try, and the row.
type crAsmFrame struct {
	avail, sum, dif, free uint64
	bf, by                uint64
	_                     [2]uint64
}

// crAsm is the state of the coronal assembly kernel for one subproblem.
// The assembly reads its fields at fixed offsets (coronal_amd64.s), which
// TestCrAsmLayout checks: do not reorder them.
type crAsm struct {
	leaves, nodes         uint64
	seen, budget          uint64 // the solver's inner nodes; return once seen reaches budget
	cur                   int64  // the top frame, in bytes from f
	fresh                 uint64 // 1: start from the root below
	nm1                   uint64 // n − 1
	avail, sum, dif, free uint64 // the root; avail: the columns free
	_                     [5]uint64
	f                     [coronalMRVMaxN + 2]crAsmFrame // f[0]: a sentinel with no squares
}

// searchAsm is search with the assembly kernel.
func (s *coronalSolver) searchAsm(cols, sum, dif, free uint64) (leaves, nodes uint64) {
	if s.asm == nil {
		s.asm = &crAsm{nm1: uint64(s.n - 1)}
	}
	a := s.asm
	a.leaves, a.nodes, a.seen, a.budget = 0, 0, s.seen, s.pollAt
	a.cur, a.fresh = 0, 1
	a.avail, a.sum, a.dif, a.free = s.mask&^cols, sum, dif, free
	a.f[0].bf = 0
	for !coronalSearchAsm(a) {
		s.seen = a.seen
		if s.seen >= s.pollAt && s.poll() {
			return 0, a.nodes
		}
		a.budget = s.pollAt
	}
	s.seen = a.seen
	return a.leaves, a.nodes
}
