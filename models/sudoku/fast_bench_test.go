package sudoku

import (
	"context"
	"runtime"
	"testing"
)

// benchmarkFast solves a shared collection round-robin, b.N puzzles in all,
// and reports puzzles per second (single-threaded, wall clock) and, on
// Linux, puzzles per CPU-second of the benchmark's thread (puzzles/cpu-s),
// which stays meaningful on a machine loaded by other processes.
func benchmarkFast(b *testing.B, name string, limit uint64) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	puzzles := fastLoad(b, name)
	var f Fast
	var sol [81]uint8
	ctx := context.Background()
	var nodes uint64
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, cpuOK := fastThreadCPU()
	for i := 0; i < b.N; i++ {
		found, n, _ := f.Solve(ctx, &puzzles[i%len(puzzles)], limit, &sol)
		if found != 1 {
			b.Fatalf("puzzle %d: %d solutions", i%len(puzzles)+1, found)
		}
		nodes += n
	}
	cpu1, _ := fastThreadCPU()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	if cpuOK && cpu1 > cpu0 {
		b.ReportMetric(float64(b.N)/(cpu1-cpu0).Seconds(), "puzzles/cpu-s")
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "guesses/puzzle")
}

// BenchmarkFastFirst17clue measures the first-solution rate on the 49,158
// puzzles with 17 givens.
func BenchmarkFastFirst17clue(b *testing.B) { benchmarkFast(b, "17clue.txt", 1) }

// BenchmarkFastFirstTop1465 measures the first-solution rate on top1465.
func BenchmarkFastFirstTop1465(b *testing.B) { benchmarkFast(b, "top1465.txt", 1) }

// BenchmarkFastUnique17clue measures the uniqueness-check rate (up to two
// solutions searched) on 17clue.
func BenchmarkFastUnique17clue(b *testing.B) { benchmarkFast(b, "17clue.txt", 2) }

// BenchmarkFastUniqueTop1465 measures the uniqueness-check rate on top1465.
func BenchmarkFastUniqueTop1465(b *testing.B) { benchmarkFast(b, "top1465.txt", 2) }
