package frontier

import (
	"math/bits"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/coverkit/coverkit/core"
)

// The join counts the tours of a board of C columns from two levels of the
// sweep instead of sweeping to the end: the level after column c (the
// left part, columns 0..c, every move of theirs chosen) and the level
// after column C−4−c, which is the right part (columns c+3..C−1) seen in
// the mirror, since the board is its own mirror image. Both leave the
// cells of columns c+1 and c+2 with some moves chosen; the moves between
// those two columns (the middle moves, paths of at most R/2+1 cells)
// belong to neither. A tour is one left state, one right state and one set
// of middle moves whose degrees add up to two at every cell (one at the
// tour's ends) and whose paths close into one cycle (one path, for open
// tours). The degrees fix the middle moves on each of their paths, so the
// join is a sum, over the degree patterns of the left states and each
// choice of middle moves, of the products of the counts of the left and
// right states whose paths close up.

// noCell marks, in a pairing of the join's cells, a path that leads to an
// end of the open tour (a stub). In a half's packed pairings a tail is
// paired with itself.
const noCell = -1

// half is a level read for a join: its states grouped by the masks of
// their cells (full, end and tail), each state as its pairing (the
// partner of each end, four bits a cell; a tail its own) and its count.
type half struct {
	cells  int      // 2R
	width  int      // count words
	key    []uint64 // group keys, sorted: full | end<<16 | tail<<32
	start  []int32  // entries of group g: start[g]..start[g+1]
	part   []uint64
	count  []uint64 // width words an entry
	byMask map[uint32][]int32 // full|end<<16 → its groups (tail variants)
}

func groupKey(full, end, tail uint32) uint64 {
	return uint64(full) | uint64(end)<<16 | uint64(tail)<<32
}

// newHalf reads the level l of a board of rows rows; mirrored swaps the
// two columns of its cells (the right part's level, read in the left's
// cells).
func newHalf(l *level, rows int, mirrored bool) *half {
	cells := 2 * rows
	mir := func(i int) int {
		if !mirrored {
			return i
		}
		return (i + rows) % cells
	}
	mirMask := func(m uint32) uint32 {
		if !mirrored {
			return m
		}
		low := m & (1<<rows - 1)
		return m>>rows | low<<rows
	}
	width := 1
	for _, bk := range l.buckets {
		for _, s := range bk.segs {
			width = max(width, s.width)
		}
	}
	type ent struct {
		key, part uint64
		at        int // index into counts
	}
	ents := make([]ent, 0, l.n)
	counts := make([]uint64, 0, int(l.n)*width)
	for _, bk := range l.buckets {
		for _, s := range bk.segs {
			for p := 0; p < s.used; p += 1 + s.width {
				var st state
				st.load(s.w[p], 2*rows+1)
				full, end, tail := mirMask(st.full), mirMask(st.end), mirMask(st.tail)
				var part uint64
				for m := st.end; m != 0; m &= m - 1 {
					i := bits.TrailingZeros32(m)
					q := uint64(mir(i))
					if st.tail>>i&1 == 0 {
						q = uint64(mir(int(st.part[i])))
					}
					part |= q << (4 * mir(i))
				}
				ents = append(ents, ent{groupKey(full, end, tail), part, len(counts)})
				counts = append(counts, s.w[p+1:p+1+s.width]...)
				for range width - s.width {
					counts = append(counts, 0)
				}
			}
		}
	}
	sort.Slice(ents, func(a, b int) bool { return ents[a].key < ents[b].key })
	h := &half{cells: cells, width: width, part: make([]uint64, len(ents)), count: make([]uint64, 0, len(counts)),
		byMask: map[uint32][]int32{}}
	for i, e := range ents {
		if i == 0 || e.key != ents[i-1].key {
			h.key = append(h.key, e.key)
			h.start = append(h.start, int32(i))
			g := int32(len(h.key) - 1)
			mk := uint32(e.key & 0xffffffff)
			h.byMask[mk] = append(h.byMask[mk], g)
		}
		h.part[i] = e.part
		h.count = append(h.count, counts[e.at:e.at+width]...)
	}
	h.start = append(h.start, int32(len(ents)))
	return h
}

// bytes returns the memory of h.
func (h *half) bytes() uint64 {
	return 8*uint64(len(h.key)+len(h.part)+len(h.count)) + 4*uint64(len(h.start))
}

