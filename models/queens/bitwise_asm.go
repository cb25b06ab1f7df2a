package queens

// The counting search has two kernels that visit the same nodes and give
// the same counts: bwWorker.run in Go (every platform) and bwSearchAsm in
// amd64 assembly, used where the CPU has BMI1 and POPCNT. The assembly
// keeps every value of the search in a register (the Go compiler spills
// the nested bottom loops' values to the stack): about 20% less time
// (BenchmarkBitwiseKernels).

// bwUseAsm selects the assembly kernel; tests turn it off to check the Go
// kernel against it.
var bwUseAsm = bwHaveAsm

// bwRareMax is the number of boards bwAsm.rare holds: more than the
// leaves of one bottom subtree (five lines, at most 5! = 120), which is
// all the assembly can add between two looks at its budget.
const bwRareMax = 128

// bwAsmFrameBytes is the size of a bwAsmFrame and bwAsmFrameBit the offset
// of its bit field (TestBwAsmLayout checks both).
const bwAsmFrameBytes, bwAsmFrameBit = 64, 48

// bwAsmFrame is one line of the assembly kernel's search (64 bytes): the
// attacks on it and its squares left to try while a line below it is
// searched, the squares the class allows on it and the columns it must
// have taken, and its queen.
type bwAsmFrame struct {
	l, d, r, a  uint64
	allow, need uint64
	bit         uint64
	_           uint64
}

// bwAsm is the state of the assembly kernel for one task. The assembly
// reads its fields at fixed offsets (bitwise_count_amd64.s), which
// TestBwAsmLayout checks: do not reorder them.
type bwAsm struct {
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
	f             [BitwiseMaxN]bwAsmFrame
	rare          [bwRareMax * BitwiseMaxN]uint64 // boards the O(1) test could not settle, BitwiseMaxN words each
}

// runAsm is run with the assembly kernel, for tasks that start at or above
// line n−6.
func (w *bwWorker) runAsm(c *bwClass, t *bwTask) bool {
	sh := w.sh
	n, mask := sh.n, sh.mask
	if w.asm == nil {
		w.asm = new(bwAsm)
	}
	s := w.asm
	const frame = bwAsmFrameBytes
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
	s.nodes, s.leaves, s.budget = w.nodes, 0, w.pollAt
	s.cur, s.y0, s.last = int64(y0*frame), int64(y0*frame), int64((n-6)*frame)
	s.mask, s.n, s.nrare, s.check = mask, int64(n), 0, 0
	if c.check {
		k := c.k
		s.check = ^uint64(0)
		s.t1, s.t3 = int64((n-1-k)*frame+bwAsmFrameBit), int64(k*frame+bwAsmFrameBit)
		s.v2, s.v3 = 1<<uint(n-1-k), 1<<uint(n-1)
	}
	weight := c.w
	if c.check {
		weight = bw8
	}
	for {
		done := bwSearchAsm(s)
		w.nodes = s.nodes
		for i := range int(s.nrare) {
			copy(w.rows[:n], s.rare[i*BitwiseMaxN:][:n])
			w.checkRotations(c.k)
		}
		s.nrare = 0
		if done {
			break
		}
		if w.nodes >= w.pollAt && w.poll() {
			w.cnt[weight] += s.leaves
			return false
		}
		s.budget = w.pollAt
	}
	w.cnt[weight] += s.leaves
	return true
}
