package knight

import (
	"fmt"

	"github.com/coverkit/coverkit/core"
)

// The tables of divide_blocks.go, indexed by block size.
var (
	// divCycleBy[h][w] (5 ≤ h, w ≤ 10, not both odd) is a closed tour of
	// the h×w block containing the edge (1,1)-(3,0) near its top left corner.
	divCycleBy [11][11]*divBlock
	// divPathBy[h][w] (h, w ∈ {5, 7, 9}) is an open tour of the h×w block
	// from its corner (0,0) that ends on neither of the corners (0,w-1) and
	// (h-1,0), so that their two corner edges are on it.
	divPathBy [11][11]*divBlock
)

func init() {
	for i := range divCycleTables {
		b := &divCycleTables[i]
		divCycleBy[b.h][b.w] = b
	}
	for i := range divPathTables {
		b := &divPathTables[i]
		divPathBy[b.h][b.w] = b
	}
}

// divPlan chooses the construction for a board.
func divPlan(rows, cols int, closed bool) (*divBuilder, error) {
	lo, hi := min(rows, cols), max(rows, cols)
	unsupported := func(why string) error {
		if closed {
			return fmt.Errorf("knight: no closed tour of the %dx%d board: %s: %w", rows, cols, why, core.ErrUnsupported)
		}
		return fmt.Errorf("knight: no open tour of the %dx%d board from its corner: %s: %w", rows, cols, why, core.ErrUnsupported)
	}
	switch {
	case rows == 1 && cols == 1:
		if closed {
			return nil, unsupported("a single square has no closing move")
		}
		return nil, nil // the caller answers {0}
	case lo <= 2:
		return nil, unsupported("a board with fewer than 3 rows or columns has no tour")
	case lo >= 5:
		if rows%2 == 1 && cols%2 == 1 {
			if closed {
				return nil, unsupported("both sides are odd (Schwenk's theorem)")
			}
			return divGrid(rows, cols, false), nil
		}
		return divGrid(rows, cols, true), nil
	case lo == 3:
		switch {
		case hi >= 10 && hi%2 == 0:
			return div3Chain(rows, cols, true), nil
		case closed:
			return nil, unsupported("3xn has a closed tour only for even n >= 10 (Schwenk's theorem)")
		case hi == 4 || hi >= 7:
			return div3Chain(rows, cols, false), nil
		}
		return nil, unsupported("3xn has an open tour only for n = 4 and n >= 7")
	case closed:
		return nil, unsupported("a board with a side of 4 has no closed tour (Schwenk's theorem)")
	case hi >= 5:
		return div4Chain(rows, cols), nil
	}
	return nil, unsupported("4x4 has no open tour")
}

// divParts cuts a side of length n ≥ 5 into parts of 6, 8 and 10, preceded
// by one part of 5, 7 or 9 if n is odd.
func divParts(n int) []int {
	var parts []int
	if n%2 == 1 {
		first := 9
		switch {
		case n <= 9:
			first = n
		case n == 11:
			first = 5
		case n == 13:
			first = 7
		}
		parts = append(parts, first)
		n -= first
	}
	if n == 0 {
		return parts
	}
	tens, rest := n/10, n%10
	switch rest {
	case 2:
		tens--
		rest = 0
		parts = append(parts, 6, 6)
	case 4:
		tens--
		rest = 0
		parts = append(parts, 6, 8)
	}
	if rest != 0 {
		parts = append(parts, rest)
	}
	for range tens {
		parts = append(parts, 10)
	}
	return parts
}

