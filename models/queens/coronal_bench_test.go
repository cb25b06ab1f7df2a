package queens

import (
	"context"
	"fmt"
	"testing"

	"github.com/coverkit/coverkit/core"
)

// BenchmarkCoronalCount counts n = 14..17 with the coronal algorithm (the
// coronal decomposition's subproblems, unsplit) on 1 and 2 workers
// against A000170; BenchmarkBitwiseCount is its baseline (docs/
// benchmarks.md). n = 17 takes seconds per iteration: run it with
// -benchtime=1x.
func BenchmarkCoronalCount(b *testing.B) {
	for n := 14; n <= 17; n++ {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("n=%d/workers=%d", n, workers), func(b *testing.B) {
				opts := &core.Options{Mode: core.ModeCount, Workers: workers}
				var nodes uint64
				for b.Loop() {
					res, err := solveCoronal(context.Background(), New(n), opts)
					if err != nil || res.Solutions != core.CountOf(joinWant(n)) {
						b.Fatalf("n = %d: %v %v", n, res.Solutions, err)
					}
					nodes = res.Stats.Nodes
				}
				b.ReportMetric(float64(nodes), "nodes/op")
			})
		}
	}
}
