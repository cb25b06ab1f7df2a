package core_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// meterRuleAllow lists the context polls that may stay outside the Meter,
// by "file:function" (or a directory, ending in "/", for an area still being
// converted), each with its reason. An entry that no longer matches a poll
// fails the test: remove it.
var meterRuleAllow = map[string]string{
	// Not search loops.
	"dlx/gauge.go:(*gauge).reset":             "compares Done channels to know whether the cached meter watches the same context: no poll",
	"dlx/gauge.go:(*gauge).meter":             "keeps the Done channel of the cached meter's context: no poll",
	"models/sudoku/fast.go:(*Fast).solve":     "compares Done channels to reuse the meter of the last search under the same context: no poll",
	"models/batch/batch.go:(*Summary).Status": "the status of a batch's unanswered records for the exit code, after the batch",
	"models/sudoku/commands.go:generateTask":  "the status of a generation that stopped, for the exit code, after it (landing: helper desc)",
	"models/verify/verify.go:Request":         "whether an error of opening or reading the input came from the stop, after it: no poll",
}

// TestMeterRule reads every non-test Go file of the engines and the models
// and fails on a context poll outside core.Meter: a call of Err or Done on a
// context.Context, of core.ContextStatus, context.Cause or
// context.AfterFunc. Search loops and long phases stop through the Meter
// (docs/design.md, "Stopping: the Meter").
func TestMeterRule(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the engines and models")
	}
	root, err := filepath.Abs("..")
	require.NoError(t, err)
	polls, err := contextPolls(root, "./dlx/...", "./local/...", "./models/...")
	require.NoError(t, err)

	used := map[string]bool{}
	var bad []string
	for _, p := range polls {
		key := p.file + ":" + p.fn
		if _, ok := meterRuleAllow[key]; ok {
			used[key] = true
			continue
		}
		allowed := false
		for k := range meterRuleAllow {
			if strings.HasSuffix(k, "/") && strings.HasPrefix(p.file, k) ||
				strings.HasSuffix(k, ":") && p.file+":" == k {
				used[k], allowed = true, true
			}
		}
		if !allowed {
			bad = append(bad, fmt.Sprintf("%s:%d: %s polls the context with %s; poll through core.Meter", p.file, p.line, p.fn, p.call))
		}
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Error(b)
	}
	for k := range meterRuleAllow {
		if !used[k] {
			t.Errorf("meterRuleAllow[%q] matches no context poll any more: remove the entry", k)
		}
	}
}

// contextPoll is one context poll found in the source.
type contextPoll struct {
	file string // relative to the module root, with slashes
	line int
	fn   string // the enclosing function: "F", "(*T).M" or "" at file level
	call string // what was called
}

// contextPolls type-checks the non-test files of the packages that patterns
// name (in the module at root) and returns their context polls.
func contextPolls(root string, patterns ...string) ([]contextPoll, error) {
	args := append([]string{"list", "-export", "-deps", "-json=ImportPath,Dir,GoFiles,Export,Module,Standard"}, patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v: %s", err, stderr.String())
	}
	type listed struct {
		ImportPath, Dir, Export string
		GoFiles                 []string
		Standard                bool
		Module                  *struct{ Path string }
	}
	exports := map[string]string{}
	var ours []listed
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		exports[p.ImportPath] = p.Export
		if p.Module != nil && p.Module.Path == "github.com/coverkit/coverkit" && matches(root, p.Dir) {
			ours = append(ours, p)
		}
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		f, ok := exports[path]
		if !ok || f == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(f)
	})
	ctxType := types.NewInterfaceType(nil, nil)
	var polls []contextPoll
	for _, p := range ours {
		var files []*ast.File
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				return nil, err
			}
			files = append(files, f)
		}
		info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
		conf := types.Config{Importer: imp}
		pkg, err := conf.Check(p.ImportPath, fset, files, info)
		if err != nil {
			return nil, fmt.Errorf("type-checking %s: %w", p.ImportPath, err)
		}
		if ctxType.NumMethods() == 0 {
			ctxPkg, err := imp.Import("context")
			if err != nil {
				return nil, err
			}
			ctxType = ctxPkg.Scope().Lookup("Context").Type().Underlying().(*types.Interface)
		}
		_ = pkg
		for _, f := range files {
			rel, err := filepath.Rel(root, fset.File(f.Pos()).Name())
			if err != nil {
				return nil, err
			}
			rel = filepath.ToSlash(rel)
			for _, d := range f.Decls {
				fn := funcName(d)
				ast.Inspect(d, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok {
						return true
					}
					sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
					if !ok {
						return true
					}
					what := ""
					if s := info.Selections[sel]; s != nil {
						if name := sel.Sel.Name; (name == "Err" || name == "Done") && types.Implements(s.Recv(), ctxType) {
							what = "(context.Context)." + name
						}
					} else if obj := info.Uses[sel.Sel]; obj != nil && obj.Pkg() != nil {
						switch obj.Pkg().Path() + "." + obj.Name() {
						case "github.com/coverkit/coverkit/core.ContextStatus":
							what = "core.ContextStatus"
						case "context.Cause", "context.AfterFunc":
							what = "context." + obj.Name()
						}
					}
					if what != "" {
						polls = append(polls, contextPoll{file: rel, line: fset.Position(call.Pos()).Line, fn: fn, call: what})
					}
					return true
				})
			}
		}
	}
	return polls, nil
}

// matches reports whether dir is one of the trees the rule reads.
func matches(root, dir string) bool {
	rel, err := filepath.Rel(root, dir)
	if err != nil {
		return false
	}
	rel = filepath.ToSlash(rel)
	for _, top := range []string{"dlx", "local", "models"} {
		if rel == top || strings.HasPrefix(rel, top+"/") {
			return true
		}
	}
	return false
}

// funcName names the function a declaration declares: "F", "(*T).M",
// "(T).M", or "" for other declarations.
func funcName(d ast.Decl) string {
	fd, ok := d.(*ast.FuncDecl)
	if !ok {
		return ""
	}
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	star := ""
	if s, ok := t.(*ast.StarExpr); ok {
		star, t = "*", s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	name := "?"
	if id, ok := t.(*ast.Ident); ok {
		name = id.Name
	}
	return "(" + star + name + ")." + fd.Name.Name
}
