package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/stretchr/testify/require"
)

// capabilityProbe is one flag (or a flag with --sample) that sets one
// setting, and how its effect shows in the result record.
type capabilityProbe struct {
	name    string
	setting models.Setting
	args    func(a models.Algorithm) []string
	sample  bool // with --sample 2: the setting in a random sample
	// effect checks that the record shows the setting's effect; base is
	// the record of the same command without the flag.
	effect func(t *testing.T, rec, base map[string]any)
	// methodValue: the record's "method" is the probe's --method.
	methodValue bool
}

// capabilityProbes are the probes of every setting (models.Settings): a
// setting added there without a probe fails TestCapabilities.
var capabilityProbes = []capabilityProbe{
	{name: "workers", setting: models.SetWorkers, args: fixed("--workers", "2"),
		effect: func(t *testing.T, rec, base map[string]any) {
			require.Equal(t, base["solutions"], rec["solutions"], "the answer on 2 workers")
			if w, ok := rec["workers"]; ok {
				require.EqualValues(t, 2, w, "the workers the record names")
			}
		}},
	{name: "max-nodes", setting: models.SetMaxNodes, args: fixed("--max-nodes", "1"),
		effect: func(t *testing.T, rec, _ map[string]any) {
			if rec["status"] != "limit" {
				require.LessOrEqual(t, num(rec["nodes"])+num(rec["steps"]), 1.0, "finished within 1 node")
			}
		}},
	{name: "limit", setting: models.SetLimit, args: fixed("--limit", "1"),
		effect: func(t *testing.T, rec, _ map[string]any) {
			require.LessOrEqual(t, num(rec["solutions"]), 1.0, "at most one solution")
		}},
	{name: "unique", setting: models.SetUnique, args: fixed("--unique"),
		effect: func(t *testing.T, rec, _ map[string]any) {
			require.Contains(t, rec, "fundamental", "the fundamental solutions counted")
		}},
	{name: "sample", setting: models.SetSample, args: fixed(), sample: true,
		effect: func(t *testing.T, rec, _ map[string]any) {
			require.Contains(t, rec, "sampled_from")
			if num(rec["sampled_from"]) > 0 {
				require.EqualValues(t, 2, rec["solutions"], "two solutions drawn")
			}
		}},
	{name: "seed", setting: models.SetSeed, args: fixed("--seed", "7"), effect: seedEffect},
	{name: "seed in a sample", setting: models.SetSeed, args: fixed("--seed", "7"), sample: true, effect: seedEffect},
	{name: "method", setting: models.SetMethod,
		args: func(a models.Algorithm) []string {
			if len(a.Methods) == 0 {
				return []string{"--method", "plain"}
			}
			return []string{"--method", a.Methods[0]}
		},
		effect: func(t *testing.T, rec, _ map[string]any) {
			require.Contains(t, rec, "method", "the method the record names")
		}, methodValue: true},
	{name: "branch", setting: models.SetBranch, args: fixed("--branch", "first"), effect: branchEffect},
	{name: "branch in a sample", setting: models.SetBranch, args: fixed("--branch", "first"), sample: true, effect: branchEffect},
	{name: "memo-bytes", setting: models.SetMemoBytes, args: fixed("--memo-bytes", "8MiB"), effect: memoBytesEffect},
	{name: "memo-bytes in a sample", setting: models.SetMemoBytes, args: fixed("--memo-bytes", "8MiB"), sample: true, effect: memoBytesEffect},
	{name: "checkpoint", setting: models.SetCheckpoint,
		args: func(models.Algorithm) []string { return []string{"--checkpoint", probeCheckpoint} },
		effect: func(t *testing.T, rec, _ map[string]any) {
			require.Contains(t, rec, "checkpoints_saved", "the checkpoints the record names")
			if rec["status"] == "exhausted" {
				_, err := os.Stat(probeCheckpoint)
				require.ErrorIs(t, err, os.ErrNotExist, "a finished count removes its checkpoint")
			}
		}},
}

// probeCheckpoint is the checkpoint file of the checkpoint probe.
var probeCheckpoint = filepath.Join(os.TempDir(), fmt.Sprintf("coverkit-capabilities-%d.ck", os.Getpid()))

// capabilityInstances are smaller instances than a model's first sample,
// where that one takes a slow algorithm long (backtracking knight's tours
// of 5x5 from every square: 38 million nodes).
var capabilityInstances = map[string]string{"knight": "3x4"}

func fixed(args ...string) func(models.Algorithm) []string {
	return func(models.Algorithm) []string { return args }
}

func seedEffect(t *testing.T, rec, _ map[string]any) {
	require.EqualValues(t, 7, rec["seed"], "the seed the record names")
}

func branchEffect(t *testing.T, rec, _ map[string]any) {
	require.Equal(t, "first", rec["branch"], "the branching rule the record names")
}

func memoBytesEffect(t *testing.T, rec, _ map[string]any) {
	require.Contains(t, rec, "memo_bytes")
	require.LessOrEqual(t, num(rec["memo_bytes"]), float64(8<<20), "the memo within its budget")
}

// num reads a record's number (0 when absent).
func num(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case json.Number:
		f, _ := x.Float64()
		return f
	}
	return 0
}

