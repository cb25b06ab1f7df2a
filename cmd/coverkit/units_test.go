package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coverkit/coverkit/units"
	"github.com/stretchr/testify/require"
)

// stripTimes drops the fields of unit lines that may differ between runs
// of the same unit: the timings and the resume count.
func stripTimes(t *testing.T, out string) string {
	t.Helper()
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var x units.Line
		require.NoError(t, json.Unmarshal([]byte(l), &x), "line %q", l)
		x.ElapsedSeconds, x.CPUSeconds, x.Resumes = 0, 0, 0
		m, err := x.Marshal()
		require.NoError(t, err)
		b.Write(m)
		b.WriteByte('\n')
	}
	return b.String()
}

func TestUnitsCountAndMerge(t *testing.T) {
	dir := t.TempDir()
	// Separate runs, a range in one run, and the merge of both.
	var files []string
	for i := range 5 {
		f := filepath.Join(dir, fmt.Sprintf("u%d", i))
		out, errOut, code := runCLI(t, "", "queens", "count", "11", "--units", "5", "--unit", fmt.Sprint(i), "--out", f)
		require.Equal(t, exitOK, code, errOut)
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		require.Equal(t, out, string(b))
		files = append(files, f)
	}
	out, errOut, code := runCLI(t, "", append([]string{"merge", "--format", "json"}, files...)...)
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, `"solutions":2680,"units":5,"complete":true`) // A000170(11)

	rng, _, code := runCLI(t, "", "queens", "count", "11", "--units", "5", "--unit", "0-4", "--format", "text")
	require.Equal(t, exitOK, code)
	var sep strings.Builder
	for _, f := range files {
		b, _ := os.ReadFile(f)
		sep.Write(b)
	}
	require.Equal(t, stripTimes(t, sep.String()), stripTimes(t, rng))

	// Incomplete: exit 3 with the units to resubmit.
	out, errOut, code = runCLI(t, "", "merge", files[0], files[3])
	require.Equal(t, exitPartial, code)
	require.Contains(t, out, "missing: --array=1-2,4")
	require.Contains(t, errOut, "--array=1-2,4")

	// Offsets and the environment.
	t.Setenv("SLURM_ARRAY_TASK_ID", "1")
	out, errOut, code = runCLI(t, "", "queens", "count", "11", "--units", "5", "--unit", "env", "--unit-offset", "2")
	require.Equal(t, exitOK, code, errOut)
	b, _ := os.ReadFile(files[3])
	require.Equal(t, stripTimes(t, string(b)), stripTimes(t, out))
}

