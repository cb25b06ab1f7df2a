package polyomino

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/verify"
)

// verifyTilings checks the tilings of r against the board and pieces of
// the request (--board, --pieces), as solve writes them: the board's rows
// of letters ('.' a hole), a blank line between tilings, or JSON records
// with the rows under "tiling"; through the one verify loop
// (verify.Each).
func verifyTilings(ctx context.Context, req models.Request, r io.Reader) (*models.VerifyReport, error) {
	p, err := newInstance(req)
	if err != nil {
		return nil, err
	}
	t := p.(*Tiling)
	return verify.Each(ctx, t, verify.TextSolutions(r, verify.TextOptions{MaxLines: t.Board.Rows,
		Decode: func(rec *verify.Record) (core.Problem, core.Solution, error) {
			rows := make([]string, 0, t.Board.Rows)
			if rec.Text() {
				for _, l := range rec.Lines {
					rows = append(rows, string(l))
				}
			} else if ok, err := rec.Field("tiling", &rows); err != nil {
				return nil, nil, fmt.Errorf("polyomino: %v", err)
			} else if !ok {
				return nil, nil, verify.ErrNoSolution
			}
			sol, err := t.ReadTiling(rows)
			return nil, sol, err
		}}))
}

// ReadTiling reads a tiling of t as Render writes it in text, one string
// a row of the board's box ('.' a hole, a letter a cell), into the
// encoding Verify checks: each connected region of one letter is one
// piece copy, identified by its shape (and, with every piece used once,
// by its piece's first letter). It checks the form only (the rows and
// columns of the box, letters and holes); a region that is no piece of the
// set is left for Verify to report.
func (t *Tiling) ReadTiling(rows []string) (core.Solution, error) {
	if t == nil || len(t.Pieces) == 0 {
		return nil, fmt.Errorf("polyomino: a tiling with no pieces (build it with New)")
	}
	b := t.Board
	if len(rows) != b.Rows {
		return nil, fmt.Errorf("polyomino: %d rows for the %dx%d board", len(rows), b.Rows, b.Cols)
	}
	sol := make(core.Solution, b.Rows*b.Cols)
	for r, row := range rows {
		if len(row) != b.Cols {
			return nil, fmt.Errorf("polyomino: row %d has %d cells, the board %d", r+1, len(row), b.Cols)
		}
		for c := range len(row) {
			switch ch := row[c]; {
			case ch == '.':
				sol[r*b.Cols+c] = -1
			case ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z':
				sol[r*b.Cols+c] = -2 // a cell, not yet given its piece
			default:
				return nil, fmt.Errorf("polyomino: row %d, column %d: %q is neither a piece letter nor '.'", r+1, c+1, ch)
			}
		}
	}
	np := int32(len(t.Pieces))
	copies := make([]int32, np)
	stack := []int{}
	for x, v := range sol {
		if v != -2 {
			continue
		}
		// The region of x's letter, by flood fill.
		letter := rows[x/b.Cols][x%b.Cols]
		region := []cell{}
		sol[x] = -3
		stack = append(stack[:0], x)
		for len(stack) > 0 {
			y := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			r, c := y/b.Cols, y%b.Cols
			region = append(region, cell{r, c})
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				rr, cc := r+d[0], c+d[1]
				if rr < 0 || cc < 0 || rr >= b.Rows || cc >= b.Cols {
					continue
				}
				z := rr*b.Cols + cc
				if sol[z] == -2 && rows[rr][cc] == letter {
					sol[z] = -3
					stack = append(stack, z)
				}
			}
		}
		// The piece it is: its shape, and with every piece once its letter.
		// Pieces of one free shape (domino and #/#) are told apart by
		// their bounds alone: the region goes to the first of them still
		// below its least count, else to the first below its most (any
		// choice among pieces of one shape is the same tiling's).
		shape := normalize(region)
		piece, fits, room := -1, -1, -1
		for i, p := range t.Pieces {
			if !t.repeats() && (p.Name == "" || p.Name[0] != letter) {
				continue
			}
			if piece < 0 {
				piece = i // the piece Verify will name if no shape fits
			}
			if !slices.ContainsFunc(orientations(p), func(o []cell) bool { return slices.Equal(o, shape) }) {
				continue
			}
			lo, hi := p.bounds()
			switch used := int(copies[i]); {
			case used < lo:
				fits, room = i, i
			case room < 0 && (hi == Unlimited || used < hi):
				room = i
			case fits < 0:
				fits = i
			}
			if fits == i && room == i {
				break
			}
		}
		switch {
		case room >= 0:
			piece = room
		case fits >= 0:
			piece = fits
		}
		if piece < 0 {
			return nil, fmt.Errorf("polyomino: row %d, column %d: %q is the letter of no piece of the set", region[0].r+1, region[0].c+1, letter)
		}
		v := int32(piece)
		if t.repeats() {
			v += np * copies[v]
			copies[v%np]++
		}
		for _, cl := range region {
			sol[cl.r*b.Cols+cl.c] = v
		}
	}
	return sol, nil
}