// middle is the set of moves between the two columns of the join's cells,
// split into its paths.
type middle struct {
	comps []component
}

// component is one path of middle moves: its cells and its moves (pairs
// of cells).
type component struct {
	cells []int
	moves [][2]int
}

func newMiddle(rows int) middle {
	var moves [][2]int
	for r := range rows {
		for _, d := range []int{-2, 2} {
			if r+d >= 0 && r+d < rows {
				moves = append(moves, [2]int{r, rows + r + d})
			}
		}
	}
	// Components by union-find.
	parent := make([]int, 2*rows)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			x = parent[x]
		}
		return x
	}
	for _, m := range moves {
		parent[find(m[0])] = find(m[1])
	}
	byRoot := map[int]*component{}
	var roots []int
	for i := range 2 * rows {
		r := find(i)
		if byRoot[r] == nil {
			byRoot[r] = &component{}
			roots = append(roots, r)
		}
		byRoot[r].cells = append(byRoot[r].cells, i)
	}
	for _, m := range moves {
		c := byRoot[find(m[0])]
		c.moves = append(c.moves, m)
	}
	var md middle
	for _, r := range roots {
		if len(byRoot[r].moves) > 0 {
			md.comps = append(md.comps, *byRoot[r])
		}
	}
	return md
}

// choice is a set of middle moves on one component: the moves chosen (as
// cell pairs) and the degree they give each cell (two bits a cell).
type choice struct {
	moves [][2]int
	deg   uint64
}

// joiner holds what the workers of a join share.
type joiner struct {
	left, right *half
	md          middle
	rows        int
	closed      bool
	fromCell    int // the start's cell among the join's cells, or −1 (open tours from a start elsewhere, or any start)
	wantEnds    int // tour ends the left, the right and the join's cells must add up to (2; 0 for closed tours)
	checks      atomic.Uint64
}

// join returns the number of tours: the sum of the products of the counts
// of the left and right states that close up. m stops it; workers share
// the left groups.
func (j *joiner) join(m *core.Meter, workers int, progress func(done, of int)) ([]uint64, bool) {
	var next atomic.Int64
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := []uint64{0}
	stopped := false
	ng := len(j.left.key)
	var doneGroups atomic.Int64
	for range workers {
		wm := m
		if workers > 1 {
			wm = m.Fork()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			acc := []uint64{0}
			var work uint64
			bound, _, ok := wm.Poll(0, 0)
			for ok {
				g := int(next.Add(1) - 1)
				if g >= ng {
					break
				}
				n := j.group(g, &acc)
				work += n
				j.checks.Add(n)
				if work >= bound {
					bound, _, ok = wm.Poll(work, work)
				}
				d := doneGroups.Add(1)
				if progress != nil {
					progress(int(d), ng)
				}
			}
			mu.Lock()
			total = addInto(total, acc)
			stopped = stopped || !ok
			mu.Unlock()
		}()
	}
	wg.Wait()
	return total, !stopped
}

// group joins the left group g with every right group it closes up with,
// adding the products to acc; it returns the work done (pairs checked).
func (j *joiner) group(g int, acc *[]uint64) uint64 {
	L := j.left
	k := L.key[g]
	full, end, tail := uint32(k&0xffff), uint32(k>>16&0xffff), uint32(k>>32&0xffff)
	var deg [16]int
	for i := range L.cells {
		deg[i] = int(end>>i&1) + 2*int(full>>i&1)
	}
	// The valid choices of middle moves on each component.
	choices := make([][]choice, len(j.md.comps))
	for ci, c := range j.md.comps {
		for sub := range 1 << len(c.moves) {
			var ch choice
			d := deg
			ok := true
			for mi, mv := range c.moves {
				if sub&(1<<mi) != 0 {
					d[mv[0]]++
					d[mv[1]]++
					ch.moves = append(ch.moves, mv)
				}
			}
			for _, x := range c.cells {
				if d[x] > 2 {
					ok = false
				}
				ch.deg |= uint64(d[x]-deg[x]) << (2 * x)
			}
			if ok {
				choices[ci] = append(choices[ci], ch)
			}
		}
		if len(choices[ci]) == 0 {
			return 0
		}
	}
	var work uint64
	leftEnds := bits.OnesCount32(tail)
	idx := make([]int, len(choices))
	var moves [][2]int
	for {
		// One choice on every component: the middle moves and degrees.
		moves = moves[:0]
		var mdeg uint64
		for ci, i := range idx {
			ch := &choices[ci][i]
			moves = append(moves, ch.moves...)
			mdeg |= ch.deg
		}
		work += j.pairs(g, deg, mdeg, moves, leftEnds, acc)
		// The next combination.
		ci := 0
		for ; ci < len(idx); ci++ {
			idx[ci]++
			if idx[ci] < len(choices[ci]) {
				break
			}
			idx[ci] = 0
		}
		if ci == len(idx) {
			break
		}
	}
	return work
}

