package queens

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens/internal/bitwise"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

// bwKnown is OEIS A000170 (solutions) for n = 0, 1, 2, ...
var bwKnown = []uint64{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
	2279184, 14772512, 95815104}

// bwKnownUnique is OEIS A002562 (fundamental solutions).
var bwKnownUnique = []uint64{1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752,
	285053, 1846955, 11977939}

func bwSolve(t testing.TB, n int, o *core.Options) core.Result {
	t.Helper()
	res, err := solveBitwise(context.Background(), New(n), o)
	require.NoError(t, err)
	return res
}

func TestBitwiseRegistered(t *testing.T) {
	a, err := models.LookupAlgorithm("queens", "bitwise")
	require.NoError(t, err)
	require.Equal(t, models.Exact, a.Kind)
	require.True(t, a.Caps.Has(models.CanFirst|models.CanAll|models.CanCount|models.CanUnique|models.CanParallel))
	res, err := a.Solve(context.Background(), New(8), &core.Options{Mode: core.ModeCount})
	require.NoError(t, err)
	require.Equal(t, core.CountOf(92), res.Solutions)
}

// TestBitwiseCountKnown checks the symmetric counter against A000170 and
// A002562 for n = 1..15, and n = 16 with COVERKIT_LONG set (seconds on
// one CPU; n = 15 takes the same path: the same tasks, 256 below n = 18).
func TestBitwiseCountKnown(t *testing.T) {
	for n := 1; n <= 16; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			if n == 16 && os.Getenv("COVERKIT_LONG") == "" {
				t.Skip("COVERKIT_LONG is not set (n = 16: seconds)")
			}
			res := bwSolve(t, n, &core.Options{Mode: core.ModeCount, Unique: true, Workers: 2})
			require.Equal(t, core.StatusExhausted, res.Status)
			require.Equal(t, core.CountOf(bwKnown[n]), res.Solutions)
			require.Equal(t, core.CountOf(bwKnownUnique[n]), res.Fundamental)
			require.Zero(t, res.Stats.Checks)
			require.Positive(t, res.Stats.Nodes)
		})
	}
}

// TestBitwiseMethodsAgree checks the mirror and plain counters against
// A000170, and that the three methods visit nested trees: plain ≥ mirror ≥
// symmetry nodes.
func TestBitwiseMethodsAgree(t *testing.T) {
	for n := 1; n <= 13; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			var nodes []uint64
			for _, m := range []string{BitwisePlain, BitwiseMirror, BitwiseSymmetry, ""} {
				res := bwSolve(t, n, &core.Options{Mode: core.ModeCount, Method: m})
				require.Equal(t, core.StatusExhausted, res.Status, m)
				require.Equal(t, core.CountOf(bwKnown[n]), res.Solutions, m)
				require.True(t, res.Fundamental.IsZero(), "fundamental only with Unique")
				nodes = append(nodes, res.Stats.Nodes)
			}
			require.GreaterOrEqual(t, nodes[0], nodes[1])
			require.GreaterOrEqual(t, nodes[1], nodes[2])
			require.Equal(t, nodes[2], nodes[3])
		})
	}
	// The plain tree is the classic one: 2057 nodes for n = 8 (seed 002),
	// the empty board included.
	require.Equal(t, uint64(2057), bwSolve(t, 8, &core.Options{Mode: core.ModeCount, Method: BitwisePlain}).Stats.Nodes)
}

// TestBitwiseWorkers checks that any number of workers gives the same
// counts and the same nodes.
func TestBitwiseWorkers(t *testing.T) {
	for _, m := range []string{BitwiseSymmetry, BitwiseMirror} {
		want := bwSolve(t, 13, &core.Options{Mode: core.ModeCount, Method: m, Workers: 1, Unique: m == BitwiseSymmetry})
		for _, w := range []int{2, 3, 7, 0} {
			t.Run(fmt.Sprintf("%s/workers=%d", m, w), func(t *testing.T) {
				res := bwSolve(t, 13, &core.Options{Mode: core.ModeCount, Method: m, Workers: w, Unique: m == BitwiseSymmetry})
				require.Equal(t, want.Solutions, res.Solutions)
				require.Equal(t, want.Fundamental, res.Fundamental)
				require.Equal(t, want.Stats.Nodes, res.Stats.Nodes)
				require.Equal(t, core.StatusExhausted, res.Status)
			})
		}
	}
}

