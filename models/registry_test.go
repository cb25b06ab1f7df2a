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
	require.NoError(t, r.Add(models.Algorithm{Model: "m", Name: "b", Solve: solve, Caps: models.CanFirst | models.CanCount}))
	require.NoError(t, r.Add(models.Algorithm{Model: "m", Name: "a", Solve: solve}))
	require.Error(t, r.Add(models.Algorithm{Model: "m", Name: "a", Solve: solve}))
	require.Error(t, r.Add(models.Algorithm{Model: "m", Name: "c"}))
	list := r.List("m")
	require.Len(t, list, 2)
	require.Equal(t, "a", list[0].Name)
	a, err := r.Lookup("m", "b")
	require.NoError(t, err)
	require.Equal(t, "first,count", a.Caps.String())
	_, err = r.Lookup("m", "z")
	require.ErrorContains(t, err, "known: a, b")
	_, err = r.Lookup("x", "z")
	require.ErrorContains(t, err, "unknown model")
}
