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
	cells int      // 2R
	width int      // count words
	key   []uint64 // group keys, sorted: tail | full<<16 | end<<32
	start []int32  // entries of group g: start[g]..start[g+1]
	part  []uint64
	count []uint64 // width words an entry
	// index finds the groups of the masks full|end<<16 (open addressing:
	// the masks plus one, then the first group; the groups of one
	// masks, which differ in their tails, are adjacent).
	index []uint64
}

func groupKey(full, end, tail uint32) uint64 {
	return uint64(tail) | uint64(full)<<16 | uint64(end)<<32
}

// The masks of a group key.
func keyTail(k uint64) uint32 { return uint32(k & 0xffff) }
func keyFull(k uint64) uint32 { return uint32(k >> 16 & 0xffff) }
func keyEnd(k uint64) uint32  { return uint32(k >> 32 & 0xffff) }

// slot returns where the index probes first for masks mk.
func (h *half) slot(mk uint64) uint64 {
	return (mk * 0x9e3779b97f4a7c15) >> (64 - uint(bits.Len(uint(len(h.index)/2-1))))
}

// groupsOf returns the first and past-the-last groups whose full and end
// masks are mk.
func (h *half) groupsOf(mk uint32) (int, int) {
	m := uint64(mk) + 1
	n := uint64(len(h.index) / 2)
	for i := h.slot(m); ; i = (i + 1) & (n - 1) {
		switch h.index[2*i] {
		case m:
			g := int(h.index[2*i+1])
			e := g + 1
			for e < len(h.key) && h.key[e]>>16 == h.key[g]>>16 {
				e++
			}
			return g, e
		case 0:
			return 0, 0
		}
	}
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
	// By group, and within a group by pairing (which the join searches).
	sort.Slice(ents, func(a, b int) bool {
		return ents[a].key < ents[b].key || ents[a].key == ents[b].key && ents[a].part < ents[b].part
	})
	h := &half{cells: cells, width: width, part: make([]uint64, len(ents)), count: make([]uint64, 0, len(counts))}
	for i, e := range ents {
		if i == 0 || e.key != ents[i-1].key {
			h.key = append(h.key, e.key)
			h.start = append(h.start, int32(i))
		}
		h.part[i] = e.part
		h.count = append(h.count, counts[e.at:e.at+width]...)
	}
	h.start = append(h.start, int32(len(ents)))
	n := 1
	for n < 2*len(h.key) {
		n *= 2
	}
	h.index = make([]uint64, 2*max(n, 2))
	for g, k := range h.key {
		if g > 0 && k>>16 == h.key[g-1]>>16 {
			continue
		}
		m := k>>16 + 1
		size := uint64(len(h.index) / 2)
		i := h.slot(m)
		for h.index[2*i] != 0 {
			i = (i + 1) & (size - 1)
		}
		h.index[2*i], h.index[2*i+1] = m, uint64(g)
	}
	return h
}

