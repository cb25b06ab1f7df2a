package dlx_test

import (
	"context"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/stretchr/testify/require"
)

func TestSolveModel(t *testing.T) {
	// Two items, three ways to cover them: {a b}, {a}+{b}.
	p, err := dlx.Parse(strings.NewReader("a b\na b\na\nb\n"))
	require.NoError(t, err)
	s, err := dlx.NewSolver(p)
	require.NoError(t, err)
	decode := func(options []int) core.Solution {
		sol := make(core.Solution, len(options))
		for i, k := range options {
			sol[i] = int32(k)
		}
		return sol
	}
	for _, tc := range []struct {
		name   string
		opts   *core.Options
		status core.Status
		count  uint64
		visits int
	}{
		{"nil options: first", nil, core.StatusFound, 1, 0},
		{"count", &core.Options{Mode: core.ModeCount}, core.StatusExhausted, 2, 0},
		{"all", &core.Options{Mode: core.ModeAll}, core.StatusExhausted, 2, 2},
		{"all with limit", &core.Options{Mode: core.ModeAll, Limit: 1}, core.StatusFound, 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			visits := 0
			if tc.opts != nil && tc.opts.Mode == core.ModeAll {
				tc.opts.Visit = func(sol core.Solution, _ core.Stats) bool {
					require.NoError(t, p.Verify(toInts(sol)))
					visits++
					return true
				}
			}
			res, err := s.SolveModel(context.Background(), tc.opts, dlx.Options{}, decode)
			require.NoError(t, err)
			require.Equal(t, tc.status, res.Status)
			require.Equal(t, core.CountOf(tc.count), res.Solutions)
			require.Equal(t, tc.visits, visits)
			require.NotNil(t, res.First, "the first solution is reported in every mode")
			require.NoError(t, p.Verify(toInts(res.First)))
		})
	}
}

func toInts(sol core.Solution) []int {
	out := make([]int, len(sol))
	for i, v := range sol {
		out[i] = int(v)
	}
	return out
}
