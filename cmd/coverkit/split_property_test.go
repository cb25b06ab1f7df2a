package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/units"
	"github.com/stretchr/testify/require"
)

// splitTable reads docs/scale-out.md's table "Which parameters split":
// for each model (or "every model"), each parameter named in it and
// whether --units refuses it. A row that splits a parameter but for some
// of its values ("splits with `place`; refused with `max`, ...") is
// splitValues's.
func splitTable(t *testing.T, path string) map[string]map[string]bool {
	table, _ := splitTables(t, path)
	return table
}

// splitValues reads the values the table refuses of a parameter that
// splits otherwise: model, parameter, value.
func splitValues(t *testing.T, path string) map[string]map[string]map[string]bool {
	_, values := splitTables(t, path)
	return values
}

func splitTables(t *testing.T, path string) (map[string]map[string]bool, map[string]map[string]map[string]bool) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	_, sec, ok := strings.Cut(string(b), "## Which parameters split")
	require.True(t, ok, "%s: no section \"Which parameters split\"", path)
	sec, _, _ = strings.Cut(sec, "\n## ")
	flag := regexp.MustCompile("`--([a-z][a-z-]*)")
	value := regexp.MustCompile("`([a-z0-9][a-z0-9-]*)`")
	table := map[string]map[string]bool{}
	values := map[string]map[string]map[string]bool{}
	for _, row := range strings.Split(sec, "\n") {
		cells := strings.Split(strings.TrimSpace(row), "|")
		if len(cells) < 5 || !strings.HasPrefix(row, "| ") || strings.HasPrefix(row, "| model") {
			continue
		}
		model := strings.TrimSpace(cells[1])
		verdict := strings.TrimSpace(cells[len(cells)-2])
		refused := strings.HasPrefix(verdict, "refused")
		require.True(t, refused || strings.HasPrefix(verdict, "split"), "%s: %q: neither \"splits\" nor \"refused\"", path, row)
		if table[model] == nil {
			table[model] = map[string]bool{}
		}
		names := flag.FindAllStringSubmatch(row, -1)
		for _, m := range names {
			table[model][m[1]] = refused
		}
		if _, after, ok := strings.Cut(verdict, "refused"); ok && !refused && len(names) == 1 {
			if values[model] == nil {
				values[model] = map[string]map[string]bool{}
			}
			values[model][names[0][1]] = map[string]bool{}
			for _, v := range value.FindAllStringSubmatch(after, -1) {
				values[model][names[0][1]][v[1]] = true
			}
		}
	}
	require.NotEmpty(t, table, "%s: an empty table", path)
	return table, values
}

// sampleTimeout bounds every count of the test: a sample (of an instance
// or of a parameter) that takes longer fails it, rather than CI's budget.
const sampleTimeout = "2m"

// countJSON runs a count with --format json and returns its solutions and
// exit code ("" when it printed no record).
func countJSON(t *testing.T, args ...string) (string, int, string) {
	t.Helper()
	out, errOut, code := runCLI(t, "", append(args, "--format", "json", "--timeout", sampleTimeout)...)
	require.NotEqual(t, exitPartial, code, "%v: a sample must count in well under %s: choose smaller samples", args, sampleTimeout)
	var rec struct {
		Solutions json.Number `json:"solutions"`
	}
	if code == exitOK || code == exitNoSolution {
		require.NoError(t, json.Unmarshal([]byte(strings.TrimSpace(out)), &rec), "%v: %s", args, out)
	}
	return rec.Solutions.String(), code, errOut
}

