package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coverkit/coverkit/models"
	"github.com/stretchr/testify/require"
)

// TestCLIBadNumbers gives every model whose instance is a size every kind
// of bad number, through count, solve and compare: exit 2, a message, and
// nothing on stdout.
func TestCLIBadNumbers(t *testing.T) {
	bad := []string{"0", "-3", "abc", "8.5", "1e400", "1e1_0", "_5", "5_", "1__0", "0x10", "\xff\xfe", "99999999999999999999999"}
	for _, m := range models.Models() {
		if m.Instance.Usage != "N" && m.Instance.Usage != "SIZE" {
			continue
		}
		for _, verb := range []string{"solve", "count", "compare"} {
			name := m.Verb(verb)
			if name == "" || name == "." {
				continue
			}
			for _, n := range bad {
				t.Run(m.Name+"/"+name+"/"+n, func(t *testing.T) {
					out, errOut, code := runCLI(t, "", m.Name, name, n, "--timeout", "5s")
					require.Equal(t, exitUsage, code, errOut)
					require.Empty(t, out)
					require.True(t, strings.HasPrefix(errOut, "coverkit: "), errOut)
					require.True(t, strings.ToValidUTF8(errOut, "") == errOut, "the message is valid UTF-8: %q", errOut)
				})
			}
		}
	}
}

// TestCLIBadFiles gives the file-reading verbs missing, directory, empty
// and binary inputs: exit 2 (or 1 for verify of nothing), never a crash.
func TestCLIBadFiles(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	binary := filepath.Join(dir, "binary")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	require.NoError(t, os.WriteFile(binary, []byte("\x00\x01\xff\xfe\r\n\x00"), 0o644))
	for _, args := range [][]string{{"dlx"}, {"dlx", "--count"}, {"queens", "verify"}, {"knight", "verify"}, {"sudoku", "solve"}} {
		for _, in := range []string{filepath.Join(dir, "missing"), dir, empty, binary} {
			t.Run(strings.Join(args, " ")+"/"+filepath.Base(in), func(t *testing.T) {
				_, errOut, code := runCLI(t, "", append(args, in)...)
				if args[0] == "sudoku" && in == empty {
					require.Equal(t, exitOK, code, "an empty batch has every puzzle answered")
					return
				}
				require.Contains(t, []int{exitNoSolution, exitUsage}, code, errOut)
				require.True(t, strings.HasPrefix(errOut, "coverkit: "), errOut)
			})
		}
	}
}

// TestCLIOutRule checks the one rule of --out for every exit: the file is
// replaced by a result (exit 0, or exit 3 with a partial result marked
// partial), and left as it was on exit 1 and 2 and on exit 3 with nothing
// found.
func TestCLIOutRule(t *testing.T) {
	for _, tc := range []struct {
		name    string
		args    []string
		code    int
		replace bool
		want    string // in the new file
	}{
		{"solved", []string{"queens", "solve", "8"}, exitOK, true, "1 5 8 6 3 7 2 4"},
		{"no solution", []string{"queens", "solve", "3"}, exitNoSolution, false, ""},
		{"dlx no solution", []string{"dlx", "../../testdata/dlx/knuth7.dlx", "--limit", "0x"}, exitUsage, false, ""},
		{"polyomino no tiling", []string{"polyomino", "solve", "--board", "3x3"}, exitNoSolution, false, ""},
		{"bad input", []string{"queens", "solve", "-3"}, exitUsage, false, ""},
		{"partial count", []string{"queens", "count", "12", "--algo", "backtrack", "--max-nodes", "1e4", "-f", "json"}, exitPartial, true, `"partial":true`},
		{"partial count of 0", []string{"queens", "count", "8", "--max-nodes", "1"}, exitPartial, false, ""},
		{"partial count of 0 in json", []string{"queens", "count", "30", "--algo", "backtrack", "--max-nodes", "1e4", "-f", "json"}, exitPartial, false, ""},
		{"stopped with nothing", []string{"queens", "solve", "30", "--algo", "backtrack", "--max-nodes", "10"}, exitPartial, false, ""},
		{"generate stopped", []string{"sudoku", "generate", "--timeout", "1ns"}, exitPartial, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "out")
			require.NoError(t, os.WriteFile(path, []byte("earlier\n"), 0o644))
			_, errOut, code := runCLI(t, "", append(tc.args, "--out", path)...)
			require.Equal(t, tc.code, code, errOut)
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			if tc.replace {
				require.Contains(t, string(b), tc.want)
			} else {
				require.Equal(t, "earlier\n", string(b))
			}
			entries, err := os.ReadDir(filepath.Dir(path))
			require.NoError(t, err)
			require.Len(t, entries, 1, "no temporary file is left behind")
		})
	}
}

