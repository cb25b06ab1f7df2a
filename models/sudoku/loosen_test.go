package sudoku

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/lines"
)

func TestLoosen(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "sudoku", "top50.txt"))
	require.NoError(t, err)
	input := "# a comment\n" + string(data) + "not a puzzle\n" + strings.Repeat(".", 81) + "\n"
	var originals []string
	for line := range strings.SplitSeq(string(data), "\n") {
		if len(line) == 81 {
			originals = append(originals, line)
		}
	}
	loosen := func(o LoosenOptions) []string {
		var out []string
		n, st, err := Loosen(context.Background(), strings.NewReader(input), o, func(p *Puzzle) error {
			out = append(out, string(AppendLine(nil, p.Givens)))
			return nil
		})
		require.NoError(t, err)
		require.Equal(t, core.StatusExhausted, st)
		require.Len(t, out, n)
		return out
	}
	tests := []struct {
		name string
		o    LoosenOptions
		want int
	}{
		{"every puzzle", LoosenOptions{Seed: 1}, -1},
		{"a count", LoosenOptions{Seed: 1, Count: 5}, 5},
		{"another seed, dlx", LoosenOptions{Seed: 7, Algorithm: "dlx"}, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := loosen(tc.o)
			require.Equal(t, out, loosen(tc.o), "the same seed gives the same puzzles")
			if tc.want >= 0 {
				require.Len(t, out, tc.want)
			} else {
				require.NotEmpty(t, out)
			}
			dlx, err := Algorithm("dlx")
			require.NoError(t, err)
			k := 0
			for _, s := range out {
				// Each kept puzzle is the next original (in order, some
				// skipped) less one given, with two solutions or more.
				for ; k < len(originals); k++ {
					if diff(originals[k], s) == 1 {
						break
					}
				}
				require.Less(t, k, len(originals), "puzzle %s is no original less one given", s)
				k++
				p := mustParse(t, Layout{}, s)
				res, err := dlx.Solve(context.Background(), p, &core.Options{Mode: core.ModeAll, Limit: 2})
				require.NoError(t, err)
				require.Equal(t, core.CountOf(2), res.Solutions, s)
			}
		})
	}
	_, _, err = Loosen(context.Background(), strings.NewReader(input), LoosenOptions{Count: -1}, nil)
	require.Error(t, err)
	_, _, err = Loosen(context.Background(), strings.NewReader(input), LoosenOptions{Algorithm: "nope"}, nil)
	require.Error(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n, st, err := Loosen(ctx, strings.NewReader(input), LoosenOptions{}, func(*Puzzle) error { return nil })
	require.NoError(t, err)
	require.Zero(t, n)
	require.Equal(t, core.StatusCanceled, st)
}

// diff counts the cells where a given of a differs from b (b's givens must
// be a's).
func diff(a, b string) int {
	n := 0
	for i := range a {
		switch {
		case a[i] == b[i]:
		case b[i] == '.' || b[i] == '0':
			n++
		default:
			return 100
		}
	}
	return n
}

// zeros is an endless input without line ends (/dev/zero).
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// TestLoosenHostileInput (issue 32): Loosen under a 100 ms context ends
// on an input that never comes (an idle pipe) within the deadline, with
// status timeout, and refuses one without line ends after MaxLine bytes;
// an endless input of valid lines ends at its deadline.
func TestLoosenHostileInput(t *testing.T) {
	keep := func(*Puzzle) error { return nil }
	pr, pw := io.Pipe()
	defer pw.Close()
	or, ow, err := os.Pipe() // as standard input is, or a FIFO
	require.NoError(t, err)
	defer or.Close()
	defer ow.Close()
	for _, idle := range []io.Reader{pr, or} {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		start := time.Now()
		n, st, err := Loosen(ctx, idle, LoosenOptions{}, keep)
		cancel()
		require.NoError(t, err)
		require.Equal(t, core.StatusTimeout, st)
		require.Zero(t, n)
		require.Less(t, time.Since(start), time.Second)
	}

	_, _, err = Loosen(context.Background(), zeros{}, LoosenOptions{}, keep)
	require.ErrorIs(t, err, lines.ErrTooLong)
	require.ErrorContains(t, err, "sudoku: loosen: line 1")

	puzzle := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
	ctx2, cancel2 := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel2()
	n, st, err := Loosen(ctx2, io.MultiReader(strings.NewReader(strings.Repeat(puzzle, 1000)), repeat{puzzle}), LoosenOptions{}, keep)
	require.NoError(t, err)
	require.Equal(t, core.StatusTimeout, st)
	require.Positive(t, n)
}

// repeat is an endless input of one line.
type repeat struct{ line string }

func (r repeat) Read(p []byte) (int, error) {
	n := 0
	for n+len(r.line) <= len(p) {
		n += copy(p[n:], r.line)
	}
	return n, nil
}
