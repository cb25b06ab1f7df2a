package sudoku

import (
	"context"

	"math/rand/v2"
	"testing"

	"github.com/coverkit/coverkit/core"

	"github.com/stretchr/testify/require"
)

// parse81Want is what parse81 must decide for an 81-byte line, worked out
// cell by cell: ok for symbols '.', '0'–'9' only and no unit holding a
// digit twice (hasClash), with the givens.
func parse81Want(text []byte) (givens []uint8, ok bool) {
	givens = make([]uint8, 81)
	for i, ch := range text {
		switch {
		case ch == '.' || ch == '0':
		case ch >= '1' && ch <= '9':
			givens[i] = ch - '0'
		default:
			return nil, false
		}
	}
	s, err := NewShape(9, 3, 3, Classic)
	if err != nil {
		panic(err)
	}
	return givens, !hasClash(s, givens)
}

// TestParse81 compares parse81 (eight symbols at a time, then the units
// of the givens) with the cell-by-cell reading on random lines: mostly
// valid symbols, some clashes, and now and then a byte of another kind
// (a letter, '/', ':', '-', '\x80', '\xae', a space) anywhere.
func TestParse81(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 81))
	odd := []byte("a/:-\x80\xae \x2e\x30\x39\x00\xff")
	p := NewParser(Layout{})
	var pz Puzzle
	text := make([]byte, 81)
	seen := [2]int{}
	for n := range 20000 {
		givens := rng.IntN(30)
		for i := range text {
			text[i] = '.'
			if rng.IntN(81) < givens {
				text[i] = byte('0' + rng.IntN(10))
			}
		}
		if n%3 == 0 {
			text[rng.IntN(81)] = odd[rng.IntN(len(odd))]
		}
		want, wantOK := parse81Want(text)
		got := p.parse81(text, &pz)
		require.Equal(t, wantOK, got, "%q", text)
		if got {
			require.Equal(t, want, pz.Givens, "%q", text)
			require.NoError(t, pz.Check())
			seen[1]++
		} else {
			seen[0]++
		}
	}
	require.Positive(t, seen[0])
	require.Positive(t, seen[1])
}

// TestPuzzleCheckAfterChange: Check remembers the givens it (or the
// parser) found valid, and finds a clash again once they change.
func TestPuzzleCheckAfterChange(t *testing.T) {
	p, err := ParseLine(Layout{}, "1................................................................................")
	require.NoError(t, err)
	require.NoError(t, p.Check())
	p.Givens[1] = 1 // row 1 holds 1 twice
	require.ErrorContains(t, p.Check(), "row 1 holds 1 twice")
	p.Givens[1] = 0
	require.NoError(t, p.Check())
	q := *p // a copy shares the givens, not what Check remembers
	q.Givens = append([]uint8(nil), p.Givens...)
	q.Givens[9] = 1 // column 1
	require.ErrorContains(t, q.Check(), "column 1 holds 1 twice")
	require.NoError(t, p.Check())
	p.Givens[80] = 10 // out of range for 9x9
	require.ErrorContains(t, p.Check(), "out of range")
}

// TestFastFirstInt32: the first solution a worker returns (writeInt32)
// is the grid Solve writes (write), on both kernels.
func TestFastFirstInt32(t *testing.T) {
	s, err := NewShape(9, 3, 3, Classic)
	require.NoError(t, err)
	for _, tc := range knownPuzzles {
		p, err := ParseLine(Layout{}, tc.puzzle)
		if err != nil || p.Shape.N != 9 || p.Shape != s && !p.Shape.sameAs(s) {
			continue
		}
		for _, kernel := range []string{"", "go"} {
			w := newFastWorker()
			w.fast.kernel = kernel
			res, err := w.solve(context.TODO(), p, &core.Options{Mode: core.ModeFirst})
			require.NoError(t, err)
			var f Fast
			f.kernel = kernel
			var sol [81]uint8
			found, _, _ := f.Solve(context.TODO(), (*[81]uint8)(p.Givens), 1, &sol)
			if found == 0 {
				require.Empty(t, res.First)
				continue
			}
			require.Len(t, res.First, 81)
			for i, v := range res.First {
				require.Equal(t, int32(sol[i]), v, "%s cell %d", tc.puzzle, i)
			}
		}
	}
}
