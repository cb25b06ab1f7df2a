package sudoku

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/batch"
)

// benchPuzzles parses a puzzle set (skipping the benchmark, with a
// message, when it is absent).
func benchPuzzles(b *testing.B, name string) []Puzzle {
	b.Helper()
	data, err := os.ReadFile(fastSharedFile(b, name))
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

// benchSolve solves the puzzles round-robin with a worker of a, one per
// iteration, on one goroutine, and reports puzzles per second.
func benchSolve(b *testing.B, a models.Algorithm, puzzles []Puzzle, limit uint64) {
	w := a.Worker()
	o := &core.Options{Mode: core.ModeAll, Limit: limit}
	i := 0
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		res, err := w(context.Background(), &puzzles[i], o)
		if err != nil || res.Solutions.IsZero() {
			b.Fatalf("puzzle %d: %v %v", i, VerdictOf(&res), err)
		}
		if i++; i == len(puzzles) {
			i = 0
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}

// BenchmarkSudoku measures every registered sudoku algorithm on the shared
// sets, single-threaded: first solution ("first") and uniqueness
// ("unique", two solutions searched); and the batch pipeline (SolveBatch,
// first solution, parsing included) with 1 and 2 workers.
func BenchmarkSudoku(b *testing.B) {
	for _, a := range models.Algorithms("sudoku") {
		for _, set := range []string{"17clue.txt", "top1465.txt"} {
			for _, mode := range []struct {
				name  string
				limit uint64
			}{{"first", 1}, {"unique", 2}} {
				b.Run(fmt.Sprintf("%s/%s/%s", a.Name, set, mode.name), func(b *testing.B) {
					benchSolve(b, a, benchPuzzles(b, set), mode.limit)
				})
			}
		}
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/17clue.txt/batch/workers=%d", a.Name, workers), func(b *testing.B) {
				benchBatch(b, a.Name, workers)
			})
		}
	}
}

// BenchmarkSudokuLarge measures the exact cover on 16×16 and 25×25
// puzzles (generated, 120 and 330 givens, uniqueness searched).
func BenchmarkSudokuLarge(b *testing.B) {
	dlx, err := Algorithm("dlx")
	if err != nil {
		b.Fatal(err)
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
				p, _, err := Generate(context.Background(), GenerateOptions{Shape: s, Givens: tc.givens, Seed: seed + 1, Algorithm: "dlx"})
				if err != nil {
					b.Fatal(err)
				}
				puzzles = append(puzzles, *p)
			}
			benchSolve(b, dlx, puzzles, 2)
		})
	}
}

// benchBatch runs SolveBatch over 17clue (first solution), one whole file
// per iteration, and reports puzzles per second.
func benchBatch(b *testing.B, algorithm string, workers int) {
	data, err := os.ReadFile(fastSharedFile(b, "17clue.txt"))
	if err != nil {
		b.Fatal(err)
	}
	total := 0
	b.ResetTimer()
	for b.Loop() {
		sum, err := SolveBatch(context.Background(), bytes.NewReader(data), BatchOptions{Algorithm: algorithm, Limit: 1, Workers: workers}, func(*batch.Answer) error { return nil })
		if err != nil {
			b.Fatal(err)
		}
		total += sum.Records
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "puzzles/s")
}
