package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/units"
	"github.com/stretchr/testify/require"
)

// TestFeatureMatrix is the feature matrix generated from the registry
// (CONTRIBUTING.md: "a combination of features is tested as a matrix"):
// for every model, its first sample instance (Instance.Samples), alone and
// with every sample of every parameter (Param.Samples) of each verb —
// solve (every solution, --limit 1e18, counted in its --stats record; a
// batch: its answers, each a uniqueness check, which its compare must
// match),
// count, compare (every row) and verify (of solve's listing) — on 1 and 3
// workers, and for count unsplit and split (--units 2, both units merged),
// each combination gives the plain answer, the same number of solutions
// as the plain command (the count with the same instance and parameter,
// or the verb with no --workers for a parameter count does not take), or
// is refused with exit 2; never a different number. A new model,
// parameter or sample is covered without a change here. TestSplitProperty
// covers the split counts in depth (K = 1, 2, 7, 64 against the same
// algorithm); this test crosses the verbs. -short keeps one worker count.
func TestFeatureMatrix(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	t.Chdir(root) // samples name files relative to the repository
	workers := []string{"1", "3"}
	if testing.Short() {
		workers = workers[1:]
	}
	for _, m := range models.Models() {
		require.NotEmpty(t, m.Instance.Samples, "model %s: its descriptor has no Instance.Samples", m.Name)
		inst := strings.Fields(m.Instance.Samples[0])
		type variant struct {
			name, param string
			args        []string
		}
		variants := []variant{{name: "base"}}
		for _, p := range m.Params {
			for _, v := range p.Samples {
				arg := "--" + p.Name + "=" + v
				variants = append(variants, variant{p.Name + "=" + v, p.Name, []string{arg}})
			}
		}
		param := func(name string) *models.Param {
			for i := range m.Params {
				if m.Params[i].Name == name {
					return &m.Params[i]
				}
			}
			return nil
		}
		for _, v := range variants {
			t.Run(m.Name+"/"+v.name, func(t *testing.T) {
				applies := func(verb string) bool {
					p := param(v.param)
					return m.Verb(verb) != "" && (p == nil || p.For(verb))
				}
				// The plain answers: the count's and the listing's, where the
				// parameter applies to them.
				refs := map[string][2]any{}
				ref := func(verb string) (string, int) {
					if r, ok := refs[verb]; ok {
						return r[0].(string), r[1].(int)
					}
					got, code := matrixRun(t, m, verb, inst, v.args, "")
					refs[verb] = [2]any{got, code}
					return got, code
				}
				check := func(verb, w string, extra ...string) {
					t.Helper()
					against := "count"
					if verb == "solve" || verb == "verify" || verb == "compare" && m.Batch != nil {
						against = "solve" // a batch compares on its answers (a uniqueness check)
					}
					plain, plainCode := ref(against)
					got, code := matrixRun(t, m, verb, inst, append(v.args, extra...), w)
					switch {
					case code == exitUsage:
						return // refused
					case plainCode == exitUsage:
						require.Failf(t, "answered what the plain command refuses", "%s %s %v --workers %s: exit %d, %s solutions", m.Name, verb, v.args, w, code, got)
					}
					require.Equal(t, plain, got, "%s %s %v %v --workers %s: the plain answer is %s solutions", m.Name, verb, v.args, extra, w, plain)
				}
				for _, w := range workers {
					if applies("count") {
						check("count", w)
						check("count", w, "--units", "2", "--unit", "0-1")
					}
					if applies("solve") {
						check("solve", w)
					}
					if applies("compare") {
						check("compare", w)
					}
				}
				if applies("verify") && applies("solve") && m.Verify != nil && m.Batch == nil {
					check("verify", "")
				}
				// The listing and the count agree, but where the model
				// documents why they answer different questions.
				if applies("solve") && applies("count") && m.Batch == nil && matrixListingDiffers[m.Name] == "" {
					c, _ := ref("count")
					l, _ := ref("solve")
					require.Equal(t, c, l, "%s %v: solve lists %s solutions, count counts %s", m.Name, v.args, l, c)
				}
			})
		}
	}
}

