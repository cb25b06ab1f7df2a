package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/report"
	"github.com/coverkit/coverkit/units"
	"github.com/stretchr/testify/require"
)

// Tampered unit lines and checkpoints (issue 20): each damaged field is
// refused with exit 2, nothing on stdout, and a message naming the field.

const (
	max64  = "18446744073709551615"                    // 2^64−1
	two64  = "18446744073709551616"                    // 2^64
	max128 = "340282366920938463463374607431768211455" // 2^128−1
	two128 = "340282366920938463463374607431768211456" // 2^128
)

// tamper is one change to a JSON object: set the value at path (keys,
// "done.0.unit" for the first element of done) to the raw JSON val, or
// delete it when val is "".
type tamper struct {
	name, path, val string
	// want is what the message must contain (the field's name if "").
	want string
}

// apply returns doc (a JSON object) with t's change.
func (tc tamper) apply(t *testing.T, doc string) string {
	t.Helper()
	var v any
	d := json.NewDecoder(strings.NewReader(doc))
	d.UseNumber()
	require.NoError(t, d.Decode(&v))
	keys := strings.Split(tc.path, ".")
	cur := v
	for _, k := range keys[:len(keys)-1] {
		switch c := cur.(type) {
		case map[string]any:
			cur = c[k]
		case []any:
			var i int
			fmt.Sscan(k, &i)
			cur = c[i]
		}
	}
	obj := cur.(map[string]any)
	last := keys[len(keys)-1]
	if tc.val == "" {
		delete(obj, last)
	} else {
		obj[last] = json.RawMessage(tc.val)
	}
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

func (tc tamper) field() string {
	if tc.want != "" {
		return tc.want
	}
	return tc.path
}

// TestTamperedUnitLines damages one field of one unit line of a complete
// set and merges: every damage is refused (exit 2) naming the field.
func TestTamperedUnitLines(t *testing.T) {
	out, errOut, code := runCLI(t, "", "queens", "count", "10", "--units", "3", "--unit", "0-2")
	require.Equal(t, exitOK, code, errOut)
	ls := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, ls, 3)
	_, _, code = runCLI(t, out, "merge", "-")
	require.Equal(t, exitOK, code)
	var l0 units.Line
	require.NoError(t, json.Unmarshal([]byte(ls[0]), &l0))
	tests := []tamper{
		{"no model", "model", `""`, ""},
		{"no size", "size", `""`, ""},
		{"other model", "model", `"knight"`, "model"},
		{"stopped", "status", `"timeout"`, "status"},
		{"unknown status", "status", `"bogus"`, "status"},
		{"partial", "partial", `true`, "partial"},
		{"negative count", "solutions", `-1`, ""},
		{"count not a number", "solutions", `"x"`, ""},
		{"count 2^128", "solutions", two128, ""},
		{"count 2^128-1", "solutions", max128, "solutions"}, // the total overflows
		{"count non-finite", "solutions", `1e999`, ""},
		{"nodes negative", "nodes", `-1`, ""},
		{"nodes 2^64", "nodes", two64, ""},
		{"nodes 2^64-1", "nodes", max64, "nodes"}, // the total overflows
		{"elapsed negative", "elapsed_seconds", `-1`, ""},
		{"elapsed too long", "elapsed_seconds", `1e13`, ""},
		{"elapsed non-finite", "elapsed_seconds", `1e999`, ""},
		{"schema name", "schema.name", `"coverkit-other"`, "schema"},
		{"schema version 1", "schema.version", `1`, "schema version"},
		{"schema unknown key", "schema.extra", `1`, "extra"},
		{"no decomposition", "decomposition", `""`, ""},
		{"other decomposition", "decomposition", `"queens-coronal/2"`, ""},
		{"instance not hex", "instance", `"zz"`, ""},
		{"other instance", "instance", `"0123456789abcdef0123456789abcdef"`, ""},
		{"no instance", "instance", "", "instance"},
		{"units 0", "units", `0`, "units"},
		{"units 2^64", "units", two64, "units"},
		{"units negative", "units", `-1`, "units"},
		{"other units", "units", `4`, "units"},
		{"unit past units", "unit", `3`, "unit"},
		{"unit 2^64-1", "unit", max64, "unit"},
		{"one subproblem more", "subproblems", fmt.Sprint(l0.Subproblems + 1), "subproblems"},
		{"subproblems beyond any unit", "subproblems", `1099511627777`, "subproblems"},
		{"subproblems 2^64-1", "subproblems", max64, "subproblems"},
		{"fingerprint not hex", "fingerprint", `"xyz"`, ""},
		{"fingerprint upper case", "fingerprint", `"` + strings.ToUpper(l0.Fingerprint) + `"`, ""},
		{"other fingerprint", "fingerprint", `"0000000000000001"`, ""},
		{"by_weight unknown class", "by_weight.x", `1`, "by_weight"},
		{"by_weight class 0", "by_weight.0", `1`, "by_weight"},
		{"by_weight class 02", "by_weight.02", `1`, "by_weight"},
		{"by_weight short", "by_weight.8", `1`, "by_weight"},
		{"by_weight 2^64-1", "by_weight.8", max64, "by_weight"},
		{"by_weight negative", "by_weight.8", `-1`, "by_weight"},
		{"cpu negative", "cpu_seconds", `-1`, ""},
		{"cpu huge", "cpu_seconds", `1e308`, ""},
		{"cpu non-finite", "cpu_seconds", `1e999`, ""},
		{"resumes negative", "resumes", `-1`, ""},
		{"resumes 2^64", "resumes", two64, "resumes"},
		{"version not a string", "version", `5`, ""},
		{"unknown key", "extra", `1`, "extra"},
		// Issue 32: what merge prints is checked too.
		{"other size", "size", `"11"`, "size"},
		{"size with a line of its own", "size", `"10\n\u001b[2Kqueens 10: 724 solutions (complete)"`, "size"},
		{"other algorithm", "algorithm", `"backtrack"`, "algorithm"},
		{"checks 2^64", "checks", two64, ""},
		{"updates 2^64", "updates", two64, ""},
		{"steps negative", "steps", `-1`, ""},
		{"fundamental added", "fundamental", `1`, "fundamental"},
		{"fundamental above solutions", "fundamental", `1000000`, "fundamental"},
		{"by_weight deleted", "by_weight", "", "by_weight"},
		{"by_weight class with none", "by_weight.2", `0`, "by_weight"},
		{"by_weight moved to 8, which 212 is no multiple of", "by_weight", `{"8":1247}`, "by_weight"},
		{"solutions not a multiple of the weights", "solutions", fmt.Sprint(l0.Solutions.Lo + 1), "by_weight"},
		{"another unit's index", "unit", `1`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.apply(t, ls[0]) + "\n" + ls[1] + "\n" + ls[2] + "\n"
			out, errOut, code := runCLI(t, in, "merge", "-")
			require.Equal(t, exitUsage, code, "%s: %s", in, errOut)
			require.Empty(t, out)
			require.Contains(t, errOut, tc.field())
		})
	}
	// Every line relabelled alike, with control characters (issue 32: a
	// size holding a newline and an ANSI escape printed a fake "complete"
	// line): the text output escapes them, one line each.
	var relabelled, edited strings.Builder
	for _, l := range ls {
		line := tamper{path: "size", val: `"10\n\u001b[2Kfake 10: 1 solutions (complete)"`}.apply(t, l)
		edited.WriteString(line + "\n")
		relabelled.WriteString(relabel(t, line) + "\n")
	}
	// Edited alike on every line, the labels digest (schema version 3)
	// no longer matches: a damaged line.
	out, errOut, code = runCLI(t, edited.String(), "merge", "-")
	require.Equal(t, exitUsage, code, out)
	require.Contains(t, errOut, "a label was edited")
	// With the digests made anew (a line written under such a label),
	// merge prints the label, escaped.
	out, errOut, code = runCLI(t, relabelled.String(), "merge", "-")
	require.Equal(t, exitOK, code, errOut)
	require.NotContains(t, out, "\x1b")
	require.Contains(t, out, `queens 10\n\x1b[2Kfake 10: 1 solutions (complete): 724 solutions (complete)`)
	require.False(t, strings.HasPrefix(strings.Split(out, "\n")[1], "\x1b"), "no line of its own")
	// Every line relabelled alike with another model, or an algorithm
	// that is none of the model's: the labels are checked against the
	// registry (issue 32: "knight 10: 724 solutions (complete)").
	for _, tc := range []struct{ path, val, want string }{
		{"model", `"knight"`, "decomposition queens-coronal/1 is not one of model knight's"},
		{"model", `"sudoku"`, "model sudoku, which has no split count"},
		{"model", `"nomodel\u001b[2K"`, `model "nomodel\x1b[2K", which has no split count`},
		{"algorithm", `"nope"`, "algorithm nope is not one of model queens's"},
	} {
		var alike strings.Builder
		for _, l := range ls {
			alike.WriteString(relabel(t, tamper{path: tc.path, val: tc.val}.apply(t, l)) + "\n")
		}
		out, errOut, code := runCLI(t, alike.String(), "merge", "-")
		require.Equal(t, exitUsage, code, "%s %s: %s", tc.path, tc.val, out)
		require.Empty(t, out)
		require.Contains(t, errOut, tc.want)
	}
	// Not JSON at all, and numbers JSON has no words for.
	for _, bad := range []string{"NaN", `{"cpu_seconds":NaN}`, `{"cpu_seconds":Infinity}`, ls[0] + " trailing"} {
		_, errOut, code := runCLI(t, bad+"\n", "merge", "-")
		require.Equal(t, exitUsage, code, bad)
		require.Contains(t, errOut, "not a unit line")
	}
	// A huge but finite CPU time in every unit: the total stays finite.
	var big strings.Builder
	for _, l := range ls {
		big.WriteString(tamper{path: "cpu_seconds", val: "1e12"}.apply(t, l) + "\n")
	}
	out, errOut, code = runCLI(t, big.String(), "merge", "--format", "json", "-")
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, `"cpu_seconds":3000000000000`)
}

