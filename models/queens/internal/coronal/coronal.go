// Package coronal is the coronal decomposition of the N-Queens count
// (the queens model's split counts): the subproblems that fix the queens
// of the eight border lines, listed in a fixed order, and the kernels that
// count their completions — most constrained row first in Go or, where the
// CPU has BMI1, BMI2 and POPCNT, in amd64 assembly that visits the same
// nodes, and row by row above MRVMaxN. The purego build tag forces the Go
// kernels.
package coronal

import (
	"context"
	"fmt"
	"math/bits"
	"sync"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens/internal/bitwise"
)

// Name is the name (and version) of the coronal decomposition. It changes
// whenever the list of subproblems or their order changes.
const Name = "queens-coronal/1"

// MinN is the smallest board the coronal decomposition splits: below it
// the border lines overlap too much to be worth it, and the whole board is
// one subproblem.
const MinN = 8

// Kernel names the kernel that finishes the subproblems.
type Kernel int

const (
	// Auto is the fastest: the assembly search where the CPU has it
	// (never with the purego tag), else the Go search; row by row above
	// MRVMaxN.
	Auto Kernel = iota
	// Go is the most-constrained-first search in Go, up to MRVMaxN.
	Go
	// Asm is the assembly search where there is one, else Go.
	Asm
	// Rows is the row-by-row search at every n.
	Rows
)

// HaveAsm reports whether this build and this CPU have the assembly
// kernel.
func HaveAsm() bool { return haveAsm }

// resolve returns the kernel that runs for k on n × n boards: the one
// choice of kernel, which tests also go through to force one.
func (k Kernel) resolve(n int) Kernel {
	switch {
	case k == Rows || n > MRVMaxN:
		return Rows
	case k != Go && haveAsm:
		return Asm
	}
	return Go
}

// Options tunes a decomposition for tests and benchmarks; nil means the
// defaults.
type Options struct {
	// Kernel forces a kernel; Auto (the default) takes the fastest.
	Kernel Kernel
	// Step, if positive, is the most inner nodes between two polls of the
	// meter (tests: the assembly returns to Go and resumes at many points).
	Step uint64
}

// Coronal is the coronal decomposition of the N-Queens count used by the
// Q27 project (Preußer and Engelhardt, 2016) and NQueensFAF: every solution
// has exactly one queen on each of the eight border lines — the rows 0, 1,
// n−2, n−1 and the columns 0, 1, n−2, n−1 — and a subproblem fixes those
// queens (four to eight of them: a queen in a 2×2 corner block lies on a
// row line and a column line). No solution of n > 1 is its own mirror
// image, so the 8 symmetries of the square leave a pre-placement alone,
// turn it by 180° onto itself, or by 90°: one representative per class is
// kept, weighted by the size of its class, 8, 4 or 2. A subproblem's count
// is its weight times the completions of its pre-placement, found by a
// bitwise search of the rows left (see solver).
//
// The subproblems are listed in a fixed order: nested loops over the
// lines row 0, row n−1, column 0, column n−1, row 1, row n−2, column 1,
// column n−2, each line's queen from position 0 up; a pre-placement is the
// representative of its class when its positions, read in that line order,
// are the lexicographically least of the class's eight images. There are
// 3,073,215 at n = 16 and 2,024,110,796 at n = 27 (the figure published with
// Q(27)). Boards below MinN are one subproblem, the whole board.
type Coronal struct {
	n      int
	kernel Kernel // how subproblems are finished
	step   uint64 // if positive, the most inner nodes between polls (tests)

	// sizes, once a listing has gone to the end, holds the number of
	// subproblems below each pre-placement of the first prefixLines
	// lines, in listing order: a later Run (the next unit of a range)
	// skips the pre-placements that hold none of its subproblems instead
	// of listing them again.
	mu    sync.Mutex
	sizes []uint64
}

// prefixLines is the number of border lines whose pre-placements
// Coronal.sizes counts, and maxSizes the most it keeps (8 bytes
// each, 32 MiB at most). Six lines: 0.42 million pre-placements at
// n = 17, 2.3 million at n = 21 (×1.45 per n); from n = 23 on there are
// more than maxSizes, and every unit lists in full (its counting
// then takes far longer than a listing anyway).
const (
	prefixLines = 6
	maxSizes    = 1 << 22
)