// TestCLISignalsAndPipes runs coverkit as a process: SIGINT and SIGTERM
// stop a long count with its partial result marked (exit 3, --out written
// whole), /dev/full (a full disk) is exit 3 for every verb, as for a
// split count (issue 32: the output is incomplete, rerun where there is
// room), and a closed pipe ends a listing at once.
func TestCLISignalsAndPipes(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals and /dev/full are Unix")
	}
	bin, err := exec.LookPath("coverkit")
	require.NoError(t, err, "TestMain puts coverkit in $PATH")
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "count.json")
			require.NoError(t, os.WriteFile(out, []byte("earlier\n"), 0o644))
			// A count that has found solutions by then: a partial
			// count of 0 would leave the file as it was.
			signalExit(t, 300*time.Millisecond, 10*time.Second, sig, func() *exec.Cmd {
				return exec.Command(bin, "queens", "count", "18", "--algo", "backtrack", "-f", "json", "-o", out)
			})
			b, err := os.ReadFile(out)
			require.NoError(t, err)
			require.Contains(t, string(b), `"status":"canceled","partial":true`)
		})
	}
	t.Run("dev-full", func(t *testing.T) {
		full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
		if err != nil {
			t.Skip("no /dev/full")
		}
		defer full.Close()
		lines, _, code := runCLI(t, "", "queens", "count", "10", "--units", "3", "--unit", "0-2")
		require.Equal(t, exitOK, code)
		unitLines := filepath.Join(t.TempDir(), "units.jsonl")
		require.NoError(t, os.WriteFile(unitLines, []byte(lines), 0o644))
		for _, args := range [][]string{{"queens", "solve", "8"}, {"--help"}, {"queens", "count", "8", "-f", "json"},
			{"queens", "count", "10", "--units", "3", "--unit", "0-2"}, {"queens", "verify", "../../testdata/queens/wirth8.txt"},
			{"sudoku", "solve", "../../testdata/sudoku/puzzles.txt"}, {"sudoku", "generate", "--count", "2"},
			{"queens", "compare", "8"}, {"queens", "cover", "8"}, {"algorithms"}, {"merge", unitLines}} {
			cmd := exec.Command(bin, args...)
			cmd.Stdout = full
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee, "%v", args)
			require.Equal(t, exitPartial, ee.ExitCode(), "%v: %s", args, stderr.String())
			require.Contains(t, stderr.String(), "no space left on device", "%v", args)
			// The same words on every verb, a split count's included.
			require.Contains(t, stderr.String(), "the output is incomplete (a full disk: rerun where there is room)", "%v", args)
		}
	})
	t.Run("closed-pipe", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, "bash", "-c", bin+" queens solve 14 --all | head -1")
		b, err := cmd.Output()
		require.NoError(t, ctx.Err(), "a listing into a closed pipe must stop at once")
		require.NoError(t, err)
		require.Equal(t, "1 3 5 7 12 10 13 4 14 9 2 6 8 11\n", string(b))
	})
	// A reader that stops reading (a pager left open, a stalled
	// consumer) fills the pipe and blocks the write: a signal or
	// --timeout still ends the command, exit 3, within the stop's
	// latency.
	t.Run("stalled-pipe-timeout", func(t *testing.T) {
		r, w, err := os.Pipe()
		require.NoError(t, err)
		defer r.Close()
		defer w.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, bin, "queens", "solve", "12", "--all", "--timeout", "500ms")
		cmd.Stdout = w
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		start := time.Now()
		err = cmd.Run()
		require.NoError(t, ctx.Err(), "coverkit blocked on a full stdout did not stop at --timeout")
		require.Equal(t, fmt.Sprintf("exit %d", exitPartial), exitOf(err), "stderr:\n%s", stderr.String())
		require.Contains(t, stderr.String(), "stopped early")
		require.Less(t, time.Since(start), 3*time.Second)
	})
	// `coverkit ... 2>&1 | less`: stderr is the stalled pipe too, and
	// the message of the stop must not wait for the reader either.
	t.Run("stalled-pipe-stderr", func(t *testing.T) {
		r, w, err := os.Pipe()
		require.NoError(t, err)
		defer r.Close()
		defer w.Close()
		cmd := exec.Command(bin, "queens", "solve", "12", "--all")
		cmd.Stdout, cmd.Stderr = w, w
		require.NoError(t, cmd.Start())
		time.Sleep(time.Second) // main has begun and the pipe is full
		require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
		signalled := time.Now()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err = <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Fatal("coverkit blocked on a full stdout and stderr did not stop on SIGTERM")
		}
		require.Equal(t, fmt.Sprintf("exit %d", exitPartial), exitOf(err))
		require.Less(t, time.Since(signalled), time.Second)
	})
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run("stalled-pipe-"+sig.String(), func(t *testing.T) {
			r, w, err := os.Pipe()
			require.NoError(t, err)
			defer r.Close()
			defer w.Close()
			stderr, lat := signalExit(t, 500*time.Millisecond, 5*time.Second, sig, func() *exec.Cmd {
				cmd := exec.Command(bin, "queens", "solve", "12", "--all") // 383 KB, past the pipe's 64 KiB
				cmd.Stdout = w
				return cmd
			})
			require.Contains(t, stderr, "stopped early")
			require.Less(t, lat, time.Second)
		})
	}
}

