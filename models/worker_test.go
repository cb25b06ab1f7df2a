package models_test

import (
	"context"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/stretchr/testify/require"
)

func TestAlgorithmWorker(t *testing.T) {
	calls := map[string]int{}
	solver := func(name string) core.Solver {
		return func(context.Context, core.Problem, *core.Options) (core.Result, error) {
			calls[name]++
			return core.Result{}, nil
		}
	}
	for _, tc := range []struct {
		name string
		alg  models.Algorithm
		want string
	}{
		{"without a worker factory", models.Algorithm{Solve: solver("solve")}, "solve"},
		{"with one", models.Algorithm{Solve: solver("solve"), NewWorker: func() core.Solver { return solver("worker") }}, "worker"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clear(calls)
			_, err := tc.alg.Worker()(context.Background(), nil, nil)
			require.NoError(t, err)
			require.Equal(t, map[string]int{tc.want: 1}, calls)
		})
	}
}