// bytes returns the memory of h.
func (h *half) bytes() uint64 {
	return 8*uint64(len(h.key)+len(h.part)+len(h.count)+len(h.index)) + 4*uint64(len(h.start))
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
	find := func(x int) int {
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

// choice is a set of middle moves on one component: the moves chosen (a
// mask of the component's moves) and the degree they give each cell (two
// bits a cell).
type choice struct {
	mask uint32
	deg  uint64
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

// joinWork is one worker's part of a join: its sum and its scratch.
type joinWork struct {
	j       *joiner
	acc     accum
	agg     pairings
	choices [][]choice
	idx     []int
	moves   [][2]int
	work    uint64 // pairs compared and partners looked up
}

// join returns the number of tours: the sum of the products of the counts
// of the left and right states that close up. m stops it; workers share
// the left groups, largest first.
func (j *joiner) join(m *core.Meter, workers int, progress func(done, of int)) ([]uint64, bool) {
	ng := len(j.left.key)
	order := make([]int32, ng)
	for g := range order {
		order[g] = int32(g)
	}
	size := func(g int32) int32 { return j.left.start[g+1] - j.left.start[g] }
	sort.SliceStable(order, func(a, b int) bool { return size(order[a]) > size(order[b]) })
	var next atomic.Int64
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := []uint64{0}
	stopped := false
	var doneGroups atomic.Int64
	for range workers {
		wm := m
		if workers > 1 {
			wm = m.Fork()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &joinWork{j: j, choices: make([][]choice, len(j.md.comps)), idx: make([]int, len(j.md.comps))}
			bound, _, ok := wm.Poll(0, 0)
			for ok {
				i := int(next.Add(1) - 1)
				if i >= ng {
					break
				}
				before := w.work
				w.group(int(order[i]))
				j.checks.Add(w.work - before)
				if w.work >= bound {
					bound, _, ok = wm.Poll(w.work, w.work)
				}
				d := doneGroups.Add(1)
				if progress != nil {
					progress(int(d), ng)
				}
			}
			mu.Lock()
			total = addInto(total, w.acc.words())
			stopped = stopped || !ok
			mu.Unlock()
		}()
	}
	wg.Wait()
	return total, !stopped
}

// group joins the left group g with every right group it closes up with.
func (w *joinWork) group(g int) {
	j := w.j
	L := j.left
	k := L.key[g]
	full, end, tail := keyFull(k), keyEnd(k), keyTail(k)
	var deg [16]int
	for i := range L.cells {
		deg[i] = int(end>>i&1) + 2*int(full>>i&1)
	}
	// The valid choices of middle moves on each component.
	for ci, c := range j.md.comps {
		w.choices[ci] = w.choices[ci][:0]
		for sub := range 1 << len(c.moves) {
			ch := choice{mask: uint32(sub)}
			d := deg
			ok := true
			for mi, mv := range c.moves {
				if sub&(1<<mi) != 0 {
					d[mv[0]]++
					d[mv[1]]++
				}
			}
			for _, x := range c.cells {
				if d[x] > 2 {
					ok = false
				}
				ch.deg |= uint64(d[x]-deg[x]) << (2 * x)
			}
			if ok {
				w.choices[ci] = append(w.choices[ci], ch)
			}
		}
		if len(w.choices[ci]) == 0 {
			return
		}
	}
	leftEnds := bits.OnesCount32(tail)
	idx := w.idx
	clear(idx)
	for {
		// One choice on every component: the middle moves and degrees.
		w.moves = w.moves[:0]
		var mdeg uint64
		for ci, i := range idx {
			ch := &w.choices[ci][i]
			for m := ch.mask; m != 0; m &= m - 1 {
				w.moves = append(w.moves, j.md.comps[ci].moves[bits.TrailingZeros32(m)])
			}
			mdeg |= ch.deg
		}
		w.pairs(g, deg, mdeg, leftEnds)
		// The next combination.
		ci := 0
		for ; ci < len(idx); ci++ {
			idx[ci]++
			if idx[ci] < len(w.choices[ci]) {
				break
			}
			idx[ci] = 0
		}
		if ci == len(idx) {
			return
		}
	}
}

// pairs joins the left group g, with the middle moves chosen (their
// degrees mdeg, two bits a cell), with the right groups that complete the
// degrees, for every choice of the join's cells that end an open tour.
func (w *joinWork) pairs(g int, deg [16]int, mdeg uint64, leftEnds int) {
	j := w.j
	cells := j.left.cells
	var have [16]int
	var free uint32 // cells that could still end the tour (degree at most 1)
	for i := range cells {
		have[i] = deg[i] + int(mdeg>>(2*i)&3)
		if have[i] <= 1 {
			free |= 1 << i
		}
	}
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
		if re == 0 {
			return // nothing of the right part would be on the tour
		}
		made := false
		first, last := j.right.groupsOf(rf | re<<16)
		for rg := first; rg < last; rg++ {
			rtail := keyTail(j.right.key[rg])
			if leftEnds+bits.OnesCount32(ends)+bits.OnesCount32(rtail) != j.wantEnds {
				continue
			}
			if !made {
				w.leftPairings(g, ends, re)
				made = true
			}
			w.close(rg, re)
		}
	}
	if j.closed {
		try(0)
		return
	}
	// Open tours: up to two of the join's cells end the tour (the start,
	// if it is one of them, must).
	left := j.wantEnds - leftEnds
	if j.fromCell >= 0 {
		if free>>j.fromCell&1 == 0 {
			return
		}
		f := uint32(1) << j.fromCell
		try(f)
		if left >= 2 {
			for m := free &^ f; m != 0; m &= m - 1 {
				try(f | 1<<bits.TrailingZeros32(m))
			}
		}
		return
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
}

// pairings is the left states of a group with a choice of middle moves
// and tour ends, read as the pairings of the right's end cells their paths
// make (packed as a half's pairings), each with the sum of its states'
// counts (the left's width, one more word if a sum needs it).
type pairings struct {
	part    []uint64
	count   []uint64
	width   int
	scratch [][2]uint64
}

// leftPairings reads the left group g with the middle moves (w.moves) and
// the tour ends among the join's cells as pairings of the cells re.
func (w *joinWork) leftPairings(g int, ends, re uint32) {
	j, agg := w.j, &w.agg
	L := j.left
	end, tail := keyEnd(L.key[g]), keyTail(L.key[g])
	list := agg.scratch[:0]
	for a := L.start[g]; a < L.start[g+1]; a++ {
		var pi [16]int8
		if !j.walk(L.part[a], end, tail, w.moves, ends, re, &pi) {
			continue
		}
		var packed uint64
		for m := re; m != 0; m &= m - 1 {
			x := bits.TrailingZeros32(m)
			y := uint64(x)
			if pi[x] != noCell {
				y = uint64(pi[x])
			}
			packed |= y << (4 * x)
		}
		list = append(list, [2]uint64{packed, uint64(a)})
	}
	agg.scratch = list
	if len(list) > 1 {
		sort.Slice(list, func(x, y int) bool { return list[x][0] < list[y][0] })
	}
	lw := L.width
	agg.width, agg.part, agg.count = lw, agg.part[:0], agg.count[:0]
	for i, e := range list {
		a := int(e[1])
		c := L.count[a*lw : (a+1)*lw]
		if i > 0 && e[0] == list[i-1][0] {
			n := len(agg.part) - 1
			if addWords(agg.count[n*agg.width:(n+1)*agg.width], c) {
				// A sum past the width: every sum gets a word more.
				agg.widen()
				agg.count[len(agg.count)-1]++
			}
			continue
		}
		agg.part = append(agg.part, e[0])
		agg.count = append(agg.count, c...)
		for range agg.width - lw {
			agg.count = append(agg.count, 0)
		}
	}
}

// widen gives every sum of agg one more word.
func (agg *pairings) widen() {
	w := agg.width
	wide := make([]uint64, 0, len(agg.part)*(w+1))
	for i := range agg.part {
		wide = append(wide, agg.count[i*w:(i+1)*w]...)
		wide = append(wide, 0)
	}
	agg.count, agg.width = wide, w+1
}

// close adds the products of the left pairings (w.agg) and the right
// states of group rg that close up with them; re is the cells of the
// right's ends. For closed tours with fewer partners forming one cycle
// than the group has states, it makes each partner and looks it up.
func (w *joinWork) close(rg int, re uint32) {
	j, agg := w.j, &w.agg
	R := j.right
	lo, hi := int(R.start[rg]), int(R.start[rg+1])
	k := bits.OnesCount32(re) / 2
	enumerate := j.closed && k < len(cycles) && cycles[k] < hi-lo
	for i, pa := range agg.part {
		ca := agg.count[i*agg.width : (i+1)*agg.width]
		if enumerate {
			w.work += uint64(cycles[k])
			parts := R.part[lo:hi]
			partners(pa, re, func(mu uint64) {
				// Binary search of the group's pairings (sorted).
				a, b := 0, len(parts)
				for a < b {
					h := int(uint(a+b) >> 1)
					if parts[h] < mu {
						a = h + 1
					} else {
						b = h
					}
				}
				if a < len(parts) && parts[a] == mu {
					w.acc.add(ca, R.count[(lo+a)*R.width:(lo+a+1)*R.width])
				}
			})
			continue
		}
		var pi [16]int8
		for m := re; m != 0; m &= m - 1 {
			x := int8(bits.TrailingZeros32(m))
			y := int8(pa >> (4 * x) & 15)
			if y == x {
				y = noCell
			}
			pi[x] = y
		}
		w.work += uint64(hi - lo)
		for b := lo; b < hi; b++ {
			if j.closes(&pi, R.part[b], re) {
				w.acc.add(ca, R.count[b*R.width:(b+1)*R.width])
			}
		}
	}
}

// cycles[k] is the number of pairings of 2k cells that make one cycle with
// a given pairing: 2^(k−1)·(k−1)!.
var cycles = []int{0, 1, 2, 8, 48, 384, 3840}

// partners calls f with every pairing of the cells re (packed) that makes
// one cycle with the pairing pi (packed).
func partners(pi uint64, re uint32, f func(mu uint64)) {
	first := bits.TrailingZeros32(re)
	p := int(pi >> (4 * first) & 15)
	extend(pi, first, p, re&^(1<<first|1<<p), 0, f)
}

// extend goes on from cur, the end of the cycle's path so far, through
// the pairs of pi among the cells left, closing at first.
func extend(pi uint64, first, cur int, left uint32, mu uint64, f func(mu uint64)) {
	if left == 0 {
		f(mu | uint64(first)<<(4*cur) | uint64(cur)<<(4*first))
		return
	}
	for m := left; m != 0; m &= m - 1 {
		x := bits.TrailingZeros32(m)
		y := int(pi >> (4 * x) & 15)
		if x > y {
			continue // each pair once, entered at either end
		}
		rest := left &^ (1<<x | 1<<y)
		extend(pi, first, y, rest, mu|uint64(x)<<(4*cur)|uint64(cur)<<(4*x), f)
		extend(pi, first, x, rest, mu|uint64(y)<<(4*cur)|uint64(cur)<<(4*y), f)
	}
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

// accum is an exact sum of products of counts.
type accum struct {
	lo, mid, hi uint64   // the sum's low 192 bits
	big         []uint64 // the rest of wide products, summed apart
	prod        []uint64 // scratch
}

// add adds a·b.
func (s *accum) add(a, b []uint64) {
	if len(a) == 1 && len(b) == 1 {
		h, l := bits.Mul64(a[0], b[0])
		var c uint64
		s.lo, c = bits.Add64(s.lo, l, 0)
		s.mid, c = bits.Add64(s.mid, h, c)
		s.hi += c // at most one a product: no sum of them reaches 2^192
		return
	}
	n := len(a) + len(b)
	if cap(s.prod) < n {
		s.prod = make([]uint64, n)
	}
	prod := s.prod[:n]
	clear(prod)
	for i, x := range a {
		var carry uint64
		for k, y := range b {
			h, l := bits.Mul64(x, y)
			var c uint64
			prod[i+k], c = bits.Add64(prod[i+k], l, 0)
			h += c
			prod[i+k+1], carry = bits.Add64(prod[i+k+1], h, carry)
		}
		for k := i + len(b) + 1; carry != 0 && k < n; k++ {
			prod[k], carry = bits.Add64(prod[k], 0, carry)
		}
	}
	s.big = addInto(s.big, prod)
}

// words returns the sum.
func (s *accum) words() []uint64 {
	return addInto([]uint64{s.lo, s.mid, s.hi}, s.big)
}
