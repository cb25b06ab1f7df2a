// Package asmlayout checks, for the tests of the assembly kernels (the
// queens model's, the sudoku's sweep, dlx's hiding loops), that the offsets an assembly file
// reads are those of the Go struct or constants it reads them from.
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
// (a decimal number: other #defines are macros) names a field of want at
// that offset, and that every field of want has one.
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
		v, err := strconv.ParseUint(fields[2], 10, 64)
		if err != nil {
			continue // a macro, not an offset
		}
		off, ok := want[fields[1]]
		require.True(t, ok, "%s: %s is not a field", name, fields[1])
		require.Equal(t, uint64(off), v, "%s: %s", name, fields[1])
		seen[fields[1]] = true
	}
	require.NoError(t, sc.Err())
	require.Len(t, seen, len(want), "%s: every field has its #define", name)
}
