package xcc_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/xcc"
	"github.com/stretchr/testify/require"
)

// cover returns a Cover of Knuth's two items with three ways to cover
// them ({a b}, {a}+{b}), decoding a solution as its option numbers.
func cover(t testing.TB) (*dlx.Problem, *xcc.Cover) {
	p, err := dlx.Parse(strings.NewReader("a b\na b\na\nb\n"))
	require.NoError(t, err)
	return p, &xcc.Cover{Problem: p, Decode: func(options []int) core.Solution {
		sol := make(core.Solution, len(options))
		for i, k := range options {
			sol[i] = int32(k)
		}
		return sol
	}}
}

func toInts(sol core.Solution) []int {
	out := make([]int, len(sol))
	for i, v := range sol {
		out[i] = int(v)
	}
	return out
}

func TestRun(t *testing.T) {
	p, c := cover(t)
	for _, tc := range []struct {
		name   string
		opts   *core.Options
		method dlx.Method
		status core.Status
		count  uint64
		visits int
	}{
		{"nil options: first", nil, dlx.MethodLinks, core.StatusFound, 1, 0},
		{"count", &core.Options{Mode: core.ModeCount}, dlx.MethodLinks, core.StatusExhausted, 2, 0},
		{"count, auto", &core.Options{Mode: core.ModeCount}, dlx.MethodAuto, core.StatusExhausted, 2, 0},
		{"count, memo", &core.Options{Mode: core.ModeCount}, dlx.MethodMemo, core.StatusExhausted, 2, 0},
		{"all", &core.Options{Mode: core.ModeAll}, dlx.MethodLinks, core.StatusExhausted, 2, 2},
		{"all, auto", &core.Options{Mode: core.ModeAll}, dlx.MethodAuto, core.StatusExhausted, 2, 2},
		{"all with limit", &core.Options{Mode: core.ModeAll, Limit: 1}, dlx.MethodLinks, core.StatusFound, 1, 1},
		{"sample", &core.Options{Mode: core.ModeAll, Sample: 3}, dlx.MethodMemo, core.StatusFound, 3, 3},
		{"count, cells", &core.Options{Mode: core.ModeCount}, dlx.MethodCells, core.StatusExhausted, 2, 0},
		{"count, cells, ssxcc", &core.Options{Mode: core.ModeCount, Branch: "ssxcc"}, dlx.MethodCells, core.StatusExhausted, 2, 0},
		{"all, cells", &core.Options{Mode: core.ModeAll}, dlx.MethodCells, core.StatusExhausted, 2, 2},
		{"all with limit, cells", &core.Options{Mode: core.ModeAll, Limit: 1}, dlx.MethodCells, core.StatusFound, 1, 1},
		{"first, cells", &core.Options{Mode: core.ModeFirst}, dlx.MethodCells, core.StatusFound, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			visits := 0
			if tc.opts != nil && tc.opts.Mode == core.ModeAll {
				tc.opts.Visit = func(sol core.Solution, _ core.Stats) bool {
					require.NoError(t, p.Verify(toInts(sol)))
					visits++
					return true
				}
			}
			res, err := xcc.Run(context.Background(), c, tc.opts, tc.method)
			require.NoError(t, err)
			require.Equal(t, tc.status, res.Status)
			require.Equal(t, core.CountOf(tc.count), res.Solutions)
			require.Equal(t, tc.visits, visits)
			if tc.method != dlx.MethodMemo {
				require.NotNil(t, res.First, "the first solution is reported in every mode")
				require.NoError(t, p.Verify(toInts(res.First)))
			}
		})
	}
	_, err := xcc.Run(context.Background(), c, &core.Options{Mode: core.ModeAll}, dlx.MethodMemo)
	require.ErrorIs(t, err, core.ErrUnsupported, "the memo lists nothing")
	_, err = xcc.Run(context.Background(), &xcc.Cover{Problem: c.Problem}, nil, dlx.MethodLinks)
	require.Error(t, err, "no decode")
}

