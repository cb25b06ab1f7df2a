//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coverkit/coverkit/models"
	"github.com/stretchr/testify/require"
)

// Hostile input, third pass (issue 32): every verb that reads input,
// found from the registry (so that a new verb, parameter or model is
// covered without a new test), is given an input that never comes (an
// idle pipe on stdin, a FIFO without a writer) and an endless one
// (/dev/zero), and must end within inputStopLimit of its --timeout or of
// SIGINT, with exit 3 (stopped) or 2 (the input refused), never killed by
// the signal's default action, never crashed.

// inputStopLimit is how long after the stop a command may take to exit
// (the target is 100 ms; CI machines are shared).
const inputStopLimit = time.Second

// inputCase is one verb that reads input: its arguments, with "INPUT"
// where the input goes.
type inputCase struct {
	name string
	args []string
	// timeout: the verb has --timeout.
	timeout bool
}

// inputCases lists, from the registry, every verb that reads an input: the
// verify verb of every model (its solutions), the verbs of a model whose
// instance is a file (dlx) or a batch of records (sudoku), every
// parameter whose samples are files (--given-file, --regions, --from,
// --batch, --puzzles) on every verb it applies to, and merge.
func inputCases(t *testing.T) []inputCase {
	t.Helper()
	repo := func(a string) string { // a sample's file, from the repository's root
		if _, err := os.Stat(filepath.Join("../..", a)); err == nil && strings.Contains(a, "/") {
			return filepath.Join("../..", a)
		}
		return a
	}
	var cases []inputCase
	for _, m := range models.Models() {
		var sample []string
		if len(m.Instance.Samples) > 0 {
			for _, a := range strings.Fields(m.Instance.Samples[0]) {
				sample = append(sample, repo(a))
			}
		}
		verbs := []string{"solve", "count", "compare", "cover", "verify"}
		for _, tk := range m.Tasks {
			verbs = append(verbs, tk.Verb)
		}
		for _, verb := range verbs {
			help, _, code := runCLI(t, "", m.Name, verb, "--help")
			if code != exitOK || !strings.Contains(help, "coverkit "+m.Name+" "+verb) {
				continue // no such verb (dlx's help for a FILE named "cover")
			}
			to := strings.Contains(help, "--timeout")
			switch {
			case verb == "verify" && m.Verify != nil:
				n := m.VerifyArgs
				if m.VerifyInput != nil {
					n = m.VerifyInput(sample)
				}
				args := append(append([]string{m.Name, verb}, sample[:min(n, len(sample))]...), "INPUT")
				cases = append(cases, inputCase{m.Name + "/verify", args, to})
			case verb != "verify" && verb != "cover" && m.Batch != nil && (verb == "solve" || verb == "compare"):
				cases = append(cases, inputCase{m.Name + "/" + verb, []string{m.Name, verb, "INPUT"}, to})
			case verb != "verify" && strings.Contains(m.Instance.Usage, "FILE"):
				cases = append(cases, inputCase{m.Name + "/" + verb, []string{m.Name, verb, "INPUT"}, to})
			}
			for _, p := range m.Params {
				if len(p.Samples) == 0 || repo(p.Samples[0]) == p.Samples[0] || !p.For(verb) && !slices.Contains(p.Verbs, verb) {
					continue // not a file, or not this verb's
				}
				args := []string{m.Name, verb}
				switch {
				case verb == "verify":
					n := m.VerifyArgs
					if m.VerifyInput != nil {
						n = m.VerifyInput(sample)
					}
					args = append(args, sample[:min(n, len(sample))]...)
				case isTask(m, verb) || m.Batch != nil && (verb == "solve" || verb == "compare"):
					// no instance: the input is the parameter's (and stdin)
				default:
					args = append(args, sample...)
				}
				args = append(append(args, paramNeeds[p.Name]...), "--"+p.Name, "INPUT")
				cases = append(cases, inputCase{m.Name + "/" + verb + "/--" + p.Name, args, to})
			}
		}
	}
	return append(cases, inputCase{"merge", []string{"merge", "INPUT"}, true})
}