// New returns the coronal decomposition of the n-queens count, for
// 1 ≤ n ≤ bitwise.MaxN.
func New(n int, o *Options) (*Coronal, error) {
	if n <= 0 || n > bitwise.MaxN {
		return nil, fmt.Errorf("queens: coronal: n = %d out of range 1..%d", n, bitwise.MaxN)
	}
	if o == nil {
		o = &Options{}
	}
	return &Coronal{n: n, kernel: o.Kernel.resolve(n), step: o.Step}, nil
}

// Name returns Name.
func (c *Coronal) Name() string { return Name }

// Len returns the number of subproblems: it lists them all (about 1 s per
// 15 million at n = 18 on one core), stopping through a meter of ctx.
func (c *Coronal) Len(ctx context.Context) (uint64, error) {
	if c.n < MinN {
		return 1, nil
	}
	m := core.NewMeter(ctx, nil)
	e := c.newEnum(m)
	e.place(0)
	if e.stopped {
		return 0, fmt.Errorf("queens: coronal: listing stopped: %s", m.Status())
	}
	c.keep(e)
	return e.j, nil
}

// newEnum returns a listing that skips with c.sizes if they are known and
// records them if not.
func (c *Coronal) newEnum(m *core.Meter) *enum {
	e := newEnum(m, c.n)
	c.mu.Lock()
	e.sizes = c.sizes
	c.mu.Unlock()
	e.record = e.sizes == nil
	return e
}

// keep stores the sizes a complete listing recorded.
func (c *Coronal) keep(e *enum) {
	if !e.record || e.stopped {
		return
	}
	c.mu.Lock()
	if c.sizes == nil {
		c.sizes = e.rec
	}
	c.mu.Unlock()
}

// Run solves subproblems first, first+stride, … in order; see
// core.Decomposition. A SubResult's Class is the weight (2, 4 or 8), 0
// for a board below MinN.
func (c *Coronal) Run(ctx context.Context, first, stride uint64, done func(j uint64, r core.SubResult) bool) (core.Status, error) {
	if stride == 0 {
		stride = 1
	}
	m := core.NewMeter(ctx, nil)
	if c.n < MinN {
		if first > 0 {
			return core.StatusExhausted, nil
		}
		res := bitwise.Count(m, c.n, bitwise.Symmetry, 1, nil)
		if m.Status() == core.StatusExhausted {
			done(0, core.SubResult{Count: res.Solutions, Stats: core.Stats{Nodes: res.Nodes}})
		}
		return m.Status(), nil
	}
	e := c.newEnum(m)
	e.next, e.stride, e.done = first, stride, done
	// The solver polls a fork of the listing's meter: the two count
	// different work, each at its own interval.
	e.solver = newSolver(m.Fork(), c.n, c.kernel, c.step)
	e.place(0)
	if e.stopped && m.Stopped() {
		return m.Status(), nil
	}
	c.keep(e)
	return core.StatusExhausted, nil
}

// The eight border lines in listing order: the outermost four, then the
// inner four.
const (
	lnRow0 = iota
	lnRowLast
	lnCol0
	lnColLast
	lnRow1
	lnRowPrev
	lnCol1
	lnColPrev
	lines
)

// enum lists the pre-placements and runs the chosen ones.
type enum struct {
	m    *core.Meter
	n    int
	lidx [lines]int  // the row or column index of each line
	isRw [lines]bool // whether the line is a row
	// lineAt[0][i] is the row line with index i, lineAt[1][i] the column
	// line, or −1.
	lineAt [2][bitwise.MaxN]int8
	// perm[g][k] is the line that symmetry g maps onto line k; flip[g][k]
	// says whether position p on it lands at n−1−p (else at p).
	perm [8][lines]int8
	flip [8][lines]bool

	pos    [lines]int // the queen's position along each line
	filled [lines]bool
	// The lines the placed queens hold: rows and columns by index,
	// diagonals by x+y (sum) and x−y+n−1 (dif), and dif mirrored (bit
	// y−x+n−1) to read a column's free squares.
	rows, cols     uint64
	sum, dif, difR diags
	a              int // the least distance to a corner on the outermost lines

	// sizes (see Coronal.sizes) lets the listing skip; without it, with
	// record, the listing appends them to rec. pi is the next prefix.
	sizes, rec []uint64
	record     bool
	pi         int

	j, next, stride uint64 // the next index, the next one to solve
	done            func(j uint64, r core.SubResult) bool
	solver          *solver
	stopped         bool
	// abandoned is the nodes searched in a subproblem a stop abandoned
	// (done was not called for it).
	abandoned uint64
	// The leaves listed, and the count at which to check the meter next.
	listed, bound uint64
}

