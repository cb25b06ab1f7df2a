package bench_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coverkit/coverkit/bench"
	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	_ "github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

// fake is a problem of the "fake" model: size n has n solutions, and the
// algorithms below visit 2^n nodes on it, so growth fits are exact.
type fake struct {
	n    int
	name string // the size's name, if not n
}

func (f fake) Model() string { return "fake" }
func (f fake) Size() string {
	if f.name != "" {
		return f.name
	}
	return strconv.Itoa(f.n)
}
func (f fake) Verify(core.Solution) error                    { return nil }
func (f fake) Render(io.Writer, core.Solution, string) error { return nil }

func fakeSolve(ctx context.Context, p core.Problem, o *core.Options) (core.Result, error) {
	f, ok := p.(fake)
	if !ok {
		return core.Result{}, core.ErrWrongProblem
	}
	res := core.Result{Status: core.StatusExhausted, Solutions: core.CountOf(uint64(f.n)),
		Stats: core.Stats{Nodes: 1 << f.n}}
	if o.OrDefault().Mode == core.ModeFirst {
		res.Status, res.Solutions, res.Stats.Nodes = core.StatusFound, core.CountOf(1), uint64(f.n)
	}
	return res, nil
}

// fakeRegistry holds: counter (first, count), enum (all: counts by
// enumerating), firstonly (first), stops (count; runs out of nodes from
// size 10), broken (count; fails at size 9) and checks (count; measures
// checks and steps, not nodes).
func fakeRegistry(t testing.TB) *models.Registry {
	var reg models.Registry
	algs := []models.Algorithm{
		{Name: "counter", Caps: models.CanFirst | models.CanCount, Solve: fakeSolve},
		{Name: "enum", Caps: models.CanAll, Solve: fakeSolve},
		{Name: "firstonly", Kind: models.Constructive, Caps: models.CanFirst, Solve: fakeSolve},
		{Name: "stops", Caps: models.CanCount, Solve: func(ctx context.Context, p core.Problem, o *core.Options) (core.Result, error) {
			res, err := fakeSolve(ctx, p, o)
			if p.(fake).n >= 10 {
				res.Status = core.StatusLimit
			}
			return res, err
		}},
		{Name: "broken", Caps: models.CanCount, Solve: func(ctx context.Context, p core.Problem, o *core.Options) (core.Result, error) {
			if p.(fake).n == 9 {
				return core.Result{}, fmt.Errorf("fake: size 9 is too large: %w", resource.ErrTooLarge)
			}
			return fakeSolve(ctx, p, o)
		}},
		{Name: "checks", Caps: models.CanCount, Solve: func(ctx context.Context, p core.Problem, o *core.Options) (core.Result, error) {
			res, err := fakeSolve(ctx, p, o)
			res.Stats = core.Stats{Checks: 3, Steps: 4}
			return res, err
		}},
	}
	// Listed by name, as the real models list theirs.
	slices.SortFunc(algs, func(a, b models.Algorithm) int { return strings.Compare(a.Name, b.Name) })
	require.NoError(t, reg.Add(models.Model{Name: "fake", Summary: "a fake model",
		Instance: models.Instance{New: func(models.Request) (core.Problem, error) { return fake{}, nil }}, Algorithms: algs}))
	return &reg
}

func newFake(size string) (core.Problem, error) {
	n, err := strconv.Atoi(size)
	if err != nil {
		return nil, fmt.Errorf("fake: size %q is not a number", size)
	}
	return fake{n: n}, nil
}

// row is what a test checks of a Row.
type row struct {
	size, alg string
	status    core.Status
	solutions uint64
	nodes     uint64
	runs      int
}

func rowsOf(rep *bench.Report) []row {
	var out []row
	for _, r := range rep.Rows {
		s, _ := r.Record.Solutions.Uint64()
		out = append(out, row{r.Record.Size, r.Record.Algorithm, r.Record.Status, s, r.Record.Nodes, r.Runs})
	}
	return out
}