// paramNeeds names the flags a file parameter is refused without (before
// its file is read).
var paramNeeds = map[string][]string{"regions": {"--variant", "jigsaw"}}

// isTask reports whether verb is one of m's task verbs.
func isTask(m *models.Model, verb string) bool {
	return slices.ContainsFunc(m.Tasks, func(t models.Task) bool { return t.Verb == verb })
}

// TestIdleInput gives every verb that reads input a pipe on stdin whose
// writer stays open and writes nothing, "-" as the input, and stops it
// with --timeout (where the verb has it) and with SIGINT: it must exit
// within inputStopLimit, 3 or 2. One more case opens a FIFO by name that
// no writer ever opens (opening it waits).
func TestIdleInput(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the command some 70 times")
	}
	bin, err := exec.LookPath("coverkit")
	require.NoError(t, err, "TestMain puts coverkit in $PATH")
	cases := inputCases(t)
	require.Greater(t, len(cases), 15, "the registry lists the verbs that read input")
	fifo := filepath.Join(t.TempDir(), "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	cases = append(cases, inputCase{"dlx/count/fifo-without-writer", []string{"dlx", "count", fifo}, true})
	var runs []func() string
	for _, tc := range cases {
		for _, how := range []string{"timeout", "SIGINT"} {
			if how == "timeout" && !tc.timeout {
				continue
			}
			runs = append(runs, func() string {
				r, w, err := os.Pipe()
				if err != nil {
					return err.Error()
				}
				defer w.Close() // the writer stays open: reads wait
				defer r.Close()
				return runStopped(bin, tc, "-", r, how)
			})
		}
	}
	runAll(t, runs)
}

// TestEndlessInput gives every verb that reads input /dev/zero, which
// never ends and has no line end: the command refuses it (exit 2: a line
// too long) or reads until --timeout or SIGINT stops it (exit 3), within
// inputStopLimit.
func TestEndlessInput(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the command some 30 times")
	}
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	bin, err := exec.LookPath("coverkit")
	require.NoError(t, err, "TestMain puts coverkit in $PATH")
	var runs []func() string
	for _, tc := range inputCases(t) {
		how := "SIGINT"
		if tc.timeout {
			how = "timeout"
		}
		runs = append(runs, func() string { return runStopped(bin, tc, "/dev/zero", nil, how) })
	}
	runAll(t, runs)
}

// runAll runs the cases 4 at a time (each waits on its stop more than it
// uses a CPU) and fails the test with every case's failure; with -v it logs
// each case.
func runAll(t *testing.T, runs []func() string) {
	t.Helper()
	out := make([]string, len(runs))
	sem := make(chan struct{}, 4)
	done := make(chan struct{})
	for i, run := range runs {
		go func() {
			sem <- struct{}{}
			out[i] = run()
			<-sem
			done <- struct{}{}
		}()
	}
	for range runs {
		<-done
	}
	for _, o := range out {
		if strings.HasPrefix(o, "FAIL ") {
			t.Error(strings.TrimPrefix(o, "FAIL "))
		} else {
			t.Log(o)
		}
	}
}

// runStopped runs tc with input as its INPUT and stdin, stopped after
// 200 ms (how: --timeout or SIGINT), and says how and when it ended:
// "FAIL ..." when it ended wrongly or late. A command killed by a SIGINT
// that came before it could catch it (the Go runtime's default action: a
// loaded machine can take that long to start it) is tried again with the
// signal a second later: one that never catches it is killed both times.
func runStopped(bin string, tc inputCase, input string, stdin *os.File, how string) string {
	out := runStoppedAfter(bin, tc, input, stdin, how, 200*time.Millisecond)
	if how == "SIGINT" && strings.Contains(out, "killed by interrupt") {
		out = runStoppedAfter(bin, tc, input, stdin, how, 1200*time.Millisecond)
	}
	return out
}

