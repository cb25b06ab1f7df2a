package knight

import (
	"context"
	"fmt"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/stretchr/testify/require"
)

func runCount(t *testing.T, alg string, p *Problem, workers int) core.Result {
	t.Helper()
	a, err := models.LookupAlgorithm("knight", alg)
	require.NoError(t, err)
	res, err := a.Run(context.Background(), p, &core.Options{Mode: core.ModeCount, Workers: workers})
	require.NoError(t, err)
	require.Equal(t, core.StatusExhausted, res.Status)
	return res
}

// The frontier algorithm against the pruned search on every board the
// search counts in moments, in both orientations (the frontier spans the
// shorter side), closed and open, from every square and from each.
func TestFrontierAgainstSearch(t *testing.T) {
	maxSquares := 20
	if !testing.Short() {
		maxSquares = 30
	}
	for rows := 1; rows*rows <= maxSquares; rows++ {
		for cols := rows; rows*cols <= maxSquares; cols++ {
			for _, b := range [][2]int{{rows, cols}, {cols, rows}} {
				for _, closed := range []bool{true, false} {
					p := &Problem{Rows: b[0], Cols: b[1], Closed: closed, AnyStart: true}
					want := runCount(t, "search", p, 2).Solutions
					got := runCount(t, "frontier", p, 2)
					require.Equal(t, want, got.Solutions, "%s %s", p.Size(), p.Kind())
					if closed || rows*cols > 20 {
						continue
					}
					for r := 1; r <= b[0]; r++ {
						for c := 1; c <= b[1]; c++ {
							q := &Problem{Rows: b[0], Cols: b[1], StartRow: r, StartCol: c}
							want := runCount(t, "search", q, 1).Solutions
							require.Equal(t, want, runCount(t, "frontier", q, 1).Solutions, "%s from %d,%d", q.Size(), r, c)
						}
					}
				}
			}
		}
	}
}

// Counts the search cannot make in test time, against the OEIS (the
// kernel's own tests hold the whole tables): 5x8 and 8x5 closed (A175855,
// 44,202) and 40x3 closed (A070030, 3x40), through the model (transposed
// boards, the start of a closed count ignored).
func TestFrontierKnown(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		closed     bool
		from       [2]int
		want       string
	}{
		{5, 8, true, [2]int{}, "44202"},
		{8, 5, true, [2]int{}, "44202"},
		{40, 3, true, [2]int{}, "11010065269439104"},
		{6, 6, true, [2]int{2, 3}, "9862"}, // a start changes nothing for closed tours
	} {
		t.Run(fmt.Sprintf("%dx%d", tc.rows, tc.cols), func(t *testing.T) {
			p := &Problem{Rows: tc.rows, Cols: tc.cols, Closed: tc.closed, AnyStart: tc.from == [2]int{}, StartRow: tc.from[0], StartCol: tc.from[1]}
			require.Equal(t, tc.want, runCount(t, "frontier", p, 2).Solutions.String())
		})
	}
}

// The frontier algorithm refuses what it cannot do, with the reason.
func TestFrontierRefuses(t *testing.T) {
	a, err := models.LookupAlgorithm("knight", "frontier")
	require.NoError(t, err)
	_, err = a.Run(context.Background(), New(9, 10), &core.Options{Mode: core.ModeCount})
	require.ErrorIs(t, err, core.ErrUnsupported)
	require.ErrorContains(t, err, "shorter side is at most 8")
	_, err = a.Run(context.Background(), New(5, 5), &core.Options{Mode: core.ModeFirst})
	require.ErrorIs(t, err, core.ErrUnsupported)
}

// Counts from 40 squares on go to the frontier, by default and by auto.
func TestFrontierDefault(t *testing.T) {
	m, err := models.Lookup("knight")
	require.NoError(t, err)
	o := &core.Options{Mode: core.ModeCount}
	require.Equal(t, "search", m.Default(New(6, 6), o))
	require.Equal(t, "frontier", m.Default(New(5, 8), o))
	require.Equal(t, "search", m.Default(New(9, 9), o))
	require.Equal(t, "frontier", m.Default(New(3, 40), o))
	res := runCount(t, "auto", &Problem{Rows: 5, Cols: 8, Closed: true}, 2)
	require.Equal(t, "frontier", res.Method)
	require.Equal(t, "44202", res.Solutions.String())
}