func newEnum(meter *core.Meter, n int) *enum {
	e := &enum{m: meter, n: n, next: ^uint64(0)}
	m := n - 1
	idx := [lines]int{0, m, 0, m, 1, m - 1, 1, m - 1}
	for i := range e.lineAt {
		for k := range e.lineAt[i] {
			e.lineAt[i][k] = -1
		}
	}
	for l := range lines {
		e.lidx[l] = idx[l]
		e.isRw[l] = l == lnRow0 || l == lnRowLast || l == lnRow1 || l == lnRowPrev
		side := 1
		if e.isRw[l] {
			side = 0
		}
		e.lineAt[side][idx[l]] = int8(l)
	}
	// Map two squares of each line to find its image line.
	for g := range 8 {
		for l := range lines {
			x0, y0 := e.square(l, 0)
			x1, y1 := e.square(l, 1)
			gx0, gy0 := symSquare(g, n, x0, y0)
			_, gy1 := symSquare(g, n, x1, y1)
			var k int8
			p0 := gy0 // the image of position 0 along the image line
			if gy0 == gy1 {
				k, p0 = e.lineAt[0][gy0], gx0
			} else {
				k = e.lineAt[1][gx0]
			}
			e.perm[g][k] = int8(l)
			e.flip[g][k] = p0 != 0
		}
	}
	return e
}

// symSquare returns the image of the square (x, y) under the symmetry g
// of the square, numbered as queens.Symmetry numbers them: identity,
// mirror columns, mirror rows, rotate 180°, transpose, rotate 90°, rotate
// 270°, anti-transpose.
func symSquare(g, n, x, y int) (int, int) {
	m := n - 1
	switch g {
	case 1:
		return m - x, y
	case 2:
		return x, m - y
	case 3:
		return m - x, m - y
	case 4:
		return y, x
	case 5:
		return m - y, x
	case 6:
		return y, m - x
	case 7:
		return m - y, m - x
	}
	return x, y
}

// square returns the square at position p of line l.
func (e *enum) square(l, p int) (x, y int) {
	if e.isRw[l] {
		return p, e.lidx[l]
	}
	return e.lidx[l], p
}

// diags is a set of the 2n−1 ≤ 127 diagonals of one direction.
type diags [2]uint64

// flip adds diagonal k, or removes it if present.
func (d *diags) flip(k int) { d[k>>6&1] ^= 1 << uint(k&63) }

// from returns the 64 diagonals s, s+1, … of the set as the bits 0, 1, ….
func (d *diags) from(s int) uint64 {
	if s >= 64 {
		return d[1] >> uint(s-64)
	}
	return d[0]>>uint(s) | d[1]<<uint(64-s) // a shift by 64 gives 0
}

// free returns the positions on line l whose square no placed queen
// attacks.
func (e *enum) free(l int) uint64 {
	n, i := e.n, e.lidx[l]
	mask := bitwise.Mask(n)
	if e.isRw[l] { // row i: position x is the square (x, i)
		if e.rows>>uint(i)&1 != 0 {
			return 0
		}
		return mask &^ (e.cols | e.sum.from(i) | e.dif.from(n-1-i))
	}
	// Column i: position y is the square (i, y).
	if e.cols>>uint(i)&1 != 0 {
		return 0
	}
	return mask &^ (e.rows | e.sum.from(i) | e.difR.from(n-1-i))
}

