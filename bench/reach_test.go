package bench_test

import (
	"context"
	"testing"
	"time"

	"github.com/coverkit/coverkit/bench"
	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	_ "github.com/coverkit/coverkit/models/all"
	"github.com/stretchr/testify/require"
)

// TestReach: the estimate of a long run from samples. Counting 8x8
// knight's tours is out of reach by the growth of the smaller boards (a
// lower bound: 6x6 is stopped by the budget); the first solution of 100
// queens by Dancing Links has no growth to go by, but construct answers
// it in a trial; a count of 9 queens is within reach and says nothing.
func TestReach(t *testing.T) {
	if testing.Short() {
		t.Skip("a second of samples: the full suite has it")
	}
	run := func(model, algo string, mode core.Mode, args ...string) bench.ReachResult {
		m, err := models.Lookup(model)
		require.NoError(t, err)
		a, err := m.Algorithm(algo)
		require.NoError(t, err)
		return bench.Reach(context.Background(), bench.ReachConfig{Model: m, Algorithm: a, Options: &core.Options{Mode: mode},
			Args: args, Budget: time.Second, New: func(args []string) (core.Problem, error) {
				return m.Instance.New(models.Request{Args: args, Params: map[string]string{}})
			}})
	}
	r := run("knight", "search", core.ModeCount, "8")
	require.GreaterOrEqual(t, r.Seconds, bench.OutOfReach.Seconds(), "%+v", r)
	require.Contains(t, r.Words(), "out of reach (at least: ")

	r = run("queens", "dlx", core.ModeFirst, "100")
	require.Contains(t, r.Words(), "--algo construct answered in ")

	r = run("queens", "bitwise", core.ModeCount, "9")
	require.Less(t, r.Seconds, bench.OutOfReach.Seconds())
	require.NotContains(t, r.Words(), "out of reach")

	require.Equal(t, "35 s", bench.Duration(35))
	require.Equal(t, "12 min", bench.Duration(720))
	require.Equal(t, "3e+02 years", bench.Duration(300*365.25*86400))
}
