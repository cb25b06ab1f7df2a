package wyrand_test

import (
	"testing"

	"github.com/coverkit/coverkit/internal/wyrand"
	"github.com/stretchr/testify/require"
)

// TestStream pins the first numbers of seed 1: the stream is part of what
// a seed means (the same seed, the same answers, on every Go version), so
// a change here changes every seeded result.
func TestStream(t *testing.T) {
	r := wyrand.New(1)
	var got []uint64
	for range 3 {
		got = append(got, r.Next())
	}
	require.Equal(t, []uint64{0x987e7e31fc95735b, 0x8291b762cc3c274c, 0xd992eb33f73987e}, got)
}

// TestBelow checks that Below stays in range and reaches every value of a
// small range.
func TestBelow(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    uint64
	}{{"one", 1}, {"seven", 7}, {"large", 1 << 40}} {
		t.Run(tc.name, func(t *testing.T) {
			r := wyrand.New(42)
			seen := map[uint64]bool{}
			for range 1000 {
				v := r.Below(tc.n)
				require.Less(t, v, tc.n)
				seen[v] = true
			}
			if tc.n <= 7 {
				require.Len(t, seen, int(tc.n))
			}
		})
	}
}
