package dlx

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx/internal/dance"
	"github.com/coverkit/coverkit/dlx/internal/gen"
	"github.com/stretchr/testify/require"
)

// randomXCC returns the i-th random instance with colors of the cells'
// tests: 4 to 13 primary items, up to 5 secondary ones, 10 to 69 options
// (gen.Random, seeded by (i, 34)).
func randomXCC(i int) string {
	r := rand.New(rand.NewPCG(uint64(i), 34))
	np, ns, nopt := 4+r.IntN(10), r.IntN(6), 10+r.IntN(60)
	return gen.Random(r, np, ns, nopt)
}

// ssxccFigures are the solutions, nodes and updates that Knuth's SSXCC
// reports on each instance: his ssxcc.w as of 2023-12-06 (the mirror of
// his programs at github.com/ascherer/cwebtest, commit 39bfdf8), tangled
// with CWEB 4.12.2 and built with gcc -O3, run on the instance as text
// (a random instance without secondary items loses its trailing "|"
// first: SSXCC then takes every item for secondary, a bug of its input
// phase). The random instances are randomXCC(0) to randomXCC(39).
var ssxccFigures = []struct {
	name                    string
	sols, nodes, updates    uint64
	text                    func() string
	knuthOrderAlsoCanonical bool
}{
	{name: "knuth7", sols: 1, nodes: 5, updates: 27, text: func() string { return gen.Knuth7 }},
	{name: "knuth-xcc", sols: 1, nodes: 3, updates: 20, text: func() string { return gen.KnuthXCC }},
	{name: "langford-6", sols: 0, nodes: 74, updates: 1725, text: func() string { return gen.Langford(6) }},
	{name: "langford-7", sols: 52, nodes: 466, updates: 7734, text: func() string { return gen.Langford(7) }},
	{name: "langford-8", sols: 300, nodes: 2267, updates: 34765, text: func() string { return gen.Langford(8) }},
	{name: "langford-9", sols: 0, nodes: 6690, updates: 149290, text: func() string { return gen.Langford(9) }},
	{name: "queens-4", sols: 2, nodes: 13, updates: 217, text: func() string { return gen.Queens(4, false) }},
	{name: "queens-5", sols: 10, nodes: 48, updates: 698, text: func() string { return gen.Queens(5, false) }},
	{name: "queens-6", sols: 4, nodes: 68, updates: 1657, text: func() string { return gen.Queens(6, false) }},
	{name: "queens-7", sols: 40, nodes: 317, updates: 5978, text: func() string { return gen.Queens(7, false) }},
	{name: "queens-8", sols: 92, nodes: 964, updates: 20032, text: func() string { return gen.Queens(8, false) }},
	{name: "queens-9", sols: 352, nodes: 3704, updates: 76209, text: func() string { return gen.Queens(9, false) }},
	{name: "queens-10", sols: 724, nodes: 12481, updates: 285506, text: func() string { return gen.Queens(10, false) }},
	{name: "queens-organ-pipe-6", sols: 4, nodes: 71, updates: 1506, text: func() string { return gen.Queens(6, true) }},
	{name: "queens-organ-pipe-8", sols: 92, nodes: 856, updates: 16160, text: func() string { return gen.Queens(8, true) }},
	{name: "queens-organ-pipe-10", sols: 724, nodes: 9235, updates: 188283, text: func() string { return gen.Queens(10, true) }},
	{name: "pentomino-3x20", sols: 8, nodes: 9328, updates: 8767322, text: func() string { return readTestdata("pentomino-3x20.dlx") }},
	{name: "random-00", sols: 29, nodes: 63, updates: 637}, {name: "random-01", sols: 166, nodes: 247, updates: 910},
	{name: "random-02", sols: 4715, nodes: 7150, updates: 8243}, {name: "random-03", sols: 227, nodes: 301, updates: 1434},
	{name: "random-04", sols: 1085, nodes: 1257, updates: 2677}, {name: "random-05", sols: 8, nodes: 18, updates: 74},
	{name: "random-06", sols: 145, nodes: 263, updates: 1022}, {name: "random-07", sols: 834, nodes: 1147, updates: 2355},
	{name: "random-08", sols: 157, nodes: 227, updates: 1159}, {name: "random-09", sols: 329, nodes: 484, updates: 2269},
	{name: "random-10", sols: 162, nodes: 276, updates: 609}, {name: "random-11", sols: 17, nodes: 46, updates: 214},
	{name: "random-12", sols: 258, nodes: 590, updates: 2864}, {name: "random-13", sols: 3444, nodes: 5975, updates: 14744},
	{name: "random-14", sols: 419, nodes: 609, updates: 2182}, {name: "random-15", sols: 207, nodes: 415, updates: 1806},
	{name: "random-16", sols: 2, nodes: 9, updates: 58}, {name: "random-17", sols: 602, nodes: 797, updates: 1877},
	{name: "random-18", sols: 11, nodes: 24, updates: 203}, {name: "random-19", sols: 2, nodes: 8, updates: 51},
	{name: "random-20", sols: 1248, nodes: 2122, updates: 6529}, {name: "random-21", sols: 4591, nodes: 7346, updates: 22075},
	{name: "random-22", sols: 11021, nodes: 15920, updates: 34825}, {name: "random-23", sols: 552, nodes: 869, updates: 4159},
	{name: "random-24", sols: 1, nodes: 6, updates: 61}, {name: "random-25", sols: 27, nodes: 45, updates: 397},
	{name: "random-26", sols: 7891, nodes: 13356, updates: 25815}, {name: "random-27", sols: 14, nodes: 25, updates: 162},
	{name: "random-28", sols: 9693, nodes: 12554, updates: 24550}, {name: "random-29", sols: 21, nodes: 55, updates: 368},
	{name: "random-30", sols: 5, nodes: 17, updates: 127}, {name: "random-31", sols: 1398, nodes: 1752, updates: 3282},
	{name: "random-32", sols: 178, nodes: 267, updates: 1346}, {name: "random-33", sols: 1200, nodes: 1671, updates: 2359},
	{name: "random-34", sols: 5831, nodes: 8804, updates: 14743}, {name: "random-35", sols: 646, nodes: 957, updates: 2047},
	{name: "random-36", sols: 44, nodes: 58, updates: 443}, {name: "random-37", sols: 22, nodes: 49, updates: 374},
	{name: "random-38", sols: 2195, nodes: 3847, updates: 9730}, {name: "random-39", sols: 692, nodes: 1119, updates: 3364},
}

