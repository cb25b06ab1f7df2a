package models_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/knight"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

// TestMemoryUnderRLimit checks issue 12 item 5 in a child process with
// RLIMIT_AS at 2 GiB (ulimit -v): instances that used to end in "fatal
// error: out of memory" are refused with resource.ErrTooLarge naming the
// limit.
func TestMemoryUnderRLimit(t *testing.T) {
	if os.Getenv("MODELS_RLIMIT_CHILD") == "1" {
		var rl syscall.Rlimit
		require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_AS, &rl))
		rl.Cur = 2 << 30
		require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_AS, &rl))
		for _, tc := range []struct {
			model, alg string
			p          core.Problem
		}{
			{"queens", "construct", queens.New(1_000_000_000)},
			{"queens", "minconflicts", queens.New(1_000_000_000)},
			{"knight", "divide", knight.New(20000, 20000)},
			{"knight", "auto", knight.New(20000, 20000)},
		} {
			alg, err := models.LookupAlgorithm(tc.model, tc.alg)
			require.NoError(t, err)
			_, err = alg.Solve(context.Background(), tc.p, nil)
			require.Error(t, err, "%s/%s", tc.model, tc.alg)
			require.True(t, errors.Is(err, resource.ErrTooLarge), "%s/%s: %v", tc.model, tc.alg, err)
			fmt.Printf("CHILD %s/%s: %v\n", tc.model, tc.alg, err)
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestMemoryUnderRLimit$", "-test.v")
	cmd.Env = append(os.Environ(), "MODELS_RLIMIT_CHILD=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	t.Log(string(out))
	require.Contains(t, string(out), "CHILD queens/construct: ")
	require.Contains(t, string(out), "CHILD knight/auto: ")
}
