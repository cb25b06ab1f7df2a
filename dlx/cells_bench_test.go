package dlx_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/dlx/internal/gen"
	"github.com/stretchr/testify/require"
)

// cellsMethods are the searches BenchmarkCells compares: the links
// (Algorithm C: Knuth's choice by a full scan, as the models count; with
// the sudoku sets, TakeSingleton and Snapshot, as the sudoku model's dlx
// algorithm runs them), the dancing cells' canonical tree, and the cells
// with Knuth's SSXCC tree.
var cellsMethods = []struct {
	name string
	o    dlx.Options
}{
	{"links", dlx.Options{Method: dlx.MethodLinks}},
	{"cells", dlx.Options{Method: dlx.MethodCells}},
	{"ssxcc", dlx.Options{Method: dlx.MethodCells, Branch: dlx.BranchSSXCC}},
}

// BenchmarkCells runs issue 34's instances with each method of
// cellsMethods, in one run: 14 queens (dlx1's item order, every
// solution), the pentominoes on 6×10 (every solution), Langford's problem
// of order 12 (every solution, as pairs and their reversals), and the
// sudoku sets 17clue and top1465 from ../shared/data/sudoku (or
// $COVERKIT_SUDOKU_DATA), each puzzle's uniqueness (Limit 2) on one
// reused Solver with its givens forced. It reports the CPU time of the
// searching thread per op (cpu-ms/op), nodes and updates.
func BenchmarkCells(b *testing.B) {
	for _, tc := range []struct {
		name string
		p    func(testing.TB) *dlx.Problem
		want uint64
	}{
		{"queens-14", func(t testing.TB) *dlx.Problem { return parse(t, gen.Queens(14, false)) }, 365596},
		{"pentomino-6x10", func(t testing.TB) *dlx.Problem { return instance(t, "pentomino-6x10.dlx") }, 9356},
		{"langford-12", func(t testing.TB) *dlx.Problem { return parse(t, gen.Langford(12)) }, 216288},
	} {
		for _, m := range cellsMethods {
			b.Run(tc.name+"/"+m.name, func(b *testing.B) {
				s := solver(b, tc.p(b))
				o := m.o
				o.Workers = max(o.Workers, 1)
				var res dlx.Result
				benchThread(b, func() {
					var err error
					res, err = s.Count(context.Background(), &o)
					require.NoError(b, err)
				})
				require.Equal(b, tc.want, res.Solutions)
				b.ReportMetric(float64(res.Stats.Nodes), "nodes")
				b.ReportMetric(float64(res.Stats.Updates), "updates")
			})
		}
	}
	for _, set := range []string{"17clue", "top1465"} {
		for _, m := range cellsMethods {
			b.Run(set+"/"+m.name, func(b *testing.B) {
				puzzles := sudokuSet(b, set+".txt")
				s := solver(b, parse(b, gen.Sudoku()))
				o := m.o
				o.Limit = 2
				if m.o.Method == dlx.MethodLinks {
					o.TakeSingleton, o.Snapshot = true, true
				}
				var nodes, updates uint64
				benchThread(b, func() {
					nodes, updates = 0, 0
					for _, f := range puzzles {
						o.Forced = f
						res, err := s.Solve(context.Background(), &o)
						if err != nil || res.Solutions != 1 {
							b.Fatalf("%v: %d solutions, %v", f, res.Solutions, err)
						}
						nodes += res.Stats.Nodes
						updates += res.Stats.Updates
					}
				})
				b.ReportMetric(float64(nodes), "nodes")
				b.ReportMetric(float64(updates), "updates")
			})
		}
	}
}

// benchThread runs f b.N times on one locked OS thread and reports the
// thread's CPU time per op (threadCPU; 0 where it cannot be read).
func benchThread(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0 := threadCPU()
	for b.Loop() {
		f()
	}
	if cpu := threadCPU() - cpu0; cpu > 0 {
		b.ReportMetric(cpu.Seconds()*1000/float64(b.N), "cpu-ms/op")
	}
}

// sudokuSet returns the givens (options of gen.Sudoku) of every puzzle of
// a set of ../shared/data/sudoku (or $COVERKIT_SUDOKU_DATA), or skips b
// where the file is absent.
func sudokuSet(b *testing.B, name string) [][]int {
	data, err := os.ReadFile(filepath.Join(os.Getenv("COVERKIT_SUDOKU_DATA"), name))
	if err != nil {
		data, err = os.ReadFile(filepath.Join("..", "..", "shared", "data", "sudoku", name))
	}
	if err != nil {
		msg := fmt.Sprintf("puzzle set %s is absent (%v): put it in $COVERKIT_SUDOKU_DATA or ../shared/data/sudoku (docs/benchmarks.md, \"Data sets\")", name, err)
		fmt.Printf("%s: skipped: %s\n", b.Name(), msg)
		b.Skip(msg)
	}
	var puzzles [][]int
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); len(line) != 81 || line[0] == '#' {
			continue
		}
		var forced []int
		for i, ch := range line {
			if ch >= '1' && ch <= '9' {
				forced = append(forced, i*9+int(ch-'1'))
			}
		}
		puzzles = append(puzzles, forced)
	}
	return puzzles
}
