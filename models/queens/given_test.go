package queens_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

func sq(r, c int) queens.Square { return queens.Square{Row: r - 1, Col: c - 1} }

func TestParseGiven(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		n    int
		want []queens.Square
	}{
		{"empty", "", 8, nil},
		{"one", "1,1", 8, []queens.Square{sq(1, 1)}},
		{"blanks", "  1,1\t3,2 ", 8, []queens.Square{sq(1, 1), sq(3, 2)}},
		{"comma spaces", "1 , 2 3,\t4", 8, []queens.Square{sq(1, 2), sq(3, 4)}},
		{"semicolons", "1,1;3,2;", 8, []queens.Square{sq(1, 1), sq(3, 2)}},
		{"lines crlf", "1,1\r\n3,2\r\n", 8, []queens.Square{sq(1, 1), sq(3, 2)}},
		{"comments", "# givens\n1,1 # corner\n\n8,8\n", 8, []queens.Square{sq(1, 1), sq(8, 8)}},
		{"bom", "\ufeff2,5", 8, []queens.Square{sq(2, 5)}},
		{"no board check", "100,200", 0, []queens.Square{sq(100, 200)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := queens.ParseGiven(tc.in, tc.n)
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
			// The same through a reader that returns one byte at a time.
			got, err = queens.ReadGiven(iotest.OneByteReader(strings.NewReader(tc.in)), tc.n)
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

func TestParseGivenErrors(t *testing.T) {
	for _, tc := range []struct {
		name      string
		in        string
		line, col int
		msg       string
	}{
		{"zero", "0,1", 1, 1, "at least 1"},
		{"negative", "1,-2", 1, 3, "at least 1"},
		{"missing comma", "1 2", 1, 3, "expected ','"},
		{"missing column", "1,", 1, 3, "ends where a column"},
		{"line ends", "1,\n2", 1, 3, "line ends"},
		{"letters", "1,1\n a,b", 2, 2, `found 'a'`},
		{"non-ASCII named whole", "1,ü", 1, 3, `found 'ü'`},
		{"byte that is not UTF-8", "1,\xff", 1, 3, `found byte 0xff`},
		{"trailing", "1,1x", 1, 4, "after 1,1"},
		{"off board", "1,1\n2,9", 2, 1, "off the 8×8 board"},
		{"too large", "1234567890,1", 1, 1, "too large"},
		{"bad bom", "\xef\xbb1,1", 1, 1, "byte-order mark"},
		{"after bom", "\ufeffx", 1, 1, "found 'x'"},
		{"ends after row", "3", 1, 2, "ends after row 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := queens.ParseGiven(tc.in, 8)
			var ge *queens.GivenError
			require.ErrorAs(t, err, &ge)
			require.ErrorIs(t, err, queens.ErrGiven)
			require.Equal(t, tc.line, ge.Line, "line: %v", err)
			require.Equal(t, tc.col, ge.Col, "column: %v", err)
			require.Contains(t, err.Error(), tc.msg)
		})
	}
	_, err := queens.ReadGiven(iotest.ErrReader(errors.New("disk on fire")), 8)
	require.ErrorContains(t, err, "disk on fire")
}

func TestCheckGiven(t *testing.T) {
	for _, tc := range []struct {
		name   string
		n      int
		torus  bool
		given  string
		attack *queens.AttackError // nil: no attack
		bad    bool                // an ErrGiven
	}{
		{"fine", 8, false, "1,1 2,3 3,5", nil, false},
		{"row", 8, false, "1,1 1,5", &queens.AttackError{A: sq(1, 1), B: sq(1, 5), Line: "row"}, false},
		{"column", 8, false, "1,4 6,4", &queens.AttackError{A: sq(1, 4), B: sq(6, 4), Line: "column"}, false},
		{"diagonal", 8, false, "2,2 5,5", &queens.AttackError{A: sq(2, 2), B: sq(5, 5), Line: "diagonal"}, false},
		{"anti-diagonal", 8, false, "1,8 8,1", &queens.AttackError{A: sq(1, 8), B: sq(8, 1), Line: "diagonal"}, false},
		{"plain no wrap", 5, false, "1,1 2,5", nil, false},
		{"torus wrap", 5, true, "1,1 2,5", &queens.AttackError{A: sq(1, 1), B: sq(2, 5), Line: "toroidal diagonal"}, false},
		{"twice", 8, false, "3,3 3,3", nil, true},
		{"off", 4, false, "1,1 5,2", nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := queens.ParseGiven(tc.given, 0)
			require.NoError(t, err)
			_, err = queens.NewCompletion(tc.n, tc.torus, g)
			switch {
			case tc.attack != nil:
				var ae *queens.AttackError
				require.ErrorAs(t, err, &ae)
				require.Equal(t, tc.attack, ae)
				require.Contains(t, err.Error(), tc.attack.A.String()+" and "+tc.attack.B.String())
				require.False(t, errors.Is(err, queens.ErrGiven))
			case tc.bad:
				require.ErrorIs(t, err, queens.ErrGiven)
			default:
				require.NoError(t, err)
			}
		})
	}
	_, err := queens.NewCompletion(0, false, nil)
	require.Error(t, err)
	_, err = queens.NewCompletion(queens.MaxGivenN+1, false, []queens.Square{sq(1, 1)})
	require.ErrorIs(t, err, resource.ErrTooLarge)
}

// TestCompletion completes givens with bitwise and dlx: counts of known
// instances, every solution verified and holding the givens, and the two
// algorithms agree.
func TestCompletion(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n     int
		torus bool
		given string
		count int64 // the number of completions; -1: not checked
	}{
		// 4 of the 92 solutions of 8×8 have a queen in the corner (OEIS
		// A000170 with the first queen fixed: Wirth's table starts with
		// them).
		{"corner of 8", 8, false, "1,1", 4},
		// 1,1 and 3,2 is a knight's move, yet none of the 4 corner
		// solutions has its second queen in row 3 (they have rows 5, 6,
		// 7, 7 there).
		{"impossible 8", 8, false, "1,1 3,2", 0},
		{"two of 8", 8, false, "1,1 5,2", 1},
		{"torus corner of 7", 7, true, "1,1", int64(a051906[7] / 7)},
		// Every toroidal solution of 7 is linear, row ≡ a + k·column
		// (mod 7, OEIS A051906: 28 = 7·4): these three queens are
		// pairwise non-attacking but need k = 2 and k = 5 at once.
		{"torus impossible 7", 7, true, "1,1 3,2 2,4", 0},
		{"torus two of 13", 13, true, "1,1 2,3 4,2", 2},
		{"empty givens 6", 6, false, "", 4},
		{"all given", 5, false, "1,1 3,2 5,3 2,4 4,5", 1},
		// Half a solution of 20 (the lists construction): the rest is
		// found.
		{"half of 20", 20, false, "2,1 4,2 6,3 8,4 10,5 12,6 14,7 16,8 18,9 20,10", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := queens.ParseGiven(tc.given, tc.n)
			require.NoError(t, err)
			b, err := queens.NewCompletion(tc.n, tc.torus, g)
			require.NoError(t, err)
			var counts []core.Count
			for _, name := range []string{"bitwise", "dlx"} {
				a := lookup(t, name)
				res, err := a.Solve(context.Background(), b, &core.Options{
					Mode: core.ModeAll,
					Visit: func(sol core.Solution, _ core.Stats) bool {
						require.NoError(t, b.Verify(sol), name)
						for _, s := range g {
							require.Equal(t, int32(s.Row), sol[s.Col], name)
						}
						return true
					},
				})
				require.NoError(t, err, name)
				require.Equal(t, core.StatusExhausted, res.Status, name)
				counts = append(counts, res.Solutions)
				first, err := a.Solve(context.Background(), b, nil)
				require.NoError(t, err)
				if res.Solutions.IsZero() {
					require.Equal(t, core.StatusExhausted, first.Status)
					require.Nil(t, first.First)
					require.NotEmpty(t, first.Why())
				} else {
					require.Equal(t, core.StatusFound, first.Status)
					require.NoError(t, b.Verify(first.First))
				}
			}
			require.Equal(t, counts[0], counts[1], "bitwise and dlx")
			t.Logf("%d completions", counts[0].Lo)
			if tc.count >= 0 {
				require.Equal(t, core.CountOf(uint64(tc.count)), counts[0])
			}
		})
	}
}

