package apitest

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"hash/crc32"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// entry is the harness's row for one exported function or method.
type entry struct {
	// fn is the function, or the method expression ((*T).M, T.M) whose
	// first argument is the receiver.
	fn any
	// skip, if set, says why the function is not called (it is listed all
	// the same, so that a new function cannot go unseen).
	skip string
	// deadline overrides callDeadline for a function whose valid calls
	// take longer.
	deadline time.Duration
	// known, if set, names the owner still fixing the function's failures
	// (issue 22): they are logged, not failed, and an entry whose function
	// no longer fails fails the test until the mark is removed.
	known string
}

// callDeadline is how long a call may take before it counts as a hang.
// Contexts given to the calls end much sooner (ctxTimeout).
const (
	callDeadline = 3 * time.Second
	ctxTimeout   = 100 * time.Millisecond
)

// TestTableComplete fails when an exported function or method of the
// module has no entry in the table, or an entry names one that is gone.
func TestTableComplete(t *testing.T) {
	names, docs := exported(t)
	all := entries()
	var missing, stale []string
	for _, n := range names {
		if _, ok := all[n]; !ok {
			missing = append(missing, n)
		}
	}
	for n := range table {
		if _, ok := docs[n]; !ok {
			stale = append(stale, n)
		}
	}
	sort.Strings(missing)
	sort.Strings(stale)
	for _, n := range missing {
		t.Errorf("no harness entry for %s: add one to table (table_test.go)", n)
	}
	for _, n := range stale {
		t.Errorf("harness entry %s names no exported function any more: remove it", n)
	}
}

// exported lists the exported functions and methods of every non-main
// package of the module (build constraints of this platform applied), as
// table keys, with their doc comments.
func exported(t *testing.T) ([]string, map[string]string) {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Dir,GoFiles,Name", "github.com/coverkit/coverkit/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, stderr.String())
	dec := json.NewDecoder(bytes.NewReader(out))
	var names []string
	docs := map[string]string{}
	for dec.More() {
		var p struct {
			ImportPath, Dir, Name string
			GoFiles               []string
		}
		require.NoError(t, dec.Decode(&p))
		if p.Name == "main" || strings.HasSuffix(p.ImportPath, "/internal/apitest") || hiddenInternal(p.ImportPath) {
			continue
		}
		fset := token.NewFileSet()
		var files []*ast.File
		for _, f := range p.GoFiles {
			af, err := parser.ParseFile(fset, filepath.Join(p.Dir, f), nil, parser.ParseComments)
			require.NoError(t, err)
			files = append(files, af)
		}
		dp, err := doc.NewFromFiles(fset, files, p.ImportPath)
		require.NoError(t, err)
		add := func(key, d string) {
			names = append(names, key)
			docs[key] = d
		}
		for _, f := range dp.Funcs {
			add(p.Name+"."+f.Name, f.Doc)
		}
		for _, ty := range dp.Types {
			for _, f := range ty.Funcs {
				add(p.Name+"."+f.Name, f.Doc)
			}
			for _, m := range ty.Methods {
				if strings.HasPrefix(m.Recv, "*") {
					add(p.Name+".(*"+ty.Name+")."+m.Name, m.Doc)
				} else {
					add(p.Name+"."+ty.Name+"."+m.Name, m.Doc)
				}
			}
		}
	}
	return names, docs
}

// hiddenInternal reports whether path is an internal package this one
// cannot import (a model's or an engine's private kernels): its exported
// names are no API, and its package's tests cover it.
func hiddenInternal(path string) bool {
	const root = "github.com/coverkit/coverkit/"
	rest := strings.TrimPrefix(path, root)
	return strings.Contains("/"+rest, "/internal/") && !strings.HasPrefix(rest, "internal/")
}

// outcome is what one call did.
type outcome struct {
	panicked any
	stack    string
}

