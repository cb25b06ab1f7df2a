package models_test

import (
	"context"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/stretchr/testify/require"
)

func TestRegistry(t *testing.T) {
	var r models.Registry
	solve := func(context.Context, core.Problem, *core.Options) (core.Result, error) {
		return core.Result{}, nil
	}
	inst := models.Instance{New: func(models.Request) (core.Problem, error) { return nil, nil }}
	a := models.Algorithm{Name: "a", Solve: solve}
	b := models.Algorithm{Name: "b", Solve: solve, Caps: models.CanFirst | models.CanCount}
	for _, tc := range []struct {
		name string
		m    models.Model
		err  string
	}{
		{"no name", models.Model{Summary: "s", Instance: inst}, "needs a name"},
		{"no summary", models.Model{Name: "x", Instance: inst}, "needs a name, a summary"},
		{"no instance", models.Model{Name: "x", Summary: "s"}, "Instance.New"},
		{"algorithm without solver", models.Model{Name: "x", Summary: "s", Instance: inst,
			Algorithms: []models.Algorithm{{Name: "c"}}}, "needs a name and a solver"},
		{"algorithm twice", models.Model{Name: "x", Summary: "s", Instance: inst,
			Algorithms: []models.Algorithm{a, a}}, "listed twice"},
		{"another model's algorithm", models.Model{Name: "x", Summary: "s", Instance: inst,
			Algorithms: []models.Algorithm{{Model: "y", Name: "c", Solve: solve}}}, "listed by model x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.ErrorContains(t, r.Add(tc.m), tc.err)
		})
	}
	require.NoError(t, r.Add(models.Model{Name: "m", Summary: "s", Instance: inst, Algorithms: []models.Algorithm{a, b}}))
	require.ErrorContains(t, r.Add(models.Model{Name: "m", Summary: "s", Instance: inst}), "registered twice")
	m, err := r.Lookup("m")
	require.NoError(t, err)
	require.Len(t, m.Algorithms, 2)
	require.Equal(t, "m", m.Algorithms[1].Model, "the registry names the model")
	var names []string
	for _, a := range r.Algorithms("") {
		names = append(names, a.Model+"/"+a.Name)
	}
	require.Equal(t, []string{"m/a", "m/b"}, names, "in the descriptor's order")
	got, err := m.Algorithm("b")
	require.NoError(t, err)
	require.Equal(t, "first,count", got.Caps.String())
	_, err = m.Algorithm("z")
	require.ErrorContains(t, err, "known: a, b")
	_, err = r.LookupAlgorithm("m", "z")
	require.ErrorContains(t, err, "known: a, b")
	_, err = r.Lookup("x")
	require.ErrorContains(t, err, `unknown model "x"`)
	require.Nil(t, r.Algorithms("x"))
}

// TestRegistryWorkerOnly: an algorithm that declares only NewWorker is
// solved, called alone, on a fresh worker each time.
func TestRegistryWorkerOnly(t *testing.T) {
	var r models.Registry
	workers := 0
	nw := func() core.Solver {
		workers++
		return func(context.Context, core.Problem, *core.Options) (core.Result, error) {
			return core.Result{Solutions: core.CountOf(7)}, nil
		}
	}
	inst := models.Instance{New: func(models.Request) (core.Problem, error) { return nil, nil }}
	require.NoError(t, r.Add(models.Model{Name: "w", Summary: "s", Instance: inst,
		Algorithms: []models.Algorithm{{Name: "a", Caps: models.CanCount, NewWorker: nw}}}))
	a, err := r.LookupAlgorithm("w", "a")
	require.NoError(t, err)
	for range 2 {
		res, err := a.Solve(context.Background(), nil, &core.Options{Mode: core.ModeCount})
		require.NoError(t, err)
		require.Equal(t, core.CountOf(7), res.Solutions)
	}
	require.Equal(t, 2, workers, "a worker a call")
}
