package dlx_test

import (
	"context"
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/dlx/internal/gen"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

// TestHostileCalls calls the exported functions of the package with nil,
// zero, negative, huge and mismatched arguments: each returns an error or
// a sound answer, and none panics (issue 22). Index accessors (ItemName,
// OptionItem, …) are documented to panic out of range, as slices do, and
// are left out.
func TestHostileCalls(t *testing.T) {
	ctx := context.Background()
	var nilP *dlx.Problem
	var nilS *dlx.Solver
	var nilT *dlx.Subtrees
	calls := map[string]func() error{
		"Parse(nil)":         func() error { _, err := dlx.Parse(nil); return err },
		"ParseWithText(nil)": func() error { _, err := dlx.ParseWithText(nil); return err },
		"ParseContext(nil ctx, nil)": func() error {
			//lint:ignore SA1012 a nil context is what is tested
			_, err := dlx.ParseContext(nil, nil, nil)
			return err
		},
		"Write(nil, p)":   func() error { return dlx.Write(nil, dlx.New()) },
		"Write(w, nil)":   func() error { return dlx.Write(io.Discard, nil) },
		"NewSolver(nil)":  func() error { _, err := dlx.NewSolver(nil); return err },
		"nil.AddPrimary":  func() error { _, err := nilP.AddPrimary("a"); return err },
		"nil.AddOption":   func() error { _, err := nilP.AddOption("a"); return err },
		"nil.AddOptionIx": func() error { _, err := nilP.AddOptionIndex([]int{0}, nil); return err },
		"nil.Color":       func() error { _, err := nilP.Color("red"); return err },
		"nil.SetBounds":   func() error { return nilP.SetBounds(0, 1, 1) },
		"nil.Grow":        func() error { return nilP.Grow(1, 1) },
		"nil.Verify":      func() error { return nilP.Verify([]int{0}) },
		"nil.Solve":       func() error { _, err := nilS.Solve(ctx, nil); return err },
		"nil.Count":       func() error { _, err := nilS.Count(ctx, nil); return err },
		"nil.Sample":      func() error { _, err := nilS.Sample(ctx, 1, nil); return err },
		"Sample(0)": func() error {
			_, err := solver(t, parse(t, gen.Knuth7)).Sample(ctx, 0, nil)
			return err
		},
		"Count(visit)": func() error {
			_, err := solver(t, parse(t, gen.Knuth7)).Count(ctx, &dlx.Options{Visit: func([]int) bool { return true }})
			return err
		},
		"Count(method unknown)": func() error {
			_, err := solver(t, parse(t, gen.Knuth7)).Count(ctx, &dlx.Options{Method: 99})
			return err
		},
		"nilSubtrees.Len": func() error { _, err := nilT.Len(ctx); return err },
		"nilSubtrees.Run": func() error {
			_, err := nilT.Run(ctx, 0, 1, func(uint64, core.SubResult) bool { return true })
			return err
		},
		"Subtrees.Run(nil done)": func() error {
			sub, err := dlx.NewSubtrees(ctx, parse(t, gen.Knuth7), nil, 2, "dlx")
			require.NoError(t, err)
			_, err = sub.Run(ctx, 0, 1, nil)
			return err
		},
		"nilSubtrees.Weighted": func() error {
			_, err := nilT.Weighted("w", func([]int) (uint64, uint64) { return 1, 0 })
			return err
		},
		"Subtrees.Weighted(nil weight)": func() error {
			sub, err := dlx.NewSubtrees(ctx, parse(t, gen.Knuth7), nil, 2, "dlx")
			require.NoError(t, err)
			_, err = sub.Weighted("w", nil)
			return err
		},
		"Subtrees.Weighted(label a/b)": func() error {
			sub, err := dlx.NewSubtrees(ctx, parse(t, gen.Knuth7), nil, 2, "dlx")
			require.NoError(t, err)
			_, err = sub.Weighted("a/b", func([]int) (uint64, uint64) { return 1, 0 })
			return err
		},
		"NewSubtrees(nil)":           func() error { _, err := dlx.NewSubtrees(ctx, nil, nil, 1, "dlx"); return err },
		"NewSubtrees(forced -1)":     func() error { _, err := dlx.NewSubtrees(ctx, parse(t, gen.Knuth7), []int{-1}, 1, "dlx"); return err },
		"AddOptionIndex(mismatched)": func() error { _, err := dlx.New().AddOptionIndex([]int{0}, []int{1, 2}); return err },
		"AddOptionIndex(item -1)":    func() error { _, err := dlx.New().AddOptionIndex([]int{-1}, nil); return err },
		"AddOptionIndex(item huge)":  func() error { _, err := dlx.New().AddOptionIndex([]int{math.MaxInt}, nil); return err },
		"AddPrimaryBounds(huge)":     func() error { _, err := dlx.New().AddPrimaryBounds("a", 0, math.MaxInt); return err },
		"AddPrimaryBounds(negative)": func() error { _, err := dlx.New().AddPrimaryBounds("a", -1, 1); return err },
		"SetBounds(out of range)":    func() error { return dlx.New().SetBounds(-1, 1, 1) },
		"Grow(negative)":             func() error { return dlx.New().Grow(-1, 1) },
		"Grow(huge)":                 func() error { return dlx.New().Grow(math.MaxInt, math.MaxInt) },
		"Verify(out of range)":       func() error { return parse(t, gen.Knuth7).Verify([]int{-1, math.MaxInt}) },
		"Solve(forced out of range)": func() error {
			_, err := solver(t, parse(t, gen.Knuth7)).Solve(ctx, &dlx.Options{Forced: []int{99}})
			return err
		},
		"Solve(workers -1)": func() error {
			_, err := solver(t, parse(t, gen.Knuth7)).Solve(ctx, &dlx.Options{Workers: -1})
			return err
		},
		"Solve(workers huge)": func() error {
			_, err := solver(t, parse(t, gen.Knuth7)).Solve(ctx, &dlx.Options{Workers: math.MaxInt})
			return err
		},
		"Solve(MaxOptions negative)": func() error {
			_, err := solver(t, parse(t, gen.Knuth3)).Solve(ctx, &dlx.Options{MaxOptions: -1})
			return err
		},
		"zero Problem AddOptionIndex": func() error { _, err := new(dlx.Problem).AddOptionIndex([]int{0}, nil); return err },
	}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) {
			require.NotPanics(t, func() { require.Error(t, call()) })
		})
	}
}