func TestBitwiseProgress(t *testing.T) {
	var calls, last, total atomic.Uint64
	res := bwSolve(t, 12, &core.Options{Mode: core.ModeCount, Workers: 3, Progress: func(p core.Progress) {
		calls.Add(1)
		total.Store(p.Total)
		for {
			old := last.Load()
			if p.Done <= old || last.CompareAndSwap(old, p.Done) {
				break
			}
		}
	}})
	require.Equal(t, core.CountOf(14200), res.Solutions)
	require.Positive(t, calls.Load())
	require.Positive(t, total.Load())
	require.Equal(t, total.Load(), last.Load(), "the last report says every task is done")
}

// TestBitwiseStops checks the partial results: a timeout, a cancel and a
// node budget stop a long count quickly with the matching status, and the
// partial count is a lower bound.
func TestBitwiseStops(t *testing.T) {
	for _, tc := range []struct {
		name   string
		ctx    func() (context.Context, context.CancelFunc)
		opts   core.Options
		status core.Status
	}{
		{"timeout", func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 50*time.Millisecond)
		}, core.Options{Mode: core.ModeCount, Workers: 2}, core.StatusTimeout},
		{"canceled", func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(30*time.Millisecond, cancel)
			return ctx, cancel
		}, core.Options{Mode: core.ModeCount, Workers: 3}, core.StatusCanceled},
		{"max-nodes", func() (context.Context, context.CancelFunc) {
			return context.WithCancel(context.Background())
		}, core.Options{Mode: core.ModeCount, Workers: 2, MaxNodes: 1_000_000}, core.StatusLimit},
		{"max-nodes-mirror", func() (context.Context, context.CancelFunc) {
			return context.WithCancel(context.Background())
		}, core.Options{Mode: core.ModeCount, Method: BitwiseMirror, Workers: 1, MaxNodes: 5000}, core.StatusLimit},
		{"all-timeout", func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 50*time.Millisecond)
		}, core.Options{Mode: core.ModeAll}, core.StatusTimeout},
		{"all-max-nodes", func() (context.Context, context.CancelFunc) {
			return context.WithCancel(context.Background())
		}, core.Options{Mode: core.ModeAll, MaxNodes: 100_000}, core.StatusLimit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := tc.ctx()
			defer cancel()
			start := time.Now()
			res, err := solveBitwise(ctx, New(22), &tc.opts)
			require.NoError(t, err)
			require.Equal(t, tc.status, res.Status)
			require.True(t, res.Status.Partial())
			require.Less(t, time.Since(start), 10*time.Second, "a stopped search returns promptly")
			// A cancel or a deadline may come before the first node on a
			// loaded machine: only a node budget is sure to see nodes.
			if tc.opts.MaxNodes > 0 {
				require.Positive(t, res.Stats.Nodes)
				// Within the budget plus one bottom subtree a worker
				// (the count), exactly at it (the listing).
				slack := uint64(max(1, tc.opts.Workers)) * bitwise.MaxSlack
				if tc.opts.Mode != core.ModeCount {
					slack = 0
				}
				require.LessOrEqual(t, res.Stats.Nodes, tc.opts.MaxNodes+slack)
				if tc.opts.Workers <= 1 {
					require.GreaterOrEqual(t, res.Stats.Nodes, tc.opts.MaxNodes, "one worker spends the whole budget")
				}
			}
		})
	}
}

// TestBitwiseAll enumerates every solution: each verifies, they come in
// strictly increasing lexicographic order, and there are A000170 of them.
func TestBitwiseAll(t *testing.T) {
	for n := 1; n <= 10; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			var prev core.Solution
			var seen, nodes uint64
			res := bwSolve(t, n, &core.Options{Mode: core.ModeAll, Visit: func(sol core.Solution, since core.Stats) bool {
				require.NoError(t, Verify(n, sol))
				if prev != nil {
					require.Negative(t, slices.Compare(prev, sol), "lexicographic order")
				}
				prev = slices.Clone(sol)
				seen++
				nodes += since.Nodes
				return true
			}})
			require.Equal(t, core.StatusExhausted, res.Status)
			require.Equal(t, bwKnown[n], seen)
			require.Equal(t, core.CountOf(bwKnown[n]), res.Solutions)
			require.LessOrEqual(t, nodes, res.Stats.Nodes)
			if n != 2 && n != 3 {
				require.NoError(t, Verify(n, res.First))
			}
		})
	}
}

