package pieces

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func FuzzParsePiece(f *testing.F) {
	for _, s := range []string{"queen", "Knights", "leap(1,2)+ride(1,1)", "ride(*)", "leap(0,0)", "leap(", "ride(1,2,3,4,5,6,7,8,9)",
		"amazon+leap(3,1)", "+", "leap(65)", "ride(-1,2)", "leap( 1 , 2 )", "ride(1)+ride(1)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePiece(s)
		if err != nil {
			require.ErrorIs(t, err, ErrPiece)
			return
		}
		require.NotEmpty(t, p.Moves)
		// The moves written back parse to the same moves.
		parts := make([]string, len(p.Moves))
		for i, m := range p.Moves {
			parts[i] = m.String()
			require.LessOrEqual(t, len(m.Step), MaxDims)
		}
		q, err := ParsePiece(strings.Join(parts, "+"))
		require.NoError(t, err)
		require.Equal(t, p.Moves, q.Moves)
		// Its directions on boards of every dimension are finite and
		// non-zero.
		for d := 1; d <= 4; d++ {
			b := Board{Dims: make([]int, d)}
			for i := range b.Dims {
				b.Dims[i] = 3
			}
			dirs, err := directions(&b, p)
			if err != nil {
				continue
			}
			for _, dir := range dirs {
				require.Len(t, dir.v, d)
				require.True(t, canonicalDir(dir.v) || canonicalDir(neg(dir.v)))
			}
		}
	})
}

func neg(v []int) []int {
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = -x
	}
	return out
}

func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"8", "5x6", "3x3x3", "0", "-1", "3x", "x", "99999999x99999999", "2x2x2x2x2x2x2x2x2", " 4 X 4 ", "3×3", "1e3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		dims, err := ParseSize(s)
		if err != nil {
			require.ErrorIs(t, err, ErrSize)
			return
		}
		require.GreaterOrEqual(t, len(dims), 2)
		b := Board{Dims: dims}
		require.NoError(t, b.validate())
		require.LessOrEqual(t, b.Cells(), MaxCells)
		again, err := ParseSize(b.String())
		require.NoError(t, err)
		require.Equal(t, dims, again)
	})
}

func FuzzParsePawns(f *testing.F) {
	for _, s := range []string{"1,1", "1,1 2,2", "8,8;1,8", "0,1", "1,1 1,1", "a,b", "1,", "", "  3,4  "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		dims := []int{8, 8}
		pawns, err := ParsePawns(s, dims)
		if err != nil {
			require.ErrorIs(t, err, ErrPawn)
			return
		}
		b := Board{Dims: dims, Pawns: pawns}
		require.NoError(t, b.validate())
	})
}