// cancelAfter cancels the job's context after n subproblems in all, as a
// signal would; the decomposition stops when it next polls.
type cancelAfter struct {
	core.Decomposition
	n      int
	cancel context.CancelFunc
}

func (c *cancelAfter) Run(ctx context.Context, first, stride uint64, done func(uint64, core.SubResult) bool) (core.Status, error) {
	return c.Decomposition.Run(ctx, first, stride, func(j uint64, r core.SubResult) bool {
		if c.n--; c.n == 0 {
			c.cancel()
		}
		return done(j, r)
	})
}

// TestTamperedCheckpoints stops a range of units inside its second unit,
// as a signal would, damages one field of the checkpoint it saved, and
// resumes from it with the command: every damage is refused (exit 2,
// nothing counted or printed) naming the field. The checkpoint as saved
// resumes to the lines of an uninterrupted run.
func TestTamperedCheckpoints(t *testing.T) {
	const k = 3
	args := []string{"queens", "count", "12", "--units", fmt.Sprint(k), "--unit", "0-1", "--workers", "1"}
	m, err := models.Lookup("queens")
	require.NoError(t, err)
	p, err := m.Instance.New(models.Request{Args: []string{"12"}})
	require.NoError(t, err)
	dec, err := m.Decompose(context.Background(), p, k)
	require.NoError(t, err)
	mlen, err := dec.Len(context.Background())
	require.NoError(t, err)
	size0 := units.UnitSize(mlen, 0, k)
	dir := t.TempDir()
	ck := filepath.Join(dir, "ck.json")
	ctx, cancel := context.WithCancel(context.Background())
	job := &units.Job{Model: "queens", Size: p.Size(), Algorithm: units.AlgorithmOf(dec),
		Dec: &cancelAfter{Decomposition: dec, n: int(size0) + 300, cancel: cancel}, Units: k, First: 0, Last: 1,
		Version: report.Version(), Checkpoint: ck}
	_, err = job.Run(ctx)
	require.ErrorIs(t, err, units.ErrStopped)
	saved, err := os.ReadFile(ck)
	require.NoError(t, err)
	var st struct {
		Next, Subproblems uint64
		Fingerprint       string
	}
	require.NoError(t, json.Unmarshal(saved, &st))
	size1 := units.UnitSize(mlen, 1, k)
	require.Greater(t, st.Subproblems, uint64(0), "stopped in unit 1")
	require.Less(t, st.Subproblems+100, size1, "stopped early enough in unit 1 to test the overflows")

	// The checkpoint as saved resumes to the lines of a fresh run.
	fresh, errOut, code := runCLI(t, "", args...)
	require.Equal(t, exitOK, code, errOut)
	resumed, errOut, code := runCLI(t, "", append(args, "--checkpoint", ck)...)
	require.Equal(t, exitOK, code, errOut)
	require.Equal(t, stripTimes(t, fresh), stripTimes(t, resumed))

	tests := []tamper{
		{"schema 1", "schema", `"coverkit-checkpoint/1"`, "schema"},
		{"no schema", "schema", "", "schema"},
		{"other model", "header.model", `"knight"`, ""},
		{"other size", "header.size", `"13"`, ""},
		{"other algorithm", "header.algorithm", `"dlx"`, ""},
		{"other decomposition", "header.decomposition", `"queens-coronal/2"`, ""},
		{"other instance", "header.instance", `"0123456789abcdef0123456789abcdef"`, ""},
		{"other K", "header.units", `4`, ""},
		{"other first", "header.first", `1`, ""},
		{"other last", "header.last", `2`, ""},
		{"header unknown key", "header.extra", `1`, "extra"},
		{"units done missing", "done", `[]`, "done"},
		{"done other unit", "done.0.unit", `1`, "done[0]"},
		{"done one subproblem more", "done.0.subproblems", fmt.Sprint(size0 + 1), "done[0]"},
		{"done other fingerprint", "done.0.fingerprint", `"0000000000000001"`, "done[0]"},
		{"done other instance", "done.0.instance", `"0123456789abcdef0123456789abcdef"`, "done[0]"},
		{"done unknown key", "done.0.extra", `1`, "done[0]"},
		{"done count 2^128", "done.0.solutions", two128, "done[0]"},
		{"unit out of the range", "unit", `2`, "unit"},
		{"unit 2^64", "unit", two64, "unit"},
		{"next past the end of the unit", "next", fmt.Sprint(1 + (size1+5)*k), "next"},
		{"next one further", "next", fmt.Sprint(st.Next + 1), "next"},
		{"next 2^64-1", "next", max64, "next"},
		{"next negative", "next", `-1`, "next"},
		{"subproblems past the end", "subproblems", fmt.Sprint(size1 + 1), "subproblems"},
		{"subproblems 2^64-1", "subproblems", max64, "subproblems"},
		{"count 2^128-1", "solutions", max128, "solutions"}, // overflows at the next subproblem
		{"count 2^128", "solutions", two128, "solutions"},
		{"count negative", "solutions", `-1`, "solutions"},
		{"other fingerprint", "fingerprint", `"0000000000000001"`, "fingerprint"},
		{"by_weight unknown class", "by_weight.x", `1`, "by_weight"},
		{"by_weight short", "by_weight.8", `1`, "by_weight"},
		{"nodes 2^64-1", "stats.nodes", max64, "stats"}, // overflows at the next subproblem
		{"nodes 2^64", "stats.nodes", two64, "stats"},
		{"stats unknown key", "stats.extra", `1`, "stats"},
		{"elapsed negative", "elapsed_seconds", `-1`, "elapsed_seconds"},
		{"elapsed non-finite", "elapsed_seconds", `1e999`, "elapsed_seconds"},
		{"cpu too long", "cpu_seconds", `1e13`, "cpu_seconds"},
		{"cpu non-finite", "cpu_seconds", `1e999`, "cpu_seconds"},
		{"resumes negative", "resumes", `-1`, "resumes"},
		{"unknown key", "extra", `1`, "extra"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := filepath.Join(t.TempDir(), "ck.json")
			require.NoError(t, os.WriteFile(f, []byte(tc.apply(t, string(saved))), 0o644))
			out, errOut, code := runCLI(t, "", append(args, "--checkpoint", f)...)
			require.Equal(t, exitUsage, code, "%s", errOut)
			require.Empty(t, out, "a refused checkpoint prints no line")
			require.Contains(t, errOut, tc.field())
		})
	}
	// Progress past the end of the unit with every other field made to
	// agree (next, the fingerprint, by_weight): refused all the same.
	t.Run("consistent progress past the end", func(t *testing.T) {
		past := size1 + 2
		doc := string(saved)
		for _, tc := range []tamper{
			{path: "subproblems", val: fmt.Sprint(past)},
			{path: "next", val: fmt.Sprint(1 + past*k)},
			{path: "fingerprint", val: `"` + units.FormatFingerprint(units.UnitFingerprint(units.NameSeed(dec.Name()), 1, k, past)) + `"`},
			{path: "by_weight", val: fmt.Sprintf(`{"8":%d}`, past)},
		} {
			doc = tc.apply(t, doc)
		}
		f := filepath.Join(t.TempDir(), "ck.json")
		require.NoError(t, os.WriteFile(f, []byte(doc), 0o644))
		out, errOut, code := runCLI(t, "", append(args, "--checkpoint", f)...)
		require.Equal(t, exitUsage, code, "%s", errOut)
		require.Empty(t, out)
		require.Contains(t, errOut, "subproblems")
		require.Contains(t, errOut, "past the end of unit 1")
	})
	for name, b := range map[string]string{
		"not JSON":      "NaN",
		"trailing data": string(bytes.TrimSpace(saved)) + " {}",
		"an array":      "[]",
	} {
		t.Run(name, func(t *testing.T) {
			f := filepath.Join(t.TempDir(), "ck.json")
			require.NoError(t, os.WriteFile(f, []byte(b), 0o644))
			out, errOut, code := runCLI(t, "", append(args, "--checkpoint", f)...)
			require.Equal(t, exitUsage, code, "%s", errOut)
			require.Empty(t, out)
			require.Contains(t, errOut, "not a checkpoint")
		})
	}
}