// readTestdata returns a file of testdata/dlx.
func readTestdata(name string) string {
	b, err := os.ReadFile("../testdata/dlx/" + name)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// parseText parses a problem from text, failing t on an error.
func parseText(t testing.TB, text string) *Problem {
	t.Helper()
	p, err := Parse(strings.NewReader(text))
	require.NoError(t, err)
	return p
}

// newCellsT builds the cells of p, failing t on an error.
func newCellsT(t testing.TB, p *Problem) *cells {
	t.Helper()
	s, err := NewSolver(p)
	require.NoError(t, err)
	c, err := newCells(nil, s.l)
	require.NoError(t, err)
	return c
}

// solveCells runs the cells with the given tree on one goroutine, as the
// driver does, and returns the search's outcome with its dead ends
// (opts: Forced, Limit, MaxNodes, Visit).
func solveCells(t testing.TB, c *cells, tree cellTree, opts *Options) cellsOutcome {
	t.Helper()
	if opts == nil {
		opts = &Options{}
	}
	var g gauge
	g.reset(context.Background(), opts.MaxNodes)
	defer g.end()
	rec := newRecord(int(c.nprim) + 1)
	c.tree = tree
	tk := &task{g: &g, forced: opts.Forced, limit: opts.Limit, visit: opts.Visit, rec: &rec, cut: -1}
	rec.sol = append(rec.sol[:0], opts.Forced...)
	if !c.prepare(rec.sol) {
		return cellsOutcome{Status: core.StatusExhausted}
	}
	return c.search(tk)
}

// TestCellsKnuthTree checks the dancing cells with Knuth's tree against
// his program SSXCC: solutions, nodes and updates equal on every instance
// (ssxccFigures).
func TestCellsKnuthTree(t *testing.T) {
	for _, tc := range ssxccFigures {
		t.Run(tc.name, func(t *testing.T) {
			var text string
			if tc.text != nil {
				text = tc.text()
			} else {
				var i int
				_, err := fmt.Sscanf(tc.name, "random-%d", &i)
				require.NoError(t, err)
				text = randomXCC(i)
			}
			c := newCellsT(t, parseText(t, text))
			res := solveCells(t, c, cellsKnuth, nil)
			require.Equal(t, core.StatusExhausted, res.Status)
			require.Equal(t, [3]uint64{tc.sols, tc.nodes, tc.updates},
				[3]uint64{res.Solutions, res.Stats.Nodes, res.Stats.Updates}, "solutions, nodes, updates against SSXCC")
		})
	}
}

// linksListing returns every solution of p found by the links engine, in
// its order, and its result.
func linksListing(t testing.TB, p *Problem, opts Options) ([][]int, Result) {
	t.Helper()
	s, err := NewSolver(p)
	require.NoError(t, err)
	var sols [][]int
	opts.Visit = func(sol []int) bool { sols = append(sols, slices.Clone(sol)); return true }
	res, err := s.Solve(context.Background(), &opts)
	require.NoError(t, err)
	return sols, res
}

// cellsListing is linksListing for the dancing cells with the given tree.
func cellsListing(t testing.TB, c *cells, tree cellTree, opts Options) ([][]int, cellsOutcome) {
	t.Helper()
	var sols [][]int
	opts.Visit = func(sol []int) bool { sols = append(sols, slices.Clone(sol)); return true }
	return sols, solveCells(t, c, tree, &opts)
}

// solutionHash is an FNV-1a hash of a solution's options in the order
// given.
func solutionHash(sol []int) uint64 {
	h := uint64(14695981039346656037)
	for _, k := range sol {
		h = (h ^ uint64(k)) * 1099511628211
	}
	return h
}

// fingerprints returns a Visit that counts the solutions and folds them
// into two fingerprints: seq depends on their order, set does not (nor on
// the order of each one's options).
func fingerprints(seq, set *uint64) func([]int) bool {
	var buf []int
	return func(sol []int) bool {
		*seq = *seq*1000003 + solutionHash(sol)
		buf = append(buf[:0], sol...)
		slices.Sort(buf)
		*set += solutionHash(buf) * 0x9e3779b97f4a7c15
		return true
	}
}

// TestCellsCanonicalIsLinksTree checks that the canonical tree is
// Algorithm C's, the links engine's, with its dead ends cut: on Knuth's
// examples, Langford pairs, queens, a pentomino and 1,000 random
// instances with colors, the same solutions in the same order, and the
// links' nodes equal the cells' nodes and dead ends. Knuth's tree finds
// the same solutions (in another order).
func TestCellsCanonicalIsLinksTree(t *testing.T) {
	type inst struct{ name, text string }
	var cases []inst
	for _, tc := range ssxccFigures {
		if tc.text != nil && tc.nodes < 20000 {
			cases = append(cases, inst{tc.name, tc.text()})
		}
	}
	for i := range 1000 {
		cases = append(cases, inst{fmt.Sprintf("random-%d", i), randomXCC(i)})
	}
	for _, tc := range cases {
		p := parseText(t, tc.text)
		s, err := NewSolver(p)
		require.NoError(t, err)
		var want, wantSet, got, gotSet, knuth, knuthSet uint64
		links, err := s.Solve(context.Background(), &Options{Visit: fingerprints(&want, &wantSet)})
		require.NoError(t, err)
		c := newCellsT(t, p)
		res := solveCells(t, c, cellsCanonical, &Options{Visit: fingerprints(&got, &gotSet)})
		require.Equal(t, links.Solutions, res.Solutions, tc.name)
		require.Equal(t, want, got, "%s: the solutions and their order", tc.name)
		require.Equal(t, links.Stats.Nodes, res.Stats.Nodes+res.DeadEnds, "%s: the links' nodes against the cells' nodes and dead ends", tc.name)
		kres := solveCells(t, c, cellsKnuth, &Options{Visit: fingerprints(&knuth, &knuthSet)})
		require.Equal(t, res.Solutions, kres.Solutions, tc.name)
		require.Equal(t, wantSet, knuthSet, "%s: Knuth's tree finds the same solutions", tc.name)
	}
}

// reduced returns p with the options forced chosen: the items they cover
// left out, the options that clash with them left out, the covered items
// left out of the options that remain (a secondary item covered with a
// color keeps the options of that color), and map from the new options
// to p's. ok is false if the forced options clash.
func reduced(t testing.TB, p *Problem, forced []int) (q *Problem, back []int, ok bool) {
	t.Helper()
	cov := map[int]int{} // item → color, −1 without
	for _, k := range forced {
		for j := range p.OptionLen(k) {
			i, col := p.OptionItem(k, j)
			if col == 0 {
				col = -1
			}
			if old, seen := cov[i]; seen && (old != col || col == -1) {
				return nil, nil, false
			}
			cov[i] = col
		}
	}
	q = New()
	names := map[int]string{}
	for pass := range 2 {
		for i := range p.NumItems() {
			if _, c := cov[i]; c || p.IsSecondary(i) != (pass == 1) {
				continue
			}
			names[i] = p.ItemName(i)
			var err error
			if pass == 0 {
				_, err = q.AddPrimary(p.ItemName(i))
			} else {
				_, err = q.AddSecondary(p.ItemName(i))
			}
			require.NoError(t, err)
		}
	}
option:
	for k := range p.NumOptions() {
		if slices.Contains(forced, k) || !hasPrimary(p, k) {
			continue // chosen, or never chosen
		}
		var its []string
		for j := range p.OptionLen(k) {
			i, col := p.OptionItem(k, j)
			c0 := col
			if col == 0 {
				col = -1
			}
			if cv, c := cov[i]; c {
				if cv == -1 || cv != col {
					continue option
				}
				continue // purified with this option's color
			}
			name := names[i]
			if c0 != 0 {
				name += ":" + p.ColorName(c0)
			}
			its = append(its, name)
		}
		_, err := q.AddOption(its...)
		require.NoError(t, err)
		back = append(back, k)
	}
	return q, back, true
}

// TestCellsForced checks that forced options make the problem that
// remains, as if it were the input: with either tree, the nodes, updates
// and solutions of a search with forced options equal those of the
// reduced problem (built apart, by reduced), on random instances with
// colors and two to four forced options drawn from a random solution.
func TestCellsForced(t *testing.T) {
	for i := range 300 {
		text := randomXCC(i)
		p := parseText(t, text)
		sols, _ := linksListing(t, p, Options{})
		r := rand.New(rand.NewPCG(uint64(i), 7))
		var forced []int
		switch {
		case len(sols) > 0:
			sol := sols[r.IntN(len(sols))]
			forced = sol[:min(len(sol), 1+r.IntN(3))]
		default:
			c := newCellsT(t, p)
			for len(forced) < 2 {
				if k := r.IntN(p.NumOptions()); c.optNode[k] != 0 {
					forced = append(forced, k)
				}
			}
		}
		c := newCellsT(t, p)
		q, back, ok := reduced(t, p, forced)
		for _, tree := range []cellTree{cellsKnuth, cellsCanonical} {
			got, res := cellsListing(t, c, tree, Options{Forced: forced})
			if !ok {
				require.Zero(t, res.Solutions, "instance %d, forced %v", i, forced)
				continue
			}
			want, wres := cellsListing(t, newCellsT(t, q), tree, Options{})
			for _, s := range want {
				for j := range s {
					s[j] = back[s[j]]
				}
			}
			for j := range got {
				require.Equal(t, forced, got[j][:len(forced)], "instance %d: the forced options first", i)
				got[j] = got[j][len(forced):]
			}
			require.Equal(t, want, got, "instance %d, forced %v, tree %d: the solutions", i, forced, tree)
			require.Equal(t, wres.Stats.Nodes, res.Stats.Nodes, "instance %d, forced %v, tree %d: nodes", i, forced, tree)
			require.Equal(t, wres.Stats.Updates, res.Stats.Updates, "instance %d, forced %v, tree %d: updates", i, forced, tree)
		}
	}
}

// hasPrimary reports whether option k of p has a primary item.
func hasPrimary(p *Problem, k int) bool {
	for j := range p.OptionLen(k) {
		if i, _ := p.OptionItem(k, j); !p.IsSecondary(i) {
			return true
		}
	}
	return false
}

// FuzzCells checks the dancing cells against the links on whatever
// parses (without multiplicities) and the links count within 20,000 nodes:
// with the canonical tree the same solutions in the same order, and the
// links' nodes equal to the cells' nodes and dead ends; with Knuth's tree
// the same solutions; both trees, and the assembly kernel and the Go one,
// agree on the count with a forced option and with a node budget.
func FuzzCells(f *testing.F) {
	for _, s := range []string{gen.Knuth7, gen.KnuthXCC, gen.Knuth3, gen.Langford(5), gen.Queens(5, false),
		gen.Dominoes(3, 4), "a b | x\na x:A\nb x:A\na b\n", "a b | x y\na x:A y\nb x:A y:B\nb y:B\na\n"} {
		f.Add(s)
	}
	for i := range 8 {
		f.Add(randomXCC(i))
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := Parse(strings.NewReader(text))
		if err != nil || p.HasBounds() {
			return
		}
		s, err := NewSolver(p)
		if err != nil {
			return
		}
		var want, wantSet uint64
		links, err := s.Solve(context.Background(), &Options{MaxNodes: 20000, Visit: fingerprints(&want, &wantSet)})
		if err != nil || links.Status != core.StatusExhausted {
			return
		}
		c, err := newCells(nil, s.l)
		require.NoError(t, err)
		var got, gotSet, knuth, knuthSet uint64
		res := solveCells(t, c, cellsCanonical, &Options{Visit: fingerprints(&got, &gotSet)})
		require.Equal(t, links.Solutions, res.Solutions, "canonical:\n%s", text)
		require.Equal(t, want, got, "the solutions and their order:\n%s", text)
		require.Equal(t, links.Stats.Nodes, res.Stats.Nodes+res.DeadEnds, "nodes:\n%s", text)
		kres := solveCells(t, c, cellsKnuth, &Options{Visit: fingerprints(&knuth, &knuthSet)})
		require.Equal(t, wantSet, knuthSet, "Knuth's tree:\n%s", text)
		require.Equal(t, links.Solutions, kres.Solutions, "Knuth's tree:\n%s", text)
		budget := 1 + res.Stats.Nodes/2
		for _, k := range []dance.Kernel{dance.Go, dance.Asm} {
			c.kernel = dance.Resolve(k)
			for _, tree := range []cellTree{cellsCanonical, cellsKnuth} {
				again := solveCells(t, c, tree, nil)
				require.Equal(t, res.Solutions, again.Solutions, "kernel %d, tree %d:\n%s", k, tree, text)
				part := solveCells(t, c, tree, &Options{MaxNodes: budget})
				require.LessOrEqual(t, part.Stats.Nodes, budget, "kernel %d, tree %d:\n%s", k, tree, text)
			}
		}
		if y := s.l.optNode; len(y) > 0 && y[0] != 0 {
			wantF, err := s.Count(context.Background(), &Options{Method: MethodLinks, Forced: []int{0}})
			require.NoError(t, err)
			for _, tree := range []cellTree{cellsCanonical, cellsKnuth} {
				r := solveCells(t, c, tree, &Options{Forced: []int{0}})
				require.Equal(t, wantF.Solutions, r.Solutions, "forced option 1, tree %d:\n%s", tree, text)
			}
		}
	})
}