func TestRun(t *testing.T) {
	for _, tc := range []struct {
		name    string
		cfg     bench.Config
		sizes   []string
		rows    []row
		skipped []bench.Skip // the reasons as substrings of the reported ones
		stopped bool
	}{
		{
			name:  "count skips the first-only algorithm",
			cfg:   bench.Config{Algorithms: []string{"counter", "enum", "firstonly"}, Repeat: 3},
			sizes: []string{"5"},
			rows: []row{
				{"5", "counter", core.StatusExhausted, 5, 32, 3},
				{"5", "enum", core.StatusExhausted, 5, 32, 3},
			},
			skipped: []bench.Skip{{Algorithm: "firstonly",
				Reason: "models: fake algorithm firstonly cannot count solutions (it can: first)"}},
		},
		{
			name:  "first skips the enumerator",
			cfg:   bench.Config{Algorithms: []string{"counter", "enum", "firstonly"}, First: true},
			sizes: []string{"6"},
			rows: []row{
				{"6", "counter", core.StatusFound, 1, 6, 1},
				{"6", "firstonly", core.StatusFound, 1, 6, 1},
			},
			skipped: []bench.Skip{{Algorithm: "enum",
				Reason: "models: fake algorithm enum cannot find a solution (it can: all)"}},
		},
		{
			name:  "a run that stops early is not repeated, and skips the later sizes",
			cfg:   bench.Config{Algorithms: []string{"stops"}, Repeat: 4},
			sizes: []string{"9", "10", "11"},
			rows: []row{
				{"9", "stops", core.StatusExhausted, 9, 512, 4},
				{"10", "stops", core.StatusLimit, 10, 1024, 1},
			},
			skipped: []bench.Skip{{Size: "11", Algorithm: "stops", Reason: "it stopped early (limit) at size 10"}},
			stopped: true,
		},
		{
			name:  "an error skips the algorithm at that size only",
			cfg:   bench.Config{Algorithms: []string{"broken"}},
			sizes: []string{"8", "9", "10"},
			rows: []row{
				{"8", "broken", core.StatusExhausted, 8, 256, 1},
				{"10", "broken", core.StatusExhausted, 10, 1024, 1},
			},
			skipped: []bench.Skip{{Size: "9", Algorithm: "broken", Reason: "fake: size 9 is too large"}},
		},
		{
			name:  "every algorithm by default",
			cfg:   bench.Config{},
			sizes: []string{"3"},
			rows: []row{
				{"3", "broken", core.StatusExhausted, 3, 8, 1},
				{"3", "checks", core.StatusExhausted, 3, 0, 1},
				{"3", "counter", core.StatusExhausted, 3, 8, 1},
				{"3", "enum", core.StatusExhausted, 3, 8, 1},
				{"3", "stops", core.StatusExhausted, 3, 8, 1},
			},
			skipped: []bench.Skip{{Algorithm: "firstonly",
				Reason: "models: fake algorithm firstonly cannot count solutions (it can: first)"}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.cfg.Model, tc.cfg.Registry = "fake", fakeRegistry(t)
			rep, err := bench.Run(context.Background(), tc.cfg, newFake, tc.sizes)
			require.NoError(t, err)
			require.Equal(t, tc.rows, rowsOf(rep))
			require.Len(t, rep.Skipped, len(tc.skipped))
			for i, want := range tc.skipped {
				got := rep.Skipped[i]
				require.Equal(t, want.Size, got.Size)
				require.Equal(t, want.Algorithm, got.Algorithm)
				require.Contains(t, got.Reason, want.Reason)
			}
			_, stopped := rep.Stopped()
			require.Equal(t, tc.stopped, stopped)
			require.Equal(t, tc.sizes, rep.Sizes)
			for _, r := range rep.Rows {
				require.LessOrEqual(t, r.Min, r.Median)
				require.LessOrEqual(t, r.Median, r.Max)
				require.Equal(t, "fake", r.Record.Model)
				require.Equal(t, r.Record.Status.Partial(), r.Record.Partial)
			}
		})
	}
}

