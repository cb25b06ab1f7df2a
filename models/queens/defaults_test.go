package queens_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/stretchr/testify/require"
)

// pick returns the algorithm the queens descriptor picks for b in mode.
func pick(t *testing.T, b *queens.Board, o *core.Options) string {
	t.Helper()
	m, err := models.Lookup("queens")
	require.NoError(t, err)
	a, err := m.Pick("", b, o)
	require.NoError(t, err)
	return a.Name
}

// TestDefaults checks the default algorithm by mode and size (issue 21):
// the first solution by backtracking up to BacktrackFirstMaxN, Dancing
// Links up to DLXFirstMaxN, construct above; every solution by
// backtracking; counts by the join where it pays and fits, else bitwise.
func TestDefaults(t *testing.T) {
	first := &core.Options{Mode: core.ModeFirst}
	for _, tc := range []struct {
		n    int
		want string
	}{{1, "backtrack"}, {8, "backtrack"}, {queens.BacktrackFirstMaxN, "backtrack"}, {queens.BacktrackFirstMaxN + 1, "dlx"},
		{30, "dlx"}, {queens.DLXFirstMaxN, "dlx"}, {queens.DLXFirstMaxN + 1, "construct"}, {1000, "construct"}, {1_000_000, "construct"}} {
		require.Equal(t, tc.want, pick(t, queens.New(tc.n), first), "first, n = %d", tc.n)
	}
	require.Equal(t, "backtrack", pick(t, queens.New(30), &core.Options{Mode: core.ModeAll}))
	count := &core.Options{Mode: core.ModeCount, Workers: 1}
	for _, tc := range []struct {
		n    int
		want string
	}{{8, "bitwise"}, {12, "bitwise"}, {13, "join"}, {18, "join"}, {26, "bitwise"}, {64, "bitwise"}, {65, "backtrack"}} {
		require.Equal(t, tc.want, pick(t, queens.New(tc.n), count), "count, n = %d", tc.n)
	}
	require.Equal(t, "bitwise", pick(t, queens.New(16), &core.Options{Mode: core.ModeCount, Unique: true}),
		"the join has no fundamental count")
	require.Equal(t, "dlx", pick(t, &queens.Board{N: 8, Given: []queens.Square{{Row: 0, Col: 0}}}, first))
	require.Equal(t, "construct", pick(t, queens.NewTorus(13), first))
}

// TestDefaultsAnswer solves n = 30, 1,000 and 10^6 with no algorithm named
// (issue 21: each in well under a second; see docs/benchmarks.md).
func TestDefaultsAnswer(t *testing.T) {
	m, err := models.Lookup("queens")
	require.NoError(t, err)
	for _, n := range []int{30, 1000, 1_000_000} {
		b := queens.New(n)
		a, err := m.Pick("", b, nil)
		require.NoError(t, err)
		res, err := a.Run(context.Background(), b, nil)
		require.NoError(t, err)
		require.Equal(t, core.StatusFound, res.Status, "n = %d (%s)", n, a.Name)
		require.NoError(t, b.Verify(res.First))
	}
}

// TestCountersAnyWorkers checks that the work counters of every queens
// algorithm that counts are a function of the instance (issue 21): the
// same nodes, checks and updates on 1, 2, 3 and 8 workers, for the
// ordinary board, the torus and a board with a given queen.
func TestCountersAnyWorkers(t *testing.T) {
	m, err := models.Lookup("queens")
	require.NoError(t, err)
	boards := []*queens.Board{queens.New(6), queens.New(9), queens.New(11), queens.NewTorus(11),
		{N: 10, Given: []queens.Square{{Row: 0, Col: 2}}}}
	for _, a := range m.Algorithms {
		if !a.Caps.Has(models.CanCount) {
			continue
		}
		for _, b := range boards {
			var want core.Stats
			for i, w := range []int{1, 2, 3, 8} {
				o := &core.Options{Mode: core.ModeCount, Workers: w}
				if a.Supports(b, o) != nil {
					break
				}
				res, err := a.Run(context.Background(), b, o)
				if errors.Is(err, core.ErrUnsupported) {
					break // not this algorithm's board
				}
				require.NoError(t, err)
				require.Equal(t, core.StatusExhausted, res.Status)
				got := res.Stats
				got.Elapsed = 0
				if i == 0 {
					want = got
					continue
				}
				require.Equal(t, want, got, fmt.Sprintf("%s on %s, %d workers", a.Name, b.Size(), w))
			}
		}
	}
}