// TestCellsResume stops the cells' search after slices of work and goes
// on with it, slice by slice (task.resume, as auto's race runs its
// candidates): the count, nodes and updates are those of the search run
// once, with either tree, and the progress each parked slice reports
// stays within [0, 1] and reads 1 once the search is done.
func TestCellsResume(t *testing.T) {
	ctx := context.Background()
	cases := map[string]string{
		"langford 9": gen.Langford(9), "queens 8": gen.Queens(8, true), "colored": gen.KnuthXCC,
		"dominoes 4x6": gen.Dominoes(4, 6), "L3 6x6": gen.LTrominoes(6, 6), "pentomino 3x20": readTestdata("pentomino-3x20.dlx"),
	}
	for i := range 10 {
		cases[fmt.Sprintf("random %d", i)] = randomXCC(i)
	}
	for name, text := range cases {
		c := newCellsT(t, parseText(t, text))
		for _, tree := range []cellTree{cellsCanonical, cellsKnuth} {
			want := solveCells(t, c, tree, nil)
			for _, slice := range []uint64{64, 30000} {
				r := racer{m: c, r: runner{rec: newRecord(int(c.nprim) + 1)}}
				for !r.done {
					r.run(ctx, slice, nil)
					require.True(t, r.p >= 0 && r.p <= 1, "%s, tree %d, slice %d: progress %v", name, tree, slice, r.p)
				}
				require.Equal(t, 1.0, r.p, "%s, tree %d, slice %d: progress when done", name, tree, slice)
				if want.Stats.Nodes+want.Stats.Updates > 4*slice {
					require.Greater(t, r.slices, 2, "%s, tree %d, slice %d: slices", name, tree, slice)
				}
				require.Equal(t, [3]uint64{want.Solutions, want.Stats.Nodes, want.Stats.Updates},
					[3]uint64{r.count.lo, r.stats.Nodes, r.stats.Updates}, "%s, tree %d, slice %d", name, tree, slice)
			}
		}
	}
}

