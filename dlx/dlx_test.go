package dlx_test

import (
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/dlx/internal/gen"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the generated instances under testdata/dlx")

func parse(t testing.TB, text string) *dlx.Problem {
	t.Helper()
	p, err := dlx.Parse(strings.NewReader(text))
	require.NoError(t, err)
	return p
}

func solver(t testing.TB, p *dlx.Problem) *dlx.Solver {
	t.Helper()
	s, err := dlx.NewSolver(p)
	require.NoError(t, err)
	return s
}

// all returns every solution, each sorted, in search order, and checks each
// one with Verify.
func all(t testing.TB, p *dlx.Problem, opts dlx.Options) ([][]int, dlx.Result) {
	t.Helper()
	var sols [][]int
	opts.Visit = func(sol []int) bool {
		require.NoError(t, p.Verify(sol))
		sols = append(sols, slices.Sorted(slices.Values(sol)))
		return true
	}
	res, err := solver(t, p).Solve(context.Background(), &opts)
	require.NoError(t, err)
	return sols, res
}

func TestKnuthExamples(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string
		want [][]int
	}{
		{"exact cover (6)", gen.Knuth7, [][]int{{0, 3, 4}}},
		{"colors (49)", gen.KnuthXCC, [][]int{{1, 3}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := parse(t, tc.text)
			sols, res := all(t, p, dlx.Options{})
			require.Equal(t, tc.want, sols)
			require.Equal(t, core.StatusExhausted, res.Status)
			require.EqualValues(t, len(tc.want), res.Solutions)
			require.Positive(t, res.Stats.Nodes)
			require.Positive(t, res.Stats.Updates)
		})
	}
}

func TestLangford(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want uint64
	}{{1, 0}, {3, 2}, {4, 2}, {5, 0}, {7, 52}, {8, 300}} {
		t.Run(strings.TrimSpace(gen.Langford(tc.n)[:20]), func(t *testing.T) {
			p := parse(t, gen.Langford(tc.n))
			res, err := solver(t, p).Solve(context.Background(), nil)
			require.NoError(t, err)
			require.Equal(t, core.StatusExhausted, res.Status)
			require.Equal(t, tc.want, res.Solutions)
			par, err := solver(t, p).Solve(context.Background(), &dlx.Options{Workers: 3})
			require.NoError(t, err)
			require.Equal(t, tc.want, par.Solutions, "parallel")
			require.Equal(t, res.Stats.Nodes, par.Stats.Nodes, "parallel nodes")
		})
	}
}

// bruteForce counts the sets of options (each with a primary item) that
// solve p, by trying every subset.
func bruteForce(p *dlx.Problem) uint64 {
	var usable []int
	for k := range p.NumOptions() {
		for j := range p.OptionLen(k) {
			if it, _ := p.OptionItem(k, j); !p.IsSecondary(it) {
				usable = append(usable, k)
				break
			}
		}
	}
	var n uint64
	sel := make([]int, 0, len(usable))
	for mask := 0; mask < 1<<len(usable); mask++ {
		sel = sel[:0]
		for b, k := range usable {
			if mask>>b&1 == 1 {
				sel = append(sel, k)
			}
		}
		if p.Verify(sel) == nil {
			n++
		}
	}
	return n
}

func TestRandomColoredAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		text := gen.Random(r, 2+r.IntN(5), r.IntN(4), 4+r.IntN(11))
		p := parse(t, text)
		want := bruteForce(p)
		sols, res := all(t, p, dlx.Options{})
		require.Equal(t, want, res.Solutions, "trial %d:\n%s", trial, text)
		require.Len(t, sols, int(want))
		for i := 1; i < len(sols); i++ {
			for j := range i {
				require.NotEqual(t, sols[j], sols[i], "a solution twice")
			}
		}
		par, err := solver(t, p).Solve(context.Background(), &dlx.Options{Workers: 2})
		require.NoError(t, err)
		require.Equal(t, want, par.Solutions, "parallel, trial %d", trial)
		single, err := solver(t, p).Solve(context.Background(), &dlx.Options{TakeSingleton: true, Workers: 1 + trial%2})
		require.NoError(t, err)
		require.Equal(t, want, single.Solutions, "TakeSingleton, trial %d", trial)
	}
}