// signalExit starts the command that start makes, sends it sig after
// wait, and requires that it exits 3 within limit: it returns its stderr
// and the time from the signal to the exit. A machine too loaded to start
// the command by the signal kills it before main catches signals (see
// stopOnce): then it is tried again, with twice the wait.
func signalExit(t *testing.T, wait, limit time.Duration, sig syscall.Signal, start func() *exec.Cmd) (string, time.Duration) {
	t.Helper()
	for ; ; wait *= 2 {
		cmd := start()
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1") // mainStart reads when main began
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		began := time.Now()
		require.NoError(t, cmd.Start())
		time.Sleep(wait)
		require.NoError(t, cmd.Process.Signal(sig))
		signalled := time.Since(began)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		var err error
		select {
		case err = <-done:
		case <-time.After(limit):
			cmd.Process.Kill()
			<-done
			t.Fatalf("coverkit did not stop on %v", sig)
		}
		lat := time.Since(began) - signalled
		if at, ok := mainStart(stderr.String()); strings.HasPrefix(exitOf(err), "killed") && (!ok || at >= signalled) && wait < 5*time.Second {
			t.Logf("%v after %v: killed before main began: tried again", sig, wait)
			continue
		}
		require.Equal(t, fmt.Sprintf("exit %d", exitPartial), exitOf(err), "stderr:\n%s", withoutInitTrace(stderr.String()))
		return stderr.String(), lat
	}
}

// TestCLISudokuGenerateSmall: every size below 4 is refused alike.
func TestCLISudokuGenerateSmall(t *testing.T) {
	for _, n := range []string{"1", "2", "3"} {
		out, errOut, code := runCLI(t, "", "sudoku", "generate", "--size", n)
		require.Equal(t, exitUsage, code, errOut)
		require.Empty(t, out)
		require.Contains(t, errOut, "4 or more")
	}
}

// TestCLISmallMessages: the small cases of issue 22, each refused (exit 2,
// nothing on stdout) with the words of every other number of a command
// line: the flag or argument, what it must be, and the value quoted.
func TestCLISmallMessages(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sudoku", "generate", "--size", "0"}, `--size must be positive, got "0"`},
		{[]string{"sudoku", "generate", "--givens", "-1"}, `--givens must be 0 or more, got "-1"`},
		{[]string{"sudoku", "generate", "--seed", "18446744073709551616"}, `--seed "18446744073709551616" is not a whole number from 0 to 18446744073709551615`},
		{[]string{"queens", "solve", "8", "--algo", "minconflicts", "--seed", "18446744073709551616"}, `--seed "18446744073709551616" is not a whole number from 0 to 18446744073709551615`},
		{[]string{"latin", "solve", "4", "--seed", "-1"}, `--seed must be 0 or more, got "-1"`},
		{[]string{"pieces", "count", "queen", "8", "-1"}, `PIECE SIZE [K]: no number may be negative, got "-1"`},
		{[]string{"queens", "solve", "-1"}, `N must be positive, got "-1"`},
		{[]string{"queens", "compare", "8", "--repeat", "0"}, `--repeat must be positive, got "0"`},
		{[]string{"queens", "compare", "8", "--repeat", "-1"}, `--repeat must be positive, got "-1"`},
		{[]string{"queens", "count", "10", "--units", "4", "--unit", "-1"}, `--unit must be 0 or more, got "-1"`},
		{[]string{"polyomino", "count", "--board", "0x5"}, `board sides must be positive, got "0x5"`},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tc.args...)
			require.Equal(t, exitUsage, code, errOut)
			require.Empty(t, out)
			require.Contains(t, errOut, tc.want)
		})
	}
	// The largest seed is the same everywhere (2^64-1), and --givens 0
	// asks for a minimal puzzle, as the help says.
	for _, args := range [][]string{
		{"sudoku", "generate", "--seed", "18446744073709551615", "--box", "2x2"},
		{"sudoku", "generate", "--givens", "0", "--box", "2x2"},
		{"queens", "solve", "8", "--algo", "minconflicts", "--seed", "18446744073709551615"},
	} {
		_, errOut, code := runCLI(t, "", args...)
		require.Equal(t, exitOK, code, "%v: %s", args, errOut)
	}
}
