package queens

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/stretchr/testify/require"
)

// TestPrefixSplit checks that the prefix decomposition of a torus or of
// given queens adds up, over K strided units, to the count and the nodes
// of the unsplit search (bwSearch), with every subproblem met once.
func TestPrefixSplit(t *testing.T) {
	boards := []*Board{
		{N: 1, Torus: true},
		{N: 5, Torus: true},
		{N: 6, Torus: true}, // Pólya: none
		{N: 11, Torus: true},
		{N: 13, Torus: true},
		{N: 17, Torus: true},
		{N: 8, Given: []Square{{0, 0}}},
		{N: 8, Given: []Square{{4, 1}, {0, 0}}},
		{N: 8, Given: []Square{{0, 0}, {1, 1}}}, // attack: none
		{N: 10, Given: []Square{{9, 9}, {3, 4}}},
		{N: 7, Torus: true, Given: []Square{{0, 0}}},
		{N: 4, Given: []Square{{1, 0}, {3, 1}, {0, 2}, {2, 3}}}, // every column given
	}
	for _, b := range boards {
		var want core.Result
		if b.Torus && len(b.Given) == 0 {
			// The torus splits as its own counter's reduced tree.
			want = torusCount(context.Background(), b.N, 2, &core.Options{Mode: core.ModeCount})
		} else {
			want = bwSearch(context.Background(), b, &core.Options{Mode: core.ModeCount})
		}
		if _, none, _ := settled(b); none {
			want = core.Result{}
		}
		for _, k := range []uint64{1, 2, 7, 64} {
			t.Run(fmt.Sprintf("%s/given=%v/K=%d", b.Size(), b.Given, k), func(t *testing.T) {
				s, err := NewPrefix(context.Background(), b, k)
				require.NoError(t, err)
				m, err := s.Len(context.Background())
				require.NoError(t, err)
				var total core.Count
				var nodes, seen uint64
				for i := range k {
					last := int64(-1)
					st, err := s.Run(context.Background(), i, k, func(j uint64, r core.SubResult) bool {
						require.Equal(t, i, j%k)
						require.Greater(t, int64(j), last)
						last = int64(j)
						total = total.Add(r.Count)
						nodes += r.Stats.Nodes
						seen++
						return true
					})
					require.NoError(t, err)
					require.Equal(t, core.StatusExhausted, st)
				}
				require.Equal(t, m, seen)
				require.Equal(t, want.Solutions, total)
				require.Equal(t, want.Stats.Nodes, nodes)
			})
		}
	}
}

// TestPrefixTorus13 is the example of issue 20: the torus of 13 split
// counts 4,524 (A051906), not the ordinary board's 73,712.
func TestPrefixTorus13(t *testing.T) {
	s, err := NewPrefix(context.Background(), &Board{N: 13, Torus: true}, 4)
	require.NoError(t, err)
	var total core.Count
	for i := range uint64(4) {
		_, err := s.Run(context.Background(), i, 4, func(_ uint64, r core.SubResult) bool {
			total = total.Add(r.Count)
			return true
		})
		require.NoError(t, err)
	}
	require.Equal(t, core.CountOf(4524), total)
	require.Equal(t, "queens n=13 torus=true given=", s.Instance())
}

// TestPrefixCanonical checks that the canonical instance ignores the order
// the givens were written in and tells boards apart.
func TestPrefixCanonical(t *testing.T) {
	a := CanonicalInstance(&Board{N: 8, Given: []Square{{4, 1}, {0, 0}}})
	b := CanonicalInstance(&Board{N: 8, Given: []Square{{0, 0}, {4, 1}}})
	require.Equal(t, a, b)
	require.Equal(t, "queens n=8 torus=false given=1,1;5,2", a)
	require.NotEqual(t, a, CanonicalInstance(&Board{N: 8, Torus: true, Given: []Square{{0, 0}, {4, 1}}}))
	require.NotEqual(t, a, CanonicalInstance(&Board{N: 9, Given: []Square{{0, 0}, {4, 1}}}))
	// The size label names the givens, as given, or how many.
	require.Equal(t, "8 given 5,2 1,1", (&Board{N: 8, Given: []Square{{4, 1}, {0, 0}}}).Size())
	require.Equal(t, "9 torus given 5 queens", (&Board{N: 9, Torus: true, Given: make([]Square, 5)}).Size())
}

// TestPrefixStops checks that an ended context stops the listing and a
// Run with its status, and that the depth depends on K only.
func TestPrefixStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := NewPrefix(ctx, &Board{N: 13, Torus: true}, 4)
	require.Error(t, err)
	s, err := NewPrefix(context.Background(), &Board{N: 23, Torus: true}, 1)
	require.NoError(t, err)
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	st, err := s.Run(ctx, 0, 1, func(uint64, core.SubResult) bool { return true })
	require.NoError(t, err)
	require.Equal(t, core.StatusTimeout, st)
	s2, err := NewPrefix(context.Background(), &Board{N: 23, Torus: true}, 1)
	require.NoError(t, err)
	require.Equal(t, s.Name(), s2.Name())
	_, err = NewPrefix(context.Background(), &Board{N: 65, Torus: true}, 1)
	require.Error(t, err)
}
