package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestKnightTour(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string // substring of stdout
	}{
		{"text backtrack", []string{"knight", "tour", "5", "--algo", "backtrack"}, " 1  6 15 10 21\n14  9 20  5 16\n"},
		{"json closed", []string{"knight", "tour", "6", "--closed", "--format", "json"}, `"rows":6,"cols":6,"closed":true,"start":[1,1],`},
		{"json from", []string{"knight", "tour", "8", "--from", "4,5", "--algo", "warnsdorff", "--format", "json", "--seed", "3"}, `"start":[4,5],"from":[4,5],"tours":1,"attempts":1,"seed":3,"path":[[4,5],`},
		{"svg", []string{"knight", "tour", "5x6", "--closed", "--format", "svg"}, "<polygon"},
		{"search", []string{"knight", "tour", "3x4", "--algo", "search"}, " 1 "},
		{"divide", []string{"knight", "tour", "10x12", "--closed", "--algo", "divide", "--from", "3,3"}, "  1 "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tc.args...)
			require.Equal(t, exitOK, code, errOut)
			require.Contains(t, out, tc.want)
			// Whatever tour prints, verify accepts.
			args := []string{"knight", "verify"}
			if strings.Contains(strings.Join(tc.args, " "), "--closed") {
				args = append(args, "--closed")
			}
			if !strings.Contains(strings.Join(tc.args, " "), "svg") {
				vout, verr, vcode := runCLI(t, out, args...)
				require.Equal(t, exitOK, vcode, verr)
				require.Contains(t, vout, "valid")
			}
		})
	}
}

func TestKnightTourJSONAndOut(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tour.json")
	out, _, code := runCLI(t, "", "knight", "tour", "7", "--format", "json", "--out", path)
	require.Equal(t, exitOK, code)
	require.Empty(t, out)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var j struct {
		Rows, Cols int
		Closed     bool
		Start      [2]int
		Algorithm  string
		Path       [][2]int
	}
	require.NoError(t, json.Unmarshal(b, &j))
	require.Equal(t, 7, j.Rows)
	require.Len(t, j.Path, 49)
	require.Equal(t, [2]int{1, 1}, j.Path[0])
	vout, _, code := runCLI(t, "", "knight", "verify", path, "--format", "json")
	require.Equal(t, exitOK, code)
	require.Contains(t, vout, `"all_valid":true`)
}

func TestKnightExitCodes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no closed tour", []string{"knight", "tour", "5", "--closed"}, exitNoSolution, "no tour exists: Schwenk's theorem"},
		{"no open tour", []string{"knight", "tour", "4"}, exitNoSolution, "no tour exists: the 4x4 board"},
		{"wrong colour", []string{"knight", "tour", "5", "--from", "1,2"}, exitNoSolution, "minority colour"},
		{"search decides", []string{"knight", "tour", "3x7", "--from", "2,4"}, exitNoSolution, "exhaustive search"},
		{"timeout", []string{"knight", "tour", "12", "--algo", "backtrack", "--from", "6,6", "--timeout", "50ms"}, exitPartial, "stopped early: timeout"},
		{"zero side", []string{"knight", "tour", "0x5"}, exitUsage, "must be positive"},
		{"missing side", []string{"knight", "tour", "5x"}, exitUsage, "missing the number of columns"},
		{"negative", []string{"knight", "tour", "--", "-3"}, exitUsage, "must be positive"},
		{"start off board", []string{"knight", "tour", "5", "--from", "6,1"}, exitUsage, "off the 5x5 board"},
		{"bad start", []string{"knight", "tour", "5", "--from", "x"}, exitUsage, "--from"},
		{"too large", []string{"knight", "tour", "100000x100000"}, exitUsage, "instance too large"},
		{"unknown algo", []string{"knight", "tour", "5", "--algo", "magic"}, exitUsage, "unknown knight algorithm"},
		{"bad format", []string{"knight", "tour", "5", "--format", "xml"}, exitUsage, "--format"},
		{"count by divide", []string{"knight", "count", "5", "--algo", "divide"}, exitUsage, "cannot count"},
		{"count bad size", []string{"knight", "count", "5x0"}, exitUsage, "must be positive"},
		{"count timeout", []string{"knight", "count", "8", "--algo", "search", "--timeout", "30ms"}, exitPartial, "stopped early"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tc.args...)
			require.Equal(t, tc.code, code, errOut)
			require.Contains(t, errOut, tc.stderr)
			if code == exitUsage || code == exitNoSolution {
				require.Empty(t, out)
			}
		})
	}
}