// pairs joins the left group g, with the middle moves chosen (their
// degrees mdeg, two bits a cell), with the right groups that complete the
// degrees, for every choice of the join cells that end an open tour.
func (j *joiner) pairs(g int, deg [16]int, mdeg uint64, moves [][2]int, leftEnds int, acc *[]uint64) uint64 {
	cells := j.left.cells
	var have [16]int
	var free uint32 // cells that could still end the tour (degree at most 1)
	for i := range cells {
		have[i] = deg[i] + int(mdeg>>(2*i)&3)
		if have[i] <= 1 {
			free |= 1 << i
		}
	}
	var work uint64
	try := func(ends uint32) {
		var rf, re uint32
		for i := range cells {
			target := 2
			if ends>>i&1 != 0 {
				target = 1
			}
			switch target - have[i] {
			case 2:
				rf |= 1 << i
			case 1:
				re |= 1 << i
			case 0:
			default:
				return
			}
		}
		for _, rg := range j.right.byMask[rf|re<<16] {
			rtail := uint32(j.right.key[rg] >> 32)
			if leftEnds+bits.OnesCount32(ends)+bits.OnesCount32(rtail) != j.wantEnds {
				continue
			}
			work += j.close(g, int(rg), moves, ends, re, acc)
		}
	}
	if j.closed {
		try(0)
		return work
	}
	// Open tours: up to two of the join's cells end the tour (the start,
	// if it is one of them, must).
	left := j.wantEnds - leftEnds
	if j.fromCell >= 0 {
		if free>>j.fromCell&1 == 0 {
			return 0
		}
		f := uint32(1) << j.fromCell
		try(f)
		if left >= 2 {
			for m := free &^ f; m != 0; m &= m - 1 {
				try(f | 1<<bits.TrailingZeros32(m))
			}
		}
		return work
	}
	try(0)
	if left >= 1 {
		for m := free; m != 0; m &= m - 1 {
			a := uint32(1) << bits.TrailingZeros32(m)
			try(a)
			if left >= 2 {
				for n := m &^ a; n != 0; n &= n - 1 {
					try(a | 1<<bits.TrailingZeros32(n))
				}
			}
		}
	}
	return work
}

// close adds the products of the left states of group g and the right
// states of group rg whose paths, with the middle moves and the tour ends
// among the join's cells, make one cycle (one path for open tours). re is
// the cells where the right states have ends.
func (j *joiner) close(g, rg int, moves [][2]int, ends, re uint32, acc *[]uint64) uint64 {
	L, R := j.left, j.right
	if re == 0 {
		return 0 // nothing of the right part would be on the tour
	}
	var work uint64
	for a := L.start[g]; a < L.start[g+1]; a++ {
		// The left paths with the middle moves, as a pairing of their
		// ends: the cells of re, and stubs (tour ends).
		var pi [16]int8
		if !j.walk(L.part[a], uint32(L.key[g]>>16&0xffff), uint32(L.key[g]>>32&0xffff), moves, ends, re, &pi) {
			continue
		}
		ca := L.count[int(a)*L.width : int(a+1)*L.width]
		for b := R.start[rg]; b < R.start[rg+1]; b++ {
			work++
			if j.closes(&pi, R.part[b], re) {
				*acc = addProduct(*acc, ca, R.count[int(b)*R.width:int(b+1)*R.width])
			}
		}
	}
	return work
}