// runStoppedAfter is runStopped with the stop after the given time.
func runStoppedAfter(bin string, tc inputCase, input string, stdin *os.File, how string, after time.Duration) string {
	args := make([]string, len(tc.args))
	for i, a := range tc.args {
		args[i] = strings.ReplaceAll(a, "INPUT", input)
	}
	if how == "timeout" {
		args = append(args, "--timeout", after.String())
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdin = stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return "FAIL " + err.Error()
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	crashed := func() bool {
		return strings.Contains(stderr.String(), "fatal error") || strings.Contains(stderr.String(), "panic:")
	}
	stop := start.Add(after)
	var err error
	select {
	case err = <-done: // refused (or finished) before the stop
		if code := exitOf(err); crashed() || code != "exit 2" && code != "exit 3" {
			return fmt.Sprintf("FAIL %v ended first with %s: %s", args, code, stderr.String())
		}
		return fmt.Sprintf("%v: %s before the %s: %s", args, exitOf(err), how, firstLine(stderr.String()))
	case <-time.After(time.Until(stop)):
	}
	if how == "SIGINT" {
		stop = time.Now()
		cmd.Process.Signal(os.Interrupt)
	}
	select {
	case err = <-done:
	case <-time.After(time.Until(stop.Add(10 * time.Second))):
		cmd.Process.Kill()
		<-done
		return fmt.Sprintf("FAIL %v: still running 10 s after the %s (%s)", args, how, stderr.String())
	}
	lat := time.Since(stop)
	code := exitOf(err)
	ok := code == "exit 2" || code == "exit 3"
	switch {
	case !ok || crashed():
		return fmt.Sprintf("FAIL %v: %s after the %s: %s", args, code, how, stderr.String())
	case lat > inputStopLimit:
		return fmt.Sprintf("FAIL %v: exited %v after the %s (limit %v)", args, lat.Round(time.Millisecond), how, inputStopLimit)
	}
	return fmt.Sprintf("%v: %s %v after the %s: %s", args, code, lat.Round(time.Millisecond), how, firstLine(stderr.String()))
}

// TestRecordsSayWhatHappened: a sample stopped before it drew anything
// reports 0 draws and no population, and leaves --out as it was (issue
// 32: it wrote "solutions":360, the count of the subtrees finished, over
// the file); a count of tree nodes past 2^64 − 1 is marked as a bound
// (tree_nodes_at_least), never written as if exact.
func TestRecordsSayWhatHappened(t *testing.T) {
	out := filepath.Join(t.TempDir(), "o")
	require.NoError(t, os.WriteFile(out, []byte("KEEP\n"), 0o644))
	stdout, errOut, code := runCLI(t, "", "dlx", "solve", "../../testdata/dlx/ltromino-9x12.dlx", "--sample", "2", "--max-nodes", "500",
		"--format", "json", "--out", out, "--stats")
	require.Equal(t, exitPartial, code, errOut)
	require.Empty(t, stdout)
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Equal(t, "KEEP\n", string(b), "nothing drawn: --out left as it was")
	require.Contains(t, errOut, `"status":"limit","partial":true,"solutions":0`)
	require.NotContains(t, errOut, "sampled_from")

	// 14×14 dominoes: 112202208776036178000000 tilings, a plain tree far
	// past 2^64 nodes, counted by the memo in a fraction of a second.
	stdout, errOut, code = runCLI(t, "", "polyomino", "count", "--board", "14x14", "--pieces", "domino", "--algo", "memo", "--format", "json")
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, stdout, `"solutions":112202208776036178000000`)
	require.Contains(t, stdout, `"tree_nodes_at_least":18446744073709551615`)
	require.NotContains(t, stdout, `"tree_nodes":`)
}