// TestHarness calls every function of the table with hostile arguments:
// nil, zero, negative, huge and mismatched values of each parameter's type,
// one parameter at a time from a base of plausible values, then mixed. It
// fails on a panic and on
// a call that outlives its deadline.
func TestHarness(t *testing.T) {
	if testing.Short() {
		t.Skip("calls every exported function thousands of times")
	}
	limitMemory(t)
	t.Chdir(t.TempDir()) // functions that write files write them here
	all := entries()
	keys := make([]string, 0, len(all))
	for k := range all {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	calls, panics, hangs, knownFailures := 0, 0, 0, 0
	for _, k := range keys {
		e := all[k]
		if e.skip != "" {
			continue
		}
		fv := reflect.ValueOf(e.fn)
		require.Equal(t, reflect.Func, fv.Kind(), k)
		report := t.Errorf
		if e.known != "" {
			report = func(format string, args ...any) { t.Logf("[known: "+e.known+"] "+format, args...) }
		}
		seen := map[string]bool{}
		failed := false
	vectors:
		for _, args := range argVectors(k, fv.Type(), isMethod(k)) {
			calls++
			what := describe(args) // before the call, which may change them
			o, hung := call(fv, args, cmp.Or(e.deadline, callDeadline))
			switch {
			case hung:
				failed = true
				if e.known != "" {
					knownFailures++
				} else {
					hangs++
				}
				report("%s(%s) did not return within %s", k, what, cmp.Or(e.deadline, callDeadline))
				break vectors // its goroutine runs on: one report a function
			case o.panicked != nil:
				msg := fmt.Sprint(o.panicked)
				failed = true
				if e.known != "" {
					knownFailures++
				} else {
					panics++
				}
				if !seen[msg] {
					seen[msg] = true
					report("%s(%s) panicked: %v\n%s", k, what, o.panicked, o.stack)
				}
			}
		}
		if e.known != "" && !failed {
			// Only the deep run (.ci/run) tries enough mixtures to be sure.
			stale := t.Logf
			if randomVectors() >= 3000 {
				stale = t.Errorf
			}
			stale("%s is marked known (%s) but no call failed: remove the mark", k, e.known)
		}
	}
	t.Logf("%d functions, %d calls: %d panics, %d hangs; %d failing calls of functions marked known", len(keys), calls, panics, hangs, knownFailures)
}

// call calls fv with args on a goroutine of its own, waiting at most d.
func call(fv reflect.Value, args []reflect.Value, d time.Duration) (outcome, bool) {
	done := make(chan outcome, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				buf := make([]byte, 1<<14)
				buf = buf[:runtime.Stack(buf, false)]
				done <- outcome{panicked: r, stack: trimStack(string(buf))}
			}
		}()
		if fv.Type().IsVariadic() {
			fv.CallSlice(args)
		} else {
			fv.Call(args)
		}
		done <- outcome{}
	}()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case o := <-done:
		return o, false
	case <-timer.C:
		return outcome{}, true
	}
}

// trimStack keeps the frames of the module's code from a panic's stack.
func trimStack(s string) string {
	var out []string
	lines := strings.Split(s, "\n")
	for i := 0; i+1 < len(lines); i++ {
		if strings.Contains(lines[i], "github.com/coverkit/coverkit/") && !strings.Contains(lines[i], "internal/apitest") {
			out = append(out, "  "+strings.TrimSpace(lines[i])+" "+strings.TrimSpace(lines[i+1]))
			i++
		}
		if len(out) == 6 {
			break
		}
	}
	return strings.Join(out, "\n")
}

// describe prints the arguments of a call, shortly.
func describe(args []reflect.Value) string {
	parts := make([]string, len(args))
	for i, a := range args {
		var s string
		switch {
		case !a.IsValid():
			s = "<invalid>"
		case a.Kind() == reflect.Func:
			if a.IsNil() {
				s = "nil func"
			} else {
				s = "func"
			}
		case a.Kind() == reflect.Interface && a.IsNil():
			s = "nil " + a.Type().String()
		default:
			if a.Kind() == reflect.Interface {
				a = a.Elem()
			}
			switch v := a.Interface().(type) {
			case io.Reader:
				if r, ok := v.(*namedReader); ok {
					s = "reader " + r.name
				} else {
					s = fmt.Sprintf("%T", v)
				}
			case io.Writer:
				s = fmt.Sprintf("%T", v)
			case context.Context:
				s = "ctx"
			default:
				s = fmt.Sprintf("%#v", v)
			}
		}
		if len(s) > 80 {
			s = s[:77] + "..."
		}
		parts[i] = s
	}
	return strings.Join(parts, ", ")
}

// isMethod reports whether a table key names a method ("pkg.(*T).M" or
// "pkg.T.M"), whose function's first parameter is the receiver.
func isMethod(key string) bool { return strings.Count(key, ".") == 2 }

