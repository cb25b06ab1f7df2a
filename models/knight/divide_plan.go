package knight

import (
	"fmt"

	"github.com/coverkit/coverkit/models"
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
		kind := "open"
		if closed {
			kind = "closed"
		}
		return fmt.Errorf("knight: no %s tour of the %dx%d board from its corner: %s: %w", kind, rows, cols, why, models.ErrUnsupported)
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
				return nil, unsupported("both sides are odd (Schwenk)")
			}
			return divGrid(rows, cols, false), nil
		}
		return divGrid(rows, cols, true), nil
	case lo == 3:
		switch {
		case hi >= 10 && hi%2 == 0:
			return div3Chain(rows, cols, true), nil
		case closed:
			return nil, unsupported("3xn has a closed tour only for even n >= 10 (Schwenk)")
		case hi == 4 || hi >= 7:
			return div3Chain(rows, cols, false), nil
		}
		return nil, unsupported("3xn has an open tour only for n = 4 and n >= 7")
	case closed:
		return nil, unsupported("a board with a side of 4 has no closed tour (Schwenk)")
	case hi >= 5:
		return div4Chain(rows, cols), nil
	}
	return nil, unsupported("3x3, 3x5, 3x6 and 4x4 have no open tour")
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
// then 3×4 links, each a path between its squares (1,0) and (2,0) put in
// place of the corner edge (0,-1)-(2,-2) of the block on its left, relative
// to the cut: (0,-1)-(2,0) and (2,-2)-(1,0) are knight's moves. A link's own
// corner edge takes the next link.
func div3Chain(rows, cols int, closed bool) *divBuilder {
	n := max(rows, cols)
	SR, SC := divLine(rows, cols, 3)
	b := &divBuilder{rows: rows, cols: cols, closed: closed, from: divNone}
	var first *divBlock
	switch {
	case closed:
		b.from = int32(cols) + 2
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
	sq := func(r, c int) int32 { return int32(r)*SR + int32(c)*SC }
	b.gen = func(put func(*divPlacement)) {
		put(&divPlacement{blk: first, sr: SR, sc: SC})
		for x := first.w; x < n; x += 4 {
			put(&divPlacement{blk: &div3Link, base: sq(0, x), sr: SR, sc: SC, join: divJoinInsert,
				j: [4]int32{sq(0, x-1), sq(2, x-2), sq(2, x), sq(1, x)}})
		}
	}
	return b
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
// in the same way, transposed, before the rest of its band.
func divGrid(rows, cols int, closed bool) *divBuilder {
	rp, cp := divParts(rows), divParts(cols)
	C := int32(cols)
	b := &divBuilder{rows: rows, cols: cols, closed: closed, from: divNone}
	if closed {
		b.from = C + 2 // square (1,2), one of the two neighbours of the corner
	}
	sq := func(r, c int) int32 { return int32(r)*C + int32(c) }
	b.gen = func(put func(*divPlacement)) {
		var p divPlacement
		y := 0
		for bi, h := range rp {
			x := 0
			for bj, w := range cp {
				p = divPlacement{blk: divCycleBy[h][w], base: sq(y, x), sr: C, sc: 1}
				switch {
				case bj > 0:
					p.join = divJoinSwap
					p.j = [4]int32{sq(y, x-1), sq(y+2, x-2), sq(y+1, x+1), sq(y+3, x)}
				case bi > 0:
					p.blk, p.sr, p.sc = divCycleBy[w][h], 1, C
					p.join = divJoinSwap
					p.j = [4]int32{sq(y-1, 0), sq(y-2, 2), sq(y+1, 1), sq(y, 3)}
				case h%2 == 1 && w%2 == 1:
					p.blk = divPathBy[h][w]
				}
				put(&p)
				x += w
			}
			y += h
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
	b := &divBuilder{rows: rows, cols: cols, from: divNone}
	sq := func(r, c int) int32 { return int32(r)*SR + int32(c)*SC }
	var first, last *divBlock
	switch n % 3 {
	case 0:
		first, last = &div4First3, &div4Last3
	case 1:
		first, last = &div4First4, &div4Last3
	default:
		first, last = &div4First3, &div4Last5
	}
	b.gen = func(put func(*divPlacement)) {
		if n == 5 {
			put(&divPlacement{blk: &div4Corner5, sr: SR, sc: SC})
			return
		}
		put(&divPlacement{blk: first, sr: SR, sc: SC})
		for x := first.w; x < n; x += 3 {
			blk := &div4Middle
			if x+last.w == n {
				blk = last
			}
			put(&divPlacement{blk: blk, base: sq(0, x), sr: SR, sc: SC, join: divJoinInsert,
				j: [4]int32{sq(2, x-1), sq(1, x-1), sq(0, x), sq(0, x+1)}})
			if blk == last {
				break
			}
		}
	}
	return b
}
