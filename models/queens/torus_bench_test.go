package queens_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
)

// BenchmarkTorusVsClassic counts the torus and the ordinary board of the
// same n with the bitwise algorithm (its default method), one after the
// other, so that a run with -count interleaves them (the target:
// toroidal counts to n = 17 at least as fast as `queens count`). The
// ordinary n = 17 takes seconds: run with -benchtime=1x.
func BenchmarkTorusVsClassic(b *testing.B) {
	a, err := models.LookupAlgorithm("queens", "bitwise")
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{13, 17} {
		for _, workers := range []int{1, 2} {
			for _, torus := range []bool{true, false} {
				name := "classic"
				want := map[int]uint64{13: 73712, 17: 95815104}[n] // OEIS A000170
				if torus {
					name, want = "torus", a051906[n]
				}
				b.Run(fmt.Sprintf("n=%d/workers=%d/%s", n, workers, name), func(b *testing.B) {
					opts := &core.Options{Mode: core.ModeCount, Workers: workers}
					var nodes uint64
					for b.Loop() {
						res, err := a.Solve(context.Background(), &queens.Board{N: n, Torus: torus}, opts)
						if err != nil || res.Solutions != core.CountOf(want) {
							b.Fatalf("n = %d: %v %v", n, res.Solutions, err)
						}
						nodes = res.Stats.Nodes
					}
					b.ReportMetric(float64(nodes), "nodes/op")
				})
			}
		}
	}
}

// BenchmarkTorusCount19 counts the 19×19 torus (A051906: 820,496).
func BenchmarkTorusCount19(b *testing.B) {
	a, err := models.LookupAlgorithm("queens", "bitwise")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		res, err := a.Solve(context.Background(), queens.NewTorus(19), &core.Options{Mode: core.ModeCount})
		if err != nil || res.Solutions != core.CountOf(a051906[19]) {
			b.Fatal(res.Solutions, err)
		}
	}
}

// completionBench are N-Queens completion instances generated at random
// (k non-attacking queens placed one by one on random squares, PCG seed
// 1,2) and kept for being the hardest of their batch for dlx: the
// satisfiable ones need the most nodes, the unsatisfiable ones the most
// nodes before the proof. bitwise is run only where it takes less than a
// second (its column order cannot pick the most constrained line, as
// dlx's does).
var completionBench = []struct {
	name    string
	n       int
	given   string
	sat     bool
	bitwise bool
}{
	{"n=30/k=2/sat", 30, "5,29 28,5", true, false},
	{"n=50/k=13/sat", 50, "17,30 3,38 24,11 41,15 13,32 45,20 27,33 18,39 47,16 16,34 5,12 26,3 2,19", true, false},
	// The hardest of its batch by far: 4 million dlx nodes.
	{"n=60/k=6/sat", 60, "36,57 20,12 24,48 54,34 8,21 38,1", true, false},
	{"n=30/k=18/unsat", 30, "5,10 12,4 4,2 14,15 19,22 9,5 29,24 7,16 6,18 3,7 26,8 13,6 25,25 22,3 28,30 10,20 16,1 23,29", false, true},
	{"n=40/k=24/unsat", 40, "30,34 16,22 10,25 22,19 25,14 8,40 7,29 31,13 14,16 37,24 9,10 34,20 36,7 5,3 3,26 11,2 6,39 21,38 27,23 23,1 28,4 4,11 13,18 24,27", false, true},
	{"n=50/k=28/sat", 50, "30,5 17,14 38,8 12,45 25,4 10,31 15,38 7,23 23,10 6,9 1,12 35,3 18,48 14,13 2,30 44,34 37,46 49,32 42,43 3,41 11,6 26,33 47,40 22,20 21,39 5,17 48,19 8,47", true, true},
}

// BenchmarkCompletion completes the instances above (first solution, or
// the proof that none exists) with dlx on one worker and, where it is
// quick, bitwise.
func BenchmarkCompletion(b *testing.B) {
	for _, inst := range completionBench {
		given, err := queens.ParseGiven(inst.given, inst.n)
		if err != nil {
			b.Fatal(err)
		}
		board, err := queens.NewCompletion(inst.n, false, given)
		if err != nil {
			b.Fatal(err)
		}
		for _, algo := range []string{"dlx", "bitwise"} {
			if algo == "bitwise" && !inst.bitwise {
				continue
			}
			b.Run(inst.name+"/"+algo, func(b *testing.B) {
				a, err := models.LookupAlgorithm("queens", algo)
				if err != nil {
					b.Fatal(err)
				}
				var nodes uint64
				for b.Loop() {
					res, err := a.Solve(context.Background(), board, &core.Options{Workers: 1})
					if err != nil || (res.Status == core.StatusFound) != inst.sat || !res.Status.Finished() {
						b.Fatalf("%s: %v %v", inst.name, res.Status, err)
					}
					nodes = res.Stats.Nodes
				}
				b.ReportMetric(float64(nodes), "nodes/op")
			})
		}
	}
}
