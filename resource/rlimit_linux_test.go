package resource_test

import (
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

// TestCheckRLimitAS checks, in a child process with RLIMIT_AS set (ulimit
// -v), that Check refuses what the limit does not allow and names it.
func TestCheckRLimitAS(t *testing.T) {
	if os.Getenv("RESOURCE_RLIMIT_CHILD") == "1" {
		var rl syscall.Rlimit
		require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_AS, &rl))
		rl.Cur = 4 << 30
		require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_AS, &rl))
		err := resource.Check("the test", 8<<30)
		require.Error(t, err)
		os.Stdout.WriteString("CHILD: " + err.Error() + "\n")
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestCheckRLimitAS$", "-test.v")
	cmd.Env = append(os.Environ(), "RESOURCE_RLIMIT_CHILD=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	require.Contains(t, string(out), "CHILD: the test needs about 8.0 GiB")
	require.True(t, strings.Contains(string(out), "RLIMIT_AS (ulimit -v)") || strings.Contains(string(out), "MemAvailable"), string(out))
}