// TestTakeSingletonKnuthTree checks that on problems without colors
// TakeSingleton, which counts the dead items as it covers, makes Knuth's
// exact tree: the solutions in the same order, the same nodes and updates,
// with one worker and two, and with forced options.
func TestTakeSingletonKnuthTree(t *testing.T) {
	for i, c := range plainCases(t, rand.New(rand.NewPCG(3, 4)), 300) {
		p, text, forced := c.p, c.text, c.forced
		wantSols, want := all(t, p, dlx.Options{Forced: forced})
		gotSols, got := all(t, p, dlx.Options{Forced: forced, TakeSingleton: true})
		require.Equal(t, wantSols, gotSols, "case %d:\n%s", i, text)
		require.Equal(t, want.Solutions, got.Solutions, "case %d", i)
		require.Equal(t, want.Stats.Nodes, got.Stats.Nodes, "nodes, case %d:\n%s", i, text)
		require.Equal(t, want.Stats.Updates, got.Stats.Updates, "updates, case %d", i)
		par, err := solver(t, p).Solve(context.Background(), &dlx.Options{Forced: forced, TakeSingleton: true, Workers: 2})
		require.NoError(t, err)
		require.Equal(t, want.Solutions, par.Solutions, "two workers, case %d", i)
		require.Equal(t, want.Stats.Nodes, par.Stats.Nodes, "two workers' nodes, case %d", i)
		require.Equal(t, want.Stats.Updates, par.Stats.Updates, "two workers' updates, case %d", i)
	}
}

// plainCase is a problem without colors and the options to force on it.
type plainCase struct {
	text   string
	p      *dlx.Problem
	forced []int
}

// plainCases returns three known problems without colors (queens, in both
// orders, and Langford pairs) and n random ones (gen.Random without its
// colors), every third with one option forced (drawn from r, left out when
// it has no primary item).
func plainCases(t testing.TB, r *rand.Rand, n int) []plainCase {
	plain := strings.NewReplacer(":A", "", ":B", "")
	texts := []string{gen.Queens(8, false), gen.Queens(7, true), gen.Langford(8)}
	for range n {
		texts = append(texts, plain.Replace(gen.Random(r, 2+r.IntN(6), r.IntN(4), 4+r.IntN(14))))
	}
	cases := make([]plainCase, len(texts))
	for i, text := range texts {
		p := parse(t, text)
		var forced []int
		if k := p.NumOptions(); i%3 == 1 && k > 0 {
			forced = []int{r.IntN(k)}
			if _, err := solver(t, p).Solve(context.Background(), &dlx.Options{Forced: forced}); err != nil {
				forced = nil // an option of secondary items only
			}
		}
		cases[i] = plainCase{text, p, forced}
	}
	return cases
}

// TestSnapshot checks Options.Snapshot against undoing through the links
// on one Solver reused for many searches, mixing both, with and without
// colors: the same solutions in the same order, status, nodes and updates;
// forced options that clash, limits that stop the search with levels
// left, node budgets, and a clone made after.
func TestSnapshot(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	plain := strings.NewReplacer(":A", "", ":B", "")
	for trial := range 200 {
		text := gen.Random(r, 2+r.IntN(6), r.IntN(4), 4+r.IntN(14))
		if trial%2 == 0 {
			text = plain.Replace(text)
		}
		if trial%20 == 0 {
			text = gen.Queens(6, trial%40 == 0)
		}
		p := parse(t, text)
		s := solver(t, p)
		for round := range 6 {
			var forced []int
			for range r.IntN(3) {
				k := r.IntN(p.NumOptions())
				if _, err := solver(t, p).Solve(context.Background(), &dlx.Options{Forced: []int{k}}); err == nil {
					forced = append(forced, k)
				}
			}
			opts := dlx.Options{Forced: forced, Limit: uint64(r.IntN(3)), MaxNodes: uint64(r.IntN(2) * (1 + r.IntN(8))), TakeSingleton: round%2 == 1}
			var want, got [][]int
			opts.Visit = func(sol []int) bool { want = append(want, slices.Clone(sol)); return true }
			links, err := s.Solve(context.Background(), &opts)
			require.NoError(t, err)
			opts.Snapshot = true
			opts.Visit = func(sol []int) bool {
				require.NoError(t, p.Verify(sol))
				got = append(got, slices.Clone(sol))
				return true
			}
			snap, err := s.Solve(context.Background(), &opts)
			require.NoError(t, err)
			require.Equal(t, want, got, "trial %d round %d forced %v:\n%s", trial, round, forced, text)
			require.Equal(t, links.Status, snap.Status, "trial %d round %d", trial, round)
			require.Equal(t, links.Solutions, snap.Solutions)
			require.Equal(t, links.Stats.Nodes, snap.Stats.Nodes, "trial %d round %d", trial, round)
			require.Equal(t, links.Stats.Updates, snap.Stats.Updates, "trial %d round %d", trial, round)
			if len(got) > 0 {
				require.Equal(t, got[0], s.First())
			}
		}
		// The arrays are as NewSolver made them: a clone counts as a new
		// solver does.
		all1, err := s.Clone().Solve(context.Background(), nil)
		require.NoError(t, err)
		all2, err := solver(t, p).Solve(context.Background(), nil)
		require.NoError(t, err)
		require.Equal(t, all2.Solutions, all1.Solutions)
		require.Equal(t, all2.Stats, core.Stats{Nodes: all1.Stats.Nodes, Updates: all1.Stats.Updates, Elapsed: all2.Stats.Elapsed})
	}
}