// matrixRun runs verb on the model's instance with args (and --workers w
// when w is not "") and returns the number of solutions it answers, with
// the exit code: the count's record; solve's --stats record of a listing
// of every solution (--limit 1e18, which a batch reads as its count
// limit); every row of compare (which must agree); the distinct valid
// solutions of verify on solve's listing (all valid). A split count
// (--units) is merged. A refusal (exit 2) returns "".
func matrixRun(t *testing.T, m *models.Model, verb string, inst, args []string, w string) (string, int) {
	t.Helper()
	cmd := append([]string{m.Name, m.Verb(verb)}, inst...)
	if verb == "verify" {
		cmd = append([]string{m.Name, m.Verb("solve")}, inst...)
	}
	cmd = append(append(cmd, args...), "--timeout", sampleTimeout)
	if w != "" {
		cmd = append(cmd, "--workers", w)
	}
	split := false
	for _, a := range args {
		split = split || a == "--units"
	}
	switch {
	case split:
	case verb == "count", verb == "compare":
		cmd = append(cmd, "--format", "json")
	case verb == "solve" && m.Batch != nil:
		cmd = append(cmd, "--format", "json", "--stats")
	case verb == "solve":
		cmd = append(cmd, "--limit", "1e18", "--format", "none", "--stats")
	case verb == "verify":
		cmd = append(cmd, "--limit", "1e18")
	}
	out, errOut, code := runCLI(t, "", cmd...)
	require.NotEqual(t, exitPartial, code, "%v: a sample must answer in well under %s: choose smaller samples", cmd, sampleTimeout)
	if code == exitUsage {
		if m.Batch == nil || verb != "solve" && verb != "compare" {
			require.Empty(t, out, "%v: a refusal writes nothing on stdout", cmd)
		} // else a batch that answered its valid records and marked the others
		return "", code
	}
	require.Contains(t, []int{exitOK, exitNoSolution}, code, "%v: %s", cmd, errOut)
	var rec struct {
		Solutions json.Number `json:"solutions"`
		Distinct  json.Number `json:"distinct"`
		AllValid  bool        `json:"all_valid"`
	}
	switch {
	case split:
		s, err := units.Merge(context.Background(), []units.Source{{Name: "units", R: strings.NewReader(out)}})
		require.NoError(t, err, "%v", cmd)
		require.True(t, s.Complete, "%v", cmd)
		return s.Solutions.String(), code
	case verb == "solve":
		first, _, _ := strings.Cut(strings.TrimSpace(errOut), "\n") // the record, then a message
		require.NoError(t, json.Unmarshal([]byte(first), &rec), "%v: %s", cmd, errOut)
	case verb == "compare":
		want := ""
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			require.NoError(t, json.Unmarshal([]byte(line), &rec), "%v: %s", cmd, line)
			require.True(t, want == "" || want == rec.Solutions.String(), "%v: the rows disagree: %s", cmd, out)
			want = rec.Solutions.String()
		}
		return want, code
	case verb == "verify":
		if code == exitNoSolution {
			return "0", code
		}
		file := filepath.Join(t.TempDir(), "solutions")
		require.NoError(t, os.WriteFile(file, []byte(out), 0o644))
		vcmd := []string{m.Name, m.Verb("verify")}
		if m.VerifyInput != nil {
			vcmd = append(vcmd, inst...)
		} else {
			vcmd = append(vcmd, inst[:min(m.VerifyArgs, len(inst))]...)
		}
		for _, a := range inst { // an instance named by flags (--board 4x5)
			if name, ok := strings.CutPrefix(a, "--"); ok && matrixParamFor(m, name, "verify") {
				vcmd = append(vcmd, a, inst[slices.Index(inst, a)+1])
			}
		}
		vcmd = append(vcmd, file, "--format", "json")
		for _, a := range args {
			if name, _, _ := strings.Cut(strings.TrimPrefix(a, "--"), "="); matrixParamFor(m, name, "verify") {
				vcmd = append(vcmd, a)
			}
		}
		vout, verrOut, vcode := runCLI(t, "", vcmd...)
		require.Equal(t, exitOK, vcode, "%v on the listing of %v: %s %s", vcmd, cmd, vout, verrOut)
		require.NoError(t, json.Unmarshal([]byte(strings.TrimSpace(vout)), &rec), "%v: %s", vcmd, vout)
		require.True(t, rec.AllValid, "%v: %s", vcmd, vout)
		return rec.Distinct.String(), code
	default:
		require.NoError(t, json.Unmarshal([]byte(strings.TrimSpace(out)), &rec), "%v: %s", cmd, out)
	}
	return rec.Solutions.String(), code
}

// matrixListingDiffers names the models whose solve lists other solutions
// than count counts by default, and why.
var matrixListingDiffers = map[string]string{
	"knight": "solve lists the tours from --from (default 1,1); count counts the tours from every square",
}

// matrixParamFor reports whether m's parameter name applies to verb.
func matrixParamFor(m *models.Model, name, verb string) bool {
	for _, p := range m.Params {
		if p.Name == name {
			return p.For(verb)
		}
	}
	return false
}
