package bench_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/bench"
	"github.com/stretchr/testify/require"
)

func TestMachine(t *testing.T) {
	m := bench.Machine()
	require.True(t, strings.HasSuffix(m, fmt.Sprintf(", %d cores, %s %s/%s", runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH)), m)
	require.False(t, strings.HasPrefix(m, ","), m)
	require.NotContains(t, m, "\n")
	require.Equal(t, m, bench.Machine())
}