func TestUnitsBadInput(t *testing.T) {
	dir := t.TempDir()
	ck := filepath.Join(dir, "ck")
	require.NoError(t, os.WriteFile(ck, []byte(`{"schema":"coverkit-checkpoint/2","header":{"model":"queens","size":"12","algorithm":"bitwise","decomposition":"queens-coronal/1","instance":"00000000000000000000000000000000","units":4,"first":0,"last":0},"done":[],"unit":0,"next":0,"fingerprint":"0000000000000000","stats":{},"elapsed_seconds":0,"cpu_seconds":0,"resumes":0}`), 0o644))
	tests := []struct {
		name string
		args []string
		env  string
		want string
	}{
		{"I >= K", []string{"--units", "4", "--unit", "4"}, "", "units are 0..3"},
		{"negative", []string{"--units", "4", "--unit", "-1"}, "", `--unit must be 0 or more, got "-1"`},
		{"word", []string{"--units", "4", "--unit", "x"}, "", "not a unit index"},
		{"K zero", []string{"--units", "0", "--unit", "0"}, "", "--units must be positive"},
		{"no unit", []string{"--units", "4"}, "", "needs --unit"},
		{"unit without units", []string{"--unit", "1"}, "", "needs --units"},
		{"empty env", []string{"--units", "4", "--unit", "env"}, "empty", "is empty"},
		{"other N checkpoint", []string{"--units", "4", "--unit", "0", "--checkpoint", ck}, "", "header.size is 12, this run's is 10"},
		{"algo", []string{"--units", "4", "--unit", "0", "--algo", "backtrack"}, "", "not --algo backtrack"},
		// No checkpoint to save: the interval would be ignored.
		{"every without checkpoint", []string{"--units", "4", "--unit", "0", "--checkpoint-every", "5s"}, "", "--checkpoint-every needs --checkpoint"},
		// Unit lines are JSON whatever --format says, but an unknown value is refused.
		{"format", []string{"--units", "4", "--unit", "0", "--format", "yaml"}, "", `unknown --format "yaml"`},
		{"progress", []string{"--units", "4", "--unit", "0", "--progress", "often"}, "", `unknown --progress "often"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.env != "" {
				t.Setenv("SLURM_ARRAY_TASK_ID", "")
			}
			out, errOut, code := runCLI(t, "", append([]string{"queens", "count", "10"}, tc.args...)...)
			require.Equal(t, exitUsage, code, errOut)
			require.Empty(t, out)
			require.Contains(t, errOut, tc.want)
		})
	}
}

// TestUnitsDiskFull: a full disk is exit 3 (retry elsewhere), not 2.
func TestUnitsDiskFull(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	_, errOut, code := runCLI(t, "", "queens", "count", "10", "--units", "2", "--unit", "0", "--out", "/dev/full")
	require.Equal(t, exitPartial, code, errOut)
	require.Contains(t, errOut, "no space left")
}

// TestUnitsSurviveSIGKILL kills a split count at random moments a few
// hundred times and checks that the run resumed from its checkpoint always
// prints the same lines as an uninterrupted run.
func TestUnitsSurviveSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command a few hundred times")
	}
	dir := t.TempDir()
	bin, err := exec.LookPath("coverkit")
	require.NoError(t, err, "TestMain puts coverkit in $PATH")
	args := []string{"queens", "count", "12", "--units", "3", "--unit", "0-2"}
	ref, err := exec.Command(bin, args...).Output()
	require.NoError(t, err)
	want := stripTimes(t, string(ref))
	rng := rand.New(rand.NewPCG(14, 14))
	kills, rounds := 0, 0
	deadline := time.Now().Add(8 * time.Second)
	for kills < 300 && time.Now().Before(deadline) {
		rounds++
		ck := filepath.Join(dir, fmt.Sprintf("ck%d", rounds))
		cargs := append(append([]string{}, args...), "--checkpoint", ck, "--checkpoint-every", "2ms")
		for range 10 {
			cmd := exec.Command(bin, cargs...)
			require.NoError(t, cmd.Start())
			time.Sleep(time.Duration(rng.IntN(25_000)) * time.Microsecond)
			_ = cmd.Process.Signal(syscall.SIGKILL)
			_ = cmd.Wait()
			kills++
		}
		out, err := exec.Command(bin, cargs...).Output()
		require.NoError(t, err, "round %d", rounds)
		require.Equal(t, want, stripTimes(t, string(out)), "round %d", rounds)
	}
	t.Logf("%d kills in %d rounds", kills, rounds)
	left, _ := filepath.Glob(filepath.Join(dir, ".ck*"))
	require.Empty(t, left, "temporary checkpoint files left behind")
	require.GreaterOrEqual(t, kills, 10) // a few hundred on a quiet machine; fewer when it is busy
}

// TestUnitsOtherModels splits the exact counters of the other models and
// merges them to their known counts.
func TestUnitsOtherModels(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		// Knuth, TAOCP 7.2.2.1: 9356 tilings of 6×10 by the pentominoes
		// (2339 up to symmetry); 3×20 has 2 up to symmetry, 8 in all.
		{"polyomino 3x20", []string{"polyomino", "count", "--board", "3x20"}, "8"},
		// A002860: 161280 Latin squares of order 5; A000315: 9408 reduced of order 6.
		{"latin 5", []string{"latin", "count", "5"}, "161280"},
		{"latin 6 reduced", []string{"latin", "count", "6", "--reduced"}, "9408"},
		// A165134: 1728 open tours of 5×5 (directed, every start); 304 from
		// a corner; A001230: 9862 closed tours of 6×6.
		{"knight 5x5", []string{"knight", "count", "5"}, "1728"},
		{"knight 5x5 corner", []string{"knight", "count", "5", "--from", "1,1"}, "304"},
		{"knight 6x6 closed", []string{"knight", "count", "6", "--closed"}, "9862"},
		// dlx files: compared with the unsplit count.
		{"dlx langford 7", []string{"dlx", "../../testdata/dlx/langford-7.dlx", "--count"}, ""},
		{"dlx pentomino 3x20", []string{"dlx", "../../testdata/dlx/pentomino-3x20.dlx", "--count"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := tc.want
			if want == "" { // the unsplit count
				out, errOut, code := runCLI(t, "", append(tc.args, "--format", "json")...)
				require.Equal(t, exitOK, code, errOut)
				var r struct {
					Solutions json.Number `json:"solutions"`
				}
				require.NoError(t, json.Unmarshal([]byte(out), &r))
				want = r.Solutions.String()
			}
			for _, k := range []string{"1", "7", "64"} {
				out, errOut, code := runCLI(t, "", append(tc.args, "--units", k, "--unit", "0-"+fmt.Sprint(mustAtoi(k)-1))...)
				require.Equal(t, exitOK, code, errOut)
				merged, errOut, code := runCLI(t, out, "merge", "--format", "json")
				require.Equal(t, exitOK, code, errOut)
				require.Contains(t, merged, `"solutions":`+want+`,`, "K=%s", k)
			}
		})
	}
}

func mustAtoi(s string) int {
	var n int
	fmt.Sscan(s, &n)
	return n
}
