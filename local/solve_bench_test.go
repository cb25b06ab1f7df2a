package local_test

import (
	"context"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/local"
)

// BenchmarkSolveColoring times min-conflicts (local.Solve) on a planted
// 4-colourable graph of 1000 vertices and 3000 edges, from a random start:
// every step, the poll of the meter included.
func BenchmarkSolveColoring(b *testing.B) {
	edges := planted(1000, 3000, 4, 8)
	for b.Loop() {
		g := newColoring(1000, 4, edges)
		res, err := local.Solve(context.Background(), g, &local.Options{Seed: 1, Randomize: true, Noise: 0.02})
		if err != nil || res.Status != core.StatusFound {
			b.Fatal(res.Status, err)
		}
	}
}
