package models_test

import (
	"context"
	"encoding/json"
	"math/big"
	"testing"
	"time"

	"github.com/coverkit/coverkit/models"
	"github.com/stretchr/testify/require"
)

func TestStatusNames(t *testing.T) {
	for _, tc := range []struct {
		s        models.Status
		name     string
		finished bool
	}{
		{models.StatusExhausted, "exhausted", true},
		{models.StatusFound, "found", true},
		{models.StatusLimit, "limit", false},
		{models.StatusTimeout, "timeout", false},
		{models.StatusCanceled, "canceled", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.name, tc.s.String())
			require.Equal(t, tc.finished, tc.s.Finished())
			b, err := json.Marshal(tc.s)
			require.NoError(t, err)
			var back models.Status
			require.NoError(t, json.Unmarshal(b, &back))
			require.Equal(t, tc.s, back)
		})
	}
	_, err := models.ParseStatus("nope")
	require.Error(t, err)
}

func TestContextStatus(t *testing.T) {
	_, done := models.ContextStatus(context.Background())
	require.False(t, done)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s, done := models.ContextStatus(ctx)
	require.True(t, done)
	require.Equal(t, models.StatusCanceled, s)
	ctx, cancel = context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	s, _ = models.ContextStatus(ctx)
	require.Equal(t, models.StatusTimeout, s)
}

func TestCount(t *testing.T) {
	c := models.CountOf(^uint64(0)).AddUint64(1)
	require.Equal(t, "18446744073709551616", c.String())
	require.Equal(t, 1, c.Cmp(models.CountOf(5)))
	b, err := json.Marshal(c)
	require.NoError(t, err)
	var back models.Count
	require.NoError(t, json.Unmarshal(b, &back))
	require.Equal(t, c, back)
	require.Equal(t, "36893488147419103232", c.MulUint64(2).String())
	require.Error(t, json.Unmarshal([]byte(`-1`), &back))
}

func TestRegistry(t *testing.T) {
	var r models.Registry
	solve := func(context.Context, models.Problem, *models.Options) (models.Result, error) {
		return models.Result{}, nil
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

func TestCountChecked(t *testing.T) {
	max := models.Count{Hi: ^uint64(0), Lo: ^uint64(0)}
	for _, tc := range []struct {
		name string
		c    models.Count
		x    uint64
		ok   bool
	}{
		{"small", models.CountOf(6), 7, true},
		{"into the high word", models.CountOf(1 << 63), 4, true},
		{"max times one", max, 1, true},
		{"max times two", max, 2, false},
		{"high word overflows", models.Count{Hi: 1 << 63}, 2, false},
		{"carry overflows", models.Count{Hi: 1<<63 - 1, Lo: ^uint64(0)}, 2, true},
		{"carry past", models.Count{Hi: 1<<63 - 1, Lo: ^uint64(0)}, 3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := tc.c.MulChecked(tc.x)
			require.Equal(t, tc.ok, ok)
			want := new(big.Int).Mul(tc.c.Big(), new(big.Int).SetUint64(tc.x))
			require.Equal(t, tc.ok, want.BitLen() <= 128)
			if ok {
				require.Equal(t, want.String(), got.String())
			}
		})
	}
	_, ok := max.AddChecked(models.CountOf(1))
	require.False(t, ok)
	s, ok := models.CountOf(^uint64(0)).AddChecked(models.CountOf(1))
	require.True(t, ok)
	require.Equal(t, "18446744073709551616", s.String())
}
