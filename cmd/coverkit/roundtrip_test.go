package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/report"
	"github.com/stretchr/testify/require"
)

// roundTripLimit bounds the solutions a round trip lists per instance.
const roundTripLimit = "40"

// roundTripInstances are the instances of a model the round trip lists:
// its samples (Instance.Samples) and the edge cases where a listing was
// once written so that it could not be read back (issue 31).
func roundTripInstances(m *models.Model) []string {
	extra := map[string][]string{
		"dlx": {"testdata/dlx/one-option.dlx", "testdata/dlx/identical-options.dlx", "testdata/dlx/empty-solution.dlx"},
		"polyomino": {"--board 1x5 --pieces domino,monomino", "--board 2x2 --pieces domino*1,#/#",
			"--board 3x4 --pieces trominoes"},
		"pieces":   {"rook 1 4 2"},
		"langford": {"3"},
		"latin":    {"1", "3"},
		"knight":   {"1x1", "3x4"},
		"queens":   {"6"},
	}
	// The first sample (the others cost time and find nothing new) and
	// the edge cases.
	return append(slices.Clone(m.Instance.Samples[:min(1, len(m.Instance.Samples))]), extra[m.Name]...)
}

// TestRoundTrip is the round trip generated from the registry (issue 31):
// for every model with a verifier, every instance of roundTripInstances (a
// sample of the model and the edge cases),
// every algorithm that lists solutions and every format that verify
// reads (every render format but svg; a batch's text and json), `solve
// --all` piped into `verify` accepts every solution listed, and as many
// as were listed. Then, in JSON (an instance's first algorithm), each of
// the first listed solutions changed (its last element dropped, its first
// doubled) is accepted by verify exactly when the change is itself one of
// the solutions listed: verify rejects what count would never produce. A new model, algorithm or format is covered
// with no change here.
func TestRoundTrip(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	t.Chdir(root)
	for _, m := range models.Models() {
		if m.Verify == nil || m.Verb("solve") == "" || m.Batch != nil {
			continue // sudoku: TestBatchRoundTrip
		}
		for _, inst := range roundTripInstances(m) {
			args := strings.Fields(inst)
			changes := true // verify's rejections are tried once an instance, with its first lister
			// and the refusal of a CSV listing and of an SVG picture
			refusals := map[string]string{"csv": "the input is CSV", "svg": "the input is SVG"}
			for _, a := range m.Algorithms {
				if !a.CanDo(&core.Options{Mode: core.ModeAll}) {
					continue
				}
				for _, format := range report.SolveFormats(m) {
					if words, ok := refusals[format]; ok {
						delete(refusals, format)
						t.Run(fmt.Sprintf("%s/%s/%s/%s", m.Name, inst, a.Name, format), func(t *testing.T) {
							formatRefused(t, m, args, a.Name, format, words)
						})
					}
					if format == "svg" || format == "csv" || format == "none" {
						continue // a picture, a table, nothing: read by no verifier
					}
					tryChanges := changes && format == "json"
					if tryChanges {
						changes = false
					}
					t.Run(fmt.Sprintf("%s/%s/%s/%s", m.Name, inst, a.Name, format), func(t *testing.T) {
						roundTrip(t, m, args, a.Name, format, tryChanges)
					})
				}
			}
		}
	}
}

// roundTrip lists every solution of one instance with one algorithm in one
// format and verifies them.
func roundTrip(t *testing.T, m *models.Model, inst []string, algo, format string, changes bool) {
	solve := append(append([]string{m.Name, "solve"}, inst...), "--all", "--limit", roundTripLimit, "--algo", algo, "--format", format, "--stats")
	listing, errOut, code := runCLI(t, "", solve...)
	if code == exitUsage {
		require.Empty(t, listing, "%v: refused, yet wrote", solve)
		return // an instance the algorithm refuses (its size, a parameter)
	}
	require.Contains(t, []int{exitOK, exitNoSolution}, code, "%v: %s", solve, errOut)
	rec := lastRecord(t, errOut)
	listed := uint64(num(rec["solutions"]))
	verify := append([]string{m.Name, "verify"}, verifyArgs(m, inst)...)
	if listed == 0 {
		return
	}
	report, errOut, code := runCLI(t, listing, append(verify, "--format", "json")...)
	require.Equal(t, exitOK, code, "%v | %v: %s\n%s\nlisting:\n%s", solve, verify, errOut, report, listing)
	var rep map[string]any
	require.NoError(t, json.Unmarshal([]byte(report), &rep), report)
	require.EqualValues(t, listed, num(rep["solutions"]), "%v | %v: every solution listed is read back: %s", solve, verify, report)
	require.EqualValues(t, listed, num(rep["valid"]), "%v | %v: %s", solve, verify, report)
	if changes {
		rejectsChanges(t, m, verify, listing)
	}
}

