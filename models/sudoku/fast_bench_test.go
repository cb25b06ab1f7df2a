package sudoku

import (
	"context"
	"runtime"
	"testing"

	"github.com/coverkit/coverkit/core"
)

// BenchmarkFastSets solves a puzzle set once per iteration (one op is one
// pass over the whole set, like the loop of tdoku's benchmark driver: the
// puzzles are parsed before the clock starts, nothing is printed), on one
// goroutine locked to its thread. Sets: 17clue and top1465
// (../shared/data/sudoku), hard11 (the 48,765 puzzles rated 11+) and
// hard375, multi (10,000 puzzles with two solutions or more, made by
// Loosen); see data_test.go for where they come from. Modes: first (limit
// 1) and unique (limit 2, the CLI's default). Kernels: the one this CPU
// gets (sweep: the AVX-512 kernel where the CPU has it, else go) and go
// (the Go kernel, forced).
//
// Besides ns/op it reports the CPU time of the benchmark's thread per pass
// (cpu-ns/op, Linux only: it does not count the time other processes held
// the core, so it estimates an idle machine's time on a loaded one), and
// the search nodes per puzzle.
func BenchmarkFastSets(b *testing.B) {
	sets := []struct{ name, file string }{
		{"17clue", "17clue.txt"}, {"top1465", "top1465.txt"}, {"hard11", hardSet},
		{"hard375", hard375Set}, {"multi", multiSet},
	}
	for _, set := range sets {
		b.Run(set.name, func(b *testing.B) {
			for _, mode := range []struct {
				name  string
				limit uint64
			}{{"first", 1}, {"unique", 2}} {
				b.Run(mode.name, func(b *testing.B) {
					kernels := []string{"go"}
					if fastKernel("", false) == "sweep" {
						kernels = []string{"sweep", "go"}
					}
					for _, kernel := range kernels {
						b.Run(kernel, func(b *testing.B) {
							puzzles := fastLoad(b, set.file)
							f := &Fast{kernel: kernel}
							benchmarkFastSet(b, f, puzzles, mode.limit)
						})
					}
				})
			}
		})
	}
}

// benchmarkFastSet solves every puzzle once per iteration.
func benchmarkFastSet(b *testing.B, f *Fast, puzzles [][81]uint8, limit uint64) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var sol [81]uint8
	ctx := context.Background()
	var nodes uint64
	b.ReportAllocs()
	cpu0, cpuOK := fastThreadCPU()
	b.ResetTimer()
	for b.Loop() {
		for i := range puzzles {
			found, n, _ := f.Solve(ctx, &puzzles[i], limit, &sol)
			if found == 0 {
				b.Fatalf("puzzle %d: no solution", i+1)
			}
			nodes += n
		}
	}
	cpu1, _ := fastThreadCPU()
	if cpuOK && cpu1 > cpu0 {
		b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
	b.ReportMetric(float64(nodes)/float64(b.N)/float64(len(puzzles)), "nodes/puzzle")
}

// BenchmarkDLXSets is BenchmarkFastSets for the exact cover on the DLX
// engine (--algo dlx: the registry's dlx worker, one matrix reused, the
// givens forced), on 17clue and top1465: one op is one pass over the set.
func BenchmarkDLXSets(b *testing.B) { benchEngineSets(b, "dlx") }

// BenchmarkCellsSets is BenchmarkDLXSets for --algo cells (the dancing
// cells, issue 34).
func BenchmarkCellsSets(b *testing.B) { benchEngineSets(b, "cells") }

// benchEngineSets runs the registry's worker of the exact-cover algorithm
// algo over 17clue and top1465, first solution and uniqueness.
func benchEngineSets(b *testing.B, algo string) {
	for _, set := range []struct{ name, file string }{{"17clue", "17clue.txt"}, {"top1465", "top1465.txt"}} {
		b.Run(set.name, func(b *testing.B) {
			for _, mode := range []struct {
				name  string
				limit uint64
			}{{"first", 1}, {"unique", 2}} {
				b.Run(mode.name, func(b *testing.B) {
					puzzles := benchPuzzles(b, set.file)
					a, err := Algorithm(algo)
					if err != nil {
						b.Fatal(err)
					}
					solve := a.Worker()
					o := &core.Options{Mode: core.ModeAll, Limit: mode.limit, Workers: 1}
					runtime.LockOSThread()
					defer runtime.UnlockOSThread()
					var nodes uint64
					cpu0, cpuOK := fastThreadCPU()
					b.ResetTimer()
					for b.Loop() {
						for i := range puzzles {
							res, err := solve(context.Background(), &puzzles[i], o)
							if err != nil || res.Solutions.IsZero() {
								b.Fatalf("puzzle %d: %v", i+1, err)
							}
							nodes += res.Stats.Nodes
						}
					}
					cpu1, _ := fastThreadCPU()
					if cpuOK && cpu1 > cpu0 {
						b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
					}
					b.ReportMetric(float64(nodes)/float64(b.N)/float64(len(puzzles)), "nodes/puzzle")
				})
			}
		})
	}
}