// argVectors returns the argument lists the harness calls a function of
// type ft with: the base (each parameter's first, plausible value), then
// each parameter through its variants with the others at the base, then
// "diagonals" where every parameter takes its k-th variant at once. A
// method's receiver is never a nil pointer (calling a method on one is a
// programmer's error, as in the standard library), but it is a zero value
// and a value with hostile fields.
func argVectors(key string, ft reflect.Type, method bool) [][]reflect.Value {
	n := ft.NumIn()
	gens := make([][]gen, n)
	most := 0
	for i := range n {
		gens[i] = variants(ft.In(i), 0)
		if i == 0 && method && ft.In(0).Kind() == reflect.Pointer {
			gens[i] = nonNil(gens[i])
		}
		most = max(most, len(gens[i]))
	}
	vector := func(pick func(i int) int) []reflect.Value {
		args := make([]reflect.Value, n)
		for i := range n {
			args[i] = gens[i][pick(i)]()
		}
		return args
	}
	// A nil context never ends (core.NewMeter's rule): it is tried with
	// the base's other arguments, one parameter at a time, whose work is
	// small; in a mixture it would ask for a search of unbounded work
	// (every 9x9 grid with no limit), which is work, not a hang. Mixtures
	// take the base context there instead.
	mixed := func(pick func(k int) int) func(k int) int {
		return func(k int) int {
			j := pick(k)
			if ft.In(k) == contextType {
				if v := gens[k][j](); v.IsNil() {
					return 0
				}
			}
			return j
		}
	}
	out := [][]reflect.Value{vector(func(int) int { return 0 })}
	for i := range n {
		for j := 1; j < len(gens[i]); j++ {
			out = append(out, vector(func(k int) int {
				if k == i {
					return j
				}
				return 0
			}))
		}
	}
	if n > 1 {
		for d := 1; d < most; d++ {
			out = append(out, vector(mixed(func(k int) int { return d % len(gens[k]) })))
		}
		// And a few mixtures at random, the same on every run.
		rng := rand.New(rand.NewPCG(uint64(len(key)), uint64(crc32.ChecksumIEEE([]byte(key)))))
		for range randomVectors() {
			out = append(out, vector(mixed(func(k int) int { return rng.IntN(len(gens[k])) })))
		}
	}
	return out
}

// randomVectors is how many random mixtures of variants the harness tries
// for a function of several parameters: 300 in go test (a few seconds),
// COVERKIT_HARNESS_RANDOM to change it (.ci/run tries 3000, about 600,000
// calls in half a minute).
func randomVectors() int {
	if n, err := strconv.Atoi(os.Getenv("COVERKIT_HARNESS_RANDOM")); err == nil && n >= 0 {
		return n
	}
	return 300
}

// nonNil drops the generators of nil pointers.
func nonNil(gs []gen) []gen {
	var out []gen
	for _, g := range gs {
		if !g().IsNil() {
			out = append(out, g)
		}
	}
	return out
}

// gen makes a fresh value (readers are consumed and slices written to, so
// every call gets its own).
type gen func() reflect.Value

// variants returns the values the harness tries for type t, plausible
// ones first: the registered valid values of t, then the hostile values of
// its kind. depth bounds the recursion into pointers, structs and slices.
func variants(t reflect.Type, depth int) []gen {
	var out []gen
	for _, v := range valid[t] {
		out = append(out, func() reflect.Value { return convert(reflect.ValueOf(v()), t) })
	}
	if t.Kind() == reflect.Interface {
		return append(out, interfaceVariants(t, depth)...)
	}
	return append(out, kindVariants(t, depth)...)
}

// convert makes v a value of type t (a nil any becomes t's zero value).
func convert(v reflect.Value, t reflect.Type) reflect.Value {
	if !v.IsValid() {
		return reflect.Zero(t)
	}
	if v.Type() != t {
		return v.Convert(t)
	}
	return v
}

func constant(v reflect.Value) gen { return func() reflect.Value { return v } }

