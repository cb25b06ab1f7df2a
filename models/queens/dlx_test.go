package queens_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

var updateDLX = flag.Bool("update-dlx", false, "rewrite testdata/dlx/queens-*.dlx")

// dlxA000170 is OEIS A000170: the number of N-Queens solutions, n = 1..12.
var dlxA000170 = []uint64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200}

func TestDLXCountsA000170(t *testing.T) {
	alg, err := models.LookupAlgorithm("queens", "dlx")
	require.NoError(t, err)
	for i, want := range dlxA000170 {
		n := i + 1
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			for _, w := range []int{1, 2} {
				res, err := alg.Solve(context.Background(), queens.New(n), &core.Options{Mode: core.ModeCount, Workers: w})
				require.NoError(t, err)
				require.Equal(t, core.StatusExhausted, res.Status)
				require.Equal(t, core.CountOf(want), res.Solutions, "workers %d", w)
				require.Positive(t, res.Stats.Updates)
			}
		})
	}
}

func TestDLXSolutionsVerify(t *testing.T) {
	alg, err := models.LookupAlgorithm("queens", "dlx")
	require.NoError(t, err)
	for _, n := range []int{1, 4, 6, 8} {
		b := queens.New(n)
		var seen uint64
		res, err := alg.Solve(context.Background(), b, &core.Options{Mode: core.ModeAll, Visit: func(sol core.Solution, _ core.Stats) bool {
			require.NoError(t, b.Verify(sol))
			seen++
			return true
		}})
		require.NoError(t, err)
		require.Equal(t, dlxA000170[n-1], seen)
		require.Equal(t, core.CountOf(seen), res.Solutions)
	}
	res, err := alg.Solve(context.Background(), queens.New(30), nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusFound, res.Status)
	require.NoError(t, queens.Verify(30, res.First))

	res, err = alg.Solve(context.Background(), queens.New(3), nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusExhausted, res.Status)
	require.True(t, res.Solutions.IsZero())

	// Unique works from Go for every queens algorithm (12 fundamental
	// solutions of 8 queens, OEIS A002562).
	res, err = alg.Solve(context.Background(), queens.New(8), &core.Options{Unique: true, Mode: core.ModeCount})
	require.NoError(t, err)
	require.Equal(t, core.CountOf(92), res.Solutions)
	require.Equal(t, core.CountOf(12), res.Fundamental)
	_, err = queens.Cover(0)
	require.Error(t, err)
	_, err = queens.Cover(queens.CoverMaxN + 1)
	require.ErrorIs(t, err, resource.ErrTooLarge)
}

// TestDLXTestdata keeps testdata/dlx/queens-8.dlx equal to Cover(8);
// -update-dlx rewrites it.
func TestDLXTestdata(t *testing.T) {
	for _, n := range []int{8} {
		p, err := queens.Cover(n)
		require.NoError(t, err)
		var b bytes.Buffer
		b.WriteString("| N-Queens, n = " + strconv.Itoa(n) + ": rows and columns primary, diagonals secondary\n")
		require.NoError(t, dlx.Write(&b, p))
		path := filepath.Join("..", "..", "testdata", "dlx", "queens-"+strconv.Itoa(n)+".dlx")
		if *updateDLX {
			require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
		}
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		require.Equal(t, b.String(), string(got), "stale: go test ./models/queens -run TestDLXTestdata -update-dlx")
	}
}

func BenchmarkDLXCount(b *testing.B) {
	for _, n := range []int{12, 14} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			p, err := queens.Cover(n)
			require.NoError(b, err)
			s, err := dlx.NewSolver(p)
			require.NoError(b, err)
			var res dlx.Result
			for b.Loop() {
				res, _ = s.Solve(context.Background(), nil)
			}
			b.ReportMetric(float64(res.Stats.Updates)/res.Stats.Elapsed.Seconds()/1e6, "Mupdates/s")
			b.ReportMetric(float64(res.Stats.Updates), "updates")
		})
	}
}

// TestDLXBuildStops: the exact-cover algorithms build their cover of n²
// options under the stop, so that a timeout or an interrupt during the
// build of a large board ends the run at once, as the search does.
func TestDLXBuildStops(t *testing.T) {
	for _, tc := range []struct {
		name string
		algo string
		b    *queens.Board
		mode core.Mode
	}{
		{"dlx", "dlx", queens.New(queens.CoverMaxN), core.ModeFirst},
		{"cells", "cells", queens.New(queens.CoverMaxN), core.ModeFirst},
		{"memo", "memo", queens.New(queens.CoverMaxN), core.ModeCount},
		{"dlx-torus", "dlx", queens.NewTorus(4091), core.ModeFirst},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
			defer cancel()
			start := time.Now()
			res, err := lookup(t, tc.algo).Solve(ctx, tc.b, &core.Options{Mode: tc.mode, Workers: 1})
			require.NoError(t, err)
			require.Equal(t, core.StatusTimeout, res.Status)
			require.Less(t, time.Since(start), 500*time.Millisecond, "the build polls the stop")
		})
	}
}