// formatRefused checks that verify refuses a listing in format (csv: a
// table; svg: a picture) by name, with words (exit 2, nothing on stdout),
// rather than reading it as bad solutions.
func formatRefused(t *testing.T, m *models.Model, inst []string, algo, format, words string) {
	solve := append(append([]string{m.Name, "solve"}, inst...), "--all", "--limit", "2", "--algo", algo, "--format", format)
	listing, _, code := runCLI(t, "", solve...)
	if code != exitOK {
		return // refused or no solution: nothing to read back
	}
	verify := append([]string{m.Name, "verify"}, verifyArgs(m, inst)...)
	out, errOut, code := runCLI(t, listing, verify...)
	require.Equal(t, exitUsage, code, "%v | %v: %s", solve, verify, errOut)
	require.Empty(t, out)
	require.Contains(t, errOut, words)
}

// rejectsChanges checks that verify accepts a listed solution changed
// (its last element dropped, its first doubled) only when the change is
// itself a listed solution.
func rejectsChanges(t *testing.T, m *models.Model, verify []string, listing string) {
	key := m.SolutionKey
	if key == "" {
		key = "solution"
	}
	lines := jsonLines(t, listing)
	known := map[string]bool{}
	for _, l := range lines {
		b, err := json.Marshal(l[key])
		require.NoError(t, err)
		known[string(b)] = true
	}
	for i, l := range lines {
		if i >= 8 {
			break
		}
		sol, ok := l[key].([]any)
		if !ok || len(sol) == 0 {
			continue
		}
		for _, changed := range [][]any{sol[:len(sol)-1], append([]any{sol[0]}, sol...)} {
			c := map[string]any{}
			for k, v := range l {
				c[k] = v
			}
			c[key] = changed
			b, err := json.Marshal(changed)
			require.NoError(t, err)
			line, err := json.Marshal(c)
			require.NoError(t, err)
			_, errOut, code := runCLI(t, string(line)+"\n", verify...)
			if known[string(b)] {
				require.Equal(t, exitOK, code, "%v accepts %s, a solution listed: %s", verify, b, errOut)
			} else {
				require.Equal(t, exitNoSolution, code, "%v rejects %s, which no listing holds: %s", verify, b, errOut)
			}
		}
	}
}

// verifyArgs are the arguments of verify for an instance given to solve
// as inst: the model's verify arguments before the input (the instance
// of dlx, pieces; the flags of every model), then standard input.
func verifyArgs(m *models.Model, inst []string) []string {
	var pos, flags []string
	for i := 0; i < len(inst); i++ {
		if strings.HasPrefix(inst[i], "--") {
			flags = append(flags, inst[i])
			if !strings.Contains(inst[i], "=") && i+1 < len(inst) && !strings.HasPrefix(inst[i+1], "--") && !isSwitch(m, inst[i]) {
				flags = append(flags, inst[i+1])
				i++
			}
			continue
		}
		pos = append(pos, inst[i])
	}
	n := m.VerifyArgs
	if m.VerifyInput != nil {
		n = len(pos)
	}
	pos = pos[:min(n, len(pos))]
	return append(append(pos, "-"), flags...)
}

// isSwitch reports whether flag is a switch of m (no value follows it).
func isSwitch(m *models.Model, flag string) bool {
	for _, p := range m.Params {
		if "--"+p.Name == flag {
			return p.Switch
		}
	}
	return false
}

// lastRecord is the result record of --stats: the last JSON line of
// stderr.
func lastRecord(t *testing.T, errOut string) map[string]any {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(lines[i], "{") {
			var rec map[string]any
			require.NoError(t, json.Unmarshal([]byte(lines[i]), &rec), lines[i])
			return rec
		}
	}
	require.Fail(t, "no record on stderr", errOut)
	return nil
}

// TestPictures checks that every model with a picture (svg among its
// formats) draws one of its sample instance's solutions as well-formed
// XML with an svg root, and that every model but the batch has one.
func TestPictures(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	t.Chdir(root)
	for _, m := range models.Models() {
		if m.Verb("solve") == "" {
			continue
		}
		require.Contains(t, report.SolveFormats(m), "svg", "model %s has no picture", m.Name)
		t.Run(m.Name, func(t *testing.T) {
			var out, errOut string
			code := exitNoSolution
			for _, inst := range roundTripInstances(m) { // the first that has a solution
				if out, errOut, code = runCLI(t, "", append(append([]string{m.Name, "solve"}, strings.Fields(inst)...), "--format", "svg")...); code != exitNoSolution {
					break
				}
			}
			require.Equal(t, exitOK, code, errOut)
			dec := xml.NewDecoder(strings.NewReader(out))
			var first xml.StartElement
			for {
				tok, err := dec.Token()
				if err == io.EOF {
					break
				}
				require.NoError(t, err, out)
				if se, ok := tok.(xml.StartElement); ok && first.Name.Local == "" {
					first = se
				}
			}
			require.Equal(t, "svg", first.Name.Local, out)
		})
	}
}
