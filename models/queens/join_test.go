package queens_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

// TestJoinA000170 counts n = 1..16 with the join on 1 and 2 workers
// against OEIS A000170 (n ≥ 15 skipped with -short).
func TestJoinA000170(t *testing.T) {
	a := lookup(t, "join")
	for n := 1; n <= 16; n++ {
		for _, workers := range []int{1, 2} {
			t.Run(fmt.Sprintf("n=%d/workers=%d", n, workers), func(t *testing.T) {
				if n >= 15 && testing.Short() {
					t.Skip("n ≥ 15 with -short")
				}
				res, err := a.Solve(context.Background(), queens.New(n), &core.Options{Mode: core.ModeCount, Workers: workers})
				require.NoError(t, err)
				require.Equal(t, core.StatusExhausted, res.Status)
				require.Equal(t, core.CountOf(a000170[n]), res.Solutions)
				if n >= 4 {
					require.Positive(t, res.Stats.Nodes)
				}
			})
		}
	}
}

// TestJoinAgreesWithBitwise compares the join with bitwise on every n
// bitwise counts within a test's time, odd and even.
func TestJoinAgreesWithBitwise(t *testing.T) {
	join, bw := lookup(t, "join"), lookup(t, "bitwise")
	for n := 1; n <= 13; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			opts := &core.Options{Mode: core.ModeCount, Workers: 2}
			want, err := bw.Solve(context.Background(), queens.New(n), opts)
			require.NoError(t, err)
			got, err := join.Solve(context.Background(), queens.New(n), opts)
			require.NoError(t, err)
			require.Equal(t, want.Solutions, got.Solutions)
		})
	}
}

func TestJoinRefuses(t *testing.T) {
	a := lookup(t, "join")
	for _, tc := range []struct {
		name string
		n    int
		opts *core.Options
		err  error
	}{
		{"first", 8, nil, core.ErrUnsupported},
		{"all", 8, &core.Options{Mode: core.ModeAll}, core.ErrUnsupported},
		{"unique", 8, &core.Options{Mode: core.ModeCount, Unique: true}, core.ErrUnsupported},
		{"method", 8, &core.Options{Mode: core.ModeCount, Method: "mirror"}, core.ErrUnsupported},
		{"n=34", 34, &core.Options{Mode: core.ModeCount}, resource.ErrTooLarge},
		{"n=30", 30, &core.Options{Mode: core.ModeCount}, resource.ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := a.Solve(context.Background(), queens.New(tc.n), tc.opts)
			require.ErrorIs(t, err, tc.err)
		})
	}
	_, err := a.Solve(context.Background(), queens.New(0), &core.Options{Mode: core.ModeCount})
	require.Error(t, err)
}

func TestJoinStops(t *testing.T) {
	a := lookup(t, "join")
	t.Run("canceled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		res, err := a.Solve(ctx, queens.New(16), &core.Options{Mode: core.ModeCount})
		require.NoError(t, err)
		require.Equal(t, core.StatusCanceled, res.Status)
		require.True(t, res.Status.Partial())
	})
	t.Run("timeout", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		res, err := a.Solve(ctx, queens.New(17), &core.Options{Mode: core.ModeCount})
		require.NoError(t, err)
		require.Equal(t, core.StatusTimeout, res.Status)
		require.Negative(t, res.Solutions.Cmp(core.CountOf(95815104)), "a partial count")
	})
	t.Run("max-nodes", func(t *testing.T) {
		res, err := a.Solve(context.Background(), queens.New(12), &core.Options{Mode: core.ModeCount, MaxNodes: 1000, Workers: 1})
		require.NoError(t, err)
		require.Equal(t, core.StatusLimit, res.Status)
		require.Equal(t, uint64(1000), res.Stats.Nodes, "half-boards are counted as they are built")
	})
	t.Run("progress", func(t *testing.T) {
		var last core.Progress
		calls := 0
		res, err := a.Solve(context.Background(), queens.New(11), &core.Options{
			Mode: core.ModeCount, Workers: 1,
			Progress: func(p core.Progress) { calls++; last = p },
		})
		require.NoError(t, err)
		require.Equal(t, core.StatusExhausted, res.Status)
		require.Positive(t, calls)
		require.Positive(t, last.Total)
		require.Equal(t, last.Total, last.Done, "the last report says every task is done")
	})
}

func TestJoinFaster(t *testing.T) {
	require.False(t, queens.JoinFaster(queens.JoinMinN-1))
	require.True(t, queens.JoinFaster(queens.JoinMinN))
	require.True(t, queens.JoinFaster(20))
	require.False(t, queens.JoinFaster(queens.JoinMaxN+1))
	require.Positive(t, queens.JoinBytes(18, 2))
	require.Greater(t, queens.JoinBytes(18, 2), queens.JoinBytes(16, 2))
	require.Zero(t, queens.JoinBytes(1, 1))
}

// ExampleJoinFaster picks the counter for a board.
func ExampleJoinFaster() {
	for _, n := range []int{8, 14} {
		algo := "bitwise"
		if queens.JoinFaster(n) {
			algo = "join"
		}
		a, _ := models.LookupAlgorithm("queens", algo)
		res, _ := a.Solve(context.Background(), queens.New(n), &core.Options{Mode: core.ModeCount})
		fmt.Println(n, algo, res.Solutions)
	}
	// Output:
	// 8 bitwise 92
	// 14 join 365596
}
