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

// TestCoronalA000170 counts n = 1..14 with the coronal algorithm on 1, 2,
// 3 and 8 workers against OEIS A000170 (n = 14 skipped with -short): the
// count and the nodes are the same on every number of workers, and the
// nodes are the sum of the nodes of the decomposition's subproblems, which
// is what the units of any split add up to.
func TestCoronalA000170(t *testing.T) {
	a := lookup(t, "coronal")
	for n := 1; n <= 14; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			if n >= 14 && testing.Short() {
				t.Skip("n = 14 with -short")
			}
			var nodes uint64
			for i, w := range []int{1, 2, 3, 8} {
				res, err := a.Run(context.Background(), queens.New(n), &core.Options{Mode: core.ModeCount, Workers: w})
				require.NoError(t, err)
				require.Equal(t, core.StatusExhausted, res.Status)
				require.Equal(t, core.CountOf(a000170[n]), res.Solutions, "%d workers", w)
				if i == 0 {
					nodes = res.Stats.Nodes
				}
				require.Equal(t, nodes, res.Stats.Nodes, "the nodes on %d workers", w)
			}
			d, err := queens.NewCoronal(n)
			require.NoError(t, err)
			var sum uint64
			var total core.Count
			st, err := d.Run(context.Background(), 0, 1, func(_ uint64, r core.SubResult) bool {
				sum += r.Stats.Nodes
				total = total.Add(r.Count)
				return true
			})
			require.NoError(t, err)
			require.Equal(t, core.StatusExhausted, st)
			require.Equal(t, core.CountOf(a000170[n]), total)
			require.Equal(t, sum, nodes, "the nodes of the subproblems, added up")
		})
	}
}

func TestCoronalRefuses(t *testing.T) {
	a := lookup(t, "coronal")
	for _, tc := range []struct {
		name string
		b    *queens.Board
		opts *core.Options
		err  error
	}{
		{"first", queens.New(8), nil, core.ErrUnsupported},
		{"all", queens.New(8), &core.Options{Mode: core.ModeAll}, core.ErrUnsupported},
		{"unique", queens.New(8), &core.Options{Mode: core.ModeCount, Unique: true}, core.ErrUnsupported},
		{"method", queens.New(8), &core.Options{Mode: core.ModeCount, Method: "mirror"}, core.ErrUnsupported},
		{"max-nodes", queens.New(8), &core.Options{Mode: core.ModeCount, MaxNodes: 1000}, core.ErrUnsupported},
		{"torus", queens.NewTorus(11), &core.Options{Mode: core.ModeCount}, core.ErrUnsupported},
		{"given", &queens.Board{N: 8, Given: []queens.Square{{Row: 0, Col: 0}}}, &core.Options{Mode: core.ModeCount}, core.ErrUnsupported},
		{"n=65", queens.New(65), &core.Options{Mode: core.ModeCount}, resource.ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := a.Solve(context.Background(), tc.b, tc.opts)
			require.ErrorIs(t, err, tc.err)
			_, err = a.Run(context.Background(), tc.b, tc.opts)
			require.ErrorIs(t, err, tc.err, "through Run")
		})
	}
	_, err := a.Solve(context.Background(), queens.New(0), &core.Options{Mode: core.ModeCount})
	require.Error(t, err)
}

func TestCoronalStops(t *testing.T) {
	a := lookup(t, "coronal")
	t.Run("canceled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		res, err := a.Solve(ctx, queens.New(16), &core.Options{Mode: core.ModeCount, Workers: 2})
		require.NoError(t, err)
		require.Equal(t, core.StatusCanceled, res.Status)
		require.True(t, res.Status.Partial())
	})
	for _, tc := range []struct {
		name    string
		n       int
		workers int
		whole   uint64 // the count (OEIS A000170) a stopped count stays below; 0: unknown
	}{
		{"timeout", 18, 2, 666090624},
		{"timeout above MRVMaxN", 40, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
			defer cancel()
			res, err := a.Solve(ctx, queens.New(tc.n), &core.Options{Mode: core.ModeCount, Workers: tc.workers})
			require.NoError(t, err)
			require.Equal(t, core.StatusTimeout, res.Status)
			if tc.whole != 0 {
				require.Negative(t, res.Solutions.Cmp(core.CountOf(tc.whole)), "a partial count")
			}
		})
	}
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
		require.Equal(t, res.Extra["subproblems"], last.Done, "the last report counts every subproblem")
		require.Equal(t, last.Total, last.Done)
	})
}

// ExampleNewCoronal counts 12 queens with the coronal algorithm, whose
// count solves every subproblem of the coronal decomposition.
func ExampleNewCoronal() {
	d, _ := queens.NewCoronal(12)
	m, _ := d.Len(context.Background())
	a, _ := models.LookupAlgorithm("queens", "coronal")
	res, _ := a.Run(context.Background(), queens.New(12), &core.Options{Mode: core.ModeCount, Workers: 2})
	fmt.Println(d.Name(), d.Algorithm(), m, "subproblems:", res.Solutions, "solutions")
	// Output:
	// queens-coronal/1 coronal 51484 subproblems: 14200 solutions
}
