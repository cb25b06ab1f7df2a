package apitest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
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
// of the module each may import besides its own internal ones
// (docs/design.md, "Packages": each package's "Imports:"); the standard
// library and x/sys are free. The engines know
// nothing of the registry or the command line; the models root, nothing
// of the engines or the loops above it.
var layers = map[string][]string{
	"core":     {},
	"resource": {},
	"lines":    {},
	"dlx":      {"core", "lines", "resource"},
	"local":    {"core", "resource", "internal/wyrand"},
	"models":   {"core", "lines", "resource"},
}

// engines are the packages whose strings, and those of their internal
// packages (held to the engine's imports), may not name a flag of the
// command (`--algo`) or the command itself: their errors and texts speak
// of their own options.
var engines = []string{"dlx", "local"}

// TestLayers checks each package of layers against its imports (non-test
// files), and that no string of an engine names a command-line flag: the
// engine knows nothing of the command (issue 33: dlx carried the
// registry's help texts).
func TestLayers(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	flag := regexp.MustCompile(`(^|[\s(])--[a-z][a-z-]+|\bcoverkit [a-z]`)
	for pkg, allowed := range layers {
		dirs := []string{pkg}
		if slices.Contains(engines, pkg) {
			inner, err := filepath.Glob(filepath.Join(root, pkg, "internal", "*"))
			require.NoError(t, err)
			for _, d := range inner {
				if fi, err := os.Stat(d); err == nil && fi.IsDir() {
					rel, _ := filepath.Rel(root, d)
					dirs = append(dirs, filepath.ToSlash(rel))
				}
			}
		}
		for _, dir := range dirs {
			checkLayer(t, root, pkg, dir, allowed, flag)
		}
	}
}

// checkLayer checks the non-test files of dir, in package pkg's layer:
// their imports of the module within allowed (or pkg's own internal
// packages), and, for an engine, no string naming the command.
func checkLayer(t *testing.T, root, pkg, dir string, allowed []string, flag *regexp.Regexp) {
	const module = "github.com/coverkit/coverkit/"
	files, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "%s: no Go files (a package moved? update layers)", dir)
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
			if inner, ok := strings.CutPrefix(path, module); ok && !strings.HasPrefix(inner, pkg+"/internal/") {
				require.True(t, slices.Contains(allowed, inner), "%s imports %s: package %s may import only %v of the module "+
					"and its own internal packages (docs/design.md, \"Packages\"; this test's layers)", rel, inner, pkg, allowed)
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

// TestFlagsInTheCommand: only the command (cmd/) declares command-line
// flags; no library package imports cobra or pflag (issue 33: the flag
// types lived in core, a split's command-line spec in units).
func TestFlagsInTheCommand(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || path == filepath.Join(root, "cmd")):
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go"):
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			rel, _ := filepath.Rel(root, path)
			require.False(t, strings.HasPrefix(p, "github.com/spf13/"), "%s imports %s: command-line flags are the command's (cmd/coverkit)", rel, p)
		}
		return nil
	})
	require.NoError(t, err)
}

// TestOneCPUFeatureTable: the module reads CPU features in one place,
// internal/cpu (on golang.org/x/sys/cpu); no assembly of its own runs
// CPUID, and no other package imports x/sys/cpu (issue 33: the CPUID
// assembly was copied between queens and sudoku).
func TestOneCPUFeatureTable(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	table := filepath.Join(root, "internal", "cpu")
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || path == table):
			return filepath.SkipDir
		case d.IsDir() || strings.HasSuffix(path, "_test.go") || !(strings.HasSuffix(path, ".s") || strings.HasSuffix(path, ".go")):
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if strings.HasSuffix(path, ".s") {
			require.NotRegexp(t, `(?m)^\s*CPUID\b`, string(b), "%s runs CPUID: read the feature from internal/cpu", rel)
		} else {
			require.NotContains(t, string(b), `"golang.org/x/sys/cpu"`, "%s reads CPU features itself: use internal/cpu", rel)
		}
		return nil
	})
	require.NoError(t, err)
}