// TestEndlessBatch: `yes PUZZLE | coverkit sudoku solve - --timeout`
// (issue 32: it answered "timeout" forever and ignored signals) ends at
// its timeout, having answered what it read, and says the rest of the
// input was not read.
func TestEndlessBatch(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command for half a second")
	}
	bin, err := exec.LookPath("coverkit")
	require.NoError(t, err, "TestMain puts coverkit in $PATH")
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	go func() { // yes PUZZLE
		line := []byte(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...\n")
		buf := bytes.Repeat(line, 100)
		for {
			if _, err := w.Write(buf); err != nil {
				w.Close()
				return
			}
		}
	}()
	cmd := exec.Command(bin, "sudoku", "solve", "-", "--timeout", "500ms")
	cmd.Stdin = r
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err = cmd.Run()
	took := time.Since(start)
	r.Close() // the writer's next write fails: it stops
	require.Equal(t, "exit 3", exitOf(err), stderr.String())
	require.Less(t, took, 500*time.Millisecond+inputStopLimit+time.Second, "started and stopped")
	require.Contains(t, stderr.String(), "stopped early: timeout after ")
	require.Contains(t, stderr.String(), "the rest of the input was not read")
	require.NotZero(t, bytes.Count(stdout.Bytes(), []byte("\n")), "the puzzles read were answered")
}

// TestEmptyUnitsCLI: a million units of which all but a few are empty
// stop at --timeout (issue 32: exit 0 after 62 s), their lines written as
// each unit finished.
func TestEmptyUnitsCLI(t *testing.T) {
	start := time.Now()
	out, errOut, code := runCLI(t, "", "queens", "count", "8", "--units", "1000000", "--unit", "0-999999", "--timeout", "300ms")
	took := time.Since(start)
	require.Equal(t, exitPartial, code, errOut)
	require.Contains(t, errOut, "units: stopped (timeout) at unit ")
	require.Less(t, took, 300*time.Millisecond+inputStopLimit)
	require.Greater(t, strings.Count(out, "\n"), 10, "the lines of the units done were written")
}

// TestVerifyStoppedBeforeARecord: a verify stopped while it waits for its
// first record prints its report so far on stdout, "0 solutions (partial:
// canceled)", marked, exit 3, as every verb prints its partial result,
// and leaves --out as it was (the one --out rule; it printed nothing at
// all before).
func TestVerifyStoppedBeforeARecord(t *testing.T) {
	if testing.Short() {
		t.Skip("a process stopped by a signal")
	}
	bin, err := exec.LookPath("coverkit")
	require.NoError(t, err, "TestMain puts coverkit in $PATH")
	out := filepath.Join(t.TempDir(), "o")
	require.NoError(t, os.WriteFile(out, []byte("KEEP\n"), 0o644))
	for _, args := range [][]string{{"queens", "verify", "-"}, {"queens", "verify", "-", "--out", out}} {
		var stdout, stderr bytes.Buffer
		var code string
		// A loaded machine may start the command after the signal: a
		// second try signals it later.
		for _, after := range []time.Duration{300 * time.Millisecond, 1500 * time.Millisecond} {
			r, w, err := os.Pipe()
			require.NoError(t, err)
			cmd := exec.Command(bin, args...)
			cmd.Stdin = r
			stdout.Reset()
			stderr.Reset()
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			require.NoError(t, cmd.Start())
			time.Sleep(after)
			require.NoError(t, cmd.Process.Signal(os.Interrupt))
			code = exitOf(cmd.Wait())
			w.Close()
			r.Close()
			if code != "killed by interrupt" {
				break
			}
		}
		require.Equal(t, "exit 3", code, "%v: %s", args, stderr.String())
		if len(args) == 3 {
			require.Equal(t, "0 solutions (partial: canceled)\n", stdout.String())
		} else {
			require.Empty(t, stdout.String())
			require.Contains(t, stderr.String(), "left as it was")
		}
	}
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Equal(t, "KEEP\n", string(b))
}
