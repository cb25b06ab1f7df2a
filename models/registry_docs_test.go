package models_test

import (
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/models"
	_ "github.com/coverkit/coverkit/models/all"
	"github.com/stretchr/testify/require"
)

// TestRegistryComplete walks the registry and fails for a model that
// lacks what the generated tests need of its descriptor: an algorithm,
// samples for every parameter, and its long runs for the stop-latency
// test (Stops: each of StopPhases, a command line or why there is none).
// Nothing outside the model's package is asked of a new model
// (docs/design.md, "Adding a model"): the documentation's list of models
// is `coverkit models`, to which README's list points, and README's
// bullets, prose for the models the command ships, may name only
// registered models.
func TestRegistryComplete(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	// README's list of models: the bullets between "## Models" and the next
	// section.
	list := regexp.MustCompile(`(?s)\n## Models\n(.*?)\n## `).FindSubmatch(readme)
	require.NotNil(t, list, "README.md has no ## Models section")
	require.Contains(t, string(list[1]), "`coverkit models`", "README.md's list of models points at the registry's")
	shipped := shippedPackages(t)
	seen := map[string]bool{}
	ms := models.Models()
	require.NotEmpty(t, ms)
	for _, m := range ms {
		seen[modelPackage(m)] = true
		t.Run(m.Name, func(t *testing.T) {
			require.NotEmpty(t, m.Algorithms, "model %s lists no algorithm", m.Name)
			for _, p := range m.Params {
				require.NotEmpty(t, p.Samples, "model %s: parameter --%s has no Samples for the generated tests", m.Name, p.Name)
				switch {
				case p.Switch:
					require.Subset(t, []string{"true", "false"}, p.Samples, "model %s: switch --%s", m.Name, p.Name)
				case p.Values != nil:
					require.Subset(t, p.Values, p.Samples, "model %s: --%s samples a value it does not accept", m.Name, p.Name)
				}
			}
			checkStops(t, m)
		})
	}
	for _, bullet := range regexp.MustCompile(`(?m)^- \*\*([a-z]+)`).FindAllSubmatch(list[1], -1) {
		_, err := models.Lookup(string(bullet[1]))
		require.NoError(t, err, "README.md's list of models has a bullet for %s, which is not registered", bullet[1])
	}
	for path := range shipped {
		require.True(t, seen[path], "models/all imports %s, which registers no model the test sees", path)
	}
}

// checkStops checks m's long runs (Model.Stops): every phase of
// StopPhases, each a command line of m's with a window to stop it in and
// the inputs it names, or why m has none.
func checkStops(t *testing.T, m *models.Model) {
	phases := map[string]bool{}
	for _, c := range m.Stops {
		phases[c.Phase] = true
		if c.None != "" {
			require.Empty(t, c.Args, "model %s, phase %s: a case with None runs nothing", m.Name, c.Phase)
			continue
		}
		require.NotEmpty(t, c.Args, "model %s, phase %s: no command line, and no None saying why", m.Name, c.Phase)
		require.True(t, 0 < c.From && c.From < c.To, "model %s, phase %s: the window %v-%v", m.Name, c.Phase, c.From, c.To)
		for _, a := range c.Args {
			if name, ok := strings.CutPrefix(a, "$"); ok {
				in, ok := c.Inputs[name]
				require.True(t, ok, "model %s, phase %s: no input %s in Inputs", m.Name, c.Phase, name)
				require.True(t, in.Write != nil || len(in.Args) > 0, "model %s: input %s is made by nothing", m.Name, name)
			}
		}
	}
	for _, ph := range models.StopPhases {
		require.True(t, phases[ph], "model %s declares no %s case in Stops: give one, or say why there is none", m.Name, ph)
	}
}

// shippedPackages returns the packages models/all imports: the models the
// command ships.
func shippedPackages(t *testing.T) map[string]bool {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "all/all.go", nil, parser.ImportsOnly)
	require.NoError(t, err)
	out := map[string]bool{}
	for _, im := range f.Imports {
		path, err := strconv.Unquote(im.Path.Value)
		require.NoError(t, err)
		out[path] = true
	}
	require.NotEmpty(t, out)
	return out
}

// modelPackage returns the import path of the package that registered m:
// the package of its instance builder.
func modelPackage(m *models.Model) string {
	fn := runtime.FuncForPC(reflect.ValueOf(m.Instance.New).Pointer())
	if fn == nil {
		return ""
	}
	name := fn.Name() // "github.com/coverkit/coverkit/models/queens.newBoard"
	slash := strings.LastIndex(name, "/")
	if dot := strings.Index(name[slash+1:], "."); dot >= 0 {
		return name[:slash+1+dot]
	}
	return name
}
