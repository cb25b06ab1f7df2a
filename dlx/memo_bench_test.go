package dlx_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/dlx/internal/gen"
	"github.com/stretchr/testify/require"
)

// memoInstances are the instances of issue 25's table, with their counts:
// dominoes (OEIS A004003, A099390), the perfect matchings of K20 (19!!),
// L-trominoes on 9×12 (467,966,840, found by two independent programs).
var memoInstances = []struct {
	name, text string
	want       string
}{
	{"dominoes-8x8", gen.Dominoes(8, 8), "12988816"},
	{"dominoes-8x10", gen.Dominoes(8, 10), "1031151241"},
	{"dominoes-10x10", gen.Dominoes(10, 10), "258584046368"},
	{"dominoes-12x12", gen.Dominoes(12, 12), "53060477521960000"},
	{"K20", gen.Matching(20), "654729075"},
	{"L-trominoes-9x12", gen.LTrominoes(9, 12), "467966840"},
}

// BenchmarkMemo counts the instances of issue 25's table with the memo, one
// worker, each branching rule, and with the default (MethodAuto).
func BenchmarkMemo(b *testing.B) {
	for _, tc := range memoInstances {
		for _, o := range []dlx.Options{
			{Method: dlx.MethodMemo, Branch: dlx.BranchFirst},
			{Method: dlx.MethodMemo, Branch: dlx.BranchMRV},
			{Method: dlx.MethodMemo, Branch: dlx.BranchAuto},
			{Method: dlx.MethodAuto, Workers: 1},
		} {
			name := o.Branch.String()
			if o.Method == dlx.MethodAuto {
				name = "default"
			}
			b.Run(tc.name+"/"+name, func(b *testing.B) {
				s, err := dlx.NewSolver(parse(b, tc.text))
				require.NoError(b, err)
				var res dlx.Result
				cpu0 := cpuTime()
				for b.Loop() {
					opts := o
					opts.Workers = max(opts.Workers, 1)
					res, err = s.Count(context.Background(), &opts)
					require.NoError(b, err)
				}
				b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
				want, _ := new(big.Int).SetString(tc.want, 10)
				require.Equal(b, want.String(), res.Count.String())
				b.ReportMetric(float64(res.Memo.Entries), "entries")
				b.ReportMetric(res.Memo.HitRate(), "hitrate")
				b.ReportMetric(float64(res.Stats.Nodes), "nodes")
			})
		}
	}
}

// BenchmarkMemoPlain counts the instances of issue 25's table with the
// plain search (Algorithm C, one worker), the memo's baseline: seconds
// (dominoes 8×8) to hours (dominoes 12×12), so select the instances with
// -bench (docs/benchmarks.md: 8×8 and K20 measured, the others from their
// node counts).
func BenchmarkMemoPlain(b *testing.B) {
	for _, tc := range memoInstances {
		b.Run(tc.name, func(b *testing.B) {
			s, err := dlx.NewSolver(parse(b, tc.text))
			require.NoError(b, err)
			var res dlx.Result
			cpu0 := cpuTime()
			for b.Loop() {
				res, err = s.Count(context.Background(), &dlx.Options{Method: dlx.MethodLinks, Workers: 1})
				require.NoError(b, err)
			}
			b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
			require.Equal(b, tc.want, res.Count.String())
			b.ReportMetric(float64(res.Stats.Nodes), "nodes")
		})
	}
}

// BenchmarkAutoControls counts the negative controls of issue 25, where
// subproblems rarely repeat, with MethodAuto and with the plain search (one
// worker): auto must cost what the plain search costs (within 5%).
func BenchmarkAutoControls(b *testing.B) {
	for _, tc := range []struct {
		name string
		p    func(testing.TB) *dlx.Problem
		want uint64
	}{
		{"langford-12", func(tb testing.TB) *dlx.Problem { return parse(tb, gen.Langford(12)) }, 216288},
		{"queens-14", func(tb testing.TB) *dlx.Problem { return parse(tb, gen.Queens(14, false)) }, 365596},
		{"pentomino-6x10", func(tb testing.TB) *dlx.Problem { return instance(tb, "pentomino-6x10.dlx") }, 9356},
	} {
		for _, m := range []dlx.Method{dlx.MethodLinks, dlx.MethodAuto} {
			b.Run(tc.name+"/"+m.String(), func(b *testing.B) {
				s, err := dlx.NewSolver(tc.p(b))
				require.NoError(b, err)
				var res dlx.Result
				cpu0 := cpuTime()
				for b.Loop() {
					res, err = s.Count(context.Background(), &dlx.Options{Method: m, Workers: 1})
					require.NoError(b, err)
				}
				require.Equal(b, tc.want, res.Solutions)
				b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
			})
		}
	}
}