func TestRunErrors(t *testing.T) {
	reg := fakeRegistry(t)
	for _, tc := range []struct {
		name  string
		cfg   bench.Config
		sizes []string
		make  func(string) (core.Problem, error)
		want  string
	}{
		{"no model", bench.Config{Registry: reg}, []string{"3"}, newFake, "bench: no model named"},
		{"unknown model", bench.Config{Model: "nosuch", Registry: reg}, []string{"3"}, newFake, `no algorithms are registered for model "nosuch"`},
		{"unknown algorithm", bench.Config{Model: "fake", Registry: reg, Algorithms: []string{"counter", "magic"}}, []string{"3"}, newFake,
			`bench: models: unknown fake algorithm "magic"`},
		{"empty list", bench.Config{Model: "fake", Registry: reg, Algorithms: []string{}}, []string{"3"}, newFake, "empty list"},
		{"negative repeat", bench.Config{Model: "fake", Registry: reg, Repeat: -1}, []string{"3"}, newFake, "bench: repeat -1"},
		{"absurd repeat", bench.Config{Model: "fake", Registry: reg, Repeat: bench.MaxRepeat + 1}, []string{"3"}, newFake, "bench: repeat 1000001: at most 1000000 runs (MaxRepeat)"},
		{"negative timeout", bench.Config{Model: "fake", Registry: reg, Timeout: -time.Second}, []string{"3"}, newFake, "bench: timeout -1s"},
		{"no sizes", bench.Config{Model: "fake", Registry: reg}, nil, newFake, "bench: no sizes"},
		{"no maker", bench.Config{Model: "fake", Registry: reg}, []string{"3"}, nil, "bench: no function"},
		{"bad size", bench.Config{Model: "fake", Registry: reg}, []string{"3", "x"}, newFake, `fake: size "x" is not a number`},
		{"nil problem", bench.Config{Model: "fake", Registry: reg}, []string{"3"},
			func(string) (core.Problem, error) { return nil, nil }, `bench: size "3": no problem made`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := bench.Run(context.Background(), tc.cfg, tc.make, tc.sizes)
			require.ErrorContains(t, err, tc.want)
			require.Nil(t, rep)
		})
	}
}

func TestRunCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep, err := bench.Run(ctx, bench.Config{Model: "fake", Registry: fakeRegistry(t)}, newFake, []string{"3", "4"})
	require.NoError(t, err)
	require.Empty(t, rep.Rows)
	_, stopped := rep.Stopped()
	require.False(t, stopped)
}

func TestRunGrowth(t *testing.T) {
	for _, tc := range []struct {
		name    string
		sizes   []string
		perUnit bool
		nodes   float64
		fits    int
	}{
		// stops finishes below size 10 only: fitted on 8 and 9 in the
		// range, not at all on the others (one point).
		{"a range: per n+1", []string{"8", "9", "10", "11"}, true, 2, 3},
		{"spaced sizes: still per n+1", []string{"8", "10", "12"}, true, 2, 2},
		{"names: per step along the list", []string{"n8", "n10", "n12"}, false, 4, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := bench.Config{Model: "fake", Registry: fakeRegistry(t), Algorithms: []string{"counter", "checks", "stops"}}
			rep, err := bench.Run(context.Background(), cfg, func(s string) (core.Problem, error) {
				n, err := strconv.Atoi(strings.TrimPrefix(s, "n"))
				return fake{n: n, name: s}, err
			}, tc.sizes)
			require.NoError(t, err)
			require.Equal(t, tc.perUnit, rep.PerUnit)
			require.Len(t, rep.Growth, tc.fits)
			g := rep.Growth[0]
			require.Equal(t, "counter", g.Algorithm)
			require.InDelta(t, tc.nodes, g.Nodes, 1e-9)
			require.Greater(t, g.Time, 0.0)
			require.Equal(t, len(tc.sizes), g.Points)
			require.Equal(t, "checks", rep.Growth[1].Algorithm)
			require.Zero(t, rep.Growth[1].Nodes, "checks measures no nodes")
			if tc.fits == 3 {
				require.Equal(t, "stops", rep.Growth[2].Algorithm)
				require.Equal(t, 2, rep.Growth[2].Points)
				require.InDelta(t, 2, rep.Growth[2].Nodes, 1e-9)
			}
		})
	}
}