func TestModes(t *testing.T) {
	p := parse(t, gen.Langford(7))
	s := solver(t, p)
	ctx := context.Background()

	res, err := s.Solve(ctx, &dlx.Options{Limit: 1})
	require.NoError(t, err)
	require.Equal(t, core.StatusFound, res.Status)
	require.EqualValues(t, 1, res.Solutions)
	require.NoError(t, p.Verify(s.First()))

	res, err = s.Solve(ctx, &dlx.Options{Limit: 10})
	require.NoError(t, err)
	require.Equal(t, core.StatusFound, res.Status)
	require.EqualValues(t, 10, res.Solutions)

	seen := 0
	res, err = s.Solve(ctx, &dlx.Options{Visit: func([]int) bool { seen++; return seen < 3 }})
	require.NoError(t, err)
	require.Equal(t, core.StatusFound, res.Status)
	require.Equal(t, 3, seen)

	res, err = s.Solve(ctx, &dlx.Options{MaxNodes: 50})
	require.NoError(t, err)
	require.Equal(t, core.StatusLimit, res.Status)
	require.EqualValues(t, 50, res.Stats.Nodes)

	canceled, cancel := context.WithCancel(ctx)
	cancel()
	res, err = solver(t, parse(t, gen.Langford(11))).Solve(canceled, nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusCanceled, res.Status)

	// After all that, the solver is as new.
	res, err = s.Solve(ctx, nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusExhausted, res.Status)
	require.EqualValues(t, 52, res.Solutions)

	for _, w := range []int{2, 3} {
		res, err = s.Solve(ctx, &dlx.Options{Workers: w, Limit: 7})
		require.NoError(t, err)
		require.Equal(t, core.StatusFound, res.Status)
		require.EqualValues(t, 7, res.Solutions)
		res, err = s.Solve(ctx, &dlx.Options{Workers: w, MaxNodes: 100})
		require.NoError(t, err)
		require.Equal(t, core.StatusLimit, res.Status)
	}
}

func TestForced(t *testing.T) {
	p := parse(t, gen.Knuth7)
	s := solver(t, p)
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		forced []int
		want   uint64
	}{
		{"none", nil, 1},
		{"part of the solution", []int{3}, 1},
		{"all of it", []int{4, 0, 3}, 1},
		{"not in it", []int{1}, 0},
		{"clashing", []int{0, 2}, 0},
		{"twice", []int{3, 3}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := s.Solve(ctx, &dlx.Options{Forced: tc.forced})
			require.NoError(t, err)
			require.Equal(t, core.StatusExhausted, res.Status)
			require.Equal(t, tc.want, res.Solutions)
			if tc.want > 0 {
				require.Equal(t, []int{0, 3, 4}, slices.Sorted(slices.Values(s.First())))
				require.True(t, slices.Equal(tc.forced, s.First()[:len(tc.forced)]))
			}
			res, err = s.Solve(ctx, &dlx.Options{Forced: tc.forced, Workers: 2})
			require.NoError(t, err)
			require.Equal(t, tc.want, res.Solutions, "parallel")
		})
	}
	_, err := s.Solve(ctx, &dlx.Options{Forced: []int{6}})
	require.ErrorContains(t, err, "out of range")

	// Colors: forcing "q x:A" leaves "p r x:A y"; forcing "p x:B" leaves
	// nothing compatible.
	p = parse(t, gen.KnuthXCC)
	s = solver(t, p)
	for forced, want := range map[int]uint64{3: 1, 1: 1, 2: 0, 4: 0, 0: 0} {
		res, err := s.Solve(ctx, &dlx.Options{Forced: []int{forced}})
		require.NoError(t, err)
		require.Equal(t, want, res.Solutions, "forced %d", forced)
	}
}