// TestZeroProblem builds and solves a problem from the zero value.
func TestZeroProblem(t *testing.T) {
	var p dlx.Problem
	require.Zero(t, p.NumOptions())
	require.Zero(t, p.NumItems())
	s, err := dlx.NewSolver(&p)
	require.NoError(t, err)
	res, err := s.Solve(context.Background(), nil)
	require.NoError(t, err)
	require.EqualValues(t, 1, res.Solutions, "the empty problem has the empty solution")
	a, err := p.AddPrimary("a")
	require.NoError(t, err)
	_, err = p.AddPrimary("b")
	require.NoError(t, err)
	_, err = p.AddOptionIndex([]int{a}, nil)
	require.NoError(t, err)
	_, err = p.AddOption("b")
	require.NoError(t, err)
	_, err = p.AddOption("a", "b")
	require.NoError(t, err)
	require.NoError(t, p.Verify([]int{0, 1}))
	require.NoError(t, dlx.Write(io.Discard, &p))
	s, err = dlx.NewSolver(&p)
	require.NoError(t, err)
	res, err = s.Solve(context.Background(), nil)
	require.NoError(t, err)
	require.EqualValues(t, 2, res.Solutions)
	require.Zero(t, p.OptionLine(0))
}

// TestBuildStops checks that building, parsing and making a solver stop
// when their context ends, with an error wrapping ErrStopped and the
// context's error.
func TestBuildStops(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := dlx.ParseContext(canceled, strings.NewReader(gen.Langford(8)), nil)
	require.ErrorIs(t, err, dlx.ErrStopped)
	require.ErrorIs(t, err, context.Canceled)

	p := dlx.NewWithContext(canceled)
	_, err = p.AddPrimary("a")
	require.ErrorIs(t, err, dlx.ErrStopped)
	_, err = p.AddPrimary("b")
	require.ErrorIs(t, err, dlx.ErrStopped, "a stopped build stays stopped")

	_, err = dlx.NewSolverContext(canceled, parse(t, gen.Langford(8)))
	require.ErrorIs(t, err, dlx.ErrStopped)

	_, err = dlx.NewSubtrees(canceled, parse(t, gen.Langford(8)), nil, 4, "dlx")
	st, ok := core.ErrorStatus(err)
	require.True(t, ok, "%v", err)
	require.Equal(t, core.StatusCanceled, st)

	// A deadline in the middle of a build of endless options.
	dctx, stop := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer stop()
	p = dlx.NewWithContext(dctx)
	a, err := p.AddPrimary("a")
	require.NoError(t, err)
	for {
		if _, err = p.AddOptionIndex([]int{a}, nil); err != nil {
			break
		}
		if p.NumOptions() >= 1<<26 {
			t.Fatal("the build did not stop")
		}
	}
	require.ErrorIs(t, err, context.DeadlineExceeded)

	// And an endless input of comments.
	dctx2, stop2 := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer stop2()
	_, err = dlx.ParseContext(dctx2, io.MultiReader(strings.NewReader("a b\n"), &endlessComments{}), nil)
	require.ErrorIs(t, err, context.DeadlineExceeded)
}

// endlessComments reads as comment lines without end.
type endlessComments struct{}

func (*endlessComments) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "| comment\n"[i%10]
	}
	return len(p), nil
}

// TestGrowRefusesTooLarge checks that Grow refuses, before allocating, a
// size no Solver could hold.
func TestGrowRefusesTooLarge(t *testing.T) {
	p := dlx.New()
	err := p.Grow(1, dlx.MaxEntries+1)
	require.ErrorIs(t, err, resource.ErrTooLarge)
	err = p.Grow(dlx.MaxEntries+1, 1)
	require.ErrorIs(t, err, resource.ErrTooLarge)
}