// divGrid is the construction for boards with both sides at least 5: the
// rows and the columns are cut by divParts into bands, giving a grid of
// blocks of which only the top left one can have two odd sides (then the
// board has both and gets an open tour, from a base path). Each band is
// joined left to right: the corner edge (0,-1)-(2,-2) at the top right of
// the block on the left and the edge (1,1)-(3,0) at the top left of the
// block on the right are exchanged for (0,-1)-(1,1) and (2,-2)-(3,0),
// relative to the cut. Each band's first block is joined to the band above
// in the same way, transposed: (-1,0)-(-2,2) and (1,1)-(0,3) become
// (-1,0)-(1,1) and (-2,2)-(0,3). The blocks of the first column take
// their tables transposed, so that (1,1)-(3,0) becomes (1,1)-(0,3).
func divGrid(rows, cols int, closed bool) *divBuilder {
	rp, cp := divParts(rows), divParts(cols)
	C := int32(cols)
	nbr, nbc := int32(len(rp)), int32(len(cp))
	y0 := make([]int32, nbr)
	for i := 1; i < len(rp); i++ {
		y0[i] = y0[i-1] + int32(rp[i-1])
	}
	x0 := make([]int32, nbc)
	for j := 1; j < len(cp); j++ {
		x0[j] = x0[j-1] + int32(cp[j-1])
	}
	// The placed tables, by block size.
	var locH, locV [11][11]*divLocal
	for _, h := range rp {
		for _, w := range cp {
			if (h%2 == 0 || w%2 == 0) && locH[h][w] == nil {
				locH[h][w] = newDivLocal(divCycleBy[h][w], false, C, 1)
				locV[h][w] = newDivLocal(divCycleBy[w][h], true, C, 1)
			}
		}
	}
	h0, w0 := rp[0], cp[0]
	corner := locH[h0][w0]
	if !closed {
		corner = newDivLocal(divPathBy[h0][w0], false, C, 1)
	}
	seal := func(l *divLocal) {
		if l != nil {
			h, w := l.h, l.w
			l.seal(l.at(1, 1), l.at(3, 0), l.at(0, 3), l.at(0, w-1), l.at(2, w-2), l.at(h-1, 0), l.at(h-2, 2))
		}
	}
	for h := range locH {
		for w := range locH[h] {
			seal(locH[h][w])
			seal(locV[h][w])
		}
	}
	if !closed {
		seal(corner)
	}
	b := &divBuilder{rows: rows, cols: cols, closed: closed}
	b.inst = func(id int32, in *divInst) {
		bi, bj := id/nbc, id%nbc
		h, w := rp[bi], cp[bj]
		in.id, in.nj, in.base = id, 0, y0[bi]*C+x0[bj]
		switch {
		case id == 0:
			in.loc = corner
		case bj == 0:
			in.loc = locV[h][w]
		default:
			in.loc = locH[h][w]
		}
		l := in.loc
		if bj > 0 { // joined to the block on the left
			wa := cp[bj-1]
			in.add(l.at(1, 1), l.at(3, 0), id-1, int16(wa-1), int16(2*wa+wa-2))
			in.add(l.at(3, 0), l.at(1, 1), id-1, int16(2*wa+wa-2), int16(wa-1))
		}
		if bj+1 < nbc { // joined to the block on the right
			wb := cp[bj+1]
			in.add(l.at(0, w-1), l.at(2, w-2), id+1, int16(wb+1), int16(3*wb))
			in.add(l.at(2, w-2), l.at(0, w-1), id+1, int16(3*wb), int16(wb+1))
		}
		if bj == 0 && bi > 0 { // joined to the band above
			hu := rp[bi-1]
			in.add(l.at(1, 1), l.at(0, 3), id-nbc, int16((hu-1)*w), int16((hu-2)*w+2))
			in.add(l.at(0, 3), l.at(1, 1), id-nbc, int16((hu-2)*w+2), int16((hu-1)*w))
		}
		if bj == 0 && bi+1 < nbr { // joined to the band below
			in.add(l.at(h-1, 0), l.at(h-2, 2), id+nbc, int16(w+1), 3)
			in.add(l.at(h-2, 2), l.at(h-1, 0), id+nbc, 3, int16(w+1))
		}
	}
	return b
}

// divLine returns the strides of the logical board (short side first) of a
// rows×cols board whose short side is lo: squares (r, c) of the logical
// lo×hi board are r*SR + c*SC on the real one.
func divLine(rows, cols, lo int) (sr, sc int32) {
	if rows == lo {
		return int32(cols), 1
	}
	return 1, int32(cols)
}

