package dlx_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/dlx/internal/dance"
	"github.com/coverkit/coverkit/dlx/internal/gen"
	"github.com/stretchr/testify/require"
)

// benchCount counts every solution of p with the given workers and reports
// updates per second of wall time and the CPU seconds per search.
func benchCount(b *testing.B, p *dlx.Problem, workers int, want uint64) {
	s, err := dlx.NewSolver(p)
	require.NoError(b, err)
	var res dlx.Result
	var updates uint64
	var wall time.Duration
	cpu0 := cpuTime()
	for b.Loop() {
		res, _ = s.Solve(context.Background(), &dlx.Options{Workers: workers})
		updates += res.Stats.Updates
		wall += res.Stats.Elapsed
	}
	require.Equal(b, want, res.Solutions)
	b.ReportMetric(float64(updates)/wall.Seconds()/1e6, "Mupdates/s")
	b.ReportMetric(float64(res.Stats.Updates)/1e6, "Mupdates")
	b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
}

func BenchmarkQueens(b *testing.B) {
	for _, tc := range []struct {
		name      string
		n         int
		organPipe bool
		want      uint64
		workers   int
	}{
		{"12", 12, false, 14200, 1},
		{"14", 14, false, 365596, 1},
		{"14-workers2", 14, false, 365596, 2},
		{"14-organ-pipe", 14, true, 365596, 1},
	} {
		b.Run(tc.name, func(b *testing.B) {
			p, err := dlx.Parse(strings.NewReader(gen.Queens(tc.n, tc.organPipe)))
			require.NoError(b, err)
			benchCount(b, p, tc.workers, tc.want)
		})
	}
}

func BenchmarkPentomino(b *testing.B) {
	for _, tc := range []struct {
		name    string
		file    string
		want    uint64
		workers int
	}{{"3x20", "pentomino-3x20.dlx", 8, 1}, {"6x10", "pentomino-6x10.dlx", 9356, 1}, {"6x10-workers2", "pentomino-6x10.dlx", 9356, 2}} {
		b.Run(tc.name, func(b *testing.B) {
			benchCount(b, instance(b, tc.file), tc.workers, tc.want)
		})
	}
}

func BenchmarkSolveForced(b *testing.B) {
	p, err := dlx.Parse(strings.NewReader(gen.Langford(8)))
	require.NoError(b, err)
	s, err := dlx.NewSolver(p)
	require.NoError(b, err)
	opts := &dlx.Options{Limit: 2, Forced: []int{3}}
	for b.Loop() {
		s.Solve(context.Background(), opts)
	}
}

// BenchmarkSudoku17 solves the shared 17-clue puzzles (first 10,000) on one
// reused Solver with the givens forced: Limit 1 (first solution) and
// Limit 2 (uniqueness). Without the puzzle set it says so and skips.
func BenchmarkSudoku17(b *testing.B) {
	puzzles := sudoku17(b)
	s, err := dlx.NewSolver(parse(b, gen.Sudoku()))
	require.NoError(b, err)
	for _, tc := range []struct {
		limit     uint64
		singleton bool
	}{{1, false}, {2, false}, {1, true}, {2, true}} {
		b.Run(fmt.Sprintf("limit%d-singleton=%t", tc.limit, tc.singleton), func(b *testing.B) {
			opts := &dlx.Options{Limit: tc.limit, TakeSingleton: tc.singleton}
			cpu0 := cpuTime()
			for b.Loop() {
				for _, f := range puzzles {
					opts.Forced = f
					s.Solve(context.Background(), opts)
				}
			}
			if cpu := (cpuTime() - cpu0).Seconds(); cpu > 0 { // 0: no CPU time here (cputime_other_test.go)
				b.ReportMetric(float64(len(puzzles)*b.N)/cpu, "puzzles/cpu-s")
			}
		})
	}
}

// sudoku17 returns the givens (options of gen.Sudoku) of the first 10,000
// puzzles of 17clue.txt, or skips b where the file is absent (sudokuSet).
func sudoku17(b *testing.B) [][]int {
	p := sudokuSet(b, "17clue.txt")
	return p[:min(len(p), 10000)]
}

