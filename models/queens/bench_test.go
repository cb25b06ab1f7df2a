package queens_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
)

// benchCount counts all solutions for each n with the named algorithm and
// reports nodes/op and checks/op.
func benchCount(b *testing.B, name string, sizes ...int) {
	alg, err := models.LookupAlgorithm("queens", name)
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range sizes {
		b.Run(fmt.Sprintf("count/n=%d", n), func(b *testing.B) {
			var res core.Result
			for b.Loop() {
				res, err = alg.Solve(context.Background(), queens.New(n), &core.Options{Mode: core.ModeCount})
				if err != nil || res.Solutions.Lo != a000170[n] {
					b.Fatal(res.Solutions, err)
				}
			}
			b.ReportMetric(float64(res.Stats.Nodes), "nodes/op")
			b.ReportMetric(float64(res.Stats.Checks), "checks/op")
		})
	}
	b.Run("first/n=8", func(b *testing.B) {
		for b.Loop() {
			if _, err := alg.Solve(context.Background(), queens.New(8), nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkBacktrack(b *testing.B)   { benchCount(b, "backtrack", 8, 10, 12) }
func BenchmarkIterative(b *testing.B)   { benchCount(b, "iterative", 8, 10, 12) }
func BenchmarkPermutation(b *testing.B) { benchCount(b, "permutation", 8, 10, 12) }

func BenchmarkUnique(b *testing.B) {
	alg, _ := models.LookupAlgorithm("queens", "backtrack")
	for b.Loop() {
		res, _ := alg.Solve(context.Background(), queens.New(10), &core.Options{Mode: core.ModeCount, Unique: true})
		if res.Fundamental != core.CountOf(92) {
			b.Fatal(res.Fundamental)
		}
	}
}

func BenchmarkConstruct(b *testing.B) {
	for _, method := range []string{queens.MethodFormula, queens.MethodLists} {
		for _, n := range []int{1_000, 1_000_000, 100_000_000} {
			b.Run(fmt.Sprintf("%s/n=%d", method, n), func(b *testing.B) {
				b.SetBytes(4 * int64(n))
				for b.Loop() {
					if _, err := queens.Construct(n, method); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
