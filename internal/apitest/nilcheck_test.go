package apitest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNoUseAfterNilCheck keeps out a class of bug (issue 33: a batch
// front end checked m == nil, then read m.Name in its message): in the
// module's code (tests and the command's too), a branch taken when x may
// be nil (`if x == nil`, `if x == nil || …`, `case x == nil:`) never
// reads a field or calls a method of x, unless it first sets x. A method
// with a nil receiver may be meant; name x's type instead, or set x.
func TestNoUseAfterNilCheck(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	fset := token.NewFileSet()
	var found []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata"):
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(path, ".go"):
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch v := n.(type) {
			case *ast.IfStmt:
				found = append(found, nilUses(fset, root, maybeNil(v.Cond), v.Body.List)...)
			case *ast.CaseClause:
				var xs []string
				for _, e := range v.List {
					xs = append(xs, maybeNil(e)...)
				}
				found = append(found, nilUses(fset, root, xs, v.Body)...)
			}
			return true
		})
		return nil
	})
	require.NoError(t, err)
	require.Empty(t, found, "a field or method read where the branch was taken because it may be nil")
}

// maybeNil returns the expressions that may be nil when cond holds: the x
// of `x == nil` and of each such operand of ||.
func maybeNil(cond ast.Expr) []string {
	switch v := cond.(type) {
	case *ast.ParenExpr:
		return maybeNil(v.X)
	case *ast.BinaryExpr:
		switch {
		case v.Op == token.LOR:
			return append(maybeNil(v.X), maybeNil(v.Y)...)
		case v.Op == token.EQL && isNil(v.Y):
			return []string{types.ExprString(v.X)}
		case v.Op == token.EQL && isNil(v.X):
			return []string{types.ExprString(v.Y)}
		}
	}
	return nil
}

func isNil(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "nil"
}

// nilUses lists the selectors x.f in body (at their place, relative to
// root), for each x of xs that body does not assign (function literals, which may run later, left out).
func nilUses(fset *token.FileSet, root string, xs []string, body []ast.Stmt) []string {
	if len(xs) == 0 {
		return nil
	}
	check := map[string]bool{}
	for _, x := range xs {
		check[x] = true
	}
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignStmt); ok {
				for _, l := range a.Lhs {
					delete(check, types.ExprString(l))
				}
			}
			return true
		})
	}
	var out []string
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch v := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.SelectorExpr:
				if x := types.ExprString(v.X); check[x] {
					pos := fset.Position(v.Pos())
					if rel, err := filepath.Rel(root, pos.Filename); err == nil {
						pos.Filename = rel
					}
					out = append(out, pos.String()+": "+x+"."+v.Sel.Name)
				}
			}
			return true
		})
	}
	return out
}
