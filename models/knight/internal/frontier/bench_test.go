package frontier

import (
	"fmt"
	"testing"
)

// The boards of issue 35's targets (8×6 and 5×10 closed under a second,
// 7×8 closed under a minute) and a long one with counts past 64 bits.
func BenchmarkCount(b *testing.B) {
	for _, bc := range []struct {
		rows, cols int
		closed     bool
	}{{6, 8, true}, {5, 10, true}, {5, 5, false}, {6, 20, true}} {
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%dx%d/closed=%v/workers=%d", bc.rows, bc.cols, bc.closed, w), func(b *testing.B) {
				var r Result
				for b.Loop() {
					r = count(b, bc.rows, bc.cols, bc.closed, -1, &Options{Workers: w})
				}
				b.ReportMetric(float64(r.Nodes), "states")
				b.ReportMetric(float64(r.Peak), "peak")
			})
		}
	}
}

func BenchmarkSmall(b *testing.B) {
	for b.Loop() {
		count(b, 6, 6, true, -1, &Options{Workers: 1, Method: MethodSweep})
	}
}