// TestCheckpointPaths: a checkpoint that cannot be written, or that is the
// output, is refused before anything is counted (issue 20: over a range
// it counted and printed first; over one short unit it never saved).
func TestCheckpointPaths(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"missing directory, range", []string{"--unit", "0-3", "--checkpoint", "/nonexistent/ck.json"}, "cannot be written"},
		{"missing directory, short unit", []string{"--unit", "0", "--checkpoint", "/nonexistent/ck.json"}, "cannot be written"},
		{"a directory", []string{"--unit", "0", "--checkpoint", dir}, "is a directory"},
		{"the output", []string{"--unit", "0", "--checkpoint", filepath.Join(dir, "u"), "--out", filepath.Join(dir, "u")}, "same file"},
		{"the output, relative", []string{"--unit", "0", "--checkpoint", filepath.Join(dir, "x", "..", "u"), "--out", filepath.Join(dir, "u")}, "same file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append([]string{"queens", "count", "6", "--units", "4"}, tc.args...)...)
			require.Equal(t, exitUsage, code, errOut)
			require.Empty(t, out)
			require.Contains(t, errOut, tc.want)
		})
	}
	// A writable checkpoint of a short unit is created, then removed once
	// the unit is done.
	ck := filepath.Join(dir, "short.json")
	_, errOut, code := runCLI(t, "", "queens", "count", "6", "--units", "4", "--unit", "0", "--checkpoint", ck)
	require.Equal(t, exitOK, code, errOut)
	require.NoFileExists(t, ck)
}

// relabel gives a unit line the labels digest of its fields (schema
// version 3), as a line written under those labels has.
func relabel(t *testing.T, line string) string {
	t.Helper()
	var l units.Line
	require.NoError(t, json.Unmarshal([]byte(line), &l))
	l.Labels = ""
	b, err := l.Marshal()
	require.NoError(t, err)
	return string(b)
}
