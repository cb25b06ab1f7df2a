package dlx_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/dlx/internal/gen"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

// TestMemoUnderRLimit grows a memo table against RLIMIT_AS (ulimit -v;
// in issue 32 the 30×30 dominoes under 2 GiB crashed with "fatal error:
// out of memory" in the table's growth), in a child process whose limit
// leaves 160 MiB: the table is allowed all the memory the policy sees at
// the start, so only the resource policy, asked at each step of growth,
// keeps the runtime alive. The count runs memoRLimitNodes nodes (about a
// second) and stops with status limit; the table has filled and evicted.
func TestMemoUnderRLimit(t *testing.T) {
	if os.Getenv("DLX_RLIMIT_CHILD") == "1" {
		p := parse(t, gen.Dominoes(60, 60))
		var rl syscall.Rlimit
		require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_AS, &rl))
		rl.Cur = vmSize(t) + 160<<20
		require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_AS, &rl))
		// A node budget, not a deadline, ends the count, so that a loaded
		// machine runs the same steps; the deadline only guards the test.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		res, err := solver(t, p).Count(ctx, &dlx.Options{Method: dlx.MethodMemo, MemoBytes: resource.Available(), MaxNodes: memoRLimitNodes, Workers: 1})
		require.NoError(t, err)
		require.Equal(t, core.StatusLimit, res.Status)
		require.True(t, res.Memo.Full)
		fmt.Printf("CHILD %s after %d nodes: %d entries, %d bytes of a budget of %d, full %v, evicted %d\n",
			res.Status, res.Stats.Nodes, res.Memo.Entries, res.Memo.Bytes, res.Memo.Budget, res.Memo.Full, res.Memo.Evicted)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestMemoUnderRLimit$", "-test.v")
	// The test binary links cgo (testify imports net/http/httptest), and
	// glibc then gives a thread that calls malloc an arena of its own, 64
	// MiB of address space: the runtime's cgo start of a thread mallocs in
	// the thread that starts it, so on GOMAXPROCS 8 a few of its threads
	// each reserve one as the collector's workers start, after the limit
	// was set and out of sight of VmSize, and the heap's next arena finds
	// no room ("cannot allocate 4194304-byte block" at 40 to 67 MB in use,
	// 5 runs in 6; with one arena, 8 in 8 pass). One arena keeps the
	// test's premise: what grows after the limit is the Go heap, which
	// asks the policy.
	cmd.Env = append(os.Environ(), "DLX_RLIMIT_CHILD=1", "MALLOC_ARENA_MAX=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	require.Contains(t, string(out), "CHILD limit after ")
	t.Log(string(out))
}

// memoRLimitNodes is the node budget of TestMemoUnderRLimit's count: the
// table fills the 160 MiB its limit leaves after 200,000 to 300,000 nodes.
const memoRLimitNodes = 500_000

// vmSize returns the process's VmSize, from /proc/self/status.
func vmSize(t *testing.T) uint64 {
	b, err := os.ReadFile("/proc/self/status")
	require.NoError(t, err)
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmSize:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			require.NoError(t, err)
			return kb << 10
		}
	}
	t.Fatal("no VmSize in /proc/self/status")
	return 0
}
