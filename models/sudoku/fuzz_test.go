package sudoku

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/coverkit/coverkit/models/batch"
	"github.com/stretchr/testify/require"
)

// FuzzSolveBatch runs a whole batch — the Reader, the parser and the
// solvers — over fuzzed input in both formats, under a deadline: no panic,
// no error but the reader's, every answer in line order, and every
// solution verifies.
func FuzzSolveBatch(f *testing.F) {
	f.Add(knownPuzzles[0].puzzle+"\n# comment\n\n"+strings.Repeat(".", 81)+"\n", false, uint8(1))
	f.Add("1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 .\n\n1 . . .\n", true, uint8(2))
	f.Add("\ufeff"+knownPuzzles[0].puzzle+"\r\n"+strings.Repeat("x", 200)+"\r\n", false, uint8(0))
	f.Fuzz(func(t *testing.T, in string, grid bool, workers uint8) {
		format := LineFormat
		if grid {
			format = GridFormat
		}
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		defer cancel()
		last := 0
		sum, err := SolveBatch(ctx, strings.NewReader(in), BatchOptions{Format: format, Limit: 2, MaxNodes: 10000, Workers: int(workers % 4)},
			func(a *batch.Answer) error {
				require.Greater(t, a.Line, last, "answers in line order")
				last = a.Line
				if a.Verdict == Invalid {
					require.Error(t, a.Err)
					require.True(t, strings.HasPrefix(a.Err.Error(), "sudoku: "), a.Err.Error())
				}
				if p, ok := a.Problem.(*Puzzle); ok && a.Result.First != nil {
					require.Len(t, a.Result.First, p.Shape.Cells())
					require.NoError(t, p.Verify(a.Result.First), "every solution verifies")
				}
				return nil
			})
		require.NoError(t, err)
		require.GreaterOrEqual(t, sum.Records, 0)
	})
}

// FuzzParseNames checks that the name parsers (variant, format, algorithm)
// never panic and that what they accept prints back as itself.
func FuzzParseNames(f *testing.F) {
	for _, s := range []string{"classic", "x", "jigsaw", "latin", "line", "grid", "dlx", "fast", "auto", "", "X", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if v, err := ParseVariant(s); err == nil {
			back, err := ParseVariant(v.String())
			require.NoError(t, err)
			require.Equal(t, v, back)
		}
		_, _ = ParseFormat(s)
		_, _ = Algorithm(s)
	})
}