// toggle adds the queen at (x, y) to the lines held, or removes it.
func (e *enum) toggle(x, y int) {
	e.rows ^= 1 << uint(y)
	e.cols ^= 1 << uint(x)
	e.sum.flip(x + y)
	e.dif.flip(x - y + e.n - 1)
	e.difR.flip(y - x + e.n - 1)
}

// place lists every pre-placement of lines l.. given those before.
func (e *enum) place(l int) {
	if e.stopped {
		return
	}
	if l == prefixLines && (e.sizes != nil || e.record) {
		e.prefix()
		return
	}
	e.placeLines(l)
}

// prefix lists the pre-placements below one of the first prefixLines
// lines: it skips them when e.sizes says that none is to be solved (the
// next one to solve lies past them), and records their number when
// e.record.
func (e *enum) prefix() {
	if e.sizes != nil {
		if e.pi >= len(e.sizes) { // not the listing the sizes came from
			e.sizes = nil
			e.placeLines(prefixLines)
			return
		}
		size := e.sizes[e.pi]
		e.pi++
		if e.next-e.j >= size { // e.next ≥ e.j: the wanted one lies past
			e.j += size
			return
		}
		e.placeLines(prefixLines)
		return
	}
	start := e.j
	e.placeLines(prefixLines)
	if len(e.rec) == maxSizes {
		e.record, e.rec = false, nil
		return
	}
	e.rec = append(e.rec, e.j-start)
}

// placeLines is place without the prefix bookkeeping.
func (e *enum) placeLines(l int) {
	if l == lines {
		e.leaf()
		return
	}
	if e.filled[l] {
		e.place(l + 1)
		return
	}
	n := e.n
	for avail := e.free(l); avail != 0; avail &= avail - 1 {
		p := bits.TrailingZeros64(avail)
		x, y := e.square(l, p)
		// The square may lie on a line of the other direction too.
		other := int8(-1)
		if e.isRw[l] {
			other = e.lineAt[1][x]
		} else {
			other = e.lineAt[0][y]
		}
		if other >= 0 && e.filled[other] {
			continue // attacked along that line anyway
		}
		if l == lnRow0 {
			if p > n-1-p {
				break
			}
			e.a = p
		} else if !e.outerOK(l, p) {
			continue
		}
		if other >= 0 {
			op := x
			if !e.isRw[other] {
				op = y
			}
			if !e.outerOK(int(other), op) {
				continue
			}
			e.filled[other], e.pos[other] = true, op
		}
		e.filled[l], e.pos[l] = true, p
		e.toggle(x, y)
		e.place(l + 1)
		e.toggle(x, y)
		e.filled[l] = false
		if other >= 0 {
			e.filled[other] = false
		}
		if e.stopped {
			return
		}
	}
}

// outerOK reports whether position p on line l keeps row 0's queen the
// nearest to a corner among the outermost lines' (a representative has it).
func (e *enum) outerOK(l, p int) bool {
	if l > lnColLast {
		return true
	}
	return min(p, e.n-1-p) >= e.a
}

// leaf handles one complete pre-placement: if it is its class's
// representative, it gets the next index and is solved when chosen.
func (e *enum) leaf() {
	w := e.weight()
	if w == 0 {
		return
	}
	j := e.j
	e.j++
	if e.listed++; e.listed >= e.bound {
		var ok bool
		if e.bound, ok = e.m.Check(e.listed); !ok {
			e.stopped = true
			return
		}
	}
	if j != e.next {
		return
	}
	e.next += e.stride
	if e.next < j { // wrapped
		e.next = ^uint64(0)
	}
	r, ok := e.solver.solve(e, w)
	if !ok {
		e.abandoned += r.Stats.Nodes
		e.stopped = true
		return
	}
	if !e.done(j, r) {
		e.stopped = true
	}
}

// weight returns the class size (8, 4 or 2) of the pre-placement if it is
// the representative of its class, else 0.
func (e *enum) weight() int {
	m := e.n - 1
	same := 1
	for g := 1; g < 8; g++ {
		c := 0
		perm, flip := &e.perm[g], &e.flip[g]
		for k := range lines {
			v := e.pos[perm[k]]
			if flip[k] {
				v = m - v
			}
			if v != e.pos[k] {
				if v < e.pos[k] {
					return 0
				}
				c = 1
				break
			}
		}
		if c == 0 {
			same++
		}
	}
	return 8 / same
}