// TestSplitProperty is the generated property test of split counts (issue
// 20): for every model with a decomposition, every sample instance its
// descriptor gives (Instance.Samples), alone and with every sample of
// every parameter of its count (Param.Samples), for K = 1, 2, 7, 64 and 1
// or 3 workers, the merged count of the units equals the unsplit count of
// the same algorithm (the unit lines' algorithm) — or, for a parameter
// docs/scale-out.md lists as refused, --units exits 2 naming it. The
// flags refused for every model are checked too. A new model, parameter
// or sample is covered without a change here or in the document: a
// parameter the table does not list must split; one without samples
// fails.
func TestSplitProperty(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	table := splitTable(t, filepath.Join(root, "docs", "scale-out.md"))
	refusedValues := splitValues(t, filepath.Join(root, "docs", "scale-out.md"))
	t.Chdir(root) // samples name files relative to the repository
	n := 0
	for _, m := range models.Models() {
		if m.Decompose == nil {
			continue
		}
		n++
		verb := m.Verb("count")
		require.NotEmpty(t, verb, "model %s splits but has no count verb", m.Name)
		require.NotEmpty(t, m.Instance.Samples, "model %s splits but its descriptor has no Instance.Samples", m.Name)
		type variant struct {
			name, param string
			args        []string
			refused     bool // a value the table refuses of a parameter that splits
		}
		variants := []variant{{name: "base"}}
		for _, p := range m.Params {
			if !p.For("count") {
				continue
			}
			require.NotEmpty(t, p.Samples, "model %s: parameter --%s has no Samples", m.Name, p.Name)
			for _, v := range p.Samples {
				variants = append(variants, variant{p.Name + "=" + v, p.Name, []string{"--" + p.Name + "=" + v}, refusedValues[m.Name][p.Name][v]})
			}
		}
		for _, inst := range m.Instance.Samples {
			for _, v := range variants {
				t.Run(fmt.Sprintf("%s/%s/%s", m.Name, inst, v.name), func(t *testing.T) {
					args := append(append([]string{m.Name, verb}, strings.Fields(inst)...), v.args...)
					_, code, errOut := countJSON(t, args...)
					if code == exitUsage {
						// Not an instance (a given off a smaller board):
						// the split must refuse it too.
						_, _, splitCode := runCLI(t, "", append(args, "--units", "2", "--unit", "0")...)
						require.Equal(t, exitUsage, splitCode, "%v: the count refuses it (%s), the split does not", args, errOut)
						return
					}
					refused := v.param != "" && (table[m.Name][v.param] || v.refused)
					for _, k := range []int{1, 2, 7, 64} {
						for _, w := range []string{"1", "3"} {
							split := append(args, "--units", fmt.Sprint(k), "--unit", fmt.Sprintf("0-%d", k-1), "--workers", w, "--timeout", sampleTimeout)
							out, errOut, code := runCLI(t, "", split...)
							require.NotEqual(t, exitPartial, code, "%v: a sample must split and count in well under %s: choose smaller samples", split, sampleTimeout)
							if refused {
								require.Equal(t, exitUsage, code, "%v: docs/scale-out.md says --%s is refused", split, v.param)
								require.Empty(t, out)
								require.Contains(t, errOut, "--"+v.param, "%v: the refusal must name the parameter", split)
								continue
							}
							require.Equal(t, exitOK, code, "%v: %s", split, errOut)
							s, err := units.Merge(context.Background(), []units.Source{{Name: "units", R: strings.NewReader(out)}})
							require.NoError(t, err, "%v", split)
							require.True(t, s.Complete)
							require.Equal(t, uint64(k), s.Present)
							want, code, errOut := countJSON(t, append(args, "--algo", s.Algorithm)...)
							require.Contains(t, []int{exitOK, exitNoSolution}, code, "%v --algo %s: %s", args, s.Algorithm, errOut)
							require.Equal(t, want, s.Solutions.String(), "%v: split (K = %d, %s workers) against unsplit --algo %s", args, k, w, s.Algorithm)
						}
					}
				})
			}
		}
		// The flags every model refuses with --units.
		t.Run(m.Name+"/refused", func(t *testing.T) {
			inst := strings.Fields(m.Instance.Samples[0])
			for flag, refused := range table["every model"] {
				if !refused {
					continue
				}
				arg := "--" + flag + "=1"
				switch flag {
				case "unique":
					arg = "--unique"
				case "algo":
					arg = "--algo=" + otherAlgorithm(m)
					if arg == "--algo=" {
						continue
					}
				}
				args := append(append([]string{m.Name, verb}, inst...), arg, "--units", "2", "--unit", "0")
				out, errOut, code := runCLI(t, "", args...)
				require.Equal(t, exitUsage, code, "%v", args)
				require.Empty(t, out)
				require.Contains(t, errOut, "--"+flag, "%v: the refusal must name the flag", args)
			}
		})
	}
	require.NotZero(t, n, "no model with a decomposition")
}

// otherAlgorithm returns an algorithm of m that no decomposition of its
// uses and that a split does not accept (auto, the default; memo and
// cells, which count dlx's subtrees), or "" if there is none.
func otherAlgorithm(m *models.Model) string {
	for _, a := range m.Algorithms {
		switch a.Name {
		case "bitwise", "dlx", "search", "auto", "memo", "cells":
		default:
			return a.Name
		}
	}
	return ""
}
