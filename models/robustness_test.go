package models_test

// The registry-driven robustness test of issue 12: every registered
// algorithm × a table of invalid (and a few tiny valid) problems × option
// sets × contexts must return an error or a valid status — never panic,
// never hang — and every solution it reports must verify.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/local"
	"github.com/coverkit/coverkit/models"
	_ "github.com/coverkit/coverkit/models/all"
	"github.com/coverkit/coverkit/models/batch"
	"github.com/coverkit/coverkit/models/exactcover"
	"github.com/coverkit/coverkit/models/knight"
	"github.com/coverkit/coverkit/models/langford"
	"github.com/coverkit/coverkit/models/latin"
	"github.com/coverkit/coverkit/models/pieces"
	"github.com/coverkit/coverkit/models/polyomino"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/models/sudoku"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

// huge is a size no machine holds: 2^40 where int holds it, else the
// largest int (GOARCH=386); hugeEven is an even one.
const (
	huge     = min(1<<40, math.MaxInt)
	hugeEven = min(1<<40, math.MaxInt-1)
)

// foreign is a problem of no registered model.
type foreign struct{}

func (foreign) Model() string                                 { return "foreign" }
func (foreign) Size() string                                  { return "1" }
func (foreign) Verify(core.Solution) error                    { return nil }
func (foreign) Render(io.Writer, core.Solution, string) error { return nil }

type namedProblem struct {
	name string
	p    core.Problem
	// valid problems are small enough to finish at once, or have no
	// solution by a theorem; their solutions are verified. An algorithm
	// may answer them or refuse them with an error.
	valid bool
}

