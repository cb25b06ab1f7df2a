package dlx

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx/internal/gen"
	"github.com/stretchr/testify/require"
)

// countOf returns c as a core.Count (c below 2^128).
func countOf(c count) core.Count {
	var r Result
	r.setCount(c)
	return r.Count
}

// TestResumeExact stops a search after slices of work and goes on with
// it, slice by slice (task.resume), and on several workers from where a
// slice stopped (goOn): every count, node and update is that of the
// search run once, for each method that races (auto.go).
func TestResumeExact(t *testing.T) {
	ctx := context.Background()
	for name, text := range map[string]string{
		"langford 9": gen.Langford(9), "queens 8": gen.Queens(8, true), "colored": gen.KnuthXCC,
		"dominoes 4x6": gen.Dominoes(4, 6), "L3 6x6": gen.LTrominoes(6, 6), "multiplicities": gen.Pieces('Q', 6, 4),
	} {
		p, err := Parse(strings.NewReader(text))
		require.NoError(t, err)
		s, err := NewSolver(p)
		require.NoError(t, err)
		one, err := s.Solve(ctx, nil)
		require.NoError(t, err)
		serialFirst := slices.Clone(s.First())
		memo, err := s.Count(ctx, &Options{Method: MethodMemo, Branch: BranchMRV})
		require.NoError(t, err)
		for _, slice := range []uint64{64, 1000, 30000} {
			for k, m := range []resumable{s.enumerator(&Options{}).(resumable), s.newMemo(DefaultMemoBytes(), BranchMRV).(resumable)} {
				switch mm := m.(type) {
				case *memoC:
					mm.parks = true
				case *memoM:
					mm.parks = true
				}
				r := racer{m: m, memo: k == 1, r: runner{rec: newRecord(s.l.levelsM())}}
				for !r.done {
					r.run(ctx, slice, nil)
				}
				want := one
				if r.memo {
					want = memo
				}
				require.Equal(t, want.Count, countOf(r.count), "%s, slice %d, method %d: count", name, slice, k)
				require.Equal(t, want.Stats.Nodes, r.stats.Nodes, "%s, slice %d, method %d: nodes", name, slice, k)
				require.Equal(t, want.Stats.Updates, r.stats.Updates, "%s, slice %d, method %d: updates", name, slice, k)
			}
			// Stopped after a slice, then on to the end on three workers.
			if s.l.multi {
				continue
			}
			c := newAlgoC(s.l)
			r := racer{m: c, r: runner{rec: newRecord(s.l.levelsM())}}
			r.run(ctx, slice, nil)
			if r.done {
				continue
			}
			r.r.parked = nil
			s.g.reset(ctx, 0)
			want := serialFirst
			s.rec.nfirst = -1
			if f := r.r.rec.First(); f != nil {
				s.rec.keepFirst(f)
			}
			res := s.goOn(c, &Options{Workers: 3}, Result{Stats: r.stats, Solutions: r.count.lo})
			s.g.end()
			require.Equal(t, want, s.First(), "%s, slice %d, go on: the first solution", name, slice)
			require.Equal(t, one.Solutions, res.Solutions, "%s, slice %d, go on: count", name, slice)
			require.Equal(t, one.Stats.Nodes, res.Stats.Nodes, "%s, slice %d, go on: nodes", name, slice)
			require.Equal(t, one.Stats.Updates, res.Stats.Updates, "%s, slice %d, go on: updates", name, slice)
			again, err := s.Solve(ctx, nil)
			require.NoError(t, err)
			require.Equal(t, one.Stats.Nodes, again.Stats.Nodes, "%s: the arrays are as they were", name)
			require.Equal(t, one.Solutions, again.Solutions, "%s: the arrays are as they were", name)
		}
	}
}