// walk follows the left paths (part, on the ends end, those of tail to
// stubs), the middle moves and the tour ends among the join's cells from
// each cell of re to the other end of its path, writing the pairing to pi
// (noCell for a path to a tour end); it reports false if they close a
// cycle or join two tour ends.
func (j *joiner) walk(part uint64, end, tail uint32, moves [][2]int, ends, re uint32, pi *[16]int8) bool {
	var nb [16][2]int8
	var nn [16]int8
	add := func(x, y int8) {
		nb[x][nn[x]] = y
		nn[x]++
		if y != noCell {
			nb[y][nn[y]] = x
			nn[y]++
		}
	}
	for m := end; m != 0; m &= m - 1 {
		x := int8(bits.TrailingZeros32(m))
		if tail>>x&1 != 0 {
			add(x, noCell)
		} else if y := int8(part >> (4 * x) & 15); y > x {
			add(x, y)
		}
	}
	for _, mv := range moves {
		add(int8(mv[0]), int8(mv[1]))
	}
	for m := ends; m != 0; m &= m - 1 {
		add(int8(bits.TrailingZeros32(m)), noCell)
	}
	var seen uint32
	for m := re; m != 0; m &= m - 1 {
		x := int8(bits.TrailingZeros32(m))
		if seen>>x&1 != 0 {
			continue
		}
		// x has one neighbour; every cell on its path but the last has two.
		seen |= 1 << x
		prev, cur := x, nb[x][0]
		for cur != noCell && re>>cur&1 == 0 {
			seen |= 1 << cur
			next := nb[cur][0]
			if next == prev {
				next = nb[cur][1]
			}
			prev, cur = cur, next
		}
		pi[x] = cur
		if cur != noCell {
			seen |= 1 << cur
			pi[cur] = x
		}
	}
	var touched uint32
	for i := range j.left.cells {
		if nn[i] > 0 {
			touched |= 1 << i
		}
	}
	return touched&^seen == 0
}

// closes reports whether the pairing pi of the left paths and the middle
// moves and the right state's pairing (part, on the cells re; a tail
// paired with itself) make one cycle through every cell of re (closed
// tours), or one path between two tour ends (open tours).
func (j *joiner) closes(pi *[16]int8, part uint64, re uint32) bool {
	n := bits.OnesCount32(re)
	mu := func(x int8) int8 {
		y := int8(part >> (4 * x) & 15)
		if y == x {
			return noCell
		}
		return y
	}
	if j.closed {
		start := int8(bits.TrailingZeros32(re))
		x, steps := start, 0
		for {
			x = mu(pi[x])
			steps += 2
			if x == start || steps >= n {
				return x == start && steps == n
			}
		}
	}
	// Start at a cell whose left or right path goes to a tour end, and
	// leave it by the other.
	start, right := int8(noCell), false
	for m := re; m != 0; m &= m - 1 {
		x := int8(bits.TrailingZeros32(m))
		if pi[x] == noCell {
			start, right = x, true
			break
		}
		if mu(x) == noCell {
			start = x
			break
		}
	}
	if start == noCell {
		return false
	}
	x, visited := start, 1
	for {
		var y int8
		if right {
			y = mu(x)
		} else {
			y = pi[x]
		}
		if y == noCell {
			return visited == n
		}
		x, visited, right = y, visited+1, !right
		if visited > n {
			return false
		}
	}
}

// addProduct returns acc + a·b (little-endian words).
func addProduct(acc, a, b []uint64) []uint64 {
	if len(a) == 1 && len(b) == 1 {
		hi, lo := bits.Mul64(a[0], b[0])
		for len(acc) < 3 {
			acc = append(acc, 0)
		}
		var c uint64
		acc[0], c = bits.Add64(acc[0], lo, 0)
		acc[1], c = bits.Add64(acc[1], hi, c)
		if c != 0 {
			acc = addInto(acc, append(make([]uint64, 2), c))
		}
		return acc
	}
	prod := make([]uint64, len(a)+len(b))
	for i, x := range a {
		var carry uint64
		for k, y := range b {
			hi, lo := bits.Mul64(x, y)
			var c uint64
			prod[i+k], c = bits.Add64(prod[i+k], lo, 0)
			hi += c
			prod[i+k+1], c = bits.Add64(prod[i+k+1], hi, carry)
			carry = c
		}
		for k := i + len(b) + 1; carry != 0 && k < len(prod); k++ {
			prod[k], carry = bits.Add64(prod[k], carry, 0)
		}
	}
	return addInto(acc, prod)
}