// mustP returns v, failing the test setup on err.
func mustP[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// robustProblems is the table of problems every algorithm is given: the
// hostile cases written out for the models that have them, then the
// problems derived from every descriptor (describedProblems), so that a
// new model is in the matrix with no line of its own.
func robustProblems() []namedProblem {
	return append(writtenProblems(), describedProblems()...)
}

// describedProblems derives problems of every registered model from its
// descriptor: its first sample instance (Instance.Samples, built by
// Instance.New as the command builds it: valid), a nil problem of its
// type (which every algorithm must refuse) and the zero value of its type
// (which an algorithm may answer or refuse; what it answers verifies).
func describedProblems() []namedProblem {
	var out []namedProblem
	for _, m := range models.Models() {
		if len(m.Instance.Samples) == 0 {
			continue // TestCountersIndependentOfWorkers (cmd/coverkit) asks for samples
		}
		p, err := sampleInstance(m, m.Instance.Samples[0])
		if err != nil || p == nil {
			panic(fmt.Sprintf("model %s: sample %q: %v", m.Name, m.Instance.Samples[0], err))
		}
		out = append(out, namedProblem{m.Name + " sample " + m.Instance.Samples[0], p, true})
		if t := reflect.TypeOf(p); t.Kind() == reflect.Pointer {
			out = append(out,
				namedProblem{"nil " + m.Name + " (derived)", reflect.Zero(t).Interface().(core.Problem), false},
				namedProblem{"zero " + m.Name + " (derived)", reflect.New(t.Elem()).Interface().(core.Problem), true})
		}
	}
	return out
}

// sampleInstance builds model m's instance from a sample of its
// descriptor as the command does (Model.SampleRequest; files relative to
// the repository's root).
func sampleInstance(m *models.Model, sample string) (core.Problem, error) {
	req, err := m.SampleRequest(sample)
	if err != nil {
		return nil, err
	}
	req.Open = func(name string) (io.ReadCloser, error) {
		if name == "-" {
			return io.NopCloser(strings.NewReader("")), nil
		}
		return os.Open(filepath.Join("..", name))
	}
	return m.Instance.New(req)
}

// writtenProblems are the problems written out: hostile sizes, boards
// and inputs of the models that have them.
func writtenProblems() []namedProblem {
	sh4 := mustP(sudoku.NewShape(4, 0, 0, sudoku.Classic))
	sh9 := mustP(sudoku.NewShape(9, 0, 0, sudoku.Classic))
	puzzle4 := mustP(sudoku.NewPuzzle(sh4, []uint8{1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1}))
	empty9 := mustP(sudoku.NewPuzzle(sh9, make([]uint8, 81)))
	domino := mustP(polyomino.ParsePiece("D", "##"))
	domino2 := domino
	domino2.Lo, domino2.Hi = 2, 2 // two dominoes: one shape is one piece
	board2 := mustP(polyomino.Rect(2, 2))
	tiling := mustP(polyomino.New(board2, []polyomino.Piece{domino2}))
	board5 := mustP(polyomino.Rect(5, 5))
	rook := mustP(pieces.ParsePiece("rook"))
	noTiling := mustP(polyomino.New(board5, []polyomino.Piece{domino})) // 25 cells, 2 covered
	return []namedProblem{
		{"nil", nil, false},
		{"nil pieces", (*pieces.Problem)(nil), false},
		{"zero pieces", &pieces.Problem{}, false},
		{"pieces with a negative side", &pieces.Problem{Board: pieces.Board{Dims: []int{-3}}, Piece: rook, K: 2}, false},
		{"pieces of 1<<40", &pieces.Problem{Board: pieces.Board{Dims: []int{huge, huge}}, Piece: rook, K: 2}, false},
		{"pieces with K -1", &pieces.Problem{Board: pieces.Board{Dims: []int{4}}, Piece: rook, K: -1}, false},
		{"4 rooks on 4x4", mustP(pieces.New(pieces.Board{Dims: []int{4}}, rook, pieces.Place, 4)), true},
		{"nil exact cover", (*exactcover.Instance)(nil), false},
		{"empty exact cover", &exactcover.Instance{}, false},
		{"exact cover", mustP(exactcover.Read(strings.NewReader("a b c | x\na x:1\nb c\na b\nc x:2\n"), "small.dlx")), true},
		{"exact cover without options", mustP(exactcover.Read(strings.NewReader("a b\n"), "none.dlx")), true},
		{"foreign", foreign{}, false},
		{"nil queens", (*queens.Board)(nil), false},
		{"nil knight", (*knight.Problem)(nil), false},
		{"nil latin", (*latin.Square)(nil), false},
		{"nil tiling", (*polyomino.Tiling)(nil), false},
		{"nil puzzle", (*sudoku.Puzzle)(nil), false},
		{"nil langford", (*langford.Pairing)(nil), false},
		{"langford 0", &langford.Pairing{}, false},
		{"langford -3", &langford.Pairing{N: -3}, false},
		{"langford 1<<40", &langford.Pairing{N: huge}, false},
		{"langford 5 (no pairing: 5 mod 4 = 1)", &langford.Pairing{N: 5}, true},
		{"langford 7", &langford.Pairing{N: 7}, true},
		{"queens 0", queens.New(0), false},
		{"queens -5", queens.New(-5), false},
		{"queens 1<<40", queens.New(huge), false},
		{"queens maxint", queens.New(math.MaxInt), false},
		{"queens minint", queens.New(math.MinInt), false},
		{"queens 1", queens.New(1), true},
		{"queens 3", queens.New(3), true},
		{"queens 6", queens.New(6), true},
		{"torus -1", queens.NewTorus(-1), false},
		{"torus 1<<40 (no solution: N is even, Pólya)", queens.NewTorus(hugeEven), true},
		{"torus 5", queens.NewTorus(5), true},
		{"torus 6", queens.NewTorus(6), true},
		{"queens given off the board", &queens.Board{N: 6, Given: []queens.Square{{Row: 9, Col: -1}}}, false},
		{"queens given twice in a row (no completion)", &queens.Board{N: 6, Given: []queens.Square{{Row: 0, Col: 1}, {Row: 0, Col: 3}}}, true},
		{"queens 6 with a given", &queens.Board{N: 6, Given: []queens.Square{{Row: 0, Col: 1}}}, true},
		{"knight 0x0", knight.New(0, 0), false},
		{"knight -1x5", knight.New(-1, 5), false},
		{"knight 1<<40", knight.New(huge, huge), false},
		{"knight 1<<20", knight.New(1<<20, 1<<20), false},
		{"knight maxint", knight.New(math.MaxInt, 2), false},
		{"knight start off board", &knight.Problem{Rows: 5, Cols: 5, StartRow: 9, StartCol: 1}, false},
		{"knight negative start", &knight.Problem{Rows: 5, Cols: 5, StartRow: -1, StartCol: -1}, false},
		{"knight 1x1", knight.New(1, 1), true},
		{"knight 3x4", knight.New(3, 4), true},
		{"knight 3x4 closed", &knight.Problem{Rows: 3, Cols: 4, Closed: true}, true},
		{"latin zero", &latin.Square{}, false},
		{"latin -1", &latin.Square{N: -1}, false},
		{"latin 1<<40", &latin.Square{N: huge}, false},
		{"latin 3", &latin.Square{N: 3}, true},
		{"latin 4 reduced", &latin.Square{N: 4, Reduced: true}, true},
		{"empty tiling", &polyomino.Tiling{}, false},
		{"tiling without pieces", &polyomino.Tiling{Board: board2}, false},
		{"tiling 2x2 dominoes", tiling, true},
		{"tiling with no cover", noTiling, true},
		{"empty puzzle", &sudoku.Puzzle{}, false},
		{"puzzle without givens", &sudoku.Puzzle{Shape: sh9}, false},
		{"puzzle with a bad given", &sudoku.Puzzle{Shape: sh4, Givens: []uint8{9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}, false},
		{"puzzle 4x4", puzzle4, true},
		{"empty 9x9", empty9, true},
	}
}

type namedOptions struct {
	name string
	o    func() *core.Options
}

func robustOptions() []namedOptions {
	return []namedOptions{
		{"nil", func() *core.Options { return nil }},
		{"zero", func() *core.Options { return &core.Options{} }},
		{"count", func() *core.Options { return &core.Options{Mode: core.ModeCount} }},
		{"all limit 3", func() *core.Options { return &core.Options{Mode: core.ModeAll, Limit: 3} }},
		{"unique count", func() *core.Options { return &core.Options{Mode: core.ModeCount, Unique: true} }},
		{"unique all", func() *core.Options { return &core.Options{Mode: core.ModeAll, Unique: true, Limit: 2} }},
		{"one node", func() *core.Options { return &core.Options{Mode: core.ModeCount, MaxNodes: 1} }},
		{"huge workers", func() *core.Options { return &core.Options{Mode: core.ModeCount, Workers: huge} }},
		{"max workers", func() *core.Options { return &core.Options{Workers: math.MaxInt} }},
		{"negative workers", func() *core.Options { return &core.Options{Mode: core.ModeCount, Workers: -1} }},
		{"two workers", func() *core.Options { return &core.Options{Mode: core.ModeCount, Workers: 2} }},
		{"bad mode", func() *core.Options { return &core.Options{Mode: core.Mode(99)} }},
		{"bad method", func() *core.Options { return &core.Options{Method: "no-such-method"} }},
	}
}

type namedContext struct {
	name string
	ctx  func() (context.Context, context.CancelFunc)
}

func robustContexts() []namedContext {
	return []namedContext{
		{"deadline 20ms", func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 20*time.Millisecond)
		}},
		{"canceled", func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			return ctx, cancel
		}},
		{"deadline 1ns", func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), time.Nanosecond)
		}},
	}
}

