package queens_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

func TestConstructEveryN(t *testing.T) {
	for _, method := range []string{queens.MethodFormula, queens.MethodLists} {
		t.Run(method, func(t *testing.T) {
			for n := 1; n <= 2000; n++ {
				sol, err := queens.Construct(n, method)
				require.NoError(t, err)
				if n == 2 || n == 3 {
					require.Nil(t, sol)
					continue
				}
				require.NoError(t, queens.Verify(n, sol), "n=%d", n)
			}
			for _, n := range []int{1_000_000, 1_000_001, 999_998, 1_000_003} {
				sol, err := queens.Construct(n, method)
				require.NoError(t, err)
				require.NoError(t, queens.Verify(n, sol), "n=%d", n)
			}
		})
	}
}

// TestConstructLists checks the survey's worked examples (seed 002).
func TestConstructLists(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{
		{8, "2 4 6 8 3 1 7 5"},
		{14, "2 4 6 8 10 12 14 3 1 7 9 11 13 5"},
		{15, "4 6 8 10 12 14 2 5 7 9 11 13 15 1 3"},
		{20, "2 4 6 8 10 12 14 16 18 20 3 1 7 9 11 13 15 17 19 5"},
		{1, "1"},
	} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			sol, err := queens.Construct(tc.n, queens.MethodLists)
			require.NoError(t, err)
			var b bytes.Buffer
			require.NoError(t, queens.WritePerm(&b, sol))
			require.Equal(t, tc.want, strings.TrimSpace(b.String()))
		})
	}
}

func TestConstructFormula(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{
		{8, "4 6 8 2 7 1 3 5"},   // n = 6k+2: the second pattern
		{6, "2 4 6 1 3 5"},       // the first pattern
		{9, "4 6 8 2 7 1 3 5 9"}, // odd: the pattern for 8 and a queen at (9, 9)
	} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			sol, err := queens.Construct(tc.n, "")
			require.NoError(t, err)
			var b bytes.Buffer
			require.NoError(t, queens.WritePerm(&b, sol))
			require.Equal(t, tc.want, strings.TrimSpace(b.String()))
		})
	}
}

func TestConstructAlgorithm(t *testing.T) {
	a := lookup(t, "construct")
	require.Equal(t, models.Constructive, a.Kind)
	for _, mode := range []core.Mode{core.ModeAll, core.ModeCount} {
		_, err := a.Solve(context.Background(), queens.New(8), &core.Options{Mode: mode})
		require.ErrorIs(t, err, core.ErrUnsupported)
	}
	_, err := a.Solve(context.Background(), queens.New(8), &core.Options{Method: "magic"})
	require.ErrorIs(t, err, core.ErrUnsupported)
	if big := int64(queens.MaxConstructN) + 1; int64(int(big)) == big { // 64-bit int
		_, err = a.Solve(context.Background(), queens.New(int(big)), nil)
		require.ErrorIs(t, err, resource.ErrTooLarge)
		require.ErrorContains(t, err, "GiB")
	}

	res, err := a.Solve(context.Background(), queens.New(1000), &core.Options{Method: "lists"})
	require.NoError(t, err)
	require.Equal(t, core.StatusFound, res.Status)
	require.Equal(t, "lists", res.Method)
	require.NoError(t, queens.Verify(1000, res.First))

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = a.Solve(ctx, queens.New(10_000_000), nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusCanceled, res.Status)
}
