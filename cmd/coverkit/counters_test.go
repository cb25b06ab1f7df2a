package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/stretchr/testify/require"
)

// workCounters are the fields of a result record that must not depend on
// the worker count: the answer and the work of the search.
type workCounters struct {
	Algorithm string      `json:"algorithm"`
	Status    string      `json:"status"`
	Solutions json.Number `json:"solutions"`
	Nodes     uint64      `json:"nodes"`
	Updates   uint64      `json:"updates"`
	Checks    uint64      `json:"checks"`
}

// recordOf runs the command with --stats and returns the result record it
// printed on standard error (its last JSON line) and the exit code.
func recordOf(t *testing.T, args ...string) (workCounters, int, string) {
	t.Helper()
	_, errOut, code := runCLI(t, "", append(args, "--stats", "--timeout", sampleTimeout)...)
	var rec workCounters
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(lines[i], "{") {
			require.NoError(t, json.Unmarshal([]byte(lines[i]), &rec), "%v: %s", args, lines[i])
			break
		}
	}
	return rec, code, errOut
}

// TestCountersIndependentOfWorkers is the generated test of issue 21's
// "counters are a function of the instance": for every model, every
// sample instance of its descriptor (Instance.Samples) and every exact
// algorithm, a count (and, where the algorithm finds one, a first
// solution) on 1 and on 3 workers gives the same record: the algorithm,
// the status, the solutions and the nodes, updates and checks. A model
// without samples fails: every model has some.
func TestCountersIndependentOfWorkers(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	t.Chdir(root) // samples name files relative to the repository
	for _, m := range models.Models() {
		require.NotEmpty(t, m.Instance.Samples, "model %s: its descriptor has no Instance.Samples", m.Name)
		for _, inst := range m.Instance.Samples {
			for _, a := range append([]models.Algorithm{{Name: ""}}, m.Algorithms...) {
				if a.Name != "" && a.Kind != models.Exact {
					continue
				}
				for _, verb := range []string{"count", "solve"} {
					if a.Name != "" && (verb == "count" && !a.Caps.Has(models.CanCount) || verb == "solve" && !a.Caps.Has(models.CanFirst)) {
						continue
					}
					name := a.Name
					if name == "" {
						name = "default"
					}
					t.Run(fmt.Sprintf("%s/%s/%s/%s", m.Name, inst, verb, name), func(t *testing.T) {
						args := append([]string{m.Name, m.Verb(verb)}, strings.Fields(inst)...)
						if a.Name != "" {
							args = append(args, "--algo", a.Name)
						}
						one, code1, err1 := recordOf(t, append(args, "--workers", "1")...)
						three, code3, err3 := recordOf(t, append(args, "--workers", "3")...)
						mode := core.ModeCount
						if verb == "solve" {
							mode = core.ModeFirst
							if m.ListAll {
								mode = core.ModeAll
							}
						}
						batch := verb == "solve" && m.Batch != nil // the batch shares its records out
						switch {
						case batch:
						case a.Name != "" && !a.Honours(models.SetWorkers, &core.Options{Mode: mode}):
							// It runs on one worker: --workers 3 is refused, never ignored.
							require.Equal(t, exitUsage, code3, "%v --workers 3: %s", args, err3)
							require.Regexp(t, "--workers (needs --algo|does not apply here)", err3)
							return
						case a.Name == "" && code3 == exitUsage && strings.Contains(err3, "--workers does not apply"):
							return // no algorithm of the model runs on several workers here
						case a.Name == "" && code3 == exitOK && three.Algorithm != one.Algorithm:
							// The model's choice honours --workers 3 with an
							// algorithm that runs on several: the same one on one.
							one, code1, err1 = recordOf(t, append(args, "--algo", three.Algorithm, "--workers", "1")...)
						}
						require.Equal(t, code1, code3, "%v: exit codes on 1 and 3 workers (%s / %s)", args, err1, err3)
						if code1 == exitUsage {
							return // a combination the algorithm refuses, on any number of workers
						}
						require.Contains(t, []int{exitOK, exitNoSolution}, code1, "%v: %s", args, err1)
						require.NotEmpty(t, one.Status, "%v: no record on stderr: %s", args, err1)
						require.Equal(t, one, three, "%v: the record on 1 worker, then on 3", args)
					})
				}
			}
		}
	}
}