// kindVariants returns the hostile values of t's kind.
func kindVariants(t reflect.Type, depth int) []gen {
	var vals []any
	switch t.Kind() {
	case reflect.Bool:
		vals = []any{false, true}
	case reflect.Int, reflect.Int64:
		// int64 values, converted (and on a 32-bit int, wrapped) to t.
		vals = []any{3, 0, -1, -5, int64(1) << 31, math.MaxInt32, int64(math.MaxInt64), int64(math.MinInt64)}
	case reflect.Int32:
		vals = []any{3, 0, -1, math.MaxInt32, math.MinInt32}
	case reflect.Int16:
		vals = []any{3, 0, -1, math.MaxInt16, math.MinInt16}
	case reflect.Int8:
		vals = []any{3, 0, -1, math.MaxInt8, math.MinInt8}
	case reflect.Uint, reflect.Uint64, reflect.Uintptr:
		vals = []any{uint64(3), uint64(0), uint64(1), uint64(1 << 31), uint64(math.MaxUint32), uint64(math.MaxUint64)}
	case reflect.Uint32:
		vals = []any{uint64(3), uint64(0), uint64(1), uint64(math.MaxUint32)}
	case reflect.Uint16:
		vals = []any{uint64(3), uint64(0), uint64(math.MaxUint16)}
	case reflect.Uint8:
		vals = []any{uint64(3), uint64(0), uint64(9), uint64(255)}
	case reflect.Float32, reflect.Float64:
		vals = []any{1.5, 0.0, -1.0, math.NaN(), math.Inf(1), math.Inf(-1), math.MaxFloat64}
	case reflect.Complex64, reflect.Complex128:
		vals = []any{complex(0, 0)}
	case reflect.String:
		vals = []any{"3", "", "x", "-1", "0", "5x5", "1e400", "\xff\x00", strings.Repeat("9", 400), "18446744073709551616"}
	}
	if vals != nil {
		var out []gen
		for _, v := range vals {
			rv := reflect.ValueOf(v)
			if !rv.CanConvert(t) {
				continue
			}
			out = append(out, constant(rv.Convert(t)))
		}
		return out
	}
	zero := constant(reflect.Zero(t))
	switch t.Kind() {
	case reflect.Pointer:
		out := []gen{zero}
		if depth < 2 {
			for _, g := range variants(t.Elem(), depth+1) {
				out = append(out, func() reflect.Value {
					p := reflect.New(t.Elem())
					p.Elem().Set(g())
					return p
				})
			}
		}
		return out
	case reflect.Struct:
		out := []gen{zero}
		if depth < 2 {
			// Every field at once at its k-th variant, for a few k.
			fields := make([][]gen, t.NumField())
			for i := range t.NumField() {
				if f := t.Field(i); f.IsExported() {
					fields[i] = variants(f.Type, depth+1)
				}
			}
			for k := 1; k <= 4; k++ {
				out = append(out, func() reflect.Value {
					v := reflect.New(t).Elem()
					for i, fs := range fields {
						if len(fs) > 0 {
							v.Field(i).Set(fs[k%len(fs)]())
						}
					}
					return v
				})
			}
		}
		return out
	case reflect.Slice:
		var out []gen
		if ek := t.Elem().Kind(); ek >= reflect.Int && ek <= reflect.Uint64 {
			// 0, 1, 2, ...: a permutation, a path, a solution of sorts.
			for _, n := range []int{5, 64} {
				out = append(out, func() reflect.Value {
					s := reflect.MakeSlice(t, n, n)
					for i := range n {
						s.Index(i).Set(reflect.ValueOf(i).Convert(t.Elem()))
					}
					return s
				})
			}
		}
		out = append(out, zero, constant(reflect.MakeSlice(t, 0, 0)))
		if depth < 2 {
			elems := variants(t.Elem(), depth+1)
			for _, g := range elems {
				out = append(out, func() reflect.Value {
					s := reflect.MakeSlice(t, 1, 1)
					s.Index(0).Set(g())
					return s
				})
			}
			out = append(out, func() reflect.Value {
				s := reflect.MakeSlice(t, 0, len(elems))
				for _, g := range elems {
					s = reflect.Append(s, g())
				}
				return s
			})
		}
		return out
	case reflect.Array:
		out := []gen{zero}
		if depth < 2 {
			elems := variants(t.Elem(), depth+1)
			for _, g := range elems[min(1, len(elems)-1):] {
				out = append(out, func() reflect.Value {
					a := reflect.New(t).Elem()
					for i := range t.Len() {
						a.Index(i).Set(g())
					}
					return a
				})
			}
		}
		return out
	case reflect.Map:
		return []gen{zero, func() reflect.Value { return reflect.MakeMap(t) }}
	case reflect.Func:
		return []gen{funcReturning(t, false), zero, funcReturning(t, true)}
	case reflect.Chan, reflect.UnsafePointer:
		return []gen{zero}
	}
	return []gen{zero}
}

