package queens

import (
	"context"
	"fmt"
	"testing"

	"github.com/coverkit/coverkit/core"
)

// BenchmarkBitwiseCount counts n = 14..17 with the symmetry method on 1 and
// 2 workers, and with the mirror-only method (Somers' class, the baseline
// of docs/benchmarks.md) on 1 worker. n = 17 takes seconds per iteration:
// run it with -benchtime=1x.
func BenchmarkBitwiseCount(b *testing.B) {
	for n := 14; n <= 17; n++ {
		for _, bc := range []struct {
			method  string
			workers int
		}{{BitwiseSymmetry, 1}, {BitwiseSymmetry, 2}, {BitwiseMirror, 1}} {
			b.Run(fmt.Sprintf("n=%d/%s/workers=%d", n, bc.method, bc.workers), func(b *testing.B) {
				opts := &core.Options{Mode: core.ModeCount, Method: bc.method, Workers: bc.workers}
				var nodes uint64
				for b.Loop() {
					res, err := solveBitwise(context.Background(), New(n), opts)
					if err != nil || res.Solutions != core.CountOf(bwKnown[n]) {
						b.Fatalf("n = %d: %v %v", n, res.Solutions, err)
					}
					nodes = res.Stats.Nodes
				}
				b.ReportMetric(float64(nodes), "nodes/op")
			})
		}
	}
}

// BenchmarkBitwiseFirst times the lexicographically first solution.
func BenchmarkBitwiseFirst(b *testing.B) {
	for _, n := range []int{8, 20, 30} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := solveBitwise(context.Background(), New(n), nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
