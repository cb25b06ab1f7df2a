package queens

import (
	"context"
	"fmt"
	"testing"

	"github.com/coverkit/coverkit/core"
)

// joinKnown extends bwKnown (OEIS A000170) past n = 16 for the join
// benchmarks: Q(17) .. Q(21).
var joinKnown = map[int]uint64{
	17: 95815104, 18: 666090624, 19: 4968057848, 20: 39029188884, 21: 314666222712,
}

func joinWant(n int) uint64 {
	if v, ok := joinKnown[n]; ok {
		return v
	}
	return bwKnown[n]
}

// BenchmarkJoinCount counts n = 14..18 with the join on 1 and 2 workers
// against A000170 (n = 17 and 18 take seconds: run them with
// -benchtime=1x).
func BenchmarkJoinCount(b *testing.B) {
	for n := 14; n <= 18; n++ {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("n=%d/workers=%d", n, workers), func(b *testing.B) {
				opts := &core.Options{Mode: core.ModeCount, Workers: workers}
				var nodes uint64
				for b.Loop() {
					res, err := solveJoin(context.Background(), New(n), opts)
					if err != nil || res.Solutions != core.CountOf(joinWant(n)) {
						b.Fatalf("n = %d: %v %v", n, res.Solutions, err)
					}
					nodes = res.Stats.Nodes
				}
				b.ReportMetric(float64(nodes), "halfboards/op")
			})
		}
	}
}
