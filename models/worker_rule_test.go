package models_test

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

// workerRuleCalls are the only places, by "file:function", that apply the
// one worker rule (docs/design.md, "Workers: one rule, resolved once"):
// each is the one resolution on its way in, and every other layer hands
// the count down as given (0: the default).
var workerRuleCalls = map[string]string{
	// resource.Workers, the rule itself, applied by:
	"models/registry.go:Resolve:resource.Workers": "a request's options, for its algorithm",
	"models/batch/batch.go:Run:resource.Workers":  "a batch's goroutines (each record on one worker)",
	"units/run.go:(*Job).Run:resource.Workers":    "a split count's goroutines",
	"dlx/solver.go:workersOf:resource.Workers":    "the engine's own Options.Workers 0 for a Go caller (the models layer passes 1 or more)",
	// models.Resolve, the rule applied to a request, called by:
	"models/registry.go:(Algorithm).Run:Resolve": "Run, before the model's own solver",
	"models/registry.go:resolving:Resolve":       "a registered Solve called directly",
	"models/model.go:(*Model).Pick:Resolve":      "the model's Default, which sees the count the run will have",
}

// TestWorkerRuleOnePlace reads every non-test Go file of the module and
// fails on an application of the worker rule (resource.Workers,
// models.Resolve) outside workerRuleCalls, and on an entry that matches
// none: a route resolves its worker count once, in the place listed.
func TestWorkerRuleOnePlace(t *testing.T) {
	root, err := filepath.Abs("..")
	require.NoError(t, err)
	found := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if strings.HasPrefix(rel, "resource/") {
			return nil // the rule itself
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			name := funcName(fn)
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				var callee string
				switch fun := call.Fun.(type) {
				case *ast.SelectorExpr:
					if x, ok := fun.X.(*ast.Ident); ok && (x.Name == "resource" && fun.Sel.Name == "Workers" ||
						x.Name == "models" && fun.Sel.Name == "Resolve") {
						callee = x.Name + "." + fun.Sel.Name
					}
				case *ast.Ident:
					if f.Name.Name == "models" && fun.Name == "Resolve" {
						callee = "models.Resolve"
					}
				}
				if callee != "" {
					key := rel + ":" + name + ":" + strings.TrimPrefix(callee, "models.")
					found[key] = true
					if _, ok := workerRuleCalls[key]; !ok {
						t.Errorf("%s applies the worker rule (%s) outside its places: hand the count down as given, or list the place in workerRuleCalls with its reason", key, callee)
					}
				}
				return true
			})
		}
		return nil
	})
	require.NoError(t, err)
	for key := range workerRuleCalls {
		if !found[key] {
			t.Errorf("workerRuleCalls[%q] matches no call any more: remove the entry", key)
		}
	}
}

// funcName names a function declaration as the rule's keys do: "Name",
// "(T).Name" or "(*T).Name".
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	switch t := fn.Recv.List[0].Type.(type) {
	case *ast.StarExpr:
		if id, ok := t.X.(*ast.Ident); ok {
			return "(*" + id.Name + ")." + fn.Name.Name
		}
	case *ast.Ident:
		return "(" + t.Name + ")." + fn.Name.Name
	}
	return fn.Name.Name
}

// TestWorkerRule: 0 means the one rule on every way into an algorithm
// (GOMAXPROCS for a count, one for a listing), resolved before the model's
// solver sees it: through Run, a direct call of the registered Solve, and
// the Default that Pick asks; an explicit count is used as given, a bad
// one refused; Worker hands the model's solver the count its caller gives.
func TestWorkerRule(t *testing.T) {
	var seen []int
	probe := func(_ context.Context, _ core.Problem, o *core.Options) (core.Result, error) {
		seen = append(seen, o.Workers)
		return core.Result{Status: core.StatusExhausted}, nil
	}
	var defaults []int
	var reg models.Registry
	require.NoError(t, reg.Add(models.Model{
		Name: "toyworkers", Summary: "a probe of the worker rule",
		Instance:   models.Instance{New: func(models.Request) (core.Problem, error) { return toyProblem{}, nil }},
		Algorithms: []models.Algorithm{{Name: "probe", Caps: models.CanFirst | models.CanAll | models.CanCount | models.CanParallel | models.CanParallelList, Solve: probe}},
		Default: func(_ core.Problem, o *core.Options) string {
			defaults = append(defaults, o.Workers)
			return "probe"
		},
	}))
	m, err := reg.Lookup("toyworkers")
	require.NoError(t, err)
	a := m.Algorithms[0]
	procs := runtime.GOMAXPROCS(0)
	for _, tc := range []struct {
		name string
		o    *core.Options
		want int
	}{
		{"nil options: a listing of the first", nil, 1},
		{"a count, 0", &core.Options{Mode: core.ModeCount}, procs},
		{"a listing, 0", &core.Options{Mode: core.ModeAll}, 1},
		{"a count, 3", &core.Options{Mode: core.ModeCount, Workers: 3}, 3},
		{"a listing, 3", &core.Options{Mode: core.ModeAll, Workers: 3}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seen, defaults = nil, nil
			given := 0
			if tc.o != nil {
				given = tc.o.Workers
			}
			picked, err := m.Pick("", toyProblem{}, tc.o)
			require.NoError(t, err)
			_, err = picked.Run(context.Background(), toyProblem{}, tc.o)
			require.NoError(t, err)
			_, err = a.Solve(context.Background(), toyProblem{}, tc.o)
			require.NoError(t, err)
			require.Equal(t, []int{tc.want}, defaults, "Default")
			require.Equal(t, []int{tc.want, tc.want}, seen, "Run, then Solve")
			if tc.o != nil {
				require.Equal(t, given, tc.o.Workers, "the caller's options are not changed")
			}
		})
	}
	t.Run("Worker: as given", func(t *testing.T) {
		seen = nil
		_, err := a.Worker()(context.Background(), toyProblem{}, &core.Options{Mode: core.ModeCount, Workers: 1})
		require.NoError(t, err)
		require.Equal(t, []int{1}, seen)
	})
	for _, w := range []int{-1, resource.Cap() + 1} {
		_, err := a.Run(context.Background(), toyProblem{}, &core.Options{Mode: core.ModeCount, Workers: w})
		require.ErrorIs(t, err, resource.ErrWorkers)
		_, err = a.Solve(context.Background(), toyProblem{}, &core.Options{Mode: core.ModeCount, Workers: w})
		require.ErrorIs(t, err, resource.ErrWorkers)
	}
	require.True(t, slices.Equal(seen, []int{1})) // no refused count reached the solver
}

// toyProblem is a problem of the probe model.
type toyProblem struct{}

func (toyProblem) Model() string                                       { return "toyworkers" }
func (toyProblem) Size() string                                        { return "1" }
func (toyProblem) Verify(core.Solution) error                          { return nil }
func (toyProblem) Render(_ io.Writer, _ core.Solution, _ string) error { return nil }