// div3Chain is the construction for 3×n (and n×3): a first block (a closed
// 3×10 or 3×12 tour, or an open 3×4, 3×7 or 3×9 one from the corner) and
// then 3×4 links, each a path between its squares (2,0) and (1,0) put in
// place of the corner edge (0,-1)-(2,-2) of the block on its left, relative
// to the cut: (0,-1)-(2,0) and (2,-2)-(1,0) are knight's moves. A link's own
// corner edge takes the next link.
func div3Chain(rows, cols int, closed bool) *divBuilder {
	n := max(rows, cols)
	SR, SC := divLine(rows, cols, 3)
	var first *divBlock
	switch {
	case closed:
		first = &div3Cycle12
		if n%4 == 2 {
			first = &div3Cycle10
		}
	case n%4 == 0:
		first = &div3Corner4
	case n%4 == 3:
		first = &div3Corner7
	default:
		first = &div3Corner9
	}
	return divChain(rows, cols, closed, SC, newDivLocal(first, false, SR, SC), nil,
		newDivLocal(&div3Link, false, SR, SC), nil,
		func(l *divLocal) (int16, int16) { return l.at(0, l.w-1), l.at(2, l.w-2) },
		func(l *divLocal) (int16, int16) { return l.at(2, 0), l.at(1, 0) })
}

// divChain is a construction of blocks in a row: first, middle blocks up
// to last (if any; last may be nil), each put in place of an edge u-v of
// the block before (edge(prev)), its path's ends s and t (ends(l))
// following u and v. single, if not nil, is used alone when it covers the
// board.
func divChain(rows, cols int, closed bool, SC int32, first, single, middle, last *divLocal,
	edge, ends func(*divLocal) (int16, int16)) *divBuilder {
	n := max(rows, cols)
	if single != nil && single.w == n {
		first = single
	}
	for _, l := range []*divLocal{first, middle, last} {
		if l != nil {
			u, v := edge(l)
			s, t := ends(l)
			l.seal(u, v, s, t)
		}
	}
	nb := int32(1)
	if last == nil {
		nb += int32((n - first.w) / middle.w)
	} else if first.w < n {
		nb += int32((n-first.w-last.w)/middle.w) + 1
	}
	b := &divBuilder{rows: rows, cols: cols, closed: closed}
	b.inst = func(id int32, in *divInst) {
		in.id, in.nj = id, 0
		var x int32
		switch {
		case id == 0:
			in.loc = first
		case last != nil && id == nb-1:
			in.loc = last
			x = int32(n - last.w)
		default:
			in.loc = middle
			x = int32(first.w) + (id-1)*int32(middle.w)
		}
		in.base = x * SC
		if id > 0 {
			prev := middle
			if id == 1 {
				prev = first
			}
			u, v := edge(prev)
			s, t := ends(in.loc)
			in.add(s, -1, id-1, u, v)
			in.add(t, -1, id-1, v, u)
		}
		if id+1 < nb {
			u, v := edge(in.loc)
			nl := middle
			if last != nil && id+2 == nb {
				nl = last
			}
			s, t := ends(nl)
			in.add(u, v, id+1, s, -1)
			in.add(v, u, id+1, t, -1)
		}
	}
	return b
}

// div4Chain is the open tour of 4×n (and n×4), n ≥ 5. Every open tour of a
// 4-row board has both ends on the outer rows, so no block can be joined to
// the next by exchanging two edges; instead the tour runs right along one
// lane and back along another. Each block but the last is a path with a
// virtual edge between its squares (2,-1) and (1,-1), relative to its right
// side; the next block's path, from its (0,0) to its (0,1), is put in place
// of that edge: (2,-1)-(0,0) and (1,-1)-(0,1) across the cut are knight's
// moves. The first block starts at the corner; the middle blocks are 4×3;
// the last block's path has no virtual edge, so none is left.
func div4Chain(rows, cols int) *divBuilder {
	n := max(rows, cols)
	SR, SC := divLine(rows, cols, 4)
	var first, last *divBlock
	switch n % 3 {
	case 0:
		first, last = &div4First3, &div4Last3
	case 1:
		first, last = &div4First4, &div4Last3
	default:
		first, last = &div4First3, &div4Last5
	}
	loc := func(b *divBlock) *divLocal { return newDivLocal(b, false, SR, SC) }
	return divChain(rows, cols, false, SC, loc(first), loc(&div4Corner5), loc(&div4Middle), loc(last),
		func(l *divLocal) (int16, int16) { return l.at(2, l.w-1), l.at(1, l.w-1) },
		func(l *divLocal) (int16, int16) { return l.at(0, 0), l.at(0, 1) })
}
