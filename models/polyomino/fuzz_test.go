package polyomino_test

import (
	"context"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/polyomino"
)

// FuzzParsePiece checks that ParsePiece never panics, errs with the
// package prefix, and that what it accepts is a connected piece of at
// least one cell.
func FuzzParsePiece(f *testing.F) {
	for _, s := range []string{"##/#./##", ".##/##./.#.", "#####", "", "/", "#./.#", "a b", "\xff#", "#/#/#/#", strings.Repeat("#", 100)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, drawing string) {
		p, err := polyomino.ParsePiece("P", drawing)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "polyomino: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		if len(p.Cells) == 0 {
			t.Fatalf("ParsePiece(%q) accepted a piece without cells", drawing)
		}
	})
}

// FuzzParseBoard checks that ParseBoard never panics and that what it
// accepts is a board within MaxCells whose hole map fits its box.
func FuzzParseBoard(f *testing.F) {
	for _, s := range []string{"6x10", "3x20", "8x8", "0x5", "-1x3", "99999999999x99999999999", "...#/....", "./#", "x", "", "1e3x2", " 5X5 ", "#", "\xff", "..ü/...", "..\xff\xfe/..."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := polyomino.ParseBoard(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "polyomino: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			if !utf8.ValidString(err.Error()) {
				t.Fatalf("error is not valid UTF-8 (issue 12: quote what was given): %q", err)
			}
			return
		}
		if b.Rows <= 0 || b.Cols <= 0 || b.Rows*b.Cols > polyomino.MaxCells {
			t.Fatalf("ParseBoard(%q) = %dx%d", s, b.Rows, b.Cols)
		}
		if b.Holes != nil && len(b.Holes) != b.Rows*b.Cols {
			t.Fatalf("ParseBoard(%q): %d holes for %d cells", s, len(b.Holes), b.Rows*b.Cols)
		}
	})
}

// FuzzTiling builds a tiling from a fuzzed board and two fuzzed pieces and
// solves it under a node budget and a deadline: no panic, an error or a
// valid status, and every solution verifies.
func FuzzTiling(f *testing.F) {
	f.Add("2x4", "##/##", "##/##", false)
	f.Add("3x4", "###/#..", "#../###", true)
	f.Add("..#/...", "##", "##", true)
	f.Add("1x1", "#", "#", false)
	f.Fuzz(func(t *testing.T, board, piece1, piece2 string, unique bool) {
		b, err := polyomino.ParseBoard(board)
		if err != nil || b.Rows*b.Cols > 64 {
			return
		}
		p1, err1 := polyomino.ParsePiece("A", piece1)
		p2, err2 := polyomino.ParsePiece("B", piece2)
		if err1 != nil || err2 != nil || len(p1.Cells) > 16 || len(p2.Cells) > 16 {
			return
		}
		tl, err := polyomino.New(b, []polyomino.Piece{p1, p2})
		if err != nil {
			return
		}
		alg, err := models.LookupAlgorithm("polyomino", "dlx")
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		o := &core.Options{Mode: core.ModeAll, Limit: 10, MaxNodes: 100000, Unique: unique, Workers: 1,
			Visit: func(sol core.Solution, _ core.Stats) bool {
				if err := tl.Verify(sol); err != nil {
					t.Fatalf("a visited tiling does not verify: %v", err)
				}
				return true
			}}
		res, err := alg.Solve(ctx, tl, o)
		if err != nil {
			return
		}
		if res.First != nil {
			if err := tl.Verify(res.First); err != nil {
				t.Fatalf("the first tiling does not verify: %v", err)
			}
		}
	})
}

// TestParseBoardNamesTheCharacter: a bad character of a drawn board is
// named whole ("ü"), and a byte that is not UTF-8 as an escape.
func TestParseBoardNamesTheCharacter(t *testing.T) {
	for _, tc := range []struct{ name, board, want string }{
		{"two-byte character", "..ü/...", `row 1: unexpected "ü"`},
		{"invalid byte", ".../.\xff.", `row 2: unexpected "\xff"`},
		{"ASCII", "..x/...", `row 1: unexpected "x"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := polyomino.ParseBoard(tc.board)
			require.ErrorContains(t, err, tc.want)
		})
	}
}