func TestRunOneSizeNoGrowth(t *testing.T) {
	rep, err := bench.Run(context.Background(), bench.Config{Model: "fake", Registry: fakeRegistry(t)}, newFake, []string{"7"})
	require.NoError(t, err)
	require.Empty(t, rep.Growth)
}

func TestFitGrowth(t *testing.T) {
	for _, tc := range []struct {
		name string
		x, y []float64
		want float64
		ok   bool
	}{
		{"times doubling per step", []float64{0, 1, 2, 3, 4, 5}, []float64{0.001, 0.002, 0.004, 0.008, 0.016, 0.032}, 2, true},
		{"tripling per unit on spaced sizes", []float64{8, 10, 12}, []float64{6561, 59049, 531441}, 3, true},
		{"halving", []float64{1, 2, 3}, []float64{8, 4, 2}, 0.5, true},
		{"flat", []float64{1, 2}, []float64{5, 5}, 1, true},
		{"non-positive values are left out", []float64{0, 1, 2, 3}, []float64{1, 0, 4, -1}, 2, true},
		{"one point", []float64{1}, []float64{2}, 0, false},
		{"same x", []float64{3, 3, 3}, []float64{1, 2, 4}, 0, false},
		{"nothing", nil, nil, 0, false},
		{"lengths differ", []float64{0, 1, 2}, []float64{1, 2}, 2, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, ok := bench.FitGrowth(tc.x, tc.y)
			require.Equal(t, tc.ok, ok)
			require.InDelta(t, tc.want, g, 1e-9)
		})
	}
}

// queensProblem makes an N-Queens problem through its model descriptor.
func queensProblem(size string) (core.Problem, error) {
	m, err := models.Lookup("queens")
	if err != nil {
		return nil, err
	}
	return m.Instance.New(models.Request{Args: []string{size}})
}

func TestRunQueens(t *testing.T) {
	// OEIS A000170: 4 solutions for n = 6, 40 for n = 7.
	for _, tc := range []struct {
		name      string
		cfg       bench.Config
		sizes     []string
		solutions []uint64
	}{
		{"count", bench.Config{Algorithms: []string{"backtrack", "bitwise", "dlx"}, Repeat: 2}, []string{"6", "7"}, []uint64{4, 4, 4, 40, 40, 40}},
		{"first", bench.Config{Algorithms: []string{"backtrack", "construct"}, First: true}, []string{"10"}, []uint64{1, 1}},
		{"unique", bench.Config{Algorithms: []string{"bitwise"}, Options: &core.Options{Unique: true, Workers: 1}}, []string{"8"}, []uint64{92}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.cfg.Model = "queens"
			rep, err := bench.Run(context.Background(), tc.cfg, queensProblem, tc.sizes)
			require.NoError(t, err)
			var got []uint64
			for _, r := range rep.Rows {
				s, _ := r.Record.Solutions.Uint64()
				got = append(got, s)
				require.Equal(t, models.Field{Key: "n", Value: mustAtoi(t, r.Record.Size)}, r.Record.Fields[0])
				if tc.cfg.Options != nil && tc.cfg.Options.Unique {
					require.NotNil(t, r.Record.Fundamental)
					require.Equal(t, "12", r.Record.Fundamental.String()) // OEIS A002562
				}
			}
			require.Equal(t, tc.solutions, got)
		})
	}
}

func mustAtoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}

func TestRunQueensSkips(t *testing.T) {
	rep, err := bench.Run(context.Background(), bench.Config{Model: "queens"}, queensProblem, []string{"6"})
	require.NoError(t, err)
	var skipped []string
	for _, s := range rep.Skipped {
		skipped = append(skipped, s.Algorithm)
		require.Contains(t, s.String(), "skipping "+s.Algorithm+": ")
	}
	require.Contains(t, skipped, "construct")
	require.NotEmpty(t, rep.Rows)
}

