package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestOutRule checks the one --out and exit rule of every verb (docs/cli.md,
// "Exit codes"): a command writes --out when it has a result — a solution,
// a count, a partial result that holds something, a batch that answered
// every valid record and marked the invalid ones (exit 2), a verify report
// (exit 1 for a bad solution) — and leaves it as it was when it has none: a
// usage error, an input that cannot be read, a proved absence of
// solutions, a partial result that found nothing.
func TestOutRule(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		return path
	}
	puzzles := write("puzzles.txt", sudokuTestPuzzle+"\n1.1\n")
	hard := write("hard.txt", sudokuTestPuzzle+"\n")
	badQueens := write("queens.txt", "1 2 3 4\n2 4 1 3\n")
	empty := write("empty.txt", "")
	const old = "OLD\n"
	for _, tc := range []struct {
		name    string
		args    []string
		code    int
		kept    bool   // --out left as it was
		holds   string // what --out holds when replaced
		message string // on stderr
	}{
		{"count, partial with nothing", []string{"queens", "count", "8", "--max-nodes", "1"}, exitPartial, true, "", "left as it was"},
		{"count, partial with a count", []string{"queens", "count", "12", "--max-nodes", "1000"}, exitPartial, false, "at least", "partial"},
		{"solve, partial with nothing", []string{"queens", "solve", "8", "--max-nodes", "1"}, exitPartial, true, "", "left as it was"},
		{"solve, no solution", []string{"queens", "solve", "3"}, exitNoSolution, true, "", "no solution"},
		{"count, usage error", []string{"queens", "count", "8", "--algo", "magic"}, exitUsage, true, "", "magic"},
		{"batch with an invalid line", []string{"sudoku", "solve", puzzles}, exitUsage, false, sudokuTestSolution + "\nline 2: invalid: ", "1 invalid puzzle(s), the first on line 2"},
		{"batch, JSON with an invalid line", []string{"sudoku", "solve", puzzles, "--format", "json"}, exitUsage, false, `"verdict":"invalid"`, "1 invalid puzzle(s)"},
		{"batch, usage error", []string{"sudoku", "solve", puzzles, "--algo", "magic"}, exitUsage, true, "", "magic"},
		{"batch, input unreadable", []string{"sudoku", "solve", dir}, exitUsage, true, "", "is a directory"},
		{"batch, missing input", []string{"sudoku", "solve", filepath.Join(dir, "none.txt")}, exitUsage, true, "", "no such file"},
		{"batch, stopped before any answer", []string{"sudoku", "solve", hard, "--algo", "dlx", "--max-nodes", "1"}, exitPartial, true, "", "not answered"},
		{"compare of a batch with an invalid line", []string{"sudoku", "compare", puzzles, "--algos", "dlx"}, exitUsage, false, "ALGORITHM", "1 invalid line(s) skipped"},
		{"verify, invalid solution", []string{"queens", "verify", badQueens}, exitNoSolution, false, "1 invalid", "attacked"},
		{"verify, empty input", []string{"queens", "verify", empty}, exitNoSolution, false, "0 solutions", "no solutions to verify"},
		{"verify, unreadable input", []string{"queens", "verify", dir}, exitUsage, true, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out.txt")
			require.NoError(t, os.WriteFile(out, []byte(old), 0o644))
			stdout, stderr, code := runCLI(t, "", append(tc.args, "--out", out)...)
			require.Equal(t, tc.code, code, stderr)
			require.Empty(t, stdout, "--out takes the result")
			require.Contains(t, stderr, tc.message)
			b, err := os.ReadFile(out)
			require.NoError(t, err)
			if tc.kept {
				require.Equal(t, old, string(b))
				return
			}
			require.NotEqual(t, old, string(b))
			require.Contains(t, string(b), tc.holds)
		})
	}
}

// TestVerifyGoesOn checks that every verify reads past a record it cannot
// read (issue 22) and that an empty input exits 1 for every model.
func TestVerifyGoesOn(t *testing.T) {
	dir := t.TempDir()
	sols := filepath.Join(dir, "dlx.txt")
	require.NoError(t, os.WriteFile(sols, []byte("# too big, too long, then a record that is checked\n"+
		"1 99999999999999999999\n\n"+strings.Repeat("x", 5<<20)+"\n\n1 2\n"), 0o644))
	out, errOut, code := runCLI(t, "", "dlx", "verify", "../../testdata/dlx/knuth7.dlx", sols)
	require.Equal(t, exitNoSolution, code, errOut)
	require.Contains(t, out, "too long")
	require.Contains(t, out, `"1 2" is no option of the instance`, "the record after the unreadable ones is checked")
	require.Contains(t, out, "unreadable")

	empty := filepath.Join(dir, "empty.txt")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	for _, args := range [][]string{
		{"knight", "verify", empty}, {"knight", "verify", os.DevNull},
		{"queens", "verify", os.DevNull}, {"dlx", "verify", "../../testdata/dlx/knuth7.dlx", os.DevNull},
		{"sudoku", "verify", os.DevNull}, {"latin", "verify", os.DevNull},
	} {
		_, errOut, code := runCLI(t, "", args...)
		require.Equal(t, exitNoSolution, code, "%v: %s", args, errOut)
		require.Contains(t, errOut, "no solutions to verify", args)
	}
}

// TestOutCheckedFirst: an --out that cannot be written is refused before
// the work it would hold: a comparison, a cover, a verify of an input
// that is slow to come (exit 2 at once, not after hours of runs).
func TestOutCheckedFirst(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing", "out.txt")
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"compare", []string{"queens", "compare", "40", "--algos", "backtrack"}},
		{"cover", []string{"queens", "cover", "4096"}},
		{"verify", []string{"queens", "verify", "-"}}, // stdin never ends
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			var stdout, stderr strings.Builder
			start := time.Now()
			stdin, _ := io.Pipe() // nothing is written: a read waits
			code := run(ctx, append(tc.args, "--out", missing), newEnv(stdin, &stdout, &stderr))
			require.Equal(t, exitUsage, code, stderr.String())
			require.Contains(t, stderr.String(), "cannot create a file in")
			require.Less(t, time.Since(start), time.Second, "refused before the work")
			require.Empty(t, stdout.String())
		})
	}
}