// funcReturning makes a function of type t that returns zero values, or,
// when yes is set, true for its bool results (go on) and zero otherwise.
func funcReturning(t reflect.Type, yes bool) gen {
	return func() reflect.Value {
		return reflect.MakeFunc(t, func([]reflect.Value) []reflect.Value {
			out := make([]reflect.Value, t.NumOut())
			for i := range out {
				out[i] = reflect.Zero(t.Out(i))
				if yes && t.Out(i).Kind() == reflect.Bool {
					out[i] = reflect.ValueOf(true).Convert(t.Out(i))
				}
			}
			return out
		})
	}
}

var (
	readerType  = reflect.TypeFor[io.Reader]()
	writerType  = reflect.TypeFor[io.Writer]()
	contextType = reflect.TypeFor[context.Context]()
	errorType   = reflect.TypeFor[error]()
)

// interfaceVariants returns the values tried for an interface type: nil,
// and by what the interface asks for, readers of garbage and of errors,
// writers that fail, contexts that end, every registered implementation.
func interfaceVariants(t reflect.Type, depth int) []gen {
	var out []gen
	add := func(f func() any) {
		out = append(out, func() reflect.Value { return convert(reflect.ValueOf(f()), t) })
	}
	switch {
	case t == contextType:
		add(func() any {
			ctx, cancel := context.WithTimeout(context.Background(), ctxTimeout)
			time.AfterFunc(callDeadline, cancel)
			return ctx
		})
		add(func() any {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			return ctx
		})
		add(func() any { return context.Context(nil) })
		return out
	case t == errorType:
		add(func() any { return error(nil) })
		add(func() any { return errors.New("harness") })
		return out
	}
	if readerType.Implements(t) || t.Implements(readerType) && t.NumMethod() == readerType.NumMethod() {
		add(func() any { return &namedReader{name: "empty", r: strings.NewReader("")} })
		for _, s := range garbage {
			add(func() any { return &namedReader{name: fmt.Sprintf("%.20q", s), r: strings.NewReader(s)} })
		}
		add(func() any { return &namedReader{name: "failing", r: failingReader{}} })
	}
	if writerType.Implements(t) || t.Implements(writerType) && t.NumMethod() == writerType.NumMethod() {
		add(func() any { return io.Discard })
		add(func() any { return failingWriter{} })
		add(func() any { return &bytes.Buffer{} })
	}
	// Every registered value of a type that implements t: the problems of
	// every model for core.Problem (mismatched for all but one), and so on.
	types := make([]reflect.Type, 0, len(valid))
	for vt := range valid {
		types = append(types, vt)
	}
	sort.Slice(types, func(i, j int) bool { return types[i].String() < types[j].String() })
	for _, vt := range types {
		if vt != t && vt.Implements(t) && vt.Kind() != reflect.Interface {
			for _, v := range valid[vt] {
				add(v)
			}
		}
	}
	if t.NumMethod() == 0 {
		add(func() any { return 3 })
		add(func() any { return "x" })
	}
	add(func() any { return nil })
	return out
}

// garbage is what the readers of the harness hold: nothing a parser
// expects, a lot of it, lines too long, numbers too big.
var garbage = []string{
	"x",
	"\n\n\n",
	"0\n",
	"-1 -1\n",
	"\xef\xbb\xbf3\r\n",
	"99999999999999999999999 1\n",
	"{}",
	"[[1,1],[2,3]]",
	`{"rows":-1,"cols":5,"path":[[1,1]]}`,
	strings.Repeat("1 ", 1<<16),
	strings.Repeat("x", 5<<20),
}

// namedReader is a reader with a name for the failure messages.
type namedReader struct {
	name string
	r    io.Reader
}

func (n *namedReader) Read(p []byte) (int, error) { return n.r.Read(p) }

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("harness: read fails") }

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("harness: write fails") }

// limitMemory keeps a call that would allocate without asking the memory
// policy from taking the machine (see limit_linux_test.go).
var limitMemory = func(*testing.T) {}