// solver finishes pre-placements. Every square a pre-placed queen
// attacks is excluded beforehand, so the rows that hold one are not
// searched (their queen is never attacked by a queen placed in the search,
// and the row would always take it): the search places a queen on each
// free row, in one of two bitwise kernels.
//
//   - Up to n = MRVMaxN, most constrained row first: at each node
//     the free squares of every row left are computed from the columns and
//     the two diagonal sets held (one word each while 2n − 1 ≤ 64), a row
//     with none or a column that no row left can take ends the subtree, and
//     the row with the fewest squares is branched on. The pre-placements
//     leave the middle rows so constrained that this visits about a fifth
//     of the nodes of the row-by-row search in about 0.4 of its time.
//   - Above, row by row (countRows): the diagonal attacks shifted over the
//     pre-placed rows, the last row counted with one popcount.
//
// Stats.Nodes counts the queens placed on free rows.
type solver struct {
	n      int
	mask   uint64
	m      *core.Meter
	kernel Kernel // Go, Asm or Rows: which kernel finishes the subproblems
	step   uint64 // if positive, the most inner nodes between two polls

	// The row-by-row kernel's free rows, top down: the squares each
	// excludes and the distance to the next free row.
	excl [bitwise.MaxN]uint64
	gap  [bitwise.MaxN]uint
	st   [bitwise.MaxN]bitwise.Frame

	// The work seen in every subproblem (the most-constrained-first
	// kernel's inner nodes, the row-by-row kernel's nodes), the count at
	// which to poll the meter next, and whether the meter stopped the
	// count.
	seen, bound uint64
	stop        bool
	asm         *asmState // the assembly kernel's state, made at first use
}

// MRVMaxN is the largest n whose diagonal sets fit one word.
const MRVMaxN = 32

func newSolver(m *core.Meter, n int, kernel Kernel, step uint64) *solver {
	s := &solver{n: n, mask: bitwise.Mask(n), m: m, kernel: kernel, step: step}
	s.poll()
	return s
}

// solve counts the completions of the pre-placement in e, times w. It
// reports false if the count was stopped: the result then holds only the
// nodes searched.
func (s *solver) solve(e *enum, w int) (core.SubResult, bool) {
	n, mask := s.n, s.mask
	border := uint64(1) | 2 | 1<<uint(n-2) | 1<<uint(n-1)
	cols := border | e.cols
	var free uint64 // the rows left, as bits
	for y := 2; y < n-2; y++ {
		if e.rows>>uint(y)&1 == 0 {
			free |= 1 << uint(y)
		}
	}
	var nodes, leaves uint64
	ok := true
	if s.kernel != Rows {
		leaves = 1 // with no row left, the pre-placement is a solution
		if free != 0 {
			if s.kernel == Asm {
				leaves, nodes = s.searchAsm(cols, e.sum[0], e.dif[0], free)
			} else {
				leaves, nodes = s.search(cols, e.sum[0], e.dif[0], free)
			}
		}
		ok = !s.stop
	} else {
		// Row y excludes the columns held and the squares x on a
		// diagonal held: x = k − y for a sum k, x = k + y − (n−1) for a
		// difference k.
		m := 0
		prev := -1
		for y := 2; y < n-2; y++ {
			if free>>uint(y)&1 == 0 {
				continue
			}
			s.excl[m&(bitwise.MaxN-1)] = (cols | e.sum.from(y) | e.dif.from(n-1-y)) & mask
			if prev >= 0 {
				s.gap[(m-1)&(bitwise.MaxN-1)] = uint(y - prev)
			}
			prev = y
			m++
		}
		before := s.seen
		nodes, leaves, ok = s.countRows(mask, m)
		s.seen = before + nodes
	}
	if !ok { // the nodes searched before the stop, and no count
		return core.SubResult{Stats: core.Stats{Nodes: nodes}}, false
	}
	return core.SubResult{
		Count: core.CountOf(leaves).MulUint64(uint64(w)),
		Class: w,
		Stats: core.Stats{Nodes: nodes},
	}, true
}

