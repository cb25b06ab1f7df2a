package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

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

// knightRecord reads a count's JSON record.
func knightRecord(t *testing.T, out string) map[string]any {
	t.Helper()
	var rec map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &rec), out)
	return rec
}

// TestKnightCheckpoint: a frontier count stopped part way (here by its
// node budget) leaves the checkpoint of its last column saved, and the
// same count run again resumes from it to the exact count (A175855: 5x10
// closed, 13,311,268) and removes it; a checkpoint of another count or a
// damaged one is refused with exit 2, as are --checkpoint by an algorithm
// that does not save one (naming the one that does), --checkpoint-every
// alone, and a checkpoint that is the --out file.
func TestKnightCheckpoint(t *testing.T) {
	dir := t.TempDir()
	ck := filepath.Join(dir, "5x10.ck")
	count := []string{"knight", "count", "5x10", "--closed", "--checkpoint", ck, "--format", "json"}
	out, errOut, code := runCLI(t, "", append(count, "--workers", "1", "--max-nodes", "100000", "--checkpoint-every", "1ms")...)
	require.Equal(t, exitPartial, code, errOut)
	rec := knightRecord(t, out)
	require.Equal(t, "limit", rec["status"])
	require.Equal(t, "frontier", rec["algorithm"], "the default count of 50 squares")
	require.Positive(t, num(rec["checkpoints_saved"]), "saved after each column (--checkpoint-every 1ms)")
	saved, err := os.ReadFile(ck)
	require.NoError(t, err, "the checkpoint is kept after a stop")

	out, errOut, code = runCLI(t, "", count...)
	require.Equal(t, exitOK, code, errOut)
	rec = knightRecord(t, out)
	require.EqualValues(t, 13311268, rec["solutions"])
	require.Positive(t, num(rec["resumed_columns"]), "resumed from the checkpoint")
	_, err = os.Stat(ck)
	require.ErrorIs(t, err, os.ErrNotExist, "a finished count removes its checkpoint")

	for _, tc := range []struct {
		name   string
		file   []byte // the checkpoint's content, if any
		args   []string
		stderr string
	}{
		{"another count", saved, []string{"knight", "count", "5x12", "--closed", "--checkpoint", ck}, "of another count"},
		{"damaged", append(append([]byte(nil), saved[:len(saved)/2]...), 0), count, "bad checkpoint"},
		{"search", nil, []string{"knight", "count", "6", "--algo", "search", "--checkpoint", ck}, "--checkpoint needs --algo frontier (knight algorithm search does not save checkpoints)"},
		{"every alone", nil, []string{"knight", "count", "5x10", "--closed", "--checkpoint-every", "1s"}, "--checkpoint-every needs --checkpoint"},
		{"every zero", nil, append(count, "--checkpoint-every", "0s"), "--checkpoint-every must be positive"},
		{"the out file", nil, append(count, "--out", ck), "are the same file"},
		{"no units", nil, []string{"queens", "count", "8", "--checkpoint", ck}, "--checkpoint needs --units"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(ck)
			if tc.file != nil {
				require.NoError(t, os.WriteFile(ck, tc.file, 0o600))
			}
			out, errOut, code := runCLI(t, "", tc.args...)
			require.Equal(t, exitUsage, code, errOut)
			require.Contains(t, errOut, tc.stderr)
			require.Empty(t, out)
			if tc.file != nil {
				kept, err := os.ReadFile(ck)
				require.NoError(t, err)
				require.Equal(t, tc.file, kept, "a refused checkpoint is left as it was")
			}
		})
	}
}

// TestKnightCheckpointSIGTERM: a frontier count stopped by SIGTERM (exit
// 3, the partial record) resumes from its checkpoint when the same command
// runs again, and prints the exact count (A175881: 6x7 closed, 1,067,638).
func TestKnightCheckpointSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	if runtime.GOOS == "windows" {
		t.Skip("signals are Unix")
	}
	bin, err := stopBinary()
	require.NoError(t, err)
	ck := filepath.Join(t.TempDir(), "6x7.ck")
	args := []string{"knight", "count", "6x7", "--closed", "--checkpoint", ck, "--checkpoint-every", "1ms", "--format", "json"}
	cmd := exec.Command(bin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// SIGTERM once the first checkpoint is saved.
	var werr error
	finished := false
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(2 * time.Millisecond) {
		if _, err := os.Stat(ck); err == nil {
			require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
			werr = <-done
			break
		}
		select {
		case werr = <-done:
			finished = true
		default:
		}
		if finished {
			break
		}
		require.True(t, time.Now().Before(deadline), "no checkpoint saved in 30 s")
	}
	if finished {
		t.Skip("the count finished before the first checkpoint was seen") // a machine this slow to poll proves nothing
	}
	var ee *exec.ExitError
	require.ErrorAs(t, werr, &ee, "%s\n%s", stdout.String(), stderr.String())
	require.Equal(t, exitPartial, ee.ExitCode(), stderr.String())
	rec := knightRecord(t, stdout.String())
	require.Equal(t, true, rec["partial"])
	_, err = os.Stat(ck)
	require.NoError(t, err, "the checkpoint is kept after a stop")

	out, err := exec.Command(bin, args...).Output()
	require.NoError(t, err)
	rec = knightRecord(t, string(out))
	require.EqualValues(t, 1067638, rec["solutions"])
	require.Equal(t, "exhausted", rec["status"])
	require.Positive(t, num(rec["resumed_columns"]), "resumed from the checkpoint")
	_, err = os.Stat(ck)
	require.ErrorIs(t, err, os.ErrNotExist, "a finished count removes its checkpoint")
}
