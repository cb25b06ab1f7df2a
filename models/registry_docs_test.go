package models_test

import (
	"os"
	"reflect"
	"regexp"
	"testing"

	"github.com/coverkit/coverkit/models"
	_ "github.com/coverkit/coverkit/models/all"
	"github.com/stretchr/testify/require"
)

// TestRegistryComplete walks the registry (every model, through the one
// import list models/all) and fails for a model that lacks what
// docs/design.md asks of a new one: a bullet in README's model list, a
// section in docs/cli.md, problems of its own in the robustness matrix
// (robustProblems) and samples for every parameter the generated tests
// try.
func TestRegistryComplete(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	cli, err := os.ReadFile("../docs/cli.md")
	require.NoError(t, err)
	// README's list of models: the bullets between "## Models" and the next
	// section.
	list := regexp.MustCompile(`(?s)\n## Models\n(.*?)\n## `).FindSubmatch(readme)
	require.NotNil(t, list, "README.md has no ## Models section")
	ms := models.Models()
	require.NotEmpty(t, ms)
	for _, m := range ms {
		t.Run(m.Name, func(t *testing.T) {
			require.Regexp(t, `(?m)^- \*\*`+regexp.QuoteMeta(m.Name)+`\*\*`, string(list[1]),
				"README.md: no bullet `- **%s** — ...` in the list of models", m.Name)
			require.Regexp(t, `(?m)^## `+regexp.QuoteMeta(m.Name)+`$`, string(cli),
				"docs/cli.md: no section `## %s`", m.Name)
			own := 0
			for _, p := range robustProblems() {
				if v := reflect.ValueOf(p.p); p.p != nil && !(v.Kind() == reflect.Pointer && v.IsNil()) && p.p.Model() == m.Name {
					own++
				}
			}
			require.NotZero(t, own, "models/robustness_test.go: robustProblems has no problem of model %s", m.Name)
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
		})
	}
}