func TestRunTimeout(t *testing.T) {
	rep, err := bench.Run(context.Background(), bench.Config{Model: "queens", Algorithms: []string{"backtrack"},
		Timeout: 20 * time.Millisecond, Repeat: 5}, queensProblem, []string{"30"})
	require.NoError(t, err)
	require.Len(t, rep.Rows, 1)
	require.Equal(t, core.StatusTimeout, rep.Rows[0].Record.Status)
	require.Equal(t, 1, rep.Rows[0].Runs)
	st, stopped := rep.Stopped()
	require.True(t, stopped)
	require.Equal(t, core.StatusTimeout, st)
}

// batch is an Instance standing for items problems of the fake model.
type batch struct {
	items int
	err   error
}

func (b batch) Size() string { return "batch.txt" }
func (b batch) Supports(a models.Algorithm, o *core.Options) error {
	return a.Supports(fake{n: 1}, o)
}
func (b batch) Run(ctx context.Context, a models.Algorithm, o *core.Options) (core.Result, error) {
	if b.err != nil {
		return core.Result{}, b.err
	}
	var total core.Result
	for range b.items {
		res, err := a.Run(ctx, fake{n: 2}, o)
		if err != nil {
			return total, err
		}
		total.Solutions = total.Solutions.Add(res.Solutions)
		total.Stats = total.Stats.Add(res.Stats)
	}
	return total, nil
}
func (b batch) Fields(res *core.Result) []models.Field {
	return []models.Field{{Key: "puzzles", Value: b.items}}
}
func (b batch) Items() uint64 { return uint64(b.items) }

func TestRunInstancesBatch(t *testing.T) {
	cfg := bench.Config{Model: "fake", Registry: fakeRegistry(t), Algorithms: []string{"counter", "firstonly", "broken"}}
	rep, err := bench.RunInstances(context.Background(), cfg, func(string) (bench.Instance, error) {
		return batch{items: 10}, nil
	}, []string{"batch.txt"})
	require.NoError(t, err)
	require.Equal(t, []row{
		{"batch.txt", "counter", core.StatusExhausted, 20, 40, 1},
		{"batch.txt", "broken", core.StatusExhausted, 20, 40, 1},
	}, rowsOf(rep))
	require.Equal(t, uint64(10), rep.Rows[0].Items)
	require.Equal(t, models.Fields{{Key: "puzzles", Value: 10}}, rep.Rows[0].Record.Fields)

	var b strings.Builder
	require.NoError(t, bench.Write(&b, "json", rep))
	require.Contains(t, b.String(), `"runs":1,"machine":`)
	require.Contains(t, b.String(), `"items":10,"items_per_second":`)
	require.Contains(t, b.String(), `,"puzzles":10}`)
	b.Reset()
	require.NoError(t, bench.Write(&b, "text", rep))
	require.Contains(t, b.String(), "PER SEC")

	_, err = bench.RunInstances(context.Background(), cfg, func(string) (bench.Instance, error) {
		return nil, errors.New("sudoku: batch.txt:3: a bad line")
	}, []string{"batch.txt"})
	require.EqualError(t, err, "sudoku: batch.txt:3: a bad line")
}