func TestReusedSolveAllocatesNothing(t *testing.T) {
	p := parse(t, gen.Langford(7))
	s := solver(t, p)
	ctx := context.Background()
	opts := &dlx.Options{Limit: 2, Forced: []int{0}}
	var n int
	visit := &dlx.Options{Visit: func(sol []int) bool { n += len(sol); return true }}
	s.Solve(ctx, opts)
	s.Solve(ctx, visit)
	allocs := testing.AllocsPerRun(20, func() {
		s.Solve(ctx, opts)
		s.Solve(ctx, nil)
		s.Solve(ctx, visit)
	})
	require.Zero(t, allocs)
}

func instance(t testing.TB, name string) *dlx.Problem {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "dlx", name))
	require.NoError(t, err)
	defer f.Close()
	p, err := dlx.Parse(f)
	require.NoError(t, err)
	return p
}

// TestTestdata checks the generated instances against their generator;
// -update rewrites them.
func TestTestdata(t *testing.T) {
	for name, text := range map[string]string{
		"knuth7.dlx":        gen.Knuth7,
		"knuth-xcc.dlx":     gen.KnuthXCC,
		"langford-7.dlx":    gen.Langford(7),
		"langford-8.dlx":    gen.Langford(8),
		"dominoes-8x8.dlx":  gen.Dominoes(8, 8),
		"ltromino-9x12.dlx": gen.LTrominoes(9, 12),
	} {
		path := filepath.Join("..", "testdata", "dlx", name)
		if *update {
			require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
			require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		}
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		require.Equal(t, text, string(b), "%s is stale: go test ./dlx -run TestTestdata -update", name)
	}
}

func TestInstances(t *testing.T) {
	for _, tc := range []struct {
		file string
		want uint64
	}{
		{"knuth7.dlx", 1},
		{"knuth-xcc.dlx", 1},
		{"langford-7.dlx", 52},
		{"langford-8.dlx", 300},
		{"queens-8.dlx", 92},
		{"pentomino-3x20.dlx", 8},
	} {
		t.Run(tc.file, func(t *testing.T) {
			if _, err := os.Stat(filepath.Join("..", "testdata", "dlx", tc.file)); err != nil {
				t.Skip("not generated yet")
			}
			p := instance(t, tc.file)
			res, err := solver(t, p).Solve(context.Background(), nil)
			require.NoError(t, err)
			require.Equal(t, tc.want, res.Solutions)
			par, err := solver(t, p).Solve(context.Background(), &dlx.Options{Workers: 2})
			require.NoError(t, err)
			require.Equal(t, tc.want, par.Solutions)
		})
	}
}

func TestParallelProgress(t *testing.T) {
	p := parse(t, gen.Langford(8))
	var calls, last, total atomic.Int64
	res, err := solver(t, p).Solve(context.Background(), &dlx.Options{Workers: 2, Progress: func(done, tot int) {
		calls.Add(1)
		total.Store(int64(tot))
		// Progress runs on the worker goroutines: keep the maximum with a
		// compare-and-swap, since a plain load-then-store can lose it.
		for {
			cur := last.Load()
			if int64(done) <= cur || last.CompareAndSwap(cur, int64(done)) {
				break
			}
		}
	}})
	require.NoError(t, err)
	require.EqualValues(t, 300, res.Solutions)
	require.Positive(t, total.Load())
	require.Equal(t, total.Load(), last.Load(), "every subproblem reported")
	require.Equal(t, total.Load()+1, calls.Load())
}