func TestKnightCount(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"5x5 all", []string{"knight", "count", "5", "--format", "json"}, `{"model":"knight","size":"5x5","algorithm":"search","status":"exhausted","partial":false,"solutions":1728,`},
		{"5x5 corner", []string{"knight", "count", "5", "--from", "1,1", "--format", "json"}, `"rows":5,"cols":5,"closed":false,"from":[1,1],"tours":304}`},
		{"5x6 closed", []string{"knight", "count", "5x6", "--closed", "--workers", "2"}, "5x6 closed tours (undirected) through every square: 8\nsearch: exhausted, "},
		{"3x12 closed", []string{"knight", "count", "3x12", "--closed", "--format", "json"}, `"tours":176}`},
		{"zero", []string{"knight", "count", "4"}, "4x4 open tours (directed) from every square: 0\nsearch: exhausted, "},
		{"backtrack", []string{"knight", "count", "3x4", "--algo", "backtrack"}, ": 16\nbacktrack: exhausted, "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tc.args...)
			require.Equal(t, exitOK, code, errOut)
			require.Contains(t, out, tc.want)
		})
	}
	// The search, which runs for hours: the default (the frontier) refuses
	// the open 8x8 count up front, for its memory.
	out, _, code := runCLI(t, "", "knight", "count", "8", "--algo", "search", "--timeout", "30ms", "--format", "json")
	require.Equal(t, exitPartial, code)
	require.Contains(t, out, `"status":"timeout","partial":true`)
}

func TestKnightVerify(t *testing.T) {
	good := " 1  6 15 10 21\r\n14  9 20  5 16\r\n19  2  7 22 11\r\n 8 13 24 17  4\r\n25 18  3 12 23\r\n"
	for _, tc := range []struct {
		name, in string
		args     []string
		code     int
		out      string
	}{
		{"matrix", "\ufeff" + good, nil, exitOK, "valid open knight's tour of 5x5 from 1,1"},
		{"not closed", good, []string{"--closed"}, exitNoSolution, "invalid: knight: the tour is not closed"},
		{"json", `{"rows":3,"cols":4,"path":[[1,1],[3,2],[1,3],[2,1],[3,3],[1,4],[2,2],[3,1],[1,2],[2,4],[3,2],[1,1]]}`, []string{"--format", "json"}, exitNoSolution, `"all_valid":false`},
		{"not a move", "1 2\n3 4\n", nil, exitNoSolution, "not a knight's move"},
		{"repeated move number", "1 1\n2 3\n", nil, exitNoSolution, "invalid: knight: row 1, column 2: move number 1 appears twice"},
		{"move number 0", "0 1\n2 3\n", nil, exitNoSolution, "moves are numbered from 1"},
		{"square off the board", `{"rows":2,"cols":2,"path":[[1,1],[3,3]]}`, []string{"--format", "json"}, exitNoSolution, `"all_valid":false`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, tc.in, append([]string{"knight", "verify", "-"}, tc.args...)...)
			require.Equal(t, tc.code, code, errOut)
			require.Contains(t, out, tc.out)
		})
	}
	// Empty input: nothing to verify, exit 1 as for every model.
	out, errOut, code := runCLI(t, "  \n", "knight", "verify")
	require.Equal(t, exitNoSolution, code, errOut)
	require.Equal(t, "0 solutions\n", out)
	require.Contains(t, errOut, "no solutions to verify")
	// Unreadable tours are reported on their lines, invalid (exit 1), and
	// the tours after them are still checked, as for every model.
	for _, bad := range []string{"1 2\n3\n", "{", "1 x\n2 3\n"} {
		out, errOut, code := runCLI(t, bad+"\n"+good, "knight", "verify")
		require.Equal(t, exitNoSolution, code, bad)
		require.Contains(t, out, "line 1: unreadable: knight: ")
		require.Contains(t, out, "2 solutions, 1 invalid, 1 valid, 1 distinct valid; 1 unreadable")
		require.Contains(t, errOut, "knight: ")
	}
	_, _, code = runCLI(t, "", "knight", "verify", filepath.Join(t.TempDir(), "missing"))
	require.Equal(t, exitUsage, code)
}
