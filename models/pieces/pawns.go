package pieces

import (
	"errors"

	"github.com/coverkit/coverkit/core"
)

// pawnSearch looks for the fewest pawns that let s.p.K mutually
// non-attacking pieces stand on the board: for p = 0, 1, 2, ... it tries
// every set of p pawns (in ModeFirst one per class under the board's
// symmetries) on the cells where a pawn can block a line, and runs the
// independence search with those pawns. A pawn elsewhere only takes a
// square away, which never helps. It returns the number of pawns of the
// placements found, and the least p not yet exhausted (a proved lower
// bound when the search stopped).
type pawnSearch struct {
	r      *run
	p      *Problem
	cand   []int     // cells where a pawn can block
	syms   [][]int32 // the board's symmetries (for ModeFirst)
	set    []uint64
	image  []uint64
	pawns  []int
	result []int // the pawns of the first placement found
	queens []int32
	tried  uint64 // pawn sets tried, the work the meter is checked by
	bound  uint64 // tried may reach bound before the next check
}

func newPawnSearch(r *run, p *Problem) (*pawnSearch, error) {
	ps := &pawnSearch{r: r, p: p}
	dirs, err := directions(&p.Board, p.Piece)
	if err != nil {
		return nil, err
	}
	b := &p.Board
	c := make([]int, 2)
	for x := range b.Cells() {
		blocks := false
		for _, d := range dirs {
			if !d.ride {
				continue
			}
			b.Coords(x, c)
			c[0], c[1] = c[0]+d.v[0], c[1]+d.v[1]
			fwd := b.Torus || b.Cell(c) >= 0
			b.Coords(x, c)
			c[0], c[1] = c[0]-d.v[0], c[1]-d.v[1]
			back := b.Torus || b.Cell(c) >= 0
			if fwd && back {
				blocks = true
				break
			}
		}
		if blocks {
			ps.cand = append(ps.cand, x)
		}
	}
	// One pawn set per class is enough unless a count must include every
	// solution: the canonical representative of a class of placements
	// has the least pawn set of its class (pawns are compared first).
	if r.opts.Mode == core.ModeFirst || r.opts.Unique && r.opts.Mode == core.ModeAll {
		syms, err := b.symmetries()
		if err == nil {
			ps.syms = syms
		}
	}
	w := (b.Cells() + 63) / 64
	ps.set, ps.image = make([]uint64, w), make([]uint64, w)
	return ps, nil
}

// canonical reports whether the pawn set is the least of its images.
func (ps *pawnSearch) canonical() bool {
	clear(ps.set)
	for _, x := range ps.pawns {
		ps.set[x>>6] |= 1 << (x & 63)
	}
	for _, g := range ps.syms {
		clear(ps.image)
		for _, x := range ps.pawns {
			y := g[x]
			ps.image[y>>6] |= 1 << (y & 63)
		}
		for i := len(ps.set) - 1; i >= 0; i-- {
			if ps.image[i] != ps.set[i] {
				if ps.image[i] < ps.set[i] {
					return false
				}
				break
			}
		}
	}
	return true
}

// search tries p = 0, 1, ... pawns; it returns the number of pawns of the
// placements found (−1 if none) and the least number of pawns not proved
// impossible.
func (ps *pawnSearch) search() (found, bound int) {
	r := ps.r
	free := ps.p.Board.Cells()
	for np := 0; np <= len(ps.cand) && ps.p.K <= free-np; np++ {
		ps.pawns = ps.pawns[:0]
		ps.combos(0, np)
		if r.stop && r.status != core.StatusFound {
			return -1, np
		}
		if !r.found.IsZero() {
			return np, np
		}
	}
	return -1, -1
}

// combos extends ps.pawns with left more candidate cells from index i on,
// and runs the placement search for each complete set.
func (ps *pawnSearch) combos(i, left int) {
	r := ps.r
	if left == 0 {
		if ps.tried++; ps.tried >= ps.bound {
			var ok bool
			if ps.bound, ok = r.m.Check(ps.tried); !ok {
				r.halt(r.m.Status())
				return
			}
		}
		if ps.syms != nil && !ps.canonical() {
			return
		}
		b := Board{Dims: ps.p.Board.Dims, Torus: ps.p.Board.Torus, Pawns: ps.pawns}
		g, err := newGraph(r.m, &b, ps.p.Piece)
		if err == nil {
			var s *indep
			if s, err = newIndep(r, g); err == nil {
				ps.count(s)
				return
			}
		}
		if errors.Is(err, errStopped) {
			r.halt(r.m.Status())
		}
		return // otherwise unreachable: the board was checked
	}
	for j := i; j <= len(ps.cand)-left; j++ {
		ps.pawns = append(ps.pawns, ps.cand[j])
		ps.combos(j+1, left-1)
		ps.pawns = ps.pawns[:len(ps.pawns)-1]
		if r.stop {
			return
		}
	}
}

// count runs the placement search s for the current pawns, keeping the
// first placement found.
func (ps *pawnSearch) count(s *indep) {
	r := ps.r
	s.pawns = ps.pawns
	before := r.found
	s.count(ps.p.K)
	if ps.result == nil && r.found.Cmp(before) > 0 && r.first != nil {
		ps.result = append([]int(nil), ps.pawns...)
		for x, v := range r.first {
			if v == 1 {
				ps.queens = append(ps.queens, int32(x))
			}
		}
	}
}
