package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/dlx"

	"github.com/stretchr/testify/require"
)

const dlxKnuth7 = "../../testdata/dlx/knuth7.dlx"

func TestDLXList(t *testing.T) {
	out, errOut, code := runCLI(t, "", "dlx", dlxKnuth7)
	require.Equal(t, exitOK, code, errOut)
	require.Equal(t, "c e\na d f\nb g\n", out)

	out, _, code = runCLI(t, "", "dlx", "../../testdata/dlx/knuth-xcc.dlx", "--format", "json")
	require.Equal(t, exitOK, code)
	require.Equal(t, `{"model":"dlx","size":"knuth-xcc.dlx","algorithm":"dlx","options":[2,4]}`+"\n", out)

	// Colors are printed as in the input.
	out, _, code = runCLI(t, "", "dlx", "../../testdata/dlx/knuth-xcc.dlx")
	require.Equal(t, exitOK, code)
	require.Equal(t, "p r x:A y\nq x:A\n", out)

	// Options exactly as written (tabs, runs of spaces), from stdin with a
	// BOM and CRLF; trailing blanks and the line end dropped.
	out, _, code = runCLI(t, "\uFEFFa b | x\r\na\tx:r  \r\nb   x:r\r\n", "dlx")
	require.Equal(t, exitOK, code)
	require.Equal(t, "a\tx:r\nb   x:r\n", out)
}

func TestDLXCount(t *testing.T) {
	for _, w := range []string{"1", "2"} {
		out, errOut, code := runCLI(t, "", "dlx", "../../testdata/dlx/langford-8.dlx", "--count", "--format", "json", "--workers", w, "--stats")
		require.Equal(t, exitOK, code)
		var j map[string]any
		require.NoError(t, json.Unmarshal([]byte(out), &j))
		require.Equal(t, "dlx", j["model"])
		require.Equal(t, "exhausted", j["status"])
		require.EqualValues(t, 300, j["solutions"])
		for _, k := range []string{"nodes", "updates", "elapsed_seconds"} {
			require.Contains(t, j, k)
		}
		require.Contains(t, errOut, `"updates":`, "--stats writes the record on stderr")
	}
	out, _, code := runCLI(t, "", "dlx", "-", "--count")
	require.Equal(t, exitUsage, code, "empty stdin has no item line")
	require.Empty(t, out)

	// A count of zero is an answer; a listing with none is "no solution".
	out, _, code = runCLI(t, "a b\na\n", "dlx", "--count")
	require.Equal(t, exitOK, code)
	require.True(t, strings.HasPrefix(out, "0 solutions for stdin\nauto: exhausted, "), out)
	out, errOut, code := runCLI(t, "a b\na\n", "dlx")
	require.Equal(t, exitNoSolution, code)
	require.Empty(t, out)
	require.Contains(t, errOut, "no solution")
}

func TestDLXLimitsAndPartial(t *testing.T) {
	out, _, code := runCLI(t, "", "dlx", "../../testdata/dlx/langford-8.dlx", "--limit", "2", "--format", "json")
	require.Equal(t, exitOK, code)
	require.Len(t, strings.Split(strings.TrimSpace(out), "\n"), 2)

	out, errOut, code := runCLI(t, "", "dlx", "../../testdata/dlx/langford-8.dlx", "--max-nodes", "100")
	require.Equal(t, exitPartial, code)
	require.NotEmpty(t, out, "the solutions found are printed")
	require.Contains(t, errOut, "stopped early: limit (partial result)")

	out, _, code = runCLI(t, "", "dlx", "../../testdata/dlx/langford-8.dlx", "--max-nodes", "100", "--format", "json", "--count")
	require.Equal(t, exitPartial, code)
	require.Contains(t, out, `"status":"limit","partial":true`)

	_, _, code = runCLI(t, "", "dlx", "../../testdata/dlx/queens-8.dlx", "--timeout", "1ns", "--count", "--workers", "1")
	require.Contains(t, []int{exitOK, exitPartial}, code)
}

func TestDLXBadInput(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"no item line", "| only a comment\n\n", "line 2: no item line"},
		{"duplicate item", "a b a\n", "line 1: duplicate item \"a\""},
		{"unknown item", "a b\na\nb z\n", "line 3: unknown item \"z\""},
		{"item twice", "a b\na a\n", "line 2: item \"a\" twice in one option"},
		{"color on primary", "a | x\na:red\n", "line 2: color on primary item \"a\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, tc.in, "dlx")
			require.Equal(t, exitUsage, code)
			require.Empty(t, out)
			require.Contains(t, errOut, "dlx: "+tc.want)
		})
	}
	_, _, code := runCLI(t, "", "dlx", "--limit", "0", dlxKnuth7)
	require.Equal(t, exitUsage, code)
	_, _, code = runCLI(t, "", "dlx", "--format", "xml", dlxKnuth7)
	require.Equal(t, exitUsage, code)
	_, _, code = runCLI(t, "", "dlx", "no/such/file.dlx")
	require.Equal(t, exitUsage, code)

	// An option without a primary item is a warning, not an error.
	out, errOut, code := runCLI(t, "a | x\na\nx\n", "dlx")
	require.Equal(t, exitOK, code)
	require.Equal(t, "a\n", out)
	require.Contains(t, errOut, "line 3: option has no primary item")
}

