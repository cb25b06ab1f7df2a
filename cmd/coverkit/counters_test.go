package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

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