// TestCompletionCountsSum checks completion against the full count: over
// the rows of the first column, the completions of one given queen sum to
// A000170(n) (and to A051906(n) on the torus).
func TestCompletionCountsSum(t *testing.T) {
	for _, tc := range []struct {
		n     int
		torus bool
		want  uint64
	}{{8, false, a000170[8]}, {10, false, a000170[10]}, {11, true, a051906[11]}} {
		t.Run(fmt.Sprintf("n=%d/torus=%v", tc.n, tc.torus), func(t *testing.T) {
			for _, name := range []string{"bitwise", "dlx"} {
				var sum core.Count
				for r := range tc.n {
					b := &queens.Board{N: tc.n, Torus: tc.torus, Given: []queens.Square{{Row: r, Col: 0}}}
					res, err := lookup(t, name).Solve(context.Background(), b, &core.Options{Mode: core.ModeCount})
					require.NoError(t, err)
					sum = sum.Add(res.Solutions)
				}
				require.Equal(t, core.CountOf(tc.want), sum, name)
			}
		})
	}
}

func TestVerifyGiven(t *testing.T) {
	b := &queens.Board{N: 8, Given: []queens.Square{sq(1, 1)}}
	require.NoError(t, b.Verify(core.Solution{0, 4, 7, 5, 2, 6, 1, 3}))
	require.ErrorContains(t, b.Verify(core.Solution{1, 3, 5, 7, 2, 0, 6, 4}), "given queen in row 1 is missing")
}

// FuzzReadGiven checks that the givens parser never panics, that what it
// accepts is on the board, and that writing the givens back and parsing
// them again gives the same squares.
func FuzzReadGiven(f *testing.F) {
	for _, s := range []string{"1,1 3,2", "\ufeff1,1\r\n2,3;", "# c\n4 , 4", "0,1", "1,", "9999999999,1", "1,1x", "\xef"} {
		f.Add(s, 8)
	}
	f.Fuzz(func(t *testing.T, in string, n int) {
		got, err := queens.ParseGiven(in, n)
		if err != nil {
			var ge *queens.GivenError
			require.ErrorAs(t, err, &ge)
			require.Positive(t, ge.Line)
			require.Positive(t, ge.Col)
			return
		}
		var b strings.Builder
		for _, s := range got {
			require.GreaterOrEqual(t, s.Row, 0)
			require.GreaterOrEqual(t, s.Col, 0)
			if n > 0 {
				require.Less(t, s.Row, n)
				require.Less(t, s.Col, n)
			}
			b.WriteString(s.String() + " ")
		}
		again, err := queens.ParseGiven(b.String(), n)
		require.NoError(t, err)
		require.Equal(t, got, again)
	})
}