func TestDLXVerify(t *testing.T) {
	dir := t.TempDir()
	sols := filepath.Join(dir, "sols.json")
	out, _, code := runCLI(t, "", "dlx", "../../testdata/dlx/queens-8.dlx", "--format", "json", "--out", sols)
	require.Equal(t, exitOK, code)
	require.Empty(t, out)
	b, err := os.ReadFile(sols)
	require.NoError(t, err)
	require.Len(t, strings.Split(strings.TrimSpace(string(b)), "\n"), 92)

	out, errOut, code := runCLI(t, "", "dlx", "verify", "../../testdata/dlx/queens-8.dlx", sols)
	require.Equal(t, exitOK, code, errOut)
	require.Equal(t, "92 solutions, all valid, 92 distinct\n", out)

	// The text form verifies too.
	text, _, code := runCLI(t, "", "dlx", "solve", "../../testdata/dlx/queens-8.dlx")
	require.Equal(t, exitOK, code)
	out, errOut, code = runCLI(t, text, "dlx", "verify", "../../testdata/dlx/queens-8.dlx")
	require.Equal(t, exitOK, code, errOut)
	require.Equal(t, "92 solutions, all valid, 92 distinct\n", out)

	out, errOut, code = runCLI(t, `{"options":[1,4,5]}`+"\n"+`{"options":[1,2]}`+"\n"+`{"options":[5,4,1]}`+"\n", "dlx", "verify", dlxKnuth7, "--format", "json")
	require.Equal(t, exitNoSolution, code)
	require.JSONEq(t, `{"model":"dlx","solutions":3,"valid":2,"invalid":1,"unreadable":0,"distinct":1,"skipped":0,"all_valid":false,`+
		`"first_bad":{"line":2,"error":"dlx: primary item \"b\" not covered"},"bad":[{"line":2,"error":"dlx: primary item \"b\" not covered"}],"checked":3,"duplicates":1}`, out)
	require.Contains(t, errOut, "line 2:")

	// Unreadable lines (not JSON, a number too big for an index, a line
	// over the limit) are bad solutions, reported with their line numbers,
	// and the lines after them are checked (issue 22).
	long := `{"options":[` + strings.Repeat("1,", dlx.MaxLineLength/2) + "1]}"
	out, errOut, code = runCLI(t, "not json\n"+`{"options":[99999999999999999999999]}`+"\n"+long+"\n"+`{"options":[1,4,5]}`+"\n",
		"dlx", "verify", dlxKnuth7, "--format", "json")
	require.Equal(t, exitNoSolution, code, errOut)
	require.Contains(t, out, `"solutions":4,"valid":1,"invalid":3,"unreadable":3`)
	require.Contains(t, out, `"first_bad":{"line":1,`)
	require.Contains(t, errOut, "line 1:")
}

func TestQueensCover(t *testing.T) {
	out, _, code := runCLI(t, "", "queens", "cover", "8")
	require.Equal(t, exitOK, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2+64)
	require.True(t, strings.HasPrefix(lines[1], "r4 c4 r5 c5"))

	out, _, code = runCLI(t, out, "dlx", "--count")
	require.Equal(t, exitOK, code)
	require.True(t, strings.HasPrefix(out, "92 solutions for stdin\nauto: exhausted, "), out)

	_, _, code = runCLI(t, "", "queens", "cover", "0")
	require.Equal(t, exitUsage, code)
}

func TestPolyomino(t *testing.T) {
	out, errOut, code := runCLI(t, "", "polyomino", "count", "--board", "3x20", "--format", "json")
	require.Equal(t, exitOK, code, errOut)
	var j map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &j))
	require.EqualValues(t, 8, j["solutions"])
	require.EqualValues(t, 2, j["fundamental"])
	require.EqualValues(t, 4, j["symmetries"])

	out, _, code = runCLI(t, "", "polyomino", "count", "--board", "3x20", "--method", "full", "--workers", "2")
	require.Equal(t, exitOK, code)
	require.True(t, strings.HasPrefix(out, "8 solutions for 3x20\n8 tilings of 3x20 by the pentominoes\nauto: exhausted, "), out)

	out, _, code = runCLI(t, "", "polyomino", "solve", "--board", "3x20", "--unique", "--all")
	require.Equal(t, exitOK, code)
	require.Len(t, strings.Split(strings.TrimSpace(out), "\n\n"), 2)

	out, _, code = runCLI(t, "", "polyomino", "cover", "--board", "3x20")
	require.Equal(t, exitOK, code)
	out, _, code = runCLI(t, out, "dlx", "--count")
	require.Equal(t, exitOK, code)
	require.True(t, strings.HasPrefix(out, "8 solutions for stdin\nauto: exhausted, "), out)

	_, errOut, code = runCLI(t, "", "polyomino", "solve", "--board", "4x5", "--pieces", "tetrominoes")
	require.Equal(t, exitNoSolution, code)
	require.Contains(t, errOut, "no solution")
	for _, bad := range [][]string{{"--board", "0x3"}, {"--board", "6x"}, {"--pieces", "hexominoes"}} {
		_, _, code = runCLI(t, "", append([]string{"polyomino", "count"}, bad...)...)
		require.Equal(t, exitUsage, code, bad)
	}
}

// TestDLXParseStops: reading the instance obeys --timeout (issue 22): an
// expired deadline stops the parse, exit 3 with nothing on stdout.
func TestDLXParseStops(t *testing.T) {
	out, errOut, code := runCLI(t, "a b\n"+strings.Repeat("a\nb\n", 1000), "dlx", "--count", "--timeout", "1ns")
	require.Equal(t, exitPartial, code, errOut)
	require.Empty(t, out)
	require.Contains(t, errOut, "timeout while reading and building the instance")
}
