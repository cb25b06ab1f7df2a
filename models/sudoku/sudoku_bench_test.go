package sudoku

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// benchPuzzles parses a shared collection (skipping the benchmark when
// ../shared is absent).
func benchPuzzles(b *testing.B, name string) []Puzzle {
	b.Helper()
	dir := sharedDir(b)
	if dir == "" {
		b.Skip("../shared/data/sudoku is absent")
	}
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		b.Fatal(err)
	}
	rd := NewReader(bytes.NewReader(data), LineFormat)
	pr := NewParser(Layout{})
	var out []Puzzle
	for {
		rec, err := rd.Next(nil)
		if err != nil {
			break
		}
		var p Puzzle
		if err := pr.Parse(LineFormat, rec, &p); err != nil {
			b.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// benchSolve solves the puzzles round-robin, one per iteration, on one
// goroutine, and reports puzzles per second.
func benchSolve(b *testing.B, a Algo, puzzles []Puzzle, limit uint64) {
	sv := NewSolver(a, 0)
	sol := make([]uint8, puzzles[0].Shape.Cells())
	i := 0
	b.ResetTimer()
	for b.Loop() {
		out, err := sv.Solve(context.Background(), &puzzles[i], limit, sol)
		if err != nil || out.Found == 0 {
			b.Fatalf("puzzle %d: %v %v", i, out.Verdict(), err)
		}
		if i++; i == len(puzzles) {
			i = 0
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}

// BenchmarkSudokuDLX measures the exact-cover formulation on the generic
// dlx engine: first solution ("first") and uniqueness ("unique", two
// solutions searched) on the shared sets, single-threaded; the batch
// pipeline with 1 and 2 workers; and 16×16 and 25×25 puzzles.
func BenchmarkSudokuDLX(b *testing.B) {
	for _, set := range []string{"17clue.txt", "top1465.txt"} {
		for _, mode := range []struct {
			name  string
			limit uint64
		}{{"first", 1}, {"unique", 2}} {
			b.Run(fmt.Sprintf("%s/%s", set, mode.name), func(b *testing.B) {
				benchSolve(b, DLX, benchPuzzles(b, set), mode.limit)
			})
		}
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("17clue.txt/batch/workers=%d", workers), func(b *testing.B) {
			benchBatch(b, DLX, workers)
		})
	}
	for _, tc := range []struct {
		n, givens int
	}{{16, 120}, {25, 330}} {
		b.Run(fmt.Sprintf("%dx%d/unique", tc.n, tc.n), func(b *testing.B) {
			s, err := NewShape(tc.n, 0, 0, Classic)
			if err != nil {
				b.Fatal(err)
			}
			var puzzles []Puzzle
			for seed := range uint64(4) {
				p, _, err := Generate(context.Background(), GenerateOptions{Shape: s, Givens: tc.givens, Seed: seed + 1, Algo: DLX})
				if err != nil {
					b.Fatal(err)
				}
				puzzles = append(puzzles, *p)
			}
			benchSolve(b, DLX, puzzles, 2)
		})
	}
}

// BenchmarkSudokuBatchFast is the batch pipeline with the default
// algorithm (fast on 9×9), for comparison with the DLX batch.
func BenchmarkSudokuBatchFast(b *testing.B) {
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("17clue.txt/workers=%d", workers), func(b *testing.B) {
			benchBatch(b, Auto, workers)
		})
	}
}

// benchBatch runs SolveBatch over 17clue (first solution), one whole file
// per iteration, and reports puzzles per second.
func benchBatch(b *testing.B, a Algo, workers int) {
	dir := sharedDir(b)
	if dir == "" {
		b.Skip("../shared/data/sudoku is absent")
	}
	data, err := os.ReadFile(filepath.Join(dir, "17clue.txt"))
	if err != nil {
		b.Fatal(err)
	}
	total := 0
	b.ResetTimer()
	for b.Loop() {
		sum, err := SolveBatch(context.Background(), bytes.NewReader(data), BatchOptions{Algo: a, Limit: 1, Workers: workers}, func(*Answer) error { return nil })
		if err != nil {
			b.Fatal(err)
		}
		total += sum.Puzzles
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "puzzles/s")
}
