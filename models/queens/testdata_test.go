package queens_test

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/stretchr/testify/require"
)

// readTable reads a whitespace-separated table from testdata/queens,
// skipping comments.
func readTable(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "queens", name))
	require.NoError(t, err)
	defer f.Close()
	var rows [][]string
	s := bufio.NewScanner(f)
	for s.Scan() {
		if line := strings.TrimSpace(s.Text()); line != "" && !strings.HasPrefix(line, "#") {
			rows = append(rows, strings.Fields(line))
		}
	}
	require.NoError(t, s.Err())
	return rows
}

// TestKnownCountsFile checks the known-answer file against the counts the
// other tests use, and the exact 128-bit parsing of its largest entries.
func TestKnownCountsFile(t *testing.T) {
	rows := readTable(t, "counts.txt")
	require.Len(t, rows, 27)
	for _, r := range rows {
		n, err := strconv.Atoi(r[0])
		require.NoError(t, err)
		var total, fundamental core.Count
		require.NoError(t, total.UnmarshalJSON([]byte(r[1])))
		require.NoError(t, fundamental.UnmarshalJSON([]byte(r[2])))
		if n < len(a000170) {
			require.Equal(t, core.CountOf(a000170[n]), total, "n=%d", n)
			require.Equal(t, core.CountOf(a002562[n]), fundamental, "n=%d", n)
		}
		// Every class has 8, 4 or 2 members (1 for n = 1).
		require.LessOrEqual(t, total.Cmp(fundamental.MulUint64(8)), 0)
		if n > 1 {
			require.GreaterOrEqual(t, total.Cmp(fundamental.MulUint64(2)), 0, "n=%d", n)
		}
	}
}

// TestWirthFile checks testdata/queens/wirth8.txt, Wirth's table 5.2,
// against the backtrack search.
func TestWirthFile(t *testing.T) {
	rows := readTable(t, "wirth8.txt")
	require.Len(t, rows, 12)
	i := 0
	_, err := lookup(t, "backtrack").Solve(context.Background(), queens.New(8), &core.Options{
		Mode: core.ModeAll, Limit: 12,
		Visit: func(sol core.Solution, since core.Stats) bool {
			for c := range 8 {
				require.Equal(t, rows[i][c], strconv.Itoa(int(sol[c])+1))
			}
			require.Equal(t, rows[i][8], strconv.FormatUint(since.Checks, 10))
			i++
			return true
		},
	})
	require.NoError(t, err)
	require.Equal(t, 12, i)

	// The 12 fundamental solutions, as `solve 8 --all --unique` lists them.
	fund := readTable(t, "fundamental8.txt")
	require.Len(t, fund, 12)
	for _, r := range fund {
		sol := make(core.Solution, 8)
		for c, f := range r {
			x, err := strconv.Atoi(f)
			require.NoError(t, err)
			sol[c] = int32(x - 1)
		}
		require.NoError(t, queens.Verify(8, sol))
		canonical, err := queens.IsCanonical(sol)
		require.NoError(t, err)
		require.True(t, canonical)
	}
}