func TestBitwiseAllLimit(t *testing.T) {
	for _, tc := range []struct {
		name  string
		limit uint64
		stop  int // the visitor says stop after this many (0: never)
		want  uint64
	}{
		{"limit-5", 5, 0, 5},
		{"limit-beyond", 1000, 0, 92},
		{"visitor-stops", 0, 3, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var seen int
			res := bwSolve(t, 8, &core.Options{Mode: core.ModeAll, Limit: tc.limit, Visit: func(core.Solution, core.Stats) bool {
				seen++
				return tc.stop == 0 || seen < tc.stop
			}})
			require.Equal(t, core.CountOf(tc.want), res.Solutions)
			require.Equal(t, int(tc.want), seen)
			if tc.want < 92 {
				require.Equal(t, core.StatusFound, res.Status)
			} else {
				require.Equal(t, core.StatusExhausted, res.Status)
			}
		})
	}
}

// TestBitwiseAllUnique lists one representative per class: A002562 of
// them, each valid, each the least of its class, no two equivalent.
func TestBitwiseAllUnique(t *testing.T) {
	for n := 1; n <= 10; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			classes := map[string]bool{}
			res := bwSolve(t, n, &core.Options{Mode: core.ModeAll, Unique: true, Visit: func(sol core.Solution, _ core.Stats) bool {
				require.NoError(t, Verify(n, sol))
				canonical, err := IsCanonical(sol)
				require.NoError(t, err)
				require.True(t, canonical)
				rep, err := Canonical(sol)
				require.NoError(t, err)
				key := fmt.Sprint(rep)
				require.False(t, classes[key], "two representatives of one class")
				classes[key] = true
				return true
			}})
			require.Equal(t, core.StatusExhausted, res.Status)
			require.Len(t, classes, int(bwKnownUnique[n]))
			require.Equal(t, core.CountOf(bwKnownUnique[n]), res.Fundamental)
		})
	}
}

func TestBitwiseFirst(t *testing.T) {
	for _, tc := range []struct {
		n      int
		want   core.Solution
		status core.Status
	}{
		{1, core.Solution{0}, core.StatusFound},
		{2, nil, core.StatusExhausted},
		{3, nil, core.StatusExhausted},
		{4, core.Solution{1, 3, 0, 2}, core.StatusFound},
		{8, core.Solution{0, 4, 7, 5, 2, 6, 1, 3}, core.StatusFound}, // Wirth's first
		{24, nil, core.StatusFound},
	} {
		t.Run(fmt.Sprintf("n=%d", tc.n), func(t *testing.T) {
			res := bwSolve(t, tc.n, nil)
			require.Equal(t, tc.status, res.Status)
			if tc.status == core.StatusExhausted {
				require.Nil(t, res.First)
				require.True(t, res.Solutions.IsZero())
				return
			}
			require.NoError(t, Verify(tc.n, res.First))
			if tc.want != nil {
				require.Equal(t, tc.want, res.First)
			}
		})
	}
}

func TestBitwiseErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    core.Problem
		opts *core.Options
		want error
	}{
		{"too-large", New(65), nil, resource.ErrTooLarge},
		{"too-large-count", New(1000), &core.Options{Mode: core.ModeCount}, resource.ErrTooLarge},
		{"wrong-problem", bwOther{}, nil, core.ErrWrongProblem},
		{"unknown-method", New(8), &core.Options{Mode: core.ModeCount, Method: "kluev"}, core.ErrUnsupported},
		{"unique-mirror", New(8), &core.Options{Mode: core.ModeCount, Method: BitwiseMirror, Unique: true}, core.ErrUnsupported},
		{"method-all", New(8), &core.Options{Mode: core.ModeAll, Method: BitwiseMirror}, core.ErrUnsupported},
		{"bad-mode", New(8), &core.Options{Mode: core.Mode(9)}, core.ErrUnsupported},
		{"zero", New(0), nil, nil},
		{"negative", New(-3), nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := solveBitwise(context.Background(), tc.p, tc.opts)
			require.Error(t, err)
			require.Contains(t, err.Error(), "queens: bitwise: ")
			if tc.want != nil {
				require.True(t, errors.Is(err, tc.want), err)
			}
		})
	}
}

// bwOther is a problem of another model.
type bwOther struct{}

func (bwOther) Model() string                                 { return "other" }
func (bwOther) Size() string                                  { return "1" }
func (bwOther) Verify(core.Solution) error                    { return nil }
func (bwOther) Render(io.Writer, core.Solution, string) error { return nil }

// TestBitwiseNoAllocs checks that the hot loop allocates nothing: a count
// allocates the same whatever the size of the tree below its tasks.
func TestBitwiseNoAllocs(t *testing.T) {
	o := &core.Options{Mode: core.ModeCount, Workers: 1}
	small := testing.AllocsPerRun(3, func() { bwSolve(t, 10, o) })
	large := testing.AllocsPerRun(3, func() { bwSolve(t, 12, o) })
	require.InDelta(t, small, large, 8, "allocations must not grow with the tree")
}
