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
// and samples for every parameter. A model the command ships (one that
// models/all imports) is documented too: a bullet in README's model list
// and a section in docs/cli.md, the documentation docs/design.md asks of
// a shipped model ("Adding a model"). A model only a test imports (the
// toy model of internal/toy) needs no line outside its package.
func TestRegistryComplete(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	cli, err := os.ReadFile("../docs/cli.md")
	require.NoError(t, err)
	// README's list of models: the bullets between "## Models" and the next
	// section.
	list := regexp.MustCompile(`(?s)\n## Models\n(.*?)\n## `).FindSubmatch(readme)
	require.NotNil(t, list, "README.md has no ## Models section")
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
			if !shipped[modelPackage(m)] {
				return // a model of the tests alone: documented in its package
			}
			require.Regexp(t, `(?m)^- \*\*`+regexp.QuoteMeta(m.Name)+`\*\*`, string(list[1]),
				"README.md: no bullet `- **%s** — ...` in the list of models", m.Name)
			require.Regexp(t, `(?m)^## `+regexp.QuoteMeta(m.Name)+`$`, string(cli),
				"docs/cli.md: no section `## %s`", m.Name)
		})
	}
	for path := range shipped {
		require.True(t, seen[path], "models/all imports %s, which registers no model the test sees", path)
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