// search returns the ways to place a queen on each row of free, given
// the columns cols, the diagonals sum (bit x+y) and dif (bit x−y+n−1)
// held, most constrained row first; free is not empty.
func (s *solver) search(cols, sum, dif, free uint64) (leaves, nodes uint64) {
	n, mask := s.n, s.mask
	best, by, bf := 65, 0, uint64(0)
	var union uint64
	for rr := free; rr != 0; rr &= rr - 1 {
		y := bits.TrailingZeros64(rr)
		f := mask &^ (cols | sum>>(uint(y)&63) | dif>>(uint(n-1-y)&63))
		if f == 0 {
			return 0, 0
		}
		union |= f
		if c := bits.OnesCount64(f); c < best {
			best, by, bf = c, y, f
		}
	}
	if free&(free-1) == 0 { // the last row: each free square is a leaf
		return uint64(best), uint64(best)
	}
	if mask&^cols&^union != 0 {
		return 0, 0 // a column no row left can take
	}
	if s.seen++; s.seen >= s.bound && s.poll() {
		return 0, 0
	}
	free &^= 1 << (uint(by) & 63)
	if free&(free-1) == 0 {
		// One row left, yo: a queen at column x on row by attacks x and
		// x ± |yo − by| there; its squares are counted, not searched.
		yo := bits.TrailingZeros64(free)
		fo := mask &^ (cols | sum>>(uint(yo)&63) | dif>>(uint(n-1-yo)&63))
		dy := uint(max(yo-by, by-yo)) & 63
		for ; bf != 0; bf &= bf - 1 {
			bit := bf & -bf
			c := uint64(bits.OnesCount64(fo &^ (bit | bit<<dy | bit>>dy)))
			leaves += c
			nodes += c + 1
		}
		return leaves, nodes
	}
	for ; bf != 0; bf &= bf - 1 {
		bit := bf & -bf
		l, m := s.search(cols|bit, sum|bit<<(uint(by)&63), dif|bit<<(uint(n-1-by)&63), free)
		leaves += l
		nodes += m + 1
		if s.stop {
			return 0, nodes
		}
	}
	return leaves, nodes
}

// poll passes the work seen to the meter, sets the next bound and reports
// whether to stop the search (then s.stop is set).
func (s *solver) poll() bool {
	bound, _, ok := s.m.Poll(s.seen, s.seen)
	if s.step > 0 {
		bound = min(bound, s.seen+s.step)
	}
	s.bound = bound
	s.stop = !ok
	return s.stop
}

// countRows places a queen on each of the m free rows, row by row, and
// returns the queens placed, the completions, and false if the count was
// stopped.
func (s *solver) countRows(mask uint64, m int) (nodes, leaves uint64, ok bool) {
	const m64 = bitwise.MaxN - 1
	if m == 0 {
		return 0, 1, true
	}
	last := m - 1
	if last == 0 {
		c := uint64(bits.OnesCount64(mask &^ s.excl[0]))
		return c, c, true
	}
	base := s.seen
	var l, d, r uint64
	a := mask &^ s.excl[0]
	i := 0
	for {
		if a == 0 {
			if i == 0 {
				return nodes, leaves, true
			}
			i--
			f := &s.st[i&m64]
			l, d, r, a = f.L, f.D, f.R, f.A
			continue
		}
		bit := a & -a
		a ^= bit
		nodes++
		g := s.gap[i&m64]
		nl, nd, nr := (l|bit)<<(g&63), d|bit, (r|bit)>>(g&63)
		if i+1 == last {
			c := uint64(bits.OnesCount64(mask &^ (nl | nd | nr | s.excl[last&m64])))
			nodes += c
			leaves += c
			continue
		}
		s.st[i&m64] = bitwise.Frame{L: l, D: d, R: r, A: a}
		i++
		l, d, r = nl, nd, nr
		a = mask &^ (l | d | r | s.excl[i&m64])
		if base+nodes >= s.bound {
			s.seen = base + nodes
			if s.poll() {
				return nodes, leaves, false
			}
		}
	}
}

// Algorithm names the algorithm whose unsplit count solves the same
// subproblems with the same kernels (Count): "coronal".
func (c *Coronal) Algorithm() string { return "coronal" }
