package apitest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// layers are the module's packages below the models, with the packages
// of the module each may import (docs/design.md, "Packages": each
// package's "Imports:"); the standard library and x/sys are free. The engines know
// nothing of the registry or the command line; the models root, nothing
// of the engines or the loops above it.
var layers = map[string][]string{
	"core":                {},
	"resource":            {},
	"lines":               {},
	"dlx":                 {"core", "lines", "resource", "dlx/internal/dance", "dlx/internal/sparse"},
	"dlx/internal/dance":  {},
	"dlx/internal/sparse": {},
	"local":               {"core", "resource", "internal/wyrand"},
	"models":              {"core", "lines", "resource"},
}

// engines are the packages whose strings may not name a flag of the
// command (`--algo`) or the command itself: their errors and texts speak
// of their own options.
var engines = []string{"dlx", "dlx/internal/dance", "dlx/internal/sparse", "local"}

// TestLayers checks each package of layers against its imports (non-test
// files), and that no string of an engine names a command-line flag: the
// engine knows nothing of the command (issue 33: dlx carried the
// registry's help texts).
func TestLayers(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	const module = "github.com/coverkit/coverkit/"
	flag := regexp.MustCompile(`(^|[\s(])--[a-z][a-z-]+|\bcoverkit [a-z]`)
	for pkg, allowed := range layers {
		files, err := filepath.Glob(filepath.Join(root, pkg, "*.go"))
		require.NoError(t, err)
		require.NotEmpty(t, files, "%s: no Go files (a package moved? update layers)", pkg)
		fset := token.NewFileSet()
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := os.ReadFile(name)
			require.NoError(t, err)
			f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
			require.NoError(t, err)
			rel, _ := filepath.Rel(root, name)
			for _, im := range f.Imports {
				path, _ := strconv.Unquote(im.Path.Value)
				if inner, ok := strings.CutPrefix(path, module); ok {
					require.True(t, slices.Contains(allowed, inner), "%s imports %s: package %s may import only %v of the module", rel, inner, pkg, allowed)
				}
			}
			if !slices.Contains(engines, pkg) {
				continue
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					s, _ := strconv.Unquote(lit.Value)
					require.False(t, flag.MatchString(s), "%s: %s: the engine names the command (%q)", rel, fset.Position(lit.Pos()), s)
				}
				return true
			})
		}
	}
}