// BenchmarkKernels runs the searches that use package dance's hiding
// loops (TakeSingleton without colors) with each kernel in the same run:
// the sudoku's uniqueness check (Snapshot, limit 2) on 10,000 17-clue
// puzzles, and the count of 12 queens.
func BenchmarkKernels(b *testing.B) {
	puzzles := sudoku17(b)
	sudoku := parse(b, gen.Sudoku())
	queens := parse(b, gen.Queens(12, true))
	for _, k := range []struct {
		name   string
		kernel dance.Kernel
	}{{"go", dance.Go}, {"asm", dance.Asm}} {
		b.Run("sudoku17/"+k.name, func(b *testing.B) {
			s, err := dlx.NewSolver(sudoku)
			require.NoError(b, err)
			dlx.SetKernel(s, k.kernel)
			opts := &dlx.Options{Limit: 2, TakeSingleton: true, Snapshot: true}
			cpu0 := cpuTime()
			for b.Loop() {
				for _, f := range puzzles {
					opts.Forced = f
					s.Solve(context.Background(), opts)
				}
			}
			if cpu := (cpuTime() - cpu0).Seconds(); cpu > 0 {
				b.ReportMetric(float64(len(puzzles)*b.N)/cpu, "puzzles/cpu-s")
			}
		})
		b.Run("queens12/"+k.name, func(b *testing.B) {
			s, err := dlx.NewSolver(queens)
			require.NoError(b, err)
			dlx.SetKernel(s, k.kernel)
			for b.Loop() {
				res, err := s.Solve(context.Background(), &dlx.Options{TakeSingleton: true})
				require.NoError(b, err)
				require.EqualValues(b, 14200, res.Solutions)
			}
		})
	}
}

// BenchmarkColored counts a random instance with colors (18 primary items,
// 6 secondary, 110 options, about half the secondary entries colored):
// Algorithm C's purifying steps and the colors read beside the nodes.
func BenchmarkColored(b *testing.B) {
	text := gen.Random(rand.New(rand.NewPCG(1, 2)), 18, 6, 110)
	p, err := dlx.Parse(strings.NewReader(text))
	require.NoError(b, err)
	benchCount(b, p, 1, 1627804)
}

// BenchmarkMultiplicities runs Algorithm M: k non-attacking pieces through
// a "k|#" item, and queen domination of 8×8, counted with MaxOptions 5 and
// with Knuth's "5|#" item, and found (domination number) with Minimize.
func BenchmarkMultiplicities(b *testing.B) {
	for _, tc := range []struct {
		name string
		text string
		opts dlx.Options
		want uint64
	}{
		{"queens-8x8-k7", gen.Pieces('Q', 8, 7), dlx.Options{}, 3192},
		{"kings-6x6-k9", gen.Pieces('K', 6, 9), dlx.Options{}, 0},
		{"queen-domination-8-max5", gen.Domination('Q', 8, 0), dlx.Options{MaxOptions: 5}, 4860},
		{"queen-domination-8-max5-workers2", gen.Domination('Q', 8, 0), dlx.Options{MaxOptions: 5, Workers: 2}, 4860},
		{"queen-domination-8-knuth", gen.Domination('Q', 8, 5), dlx.Options{}, 4860},
		{"queen-domination-number-8", gen.Domination('Q', 8, 0), dlx.Options{Minimize: true, Limit: 1}, 1},
		{"queen-domination-8-minimum-sets", gen.Domination('Q', 8, 0), dlx.Options{Minimize: true}, 4860},
	} {
		b.Run(tc.name, func(b *testing.B) {
			p := parse(b, tc.text)
			s, err := dlx.NewSolver(p)
			require.NoError(b, err)
			var res dlx.Result
			cpu0 := cpuTime()
			for b.Loop() {
				o := tc.opts
				res, err = s.Solve(context.Background(), &o)
				require.NoError(b, err)
			}
			if tc.want != 0 {
				require.Equal(b, tc.want, res.Solutions)
			}
			b.ReportMetric(float64(res.Stats.Nodes), "nodes")
			b.ReportMetric(float64(res.Stats.Updates)/1e6, "Mupdates")
			b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}
