package bitwise

// The counting search has two kernels that visit the same nodes and give
// the same counts: worker.run in Go (every platform) and searchAsm in
// amd64 assembly, used where the CPU has BMI1 and POPCNT. The assembly
// keeps every value of the search in a register (the Go compiler spills
// the nested bottom loops' values to the stack): about 20% less time
// (BenchmarkBitwiseKernels).

// rareMax is the number of boards asmState.rare holds: more than the
// leaves of one bottom subtree (five lines, at most 5! = 120), which is
// all the assembly can add between two looks at its budget.
const rareMax = 128

// asmFrameBytes is the size of an asmFrame and asmFrameBit the offset
// of its bit field (TestAsmLayout checks both).
const asmFrameBytes, asmFrameBit = 64, 48

// asmFrame is one line of the assembly kernel's search (64 bytes): the
// attacks on it and its squares left to try while a line below it is
// searched, the squares the class allows on it and the columns it must
// have taken, and its queen.
type asmFrame struct {
	l, d, r, a  uint64
	allow, need uint64
	bit         uint64
	_           uint64
}

// asmState is the state of the assembly kernel for one task. The assembly
// reads its fields at fixed offsets (count_amd64.s), which
// TestAsmLayout checks: do not reorder them.
type asmState struct {
	nodes, leaves uint64 // the worker's nodes; the leaves counted with the class's weight (8 for the side family)
	budget        uint64 // return once nodes reach it
	cur           int64  // the current line's frame, in bytes from f
	y0p, lastp    uint64 // scratch of the assembly
	mask          uint64
	check         uint64 // all ones for the side family, else 0
	t1, t3        int64  // side family: the frames (bit) of lines n−1−k and k, in bytes from f
	v2, v3        uint64 // side family: 1<<(n−1−k) and 1<<(n−1)
	n             int64
	nrare         int64     // boards in rare
	y0, last      int64     // the first line's frame and line n−6's, in bytes from f
	save          [8]uint64 // scratch of the assembly's rare-board copy
	f             [MaxN]asmFrame
	rare          [rareMax * MaxN]uint64 // boards the O(1) test could not settle, MaxN words each
}

// runAsm is run with the assembly kernel, for tasks that start at or above
// line n−6.
func (w *worker) runAsm(c *class, t *task) bool {
	n, mask := w.c.n, w.c.mask
	if w.asm == nil {
		w.asm = new(asmState)
	}
	s := w.asm
	const frame = asmFrameBytes
	y0 := int(t.y)
	for y := range n {
		f := &s.f[y]
		f.allow, f.need = mask&^c.excl[y], c.need[y]
		if y < y0 {
			f.bit = t.rows[y]
		}
	}
	f := &s.f[y0]
	f.l, f.d, f.r = t.l, t.d, t.r
	f.a = c.avail(mask, y0, t.l, t.d, t.r)
	s.nodes, s.leaves, s.budget = w.nodes, 0, w.bound
	s.cur, s.y0, s.last = int64(y0*frame), int64(y0*frame), int64((n-6)*frame)
	s.mask, s.n, s.nrare, s.check = mask, int64(n), 0, 0
	if c.check {
		k := c.k
		s.check = ^uint64(0)
		s.t1, s.t3 = int64((n-1-k)*frame+asmFrameBit), int64(k*frame+asmFrameBit)
		s.v2, s.v3 = 1<<uint(n-1-k), 1<<uint(n-1)
	}
	weight := c.w
	if c.check {
		weight = w8
	}
	for {
		done := searchAsm(s)
		w.nodes = s.nodes
		for i := range int(s.nrare) {
			copy(w.rows[:n], s.rare[i*MaxN:][:n])
			w.checkRotations(c.k)
		}
		s.nrare = 0
		if done {
			break
		}
		if w.nodes >= w.bound && !w.poll() {
			w.cnt[weight] += s.leaves
			return false
		}
		s.budget = w.bound
	}
	w.cnt[weight] += s.leaves
	return true
}