// TestAutoCells checks where auto's race takes the dancing cells for its
// enumeration (raceEnumeration; docs/benchmarks.md, issue 34): wherever
// they can run (the pentominoes, Langford's pairs, the queens), but
// Algorithm C with the links' own modes asked for (TakeSingleton) or the
// memo's rule first, and Algorithm M with multiplicities. A race the
// cells win answers with their counters, on one worker and on several.
func TestAutoCells(t *testing.T) {
	ctx := context.Background()
	solverOf := func(text string) *Solver {
		s, err := NewSolver(parseText(t, text))
		require.NoError(t, err)
		return s
	}
	pento := readTestdata("pentomino-3x20.dlx")
	for _, tc := range []struct {
		name, text string
		opts       Options
		want       string
	}{
		{"pentominoes", pento, Options{}, "*dlx.cells"},
		{"pentominoes, mrv", pento, Options{Branch: BranchMRV}, "*dlx.cells"},
		{"pentominoes, TakeSingleton", pento, Options{TakeSingleton: true}, "*dlx.algoC"},
		{"pentominoes, first", pento, Options{Branch: BranchFirst}, "*dlx.algoC"},
		{"langford 9", gen.Langford(9), Options{}, "*dlx.cells"},
		{"queens 9", gen.Queens(9, false), Options{}, "*dlx.cells"},
		{"multiplicities", gen.Pieces('K', 6, 5), Options{}, "*dlx.algoM"},
	} {
		m := solverOf(tc.text).raceEnumeration(ctx, &tc.opts)
		require.Equal(t, tc.want, fmt.Sprintf("%T", m), tc.name)
	}
	p := parseText(t, pento)
	s, err := NewSolver(p)
	require.NoError(t, err)
	cells, err := s.Count(ctx, &Options{Method: MethodCells})
	require.NoError(t, err)
	for _, w := range []int{1, 3} {
		opts := &Options{Workers: w}
		plain := s.raceEnumeration(ctx, opts)
		// The cells alone: the memo's candidates would race them too.
		rc := &race{s: s, opts: opts, ctx: ctx, racers: []*racer{{m: plain, r: runner{rec: newRecord(s.l.levelsM())}}}}
		res := s.finishRace(ctx, opts, rc, DefaultMemoBytes(), time.Now())
		require.Equal(t, MethodCells, res.Method, "W=%d", w)
		require.Equal(t, [3]uint64{8, cells.Stats.Nodes, cells.Stats.Updates},
			[3]uint64{res.Solutions, res.Stats.Nodes, res.Stats.Updates}, "W=%d: the cells' count and counters", w)
		require.NoError(t, p.Verify(s.First()), "W=%d: the first solution", w)
	}
}
