package qs4_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens/internal/qs4"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

// checkQueens verifies a solution independently: one queen per row, no two
// on a diagonal.
func checkQueens(t *testing.T, n int, sol []int32) {
	t.Helper()
	require.Len(t, sol, n)
	rows := make([]bool, n)
	sums := make([]bool, 2*n)
	difs := make([]bool, 2*n)
	for c, r := range sol {
		require.True(t, r >= 0 && int(r) < n, "column %d row %d", c, r)
		require.False(t, rows[r] || sums[c+int(r)] || difs[c-int(r)+n], "column %d attacked", c)
		rows[r], sums[c+int(r)], difs[c-int(r)+n] = true, true, true
	}
}

// solve runs qs4.Solve under ctx with a step budget of maxSteps (0: none).
func solve(ctx context.Context, n int, o *qs4.Options, maxSteps ...uint64) (qs4.Result, error) {
	var budget uint64
	if len(maxSteps) > 0 {
		budget = maxSteps[0]
	}
	return qs4.Solve(core.NewMeter(ctx, &core.Options{MaxNodes: budget}), n, o)
}

func TestQueensEveryN(t *testing.T) {
	for n := 4; n <= 300; n++ {
		for _, seed := range []uint64{0, 2, 3, 12345, 1 << 40} {
			res, err := solve(context.Background(), n, &qs4.Options{Seed: seed})
			require.NoError(t, err)
			require.Equal(t, core.StatusFound, res.Status, "n=%d seed=%d", n, seed)
			require.True(t, res.Verified)
			checkQueens(t, n, res.Solution)
		}
	}
}

func TestQueensMillion(t *testing.T) {
	n := 1_000_000
	res, err := solve(context.Background(), n, nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusFound, res.Status)
	require.True(t, res.Verified)
	require.Equal(t, qs4.DefaultSeed, res.Seed)
	checkQueens(t, n, res.Solution)
}

func TestQueensSmall(t *testing.T) {
	for _, tc := range []struct {
		n      int
		status core.Status
	}{{1, core.StatusFound}, {2, core.StatusExhausted}, {3, core.StatusExhausted}, {4, core.StatusFound}} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			res, err := solve(context.Background(), tc.n, nil)
			require.NoError(t, err)
			require.Equal(t, tc.status, res.Status)
			if tc.status == core.StatusFound {
				checkQueens(t, tc.n, res.Solution)
			} else {
				require.Nil(t, res.Solution)
			}
		})
	}
}

func TestQueensDeterministic(t *testing.T) {
	for _, n := range []int{8, 1000, 100_000} {
		a, err := solve(context.Background(), n, &qs4.Options{Seed: 99})
		require.NoError(t, err)
		b, err := solve(context.Background(), n, &qs4.Options{Seed: 99})
		require.NoError(t, err)
		require.Equal(t, a.Solution, b.Solution)
		require.Equal(t, a.Steps, b.Steps)
		c, err := solve(context.Background(), n, &qs4.Options{Seed: 100})
		require.NoError(t, err)
		checkQueens(t, n, c.Solution)
		if n >= 1000 {
			require.NotEqual(t, a.Solution, c.Solution)
		}
	}
}

func TestQueensErrorsAndLimits(t *testing.T) {
	_, err := solve(context.Background(), 0, nil)
	require.ErrorContains(t, err, "must be positive")

	_, err = solve(context.Background(), 1_000_000, &qs4.Options{MaxBytes: 1 << 20})
	require.True(t, errors.Is(err, resource.ErrTooLarge))
	require.ErrorContains(t, err, "need 4.7 MiB")

	if big := int64(qs4.MaxN) + 1; int64(int(big)) == big { // 64-bit int
		_, err = solve(context.Background(), int(big), nil)
		require.True(t, errors.Is(err, resource.ErrTooLarge))
	}

	res, err := solve(context.Background(), 100_000, nil, 1000)
	require.NoError(t, err)
	require.Equal(t, core.StatusLimit, res.Status)
	require.Nil(t, res.Solution)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = solve(ctx, 100_000, nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusCanceled, res.Status)

	var calls int
	m := core.NewMeter(context.Background(), &core.Options{Progress: func(core.Progress) { calls++ }})
	res, err = qs4.Solve(m, 10, nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusFound, res.Status)
	require.Positive(t, calls)
}

func TestQueensBytes(t *testing.T) {
	// About 4.6 bytes a queen: int32 rows plus three bitsets.
	b := qs4.Bytes(1_000_000_000)
	require.Less(t, float64(b)/1e9, 4.7)
	require.Equal(t, "4.3 GiB", resource.FormatBytes(b))
}

// ExampleSolve places a million queens and checks them.
func ExampleSolve() {
	res, err := qs4.Solve(core.NewMeter(context.Background(), nil), 1_000_000, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Verified, len(res.Solution))
	// Output: found true 1000000
}

func BenchmarkQueens(b *testing.B) {
	for _, n := range []struct {
		name string
		n    int
	}{{"1e3", 1e3}, {"1e4", 1e4}, {"1e5", 1e5}, {"1e6", 1e6}, {"1e7", 1e7}} {
		b.Run("n="+n.name, func(b *testing.B) {
			var steps uint64
			for b.Loop() {
				res, err := solve(context.Background(), n.n, nil)
				if err != nil || res.Status != core.StatusFound {
					b.Fatal(err, res.Status)
				}
				steps = res.Steps
			}
			b.ReportMetric(float64(steps)/float64(n.n), "steps/queen")
			b.ReportMetric(float64(qs4.Bytes(n.n))/float64(n.n), "bytes/queen")
		})
	}
}

// TestQueensStepBudget checks that a step budget allows exactly that many steps:
// a run that needs K steps succeeds with a budget of K and stops with K−1.
func TestQueensStepBudget(t *testing.T) {
	for _, n := range []int{1, 8, 1000} {
		free, err := solve(context.Background(), n, nil)
		require.NoError(t, err)
		require.Equal(t, core.StatusFound, free.Status)
		k := free.Steps
		exact, err := solve(context.Background(), n, nil, k)
		require.NoError(t, err)
		require.Equal(t, core.StatusFound, exact.Status, "n=%d budget=%d", n, k)
		require.Equal(t, free.Solution, exact.Solution)
		if k > 1 {
			short, err := solve(context.Background(), n, nil, k-1)
			require.NoError(t, err)
			require.Equal(t, core.StatusLimit, short.Status, "n=%d budget=%d", n, k-1)
			require.Equal(t, k-1, short.Steps)
		}
	}
}