// callBound is how long one call may take before the test calls it a hang:
// every call runs under a context of at most 20 ms.
const callBound = 5 * time.Second

// callResult is what one robust call returned.
type callResult struct {
	res   core.Result
	err   error
	panic any
	bad   string // a visited solution that did not verify
}

// robustCall runs alg on p under opts and ctx (through Algorithm.Run, the
// CLI's path, with Supports and the algorithm's Check, when run is set;
// Solve directly otherwise), recovering any panic, and verifies every
// visited solution of a valid problem.
func robustCall(ctx context.Context, alg models.Algorithm, p namedProblem, opts *core.Options, run bool) callResult {
	var out callResult
	var visits atomic.Int64
	if opts != nil && p.valid {
		opts.Visit = func(sol core.Solution, _ core.Stats) bool {
			if err := p.p.Verify(slices.Clone(sol)); err != nil && out.bad == "" {
				out.bad = fmt.Sprintf("visited solution %v: %v", sol, err)
			}
			return visits.Add(1) < 50
		}
	}
	func() {
		defer func() { out.panic = recover() }()
		if run {
			out.res, out.err = alg.Run(ctx, p.p, opts)
		} else {
			out.res, out.err = alg.Solve(ctx, p.p, opts)
		}
	}()
	return out
}

func TestRobustnessRegistry(t *testing.T) {
	algs := models.Algorithms("")
	require.NotEmpty(t, algs)
	problems := robustProblems()
	options := robustOptions()
	contexts := robustContexts()
	var calls, errs, statuses int
	for _, alg := range algs {
		for _, p := range problems {
			for _, no := range options {
				for ci, nc := range contexts {
					for _, run := range []bool{false, true} {
						if run && ci > 0 {
							continue // Run adds its checks; one context is enough
						}
						name := fmt.Sprintf("%s/%s × %s × %s × %s (run %v)", alg.Model, alg.Name, p.name, no.name, nc.name, run)
						ctx, cancel := nc.ctx()
						done := make(chan callResult, 1)
						go func() { done <- robustCall(ctx, alg, p, no.o(), run) }()
						var r callResult
						select {
						case r = <-done:
						case <-time.After(callBound):
							cancel()
							t.Fatalf("%s: no return within %v (a hang)", name, callBound)
						}
						cancel()
						calls++
						if r.panic != nil {
							t.Errorf("%s: panic: %v", name, r.panic)
							continue
						}
						if r.bad != "" {
							t.Errorf("%s: %s", name, r.bad)
						}
						if r.err != nil {
							errs++
							if strings.TrimSpace(r.err.Error()) == "" {
								t.Errorf("%s: an empty error", name)
							}
							continue
						}
						statuses++
						st := r.res.Status
						if _, err := st.MarshalText(); err != nil {
							t.Errorf("%s: invalid status %d", name, int(st))
						}
						if !p.valid {
							t.Errorf("%s: an invalid problem gave status %s, not an error", name, st)
							continue
						}
						if r.res.First != nil {
							if err := p.p.Verify(r.res.First); err != nil {
								t.Errorf("%s: the first solution does not verify: %v", name, err)
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d algorithms × %d problems × %d option sets × %d contexts (and Run): %d calls, %d errors, %d statuses",
		len(algs), len(problems), len(options), len(contexts), calls, errs, statuses)
}

// TestRobustnessDescriptors gives every model descriptor's Pick and
// Default every problem of the table, and its result hooks (Fields,
// CountText, NoSolution, Cover) every non-nil problem of its own model (the
// CLI calls them only with the problem it built): an error or an answer,
// never a panic.
func TestRobustnessDescriptors(t *testing.T) {
	problems := robustProblems()
	calls := 0
	for _, m := range models.Models() {
		for _, p := range problems {
			for _, no := range robustOptions() {
				name := fmt.Sprintf("%s × %s × %s", m.Name, p.name, no.name)
				o := no.o()
				require.NotPanics(t, func() {
					_, _ = m.Pick("", p.p, o)
					if m.Default != nil {
						_ = m.Default(p.p, o)
					}
				}, name)
				calls++
			}
			if v := reflect.ValueOf(p.p); p.p == nil || v.Kind() == reflect.Pointer && v.IsNil() || p.p.Model() != m.Name {
				continue
			}
			res := &core.Result{Solutions: core.CountOf(3)}
			require.NotPanics(t, func() {
				if m.Fields != nil {
					_ = m.Fields(p.p, res)
				}
				if m.CountText != nil {
					_ = m.CountText(p.p, res, "3")
				}
				if m.NoSolution != nil {
					_ = m.NoSolution(p.p, res)
				}
				if m.Cover != nil {
					_ = m.Cover(context.Background(), p.p, io.Discard)
				}
			}, "%s × %s", m.Name, p.name)
			calls++
		}
	}
	t.Logf("%d descriptor calls", calls)
}

// TestRobustnessEntryPoints covers the exported entry points outside the
// registry that issue 12 found panicking.
func TestRobustnessEntryPoints(t *testing.T) {
	ctx := context.Background()
	noPanic := func(t *testing.T, f func() error) error {
		t.Helper()
		var err error
		require.NotPanics(t, func() { err = f() })
		return err
	}
	for _, tc := range []struct {
		name string
		f    func() error
	}{
		{"local.Solve nil model", func() error { _, err := local.Solve(ctx, nil, nil); return err }},
		{"empty puzzle Verify", func() error { return (&sudoku.Puzzle{}).Verify(nil) }},
		{"nil puzzle Verify", func() error { return (*sudoku.Puzzle)(nil).Verify(nil) }},
		{"empty puzzle Render", func() error { return (&sudoku.Puzzle{}).Render(io.Discard, nil, "") }},
		{"empty tiling Verify", func() error { return (&polyomino.Tiling{}).Verify(nil) }},
		{"empty tiling Render", func() error { return (&polyomino.Tiling{}).Render(io.Discard, nil, "") }},
		{"zero latin Verify", func() error { return (&latin.Square{}).Verify(nil) }},
		{"huge latin Verify", func() error { return (&latin.Square{N: huge}).Verify(nil) }},
		{"zero queens Verify", func() error { return queens.New(0).Verify(nil) }},
		{"huge queens Verify", func() error { return queens.New(huge).Verify(nil) }},
		{"zero knight Verify", func() error { return knight.New(0, 0).Verify(nil) }},
		{"huge knight Verify", func() error { return knight.New(huge, huge).Verify(nil) }},
		{"dlx.NewSolver nil", func() error { _, err := dlx.NewSolver(nil); return err }},
		{"dlx nil solver", func() error { var s *dlx.Solver; _, err := s.Solve(ctx, nil); return err }},
		{"dlx huge workers", func() error {
			p, err := dlx.Parse(strings.NewReader("a b\na\nb\na b\n"))
			if err != nil {
				return nil // reported below as "no error"
			}
			s, err := dlx.NewSolver(p)
			if err != nil {
				return nil
			}
			_, err = s.Solve(ctx, &dlx.Options{Workers: math.MaxInt})
			return err
		}},
		{"queens.Unique nil", func() error {
			_, err := queens.Unique(ctx, nil, queens.New(-5), &core.Options{Unique: true})
			return err
		}},
		{"sudoku batch huge workers", func() error {
			_, err := sudoku.SolveBatch(ctx, strings.NewReader(""), sudoku.BatchOptions{Workers: math.MaxInt}, func(*batch.Answer) error { return nil })
			return err
		}},
		{"sudoku batch negative workers", func() error {
			_, err := sudoku.SolveBatch(ctx, strings.NewReader(""), sudoku.BatchOptions{Workers: -1}, func(*batch.Answer) error { return nil })
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := noPanic(t, tc.f)
			require.Error(t, err)
			require.NotEmpty(t, err.Error())
			if strings.Contains(tc.name, "workers") {
				require.True(t, errors.Is(err, resource.ErrWorkers), err.Error())
			}
		})
	}
}
