package pieces

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/coverkit/coverkit/core"
)

// Verify checks sol independently of any solver, walking every move of
// every piece on the board: one entry per cell, each 0 (empty), 1 (a piece)
// or 2 (a pawn); the pawns are the board's (for the Pawns task: any, and
// their number is not checked here — the optimum is the Answer's); no piece
// attacks another (for Dominate, only with Independent); for Place and
// Pawns, exactly K pieces; for Dominate, every square that is not a pawn is
// occupied or attacked. Optimality (of Max and Dominate) is not checked: it
// is what the search proves.
func (p *Problem) Verify(sol core.Solution) error {
	if err := p.check(); err != nil {
		return err
	}
	b := &p.Board
	n := b.Cells()
	if len(sol) != n {
		return fmt.Errorf("pieces: %d cells for the %s board of %d", len(sol), b, n)
	}
	pawn := make([]bool, n)
	for _, x := range b.Pawns {
		pawn[x] = true
	}
	count := 0
	for x, v := range sol {
		switch v {
		case 0, 1:
			if pawn[x] && p.Task != Pawns {
				return fmt.Errorf("pieces: %s: the pawn is missing", p.name(x))
			}
			if v == 1 {
				count++
			}
		case 2:
			if p.Task != Pawns && !pawn[x] {
				return fmt.Errorf("pieces: %s: a pawn where the board has none", p.name(x))
			}
			pawn[x] = true
		default:
			return fmt.Errorf("pieces: %s: entry %d (want 0 empty, 1 piece, 2 pawn)", p.name(x), v)
		}
	}
	if (p.Task == Place || p.Task == Pawns) && count != p.K {
		return fmt.Errorf("pieces: %d pieces placed, %d asked", count, p.K)
	}
	dirs, err := directions(b, p.Piece)
	if err != nil {
		return err
	}
	st := stepper{b: b, torus: b.Torus}
	start := make([]int, len(b.Dims))
	c := make([]int, len(b.Dims))
	var dominated []bool
	if p.Task == Dominate {
		dominated = make([]bool, n)
	}
	mustNotAttack := p.Task != Dominate || p.Independent
	for x, v := range sol {
		if v != 1 {
			continue
		}
		if dominated != nil {
			dominated[x] = true
		}
		b.Coords(x, start)
		for _, dir := range dirs {
			copy(c, start)
			for {
				y := st.next(c, dir.v)
				if y < 0 || y == x || pawn[y] {
					break
				}
				if sol[y] == 1 && mustNotAttack {
					return fmt.Errorf("pieces: the %s on %s attacks the one on %s", p.Piece.Name, p.name(x), p.name(y))
				}
				if dominated != nil {
					dominated[y] = true
				}
				if !dir.ride {
					break
				}
			}
		}
	}
	for x, d := range dominated {
		if !d && !pawn[x] {
			return fmt.Errorf("pieces: %s is neither occupied nor attacked", p.name(x))
		}
	}
	return nil
}

// name returns cell x's 1-based coordinates, "r,c".
func (p *Problem) name(x int) string {
	c := p.coords1(x)
	parts := make([]string, len(c))
	for i, v := range c {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, ",")
}
