// Package asmlayout checks, for the tests of the queens model's assembly
// kernels, that the offsets an assembly file reads are those of the Go
// struct it reads them from.
package asmlayout

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Check checks that every "#define NAME offset" of the assembly file name
// names a field of want at that offset, and that every field of want has
// one.
func Check(t testing.TB, name string, want map[string]uintptr) {
	t.Helper()
	file, err := os.Open(name)
	require.NoError(t, err)
	defer file.Close()
	seen := map[string]bool{}
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 3 || fields[0] != "#define" {
			continue
		}
		off, ok := want[fields[1]]
		require.True(t, ok, "%s: %s is not a field", name, fields[1])
		v, err := strconv.ParseUint(fields[2], 10, 64)
		require.NoError(t, err)
		require.Equal(t, uint64(off), v, "%s: %s", name, fields[1])
		seen[fields[1]] = true
	}
	require.NoError(t, sc.Err())
	require.Len(t, seen, len(want), "%s: every field has its #define", name)
}
