package dlx_test

import (
	"context"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
	"github.com/stretchr/testify/require"
)

func TestSolveModel(t *testing.T) {
	// Two items, three ways to cover them: {a b}, {a}+{b}.
	p, err := dlx.Parse(strings.NewReader("a b\na b\na\nb\n"))
	require.NoError(t, err)
	s, err := dlx.NewSolver(p)
	require.NoError(t, err)
	decode := func(options []int) models.Solution {
		sol := make(models.Solution, len(options))
		for i, k := range options {
			sol[i] = int32(k)
		}
		return sol
	}
	for _, tc := range []struct {
		name   string
		opts   *models.Options
		status models.Status
		count  uint64
		visits int
	}{
		{"nil options: first", nil, models.StatusFound, 1, 0},
		{"count", &models.Options{Mode: models.ModeCount}, models.StatusExhausted, 2, 0},
		{"all", &models.Options{Mode: models.ModeAll}, models.StatusExhausted, 2, 2},
		{"all with limit", &models.Options{Mode: models.ModeAll, Limit: 1}, models.StatusFound, 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			visits := 0
			if tc.opts != nil && tc.opts.Mode == models.ModeAll {
				tc.opts.Visit = func(sol models.Solution, _ models.Stats) bool {
					require.NoError(t, p.Verify(toInts(sol)))
					visits++
					return true
				}
			}
			res, err := s.SolveModel(context.Background(), tc.opts, dlx.Options{}, decode)
			require.NoError(t, err)
			require.Equal(t, tc.status, res.Status)
			require.Equal(t, models.CountOf(tc.count), res.Solutions)
			require.Equal(t, tc.visits, visits)
			require.NotNil(t, res.First, "the first solution is reported in every mode")
			require.NoError(t, p.Verify(toInts(res.First)))
		})
	}
}

func toInts(sol models.Solution) []int {
	out := make([]int, len(sol))
	for i, v := range sol {
		out[i] = int(v)
	}
	return out
}