// TestSplitCountersAddUp checks issue 21's "the sum over the units of a
// split equals the same algorithm unsplit" for the work too: for every
// model with a decomposition and every sample instance, the nodes,
// updates and checks that `merge` adds up over K = 7 units (on 1 and 3
// workers) equal those of the unsplit count with --algo set to the
// algorithm the unit lines name: every decomposition's subproblems are
// searched by that algorithm, so no decomposition is excepted.
func TestSplitCountersAddUp(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	t.Chdir(root)
	type work struct {
		Solutions   json.Number `json:"solutions"`
		Fundamental json.Number `json:"fundamental"` // compared where the units count it
		Nodes       uint64      `json:"nodes"`
		Updates     uint64      `json:"updates"`
		Checks      uint64      `json:"checks"`
	}
	for _, m := range models.Models() {
		if m.Decompose == nil {
			continue
		}
		for _, inst := range m.Instance.Samples {
			for _, w := range []string{"1", "3"} {
				t.Run(fmt.Sprintf("%s/%s/W=%s", m.Name, inst, w), func(t *testing.T) {
					args := append([]string{m.Name, m.Verb("count")}, strings.Fields(inst)...)
					lines, errOut, code := runCLI(t, "", append(args, "--units", "7", "--unit", "0-6", "--workers", w, "--timeout", sampleTimeout)...)
					require.Equal(t, exitOK, code, "%v: %s", args, errOut)
					var unit struct {
						Algorithm, Decomposition string
					}
					require.NoError(t, json.Unmarshal([]byte(strings.SplitN(lines, "\n", 2)[0]), &unit))
					merged, errOut, code := runCLI(t, lines, "merge", "-", "--format", "json")
					require.Equal(t, exitOK, code, "merge: %s", errOut)
					var split, whole work
					require.NoError(t, json.Unmarshal([]byte(merged), &split), merged)
					out, errOut, code := runCLI(t, "", append(args, "--algo", unit.Algorithm, "--workers", w, "--format", "json", "--timeout", sampleTimeout)...)
					require.Contains(t, []int{exitOK, exitNoSolution}, code, "%v: %s", args, errOut)
					require.NoError(t, json.Unmarshal([]byte(out), &whole), out)
					require.Equal(t, whole.Solutions, split.Solutions, "%v: solutions, split (%s) and unsplit --algo %s", args, unit.Decomposition, unit.Algorithm)
					switch {
					case split.Fundamental == "":
						whole.Fundamental = "" // this decomposition does not count classes
					case whole.Fundamental == "":
						whole.Fundamental = "0" // a record omits a count up to symmetry of 0
					}
					require.Equal(t, whole, split, "%v: the work of the units of %s against the unsplit --algo %s", args, unit.Decomposition, unit.Algorithm)
				})
			}
		}
	}
}

// TestCoronalUnits checks that `--algo coronal --units K` splits every n
// by the coronal decomposition (n = 13 is split by the join's otherwise),
// that its units add up to the unsplit coronal count, nodes included, on
// any number of workers, and that another algorithm is refused (exit 2)
// where the coronal decomposition splits the count: its units' work is
// the coronal search's, not that algorithm's.
func TestCoronalUnits(t *testing.T) {
	type rec struct {
		Algorithm     string      `json:"algorithm"`
		Decomposition string      `json:"decomposition"`
		Solutions     json.Number `json:"solutions"`
		Nodes         uint64      `json:"nodes"`
	}
	for _, n := range []string{"7", "12", "13"} {
		var whole rec
		for i, w := range []string{"1", "2", "3", "8"} {
			out, errOut, code := runCLI(t, "", "queens", "count", n, "--algo", "coronal", "--workers", w, "--format", "json")
			require.Equal(t, exitOK, code, errOut)
			var got rec
			require.NoError(t, json.Unmarshal([]byte(out), &got), out)
			if i == 0 {
				whole = got
			}
			require.Equal(t, whole, got, "n = %s: the count on %s workers", n, w)
			lines, errOut, code := runCLI(t, "", "queens", "count", n, "--algo", "coronal", "--units", "5", "--unit", "0-4", "--workers", w)
			require.Equal(t, exitOK, code, errOut)
			merged, errOut, code := runCLI(t, lines, "merge", "-", "--format", "json")
			require.Equal(t, exitOK, code, errOut)
			var split rec
			require.NoError(t, json.Unmarshal([]byte(merged), &split), merged)
			require.Equal(t, "queens-coronal/1", split.Decomposition, "n = %s", n)
			split.Decomposition = ""
			require.Equal(t, whole, split, "n = %s on %s workers: the merged units against the unsplit count", n, w)
		}
	}
	_, errOut, code := runCLI(t, "", "queens", "count", "12", "--algo", "bitwise", "--units", "2", "--unit", "0")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errOut, "queens-coronal/1 decomposition and the coronal algorithm, not --algo bitwise")
}
