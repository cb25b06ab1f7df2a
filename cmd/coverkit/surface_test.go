package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSurfaceExamples runs the examples of issue 31 ("one surface for
// every model") as a user typed them: each gives the plain answer or a
// clear refusal.
func TestSurfaceExamples(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	t.Chdir(root)
	for _, tc := range []struct {
		name  string
		args  []string
		code  int
		out   []string // in stdout
		err   []string // in stderr
		noOut []string // not in stdout
	}{
		{name: "branch on a listing", args: []string{"queens", "solve", "8", "--branch", "first"}, code: exitUsage,
			err: []string{"--branch first does not apply when it finds one solution: --algo cells takes --branch mrv or ssxcc; " +
				"--algo memo takes first in a count"}}, // cells reads --branch (mrv, ssxcc), not first
		{name: "branch first, cells", args: []string{"queens", "solve", "8", "--algo", "cells", "--branch", "first"}, code: exitUsage,
			err: []string{"--algo memo takes first in a count (queens algorithm cells takes --branch mrv or ssxcc)"}},
		{name: "branch first, cells, count", args: []string{"queens", "count", "8", "--algo", "cells", "--branch", "first"}, code: exitUsage,
			err: []string{"--branch first needs --algo memo (queens algorithm cells takes --branch mrv or ssxcc)"}},
		{name: "branch ssxcc, cells", args: []string{"queens", "count", "8", "--algo", "cells", "--branch", "ssxcc", "--stats"}, code: exitOK,
			err: []string{`"nodes":856`}},
		{name: "branch ssxcc on workers", args: []string{"queens", "count", "8", "--algo", "cells", "--branch", "ssxcc", "--workers", "2"}, code: exitUsage,
			err: []string{"search on one worker"}},
		{name: "memo-bytes on a listing", args: []string{"queens", "solve", "8", "--algo", "backtrack", "--memo-bytes", "1MiB"}, code: exitUsage,
			err: []string{"--memo-bytes"}},
		{name: "seed on backtrack", args: []string{"queens", "solve", "8", "--algo", "backtrack", "--seed", "5"}, code: exitUsage,
			err: []string{"--seed needs --algo minconflicts (queens algorithm backtrack does not read it)"}},
		{name: "seed, the model's choice", args: []string{"queens", "solve", "8", "--seed", "5", "--stats"}, code: exitOK,
			err: []string{`"algorithm":"minconflicts"`, `"seed":5`}},
		{name: "sample with a limit", args: []string{"dlx", "solve", "testdata/dlx/langford-7.dlx", "--sample", "2", "--limit", "1"}, code: exitUsage,
			err: []string{"--limit does not apply to a random sample"}},
		{name: "sample with --all", args: []string{"queens", "solve", "8", "--sample", "3", "--all"}, code: exitUsage,
			err: []string{"--all does not apply to a random sample"}},
		{name: "sample with --all, dlx", args: []string{"dlx", "solve", "testdata/dlx/langford-7.dlx", "--sample", "2", "--all"}, code: exitUsage,
			err: []string{"--all does not apply to a random sample"}},
		{name: "sample, the model's choice", args: []string{"queens", "solve", "12", "--sample", "2", "--stats"}, code: exitOK,
			err: []string{`"algorithm":"memo"`, `"solutions":2`}},
		{name: "sample on dlx", args: []string{"queens", "solve", "12", "--sample", "2", "--algo", "dlx"}, code: exitUsage,
			err: []string{"--sample needs --algo memo"}},
		{name: "knight tours listed", args: []string{"knight", "solve", "5", "--all", "--limit", "2", "--format", "json"}, code: exitOK,
			out: []string{`"from":[1,1]`}, noOut: []string{`"tours"`, `"from":null`}},
		{name: "unique listing record", args: []string{"queens", "solve", "8", "--all", "--limit", "3", "--unique", "--stats"}, code: exitOK,
			err: []string{`"solutions":3,"fundamental":3`}},
		{name: "pieces torus size", args: []string{"pieces", "count", "queen", "13", "13", "--torus", "--unique", "--format", "json"}, code: exitOK,
			out: []string{`"size":"13x13 torus"`}},
		{name: "sudoku size of a puzzle", args: []string{"sudoku", "solve",
			"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "--stats"}, code: exitOK,
			err: []string{`"size":"9x9"`}},
		{name: "langford up to reversal", args: []string{"langford", "count", "7", "--unique"}, code: exitOK,
			out: []string{"52 solutions (26 fundamental) for 7"}},
		{name: "langford listed up to reversal", args: []string{"langford", "solve", "8", "--all", "--unique", "--format", "none", "--stats"}, code: exitOK,
			err: []string{`"solutions":150,"fundamental":150`}},
		{name: "langford split", args: []string{"langford", "count", "8", "--units", "2", "--unit", "0"}, code: exitOK,
			out: []string{`"decomposition":"langford-`}},
		{name: "pieces split", args: []string{"pieces", "count", "queen", "8", "8", "--units", "2", "--unit", "1"}, code: exitOK,
			out: []string{`"decomposition":"pieces-`}},
		{name: "pieces split of an optimum", args: []string{"pieces", "count", "queen", "6", "--task", "max", "--units", "2", "--unit", "0"}, code: exitUsage,
			err: []string{"--units splits a count of placements (--task place)"}},
		{name: "models", args: []string{"models"}, code: exitOK, out: []string{"langford", "(count --units)"}},
		{name: "queens text", args: []string{"queens", "solve", "8", "--format", "text"}, code: exitOK, out: []string{"1 5 8 6 3 7 2 4"}},
		{name: "queens csv listing", args: []string{"queens", "solve", "8", "--all", "--limit", "2", "--format", "csv"}, code: exitOK,
			out: []string{"model,size,algorithm,n,solution\nqueens,8,backtrack,8,\"[1,5,8,6,3,7,2,4]\""}},
		{name: "sudoku none", args: []string{"sudoku", "solve", "testdata/sudoku/puzzles.txt", "--format", "none"}, code: exitUsage,
			err: []string{"1 invalid puzzle(s)"}},
		{name: "latin svg", args: []string{"latin", "solve", "3", "--format", "svg"}, code: exitOK, out: []string{"<svg"}},
		{name: "numbers in one form", args: []string{"queens", "count", "8", "--format", "csv"}, code: exitOK, noOut: []string{"e-0"}},
		{name: "timeout without a unit", args: []string{"queens", "solve", "8", "--timeout", "5"}, code: exitUsage,
			err: []string{"--timeout 5: add a unit: 5s"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tc.args...)
			require.Equal(t, tc.code, code, "%v\nstdout: %s\nstderr: %s", tc.args, out, errOut)
			if code == exitUsage {
				require.Empty(t, out, "a refusal writes nothing on stdout")
			}
			for _, s := range tc.out {
				require.Contains(t, out, s, "%v", tc.args)
			}
			for _, s := range tc.noOut {
				require.NotContains(t, out, s, "%v", tc.args)
			}
			for _, s := range tc.err {
				require.Contains(t, errOut, s, "%v", tc.args)
			}
		})
	}
}

// jsonLines decodes every line of s as a JSON object.
func jsonLines(t *testing.T, s string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &m), l)
		out = append(out, m)
	}
	return out
}