// TestAlgorithms checks the entries an Engine makes: names, capabilities,
// what the model adds, and the memo's check.
func TestAlgorithms(t *testing.T) {
	e := xcc.Engine{Description: "mine", Limits: "small", MemoNote: "note", Caps: models.CanUnique, Methods: []string{"a", "b"}}
	as := e.Algorithms()
	require.Len(t, as, 4)
	names := []string{as[0].Name, as[1].Name, as[2].Name, as[3].Name}
	require.Equal(t, []string{xcc.Auto, xcc.DLX, xcc.Memo, xcc.Cells}, names)
	require.NotZero(t, as[0].Caps&models.CanUnique)
	require.Zero(t, as[2].Caps&models.CanUnique, "the memo has no fundamental counts")
	require.NotZero(t, as[3].Caps&models.CanUnique, "the cells count what dlx counts")
	require.NotZero(t, as[3].Caps&models.CanBranch, "the cells read --branch (ssxcc) in every mode")
	require.Equal(t, "mine", as[1].Description)
	require.Contains(t, as[2].Description, "note")
	for _, a := range as {
		require.True(t, strings.HasPrefix(a.Limits, "small; "), a.Limits)
		require.Equal(t, []string{"a", "b"}, a.Methods)
	}
	require.ErrorIs(t, as[2].Check(nil, &core.Options{Mode: core.ModeFirst}), core.ErrUnsupported)
	require.NoError(t, as[2].Check(nil, &core.Options{Mode: core.ModeCount}))
	require.ErrorIs(t, as[0].Check(nil, &core.Options{Branch: "sideways"}), core.ErrUnsupported)
	require.Error(t, e.Algorithm("sideways").Check(nil, nil), "an unknown engine algorithm refuses")
	require.ErrorIs(t, as[3].Check(nil, &core.Options{Branch: "first"}), core.ErrUnsupported, "the cells branch by fewest options")
	require.ErrorIs(t, as[3].Check(nil, &core.Options{Branch: "ssxcc", Workers: 2}), core.ErrUnsupported, "ssxcc: one worker")
	require.NoError(t, as[3].Check(nil, &core.Options{Branch: "ssxcc", Mode: core.ModeFirst}))
	require.ErrorIs(t, as[0].Check(nil, &core.Options{Branch: "ssxcc"}), core.ErrUnsupported, "ssxcc is the cells' rule")
	require.Equal(t, xcc.Auto, xcc.Default(nil, &core.Options{Mode: core.ModeCount}))
	require.Equal(t, xcc.DLX, xcc.Default(nil, nil))
}

// TestDecomposeWriteCover checks the split and the cover an Engine makes
// from its Build: the subtrees of Build's cover add up to its count, the
// cover written reads back as the same problem, and a cover Build cannot
// give (forced options, none at all, no Build) is an error.
func TestDecomposeWriteCover(t *testing.T) {
	p, c := cover(t)
	var forced []int
	e := xcc.Engine{Build: func(ctx context.Context, _ core.Problem, _ *core.Options) (*xcc.Cover, error) {
		return &xcc.Cover{Problem: p, Forced: forced, Decode: c.Decode}, nil
	}}
	d, err := e.Decompose("two")(context.Background(), nil, 2)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(d.Name(), "two-"), d.Name())
	var total core.Count
	_, err = d.Run(context.Background(), 0, 1, func(_ uint64, r core.SubResult) bool {
		total = total.Add(r.Count)
		return true
	})
	require.NoError(t, err)
	require.Equal(t, core.CountOf(2), total)

	var b strings.Builder
	require.NoError(t, e.WriteCover(context.Background(), nil, &b))
	back, err := dlx.Parse(strings.NewReader(b.String()))
	require.NoError(t, err)
	require.Equal(t, p.NumOptions(), back.NumOptions())

	forced = []int{0}
	require.ErrorIs(t, e.WriteCover(context.Background(), nil, &b), core.ErrUnsupported, "the format has no forced options")
	none := xcc.Engine{Build: func(context.Context, core.Problem, *core.Options) (*xcc.Cover, error) { return nil, nil }}
	_, err = none.Decompose("x")(context.Background(), nil, 2)
	require.Error(t, err, "no cover, no split")
	require.Error(t, xcc.Engine{}.WriteCover(context.Background(), nil, &b), "no Build")
}

// TestStopped: a build stopped by its context is a result with its
// status; another error stays an error.
func TestStopped(t *testing.T) {
	res, err := xcc.Stopped(&dlx.StopError{Phase: "building", Cause: context.DeadlineExceeded})
	require.NoError(t, err)
	require.Equal(t, core.StatusTimeout, res.Status)
	res, err = xcc.Stopped(context.Canceled)
	require.NoError(t, err)
	require.Equal(t, core.StatusCanceled, res.Status)
	_, err = xcc.Stopped(core.ErrUnsupported)
	require.ErrorIs(t, err, core.ErrUnsupported)
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	m := core.NewMeter(ctx, nil)
	m.Check(0)
	res, err = xcc.Stopped(xcc.BuildStopped(m))
	require.NoError(t, err)
	require.Equal(t, core.StatusTimeout, res.Status, "a meter stopped by its deadline")
}

// Example runs an exact cover through the engine as a model's algorithm
// would: the count, then the first solution decoded.
func Example() {
	p, _ := dlx.Parse(strings.NewReader("a b c\na b\nc\na\nb c\n"))
	c := &xcc.Cover{Problem: p, Decode: func(options []int) core.Solution {
		sol := make(core.Solution, len(options))
		for i, k := range options {
			sol[i] = int32(k + 1) // 1-based option numbers
		}
		return sol
	}}
	count, _ := xcc.Run(context.Background(), c, &core.Options{Mode: core.ModeCount}, dlx.MethodAuto)
	first, _ := xcc.Run(context.Background(), c, nil, dlx.MethodLinks)
	fmt.Println(count.Solutions, "solutions; the first:", first.First)
	// Output: 2 solutions; the first: [1 2]
}
