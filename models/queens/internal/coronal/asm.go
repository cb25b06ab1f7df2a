package coronal

// The most-constrained-first search of the coronal subproblems has two
// kernels that visit the same nodes: solver.search in Go (every
// platform) and searchAsm in amd64 assembly with an explicit stack,
// used where the CPU has BMI1, BMI2 and POPCNT (Auto).

// asmFrame is one row branched on (64 bytes): the columns free and the
// diagonals held above it, the rows left after it, its squares left to
// try, and the row.
type asmFrame struct {
	avail, sum, dif, free uint64
	bf, by                uint64
	_                     [2]uint64
}

// asmState is the state of the coronal assembly kernel for one subproblem.
// The assembly reads its fields at fixed offsets (search_amd64.s), which
// TestAsmLayout checks: do not reorder them.
type asmState struct {
	leaves, nodes         uint64
	seen, budget          uint64 // the solver's inner nodes; return once seen reaches budget
	cur                   int64  // the top frame, in bytes from f
	fresh                 uint64 // 1: start from the root below
	nm1                   uint64 // n − 1
	avail, sum, dif, free uint64 // the root; avail: the columns free
	_                     [5]uint64
	f                     [MRVMaxN + 2]asmFrame // f[0]: a sentinel with no squares
}

// searchAsm is search with the assembly kernel.
func (s *solver) searchAsm(cols, sum, dif, free uint64) (leaves, nodes uint64) {
	if s.asm == nil {
		s.asm = &asmState{nm1: uint64(s.n - 1)}
	}
	a := s.asm
	a.leaves, a.nodes, a.seen, a.budget = 0, 0, s.seen, s.bound
	a.cur, a.fresh = 0, 1
	a.avail, a.sum, a.dif, a.free = s.mask&^cols, sum, dif, free
	a.f[0].bf = 0
	for !searchAsm(a) {
		s.seen = a.seen
		if s.seen >= s.bound && s.poll() {
			return 0, a.nodes
		}
		a.budget = s.bound
	}
	s.seen = a.seen
	return a.leaves, a.nodes
}