// capabilityRecord runs a command with --stats and returns its exit code,
// its result record (the last JSON line on stderr) and stderr.
func capabilityRecord(t *testing.T, args []string) (int, map[string]any, string) {
	t.Helper()
	_, errOut, code := runCLI(t, "", append(args, "--stats", "--timeout", sampleTimeout)...)
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(lines[i], "{") {
			var rec map[string]any
			require.NoError(t, json.Unmarshal([]byte(lines[i]), &rec), "%v: %s", args, lines[i])
			return code, rec, errOut
		}
	}
	return code, nil, errOut
}

// TestCapabilities is the capability table generated from the registry
// (issue 31): for every model, every algorithm, the verbs solve and count
// and every setting (models.Settings, through capabilityProbes), the
// command with the setting's flag either honours it — it answers as
// without the flag, and the record shows the effect (at most K nodes, K
// solutions, the seed, the branching rule, the fundamental count, ...) —
// or refuses it with exit 2 naming the flag; which one is what the
// algorithm declares (models.Algorithm.Honours). A flag is never ignored.
// A new algorithm or setting is covered with no change here.
func TestCapabilities(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	t.Chdir(root) // samples name files relative to the repository
	for _, s := range models.Settings {
		require.True(t, slices.ContainsFunc(capabilityProbes, func(p capabilityProbe) bool { return p.setting == s }),
			"setting %s has no probe", s)
	}
	for _, m := range models.Models() {
		require.NotEmpty(t, m.Instance.Samples, "model %s: its descriptor has no Instance.Samples", m.Name)
		inst := strings.Fields(m.Instance.Samples[0])
		if small, ok := capabilityInstances[m.Name]; ok {
			inst = strings.Fields(small)
		}
		for _, a := range m.Algorithms {
			for _, verb := range []string{"solve", "count"} {
				if m.Verb(verb) == "" || verb == "solve" && m.Batch != nil {
					continue // a batch's settings: TestBatchCapabilities
				}
				t.Run(fmt.Sprintf("%s/%s/%s", m.Name, a.Name, verb), func(t *testing.T) {
					args := append(append([]string{m.Name, verb}, inst...), "--algo", a.Name)
					bases := map[bool]map[string]any{}
					baseCodes := map[bool]int{}
					for _, sample := range []bool{false, true} {
						if sample && verb != "solve" {
							continue
						}
						bargs := args
						if sample {
							bargs = append(bargs, "--sample", "2")
						}
						baseCodes[sample], bases[sample], _ = capabilityRecord(t, bargs)
					}
					for _, p := range capabilityProbes {
						if p.sample && verb != "solve" {
							continue
						}
						o := &core.Options{Mode: core.ModeCount}
						if verb == "solve" {
							o.Mode = core.ModeFirst
							if m.ListAll || p.setting == models.SetLimit || p.sample {
								o.Mode = core.ModeAll
							}
						} else if p.setting == models.SetLimit {
							o.Mode = core.ModeAll
						}
						if p.sample {
							o.Sample = 2
						}
						cell := append(append([]string(nil), args...), p.args(a)...)
						if p.sample {
							cell = append(cell, "--sample", "2")
						}
						code, rec, errOut := capabilityRecord(t, cell)
						if baseCodes[p.sample] == exitUsage && p.setting != models.SetSample {
							require.Equal(t, exitUsage, code, "%v: refused without the flag, answered with it", cell)
							continue // the request itself is refused
						}
						honours := a.Honours(p.setting, o) && !slices.Contains(a.Ignores(o), p.setting)
						if !honours || (p.setting == models.SetLimit && !a.Caps.Has(models.CanAll)) {
							require.Equal(t, exitUsage, code, "%v: an ignored setting must be refused: %s", cell, errOut)
							require.Contains(t, errOut, "--", "%v: the refusal names the flag", cell)
							continue
						}
						if code == exitUsage && a.Check != nil {
							// The algorithm's own Check refuses the combination
							// (a method in a mode it has none for), with a reason.
							require.NotContains(t, errOut, "does not read it", "%v", cell)
							continue
						}
						require.Contains(t, []int{exitOK, exitNoSolution, exitPartial}, code, "%v: honoured: %s", cell, errOut)
						require.NotNil(t, rec, "%v: no record: %s", cell, errOut)
						p.effect(t, rec, bases[p.sample])
						if p.methodValue {
							require.Equal(t, p.args(a)[1], rec["method"], "%v: the method the record names", cell)
						}
					}
				})
			}
		}
	}
}

// TestBatchCapabilities is TestCapabilities for a batch's solve (sudoku):
// the batch loop itself honours --workers, --max-nodes and --limit
// whatever the algorithm, and refuses every other setting.
func TestBatchCapabilities(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	t.Chdir(root)
	for _, m := range models.Models() {
		if m.Batch == nil {
			continue
		}
		for _, p := range capabilityProbes {
			args := append([]string{m.Name, "solve", "testdata/sudoku/top50.txt", "--stats"}, p.args(models.Algorithm{})...)
			if p.sample {
				args = append(args, "--sample", "2")
			}
			_, errOut, code := runCLI(t, "", args...)
			if m.Applies("solve", p.setting) && !p.sample {
				// Honoured: answered, or stopped by the budget of one node a puzzle.
				require.Contains(t, []int{exitOK, exitPartial}, code, "%v: %s", args, errOut)
				if p.setting == models.SetMaxNodes {
					require.Contains(t, errOut, `"status":"limit"`, "%v", args)
				}
				continue
			}
			require.Equal(t, exitUsage, code, "%v: the batch ignores it, so refuses it: %s", args, errOut)
		}
	}
}