func TestProblems(t *testing.T) {
	reg := fakeRegistry(t)
	for _, tc := range []struct {
		name      string
		cfg       bench.Config
		ps        []core.Problem
		rows      []row
		skipped   []string
		stopped   bool
		solutions uint64
	}{
		{
			name: "every problem in turn",
			cfg:  bench.Config{Algorithms: []string{"counter", "firstonly"}},
			ps:   []core.Problem{fake{n: 2}, fake{n: 3}, fake{n: 4}},
			rows: []row{{"batch", "counter", core.StatusExhausted, 9, 4 + 8 + 16, 1}},
			// firstonly cannot count
			skipped: []string{"firstonly"},
		},
		{
			name: "first solutions",
			cfg:  bench.Config{Algorithms: []string{"counter"}, First: true},
			ps:   []core.Problem{fake{n: 2}, fake{n: 3}},
			rows: []row{{"batch", "counter", core.StatusFound, 2, 5, 1}},
		},
		{
			name:    "a problem that stops early ends the run",
			cfg:     bench.Config{Algorithms: []string{"stops"}, Repeat: 3},
			ps:      []core.Problem{fake{n: 2}, fake{n: 10}, fake{n: 3}},
			rows:    []row{{"batch", "stops", core.StatusLimit, 12, 4 + 1024, 1}},
			stopped: true,
		},
		{
			name:    "an error skips the algorithm",
			cfg:     bench.Config{Algorithms: []string{"broken", "counter"}},
			ps:      []core.Problem{fake{n: 8}, fake{n: 9}},
			rows:    []row{{"batch", "counter", core.StatusExhausted, 17, 256 + 512, 1}},
			skipped: []string{"broken"},
		},
		{
			name:    "an empty batch runs nothing",
			cfg:     bench.Config{Algorithms: []string{"counter"}},
			skipped: []string{"counter"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.cfg.Model, tc.cfg.Registry = "fake", reg
			rep, err := bench.RunInstances(context.Background(), tc.cfg, func(string) (bench.Instance, error) {
				return bench.Problems("batch", tc.ps, models.Field{Key: "puzzles", Value: len(tc.ps)}), nil
			}, []string{"batch"})
			require.NoError(t, err)
			require.Equal(t, tc.rows, rowsOf(rep))
			var skipped []string
			for _, s := range rep.Skipped {
				skipped = append(skipped, s.Algorithm)
			}
			require.Equal(t, tc.skipped, skipped)
			_, stopped := rep.Stopped()
			require.Equal(t, tc.stopped, stopped)
			for _, r := range rep.Rows {
				require.Equal(t, uint64(len(tc.ps)), r.Items)
				require.Equal(t, models.Fields{{Key: "puzzles", Value: len(tc.ps)}}, r.Record.Fields)
			}
		})
	}
}

func TestProgress(t *testing.T) {
	var calls [][2]int
	cfg := bench.Config{Model: "fake", Registry: fakeRegistry(t), Algorithms: []string{"counter", "firstonly", "stops"}, Repeat: 2,
		Progress: func(done, total int) { calls = append(calls, [2]int{done, total}) }}
	_, err := bench.Run(context.Background(), cfg, newFake, []string{"9", "10", "11"})
	require.NoError(t, err)
	// 3 sizes × 3 algorithms × 2 runs; firstonly is skipped (2 at once),
	// stops runs once at 10 (1, then the 1 not made) and is skipped at 11.
	require.Equal(t, [][2]int{
		{1, 18}, {2, 18}, {4, 18}, {5, 18}, {6, 18},
		{7, 18}, {8, 18}, {10, 18}, {11, 18}, {12, 18},
		{13, 18}, {14, 18}, {16, 18}, {18, 18},
	}, calls)
}

func TestSkipNotes(t *testing.T) {
	cfg := bench.Config{Model: "fake", Registry: fakeRegistry(t), Algorithms: []string{"firstonly", "broken", "stops"}}
	rep, err := bench.Run(context.Background(), cfg, newFake, []string{"8", "9", "10", "11", "12"})
	require.NoError(t, err)
	notes := rep.SkipNotes()
	require.Len(t, notes, 3)
	require.Regexp(t, `^skipping firstonly: models: fake algorithm firstonly cannot count solutions`, notes[0])
	require.Equal(t, "skipping broken at size 9: fake: size 9 is too large: resource: instance too large", notes[1])
	require.Equal(t, "skipping stops at sizes 11, 12: it stopped early (limit) at size 10", notes[2])
	require.Nil(t, (*bench.Report)(nil).SkipNotes())
}