// TestProgressAlways: with --progress always, every long run writes a
// progress line on stderr (latin and knight counts, which once showed
// nothing), and a run that another algorithm answers at once says so
// after its first second and goes on (bench's TestReach: the estimate of
// a run out of reach); --progress never writes nothing of the kind.
func TestProgressAlways(t *testing.T) {
	if testing.Short() {
		t.Skip("runs of a few seconds: the full suite has them")
	}
	for _, tc := range []struct {
		name string
		args []string
		err  []string
	}{
		{"latin count", []string{"latin", "count", "7", "--progress", "always", "--timeout", "1500ms"},
			[]string{"coverkit: progress: latin 7 (auto): ", " nodes/s, 1s\n", "coverkit: progress: latin 7 (auto): end: "}},
		{"knight count", []string{"knight", "count", "6", "--progress", "always", "--timeout", "1500ms"},
			[]string{"coverkit: progress: knight 6x6 (search): ", " done, "}},
		{"queens solve", []string{"queens", "solve", "100", "--algo", "dlx", "--progress", "always", "--timeout", "3s"},
			[]string{"coverkit: warning: queens 100 (dlx): still running after 1s: --algo construct answered in "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, errOut, code := runCLI(t, "", tc.args...)
			require.Equal(t, exitPartial, code, errOut)
			for _, s := range tc.err {
				require.Contains(t, errOut, s)
			}
		})
	}
	_, errOut, code := runCLI(t, "", "latin", "count", "7", "--progress", "never", "--timeout", "200ms")
	require.Equal(t, exitPartial, code)
	require.NotContains(t, errOut, "progress")
	_, errOut, code = runCLI(t, "", "latin", "count", "7", "--progress", "sometimes")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errOut, `unknown --progress "sometimes" (choose auto, always, never)`)
}
