package dlx_test

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/dlx/internal/gen"
	"github.com/stretchr/testify/require"
)

// randomMemoInstance returns a random instance large enough for subproblems
// to repeat: np primary items, ns secondary ones, nopt options of 1..5
// items (secondary entries colored with one of three colors half the
// time), and with multi some primary items given random bounds.
func randomMemoInstance(r *rand.Rand, np, ns, nopt int, multi bool) *dlx.Problem {
	p := dlx.New()
	for i := range np {
		if multi && r.IntN(3) == 0 {
			lo := r.IntN(3)
			p.AddPrimaryBounds(fmt.Sprintf("p%d", i), lo, max(1, lo+r.IntN(3)))
		} else {
			p.AddPrimary(fmt.Sprintf("p%d", i))
		}
	}
	for i := range ns {
		p.AddSecondary(fmt.Sprintf("x%d", i))
	}
	colors := make([]int, 3)
	for c := range colors {
		colors[c], _ = p.Color(string(rune('A' + c)))
	}
	for range nopt {
		size := 1 + r.IntN(5)
		// Options of nearby items, as in tilings, so that subproblems
		// repeat.
		at := r.IntN(np + ns)
		var items, cols []int
		seen := map[int]bool{}
		for range size {
			it := (at + r.IntN(6)) % (np + ns)
			if seen[it] {
				continue
			}
			seen[it] = true
			c := 0
			if it >= np && r.IntN(2) == 0 {
				c = colors[r.IntN(len(colors))]
			}
			items, cols = append(items, it), append(cols, c)
		}
		p.AddOptionIndex(items, cols)
	}
	return p
}

// countWith counts p's solutions with opts.
func countWith(t testing.TB, p *dlx.Problem, opts dlx.Options) dlx.Result {
	t.Helper()
	if opts.Workers == 0 {
		opts.Workers = 1 // the memo's own tree, its table unshared
	}
	res, err := solver(t, p).Count(context.Background(), &opts)
	require.NoError(t, err)
	return res
}

// TestMemoAgainstDLX counts 1,200 random instances (seeded) with the memo
// and with the plain search: exact cover, secondary items with colors,
// multiplicities (Algorithm M), forced options, both branching rules, and
// a table too small for the whole search.
func TestMemoAgainstDLX(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 1))
	kinds := []struct {
		name      string
		ns, multi bool
	}{{"exact cover", false, false}, {"colors", true, false}, {"multiplicities", false, true}, {"multiplicities and colors", true, true}}
	for trial := range 1200 {
		k := kinds[trial%len(kinds)]
		np := 4 + r.IntN(18)
		ns := 0
		if k.ns {
			ns = 1 + r.IntN(6)
		}
		p := randomMemoInstance(r, np, ns, 6+r.IntN(50), k.multi)
		var text strings.Builder
		require.NoError(t, dlx.Write(&text, p))
		plain := countWith(t, p, dlx.Options{Method: dlx.MethodLinks})
		require.Equal(t, core.StatusExhausted, plain.Status)
		for _, o := range []dlx.Options{
			{Method: dlx.MethodMemo, Branch: dlx.BranchMRV},
			{Method: dlx.MethodMemo, Branch: dlx.BranchFirst},
			{Method: dlx.MethodMemo, Branch: dlx.BranchFirst, MemoBytes: dlx.MinMemoBytes},
			{Method: dlx.MethodAuto},
		} {
			res := countWith(t, p, o)
			require.Equal(t, core.StatusExhausted, res.Status)
			require.Equal(t, plain.Count, res.Count, "trial %d (%s), %v/%v:\n%s", trial, k.name, o.Method, o.Branch, text.String())
			if o.Branch == dlx.BranchMRV && !k.multi {
				// The memo's virtual nodes are the plain search's tree.
				require.Equal(t, plain.Stats.Nodes, res.Memo.Virtual, "trial %d (%s), virtual nodes", trial, k.name)
			}
		}
		if f := r.IntN(p.NumOptions()); hasPrimary(p, f) {
			forced := []int{f}
			want := countWith(t, p, dlx.Options{Forced: forced, Method: dlx.MethodLinks})
			res := countWith(t, p, dlx.Options{Forced: forced, Method: dlx.MethodMemo, Branch: dlx.BranchFirst})
			require.Equal(t, want.Count, res.Count, "trial %d (%s), forced %v:\n%s", trial, k.name, forced, text.String())
		}
	}
}

// TestMemoKnownCounts checks memoized counts of instances with known
// answers.
func TestMemoKnownCounts(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string
		want uint64
	}{
		{"Knuth 7", gen.Knuth7, 1},
		{"Knuth XCC", gen.KnuthXCC, 1},
		{"Knuth dlx3", gen.Knuth3, 1},
		{"Langford 8", gen.Langford(8), 300},
		{"8 queens", gen.Queens(8, false), 92},
		{"5 queens of 25 squares", gen.Pieces('Q', 5, 5), 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := parse(t, tc.text)
			for _, b := range []dlx.Branch{dlx.BranchMRV, dlx.BranchFirst, dlx.BranchAuto} {
				res := countWith(t, p, dlx.Options{Method: dlx.MethodMemo, Branch: b})
				require.Equal(t, core.StatusExhausted, res.Status)
				require.Equal(t, tc.want, res.Solutions, "%v", b)
				require.NotNil(t, res.Memo)
			}
		})
	}
}

// TestMemoIssueTable counts the instances of issue 25's table (dominoes
// 8×8 to 12×12, OEIS A004003 and A099390; the perfect matchings of K20,
// 19!!; L-trominoes on 9×12, 467,966,840) with the memo, each branching
// rule where it takes milliseconds, and Langford n = 11 (35,584, OEIS
// A014552 doubled for the mirror images), which the published DXD code
// miscounts (35,588) by trusting a 64-bit hash: every count exact.
func TestMemoIssueTable(t *testing.T) {
	cases := append(slices.Clone(memoInstances), struct{ name, text, want string }{"langford-11", gen.Langford(11), "35584"})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := parse(t, tc.text)
			branches := []dlx.Branch{dlx.BranchFirst, dlx.BranchMRV, dlx.BranchAuto}
			switch tc.name {
			case "L-trominoes-9x12": // mrv: millions of nodes (docs/cli.md)
				branches = []dlx.Branch{dlx.BranchFirst, dlx.BranchAuto}
			case "langford-11": // few repeats: one rule is enough
				branches = []dlx.Branch{dlx.BranchMRV}
			}
			for _, b := range branches {
				res := countWith(t, p, dlx.Options{Method: dlx.MethodMemo, Branch: b})
				require.Equal(t, core.StatusExhausted, res.Status)
				require.Equal(t, tc.want, res.Count.String(), "%v", b)
			}
		})
	}
}

// hasPrimary reports whether option k has a primary item.
func hasPrimary(p *dlx.Problem, k int) bool {
	for j := range p.OptionLen(k) {
		if i, _ := p.OptionItem(k, j); !p.IsSecondary(i) {
			return true
		}
	}
	return false
}

// fib returns the n-th Fibonacci number (F(1) = F(2) = 1).
func fib(n int) *big.Int {
	a, b := big.NewInt(0), big.NewInt(1)
	for range n {
		a.Add(a, b)
		a, b = b, a
	}
	return a
}

// TestMemoBigCounts checks counts past 2^64 and 2^128: the domino tilings
// of 2×n strips are the Fibonacci numbers F(n+1) (OEIS A000045: a 2×n
// strip starts with a vertical domino or two horizontal ones), and those
// of the 2n×2n squares are OEIS A004003, whose terms for 14×14 and 18×18
// pass 2^64 and 2^128 (values from https://oeis.org/A004003). 18×18 runs
// with COVERKIT_LONG set.
func TestMemoBigCounts(t *testing.T) {
	for _, tc := range []struct {
		name       string
		rows, cols int
		want       string
	}{
		{"2x100 (F(101), past 2^64)", 2, 100, fib(101).String()},
		{"2x200 (F(201), past 2^128)", 2, 200, fib(201).String()},
		{"14x14 (A004003(7), past 2^64)", 14, 14, "112202208776036178000000"},
		{"18x18 (A004003(9), past 2^128)", 18, 18, "548943583215388338077567813208427340288"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.rows >= 18 && os.Getenv("COVERKIT_LONG") == "" {
				// Seconds (more on one CPU): the 2×200 strip takes the
				// same path past 2^128, and 14×14 a square past 2^64.
				t.Skip("COVERKIT_LONG is not set (18x18: seconds)")
			}
			p := parse(t, gen.Dominoes(tc.rows, tc.cols))
			res := countWith(t, p, dlx.Options{Method: dlx.MethodMemo, Branch: dlx.BranchFirst})
			require.Equal(t, core.StatusExhausted, res.Status)
			want, _ := new(big.Int).SetString(tc.want, 10)
			if want.BitLen() > 128 {
				require.NotNil(t, res.Big)
				require.Equal(t, tc.want, res.Big.String())
				require.Equal(t, ^uint64(0), res.Solutions)
				return
			}
			require.Nil(t, res.Big)
			require.Equal(t, tc.want, res.Count.String())
		})
	}
}

// TestMemoDominoes20x20 counts the domino tilings of the 20×20 square,
// 1269984011256235834242602753102293934298576249856 (OEIS A004003(10),
// https://oeis.org/A004003), past 2^128: about half a minute and 5 GB, so
// it runs only with COVERKIT_LONG set.
func TestMemoDominoes20x20(t *testing.T) {
	if os.Getenv("COVERKIT_LONG") == "" {
		t.Skip("COVERKIT_LONG is not set (about 30 s and 5 GB)")
	}
	p := parse(t, gen.Dominoes(20, 20))
	res := countWith(t, p, dlx.Options{Method: dlx.MethodMemo, Branch: dlx.BranchFirst, MemoBytes: 6 << 30})
	require.Equal(t, core.StatusExhausted, res.Status)
	require.NotNil(t, res.Big)
	require.Equal(t, "1269984011256235834242602753102293934298576249856", res.Big.String())
}

// TestMemoStops checks the statuses of memoized counts stopped early: a
// node budget (limit, no more nodes than allowed), a cancelled context
// and a deadline; the Solver is left as it was.
func TestMemoStops(t *testing.T) {
	p := parse(t, gen.Dominoes(16, 16))
	s := solver(t, p)
	for _, b := range []dlx.Branch{dlx.BranchFirst, dlx.BranchMRV} {
		res, err := s.Count(context.Background(), &dlx.Options{Method: dlx.MethodMemo, Branch: b, MaxNodes: 10000})
		require.NoError(t, err)
		require.Equal(t, core.StatusLimit, res.Status)
		require.LessOrEqual(t, res.Stats.Nodes, uint64(10000))

		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		res, err = s.Count(ctx, &dlx.Options{Method: dlx.MethodMemo, Branch: b})
		require.NoError(t, err)
		require.Equal(t, core.StatusCanceled, res.Status)

		ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
		res, err = s.Count(ctx, &dlx.Options{Method: dlx.MethodMemo, Branch: b})
		cancel()
		require.NoError(t, err)
		require.Equal(t, core.StatusTimeout, res.Status)
	}
	// The solver is left as it was: a full count afterwards is right.
	res, err := s.Count(context.Background(), &dlx.Options{Method: dlx.MethodMemo})
	require.NoError(t, err)
	require.Equal(t, "2444888770250892795802079170816", res.Count.String()) // OEIS A004003(8)
}

// TestMemoBudget counts with tables too small for the search: the table
// stops growing (Full) and evicts, the count stays exact, and the work
// grows gently while half of what the search needs fits.
func TestMemoBudget(t *testing.T) {
	p := parse(t, gen.Dominoes(10, 10))
	whole := countWith(t, p, dlx.Options{Method: dlx.MethodMemo, Branch: dlx.BranchFirst})
	require.False(t, whole.Memo.Full)
	for _, b := range []uint64{whole.Memo.Bytes / 2, dlx.MinMemoBytes} {
		q := p
		if b == dlx.MinMemoBytes {
			q = parse(t, gen.Dominoes(8, 8)) // 10x10 thrashes in 64 KiB
		}
		res := countWith(t, q, dlx.Options{Method: dlx.MethodMemo, Branch: dlx.BranchFirst, MemoBytes: b})
		require.True(t, res.Memo.Full)
		require.NotZero(t, res.Memo.Evicted)
		require.LessOrEqual(t, res.Memo.Bytes, b)
		if q == p {
			require.Equal(t, "258584046368", res.Count.String()) // OEIS A004003(5)
			require.Less(t, res.Stats.Nodes, 4*whole.Stats.Nodes)
		} else {
			require.Equal(t, "12988816", res.Count.String()) // OEIS A004003(4)
		}
	}
}

// TestMemoRefuses checks the requests the memo cannot answer.
func TestMemoRefuses(t *testing.T) {
	s := solver(t, parse(t, gen.Langford(7)))
	ctx := context.Background()
	for name, o := range map[string]dlx.Options{
		"visit":       {Method: dlx.MethodMemo, Visit: func([]int) bool { return true }},
		"limit":       {Method: dlx.MethodMemo, Limit: 3},
		"max options": {Method: dlx.MethodMemo, MaxOptions: 4},
		"minimize":    {Method: dlx.MethodMemo, Minimize: true},
		"tiny budget": {Method: dlx.MethodMemo, MemoBytes: 100},
	} {
		_, err := s.Count(ctx, &o)
		require.Error(t, err, name)
	}
	// The memo lists nothing; MethodAuto lists with the plain search.
	_, err := s.Solve(ctx, &dlx.Options{Method: dlx.MethodMemo, Limit: 3})
	require.Error(t, err)
	res, err := s.Solve(ctx, &dlx.Options{Method: dlx.MethodAuto, Limit: 3})
	require.NoError(t, err)
	require.EqualValues(t, 3, res.Solutions)
}

// FuzzMemo counts instances read from the fuzzer's text (Knuth's format,
// colors and multiplicities included) with the plain search and with the
// memo (both branching rules, and a table too small to hold the search),
// and fails on any difference. Instances the plain search does not finish
// within 20,000 nodes are skipped.
func FuzzMemo(f *testing.F) {
	for _, s := range []string{gen.Knuth7, gen.KnuthXCC, gen.Knuth3, gen.Langford(5), gen.Queens(5, false),
		gen.Dominoes(3, 4), gen.Pieces('R', 3, 2), "a b | x\na x:A\nb x:A\na b\n", "2|a b\na\na b\nb\n"} {
		f.Add(s)
	}
	r := rand.New(rand.NewPCG(25, 2))
	for range 8 {
		var b strings.Builder
		dlx.Write(&b, randomMemoInstance(r, 6, 3, 20, r.IntN(2) == 0))
		f.Add(b.String())
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := dlx.Parse(strings.NewReader(text))
		if err != nil {
			return
		}
		s, err := dlx.NewSolver(p)
		if err != nil {
			return
		}
		ctx := context.Background()
		plain, err := s.Solve(ctx, &dlx.Options{MaxNodes: 20000})
		if err != nil || plain.Status != core.StatusExhausted {
			return
		}
		for _, o := range []dlx.Options{
			{Method: dlx.MethodMemo, Branch: dlx.BranchMRV},
			{Method: dlx.MethodMemo, Branch: dlx.BranchFirst, MemoBytes: dlx.MinMemoBytes},
			{Method: dlx.MethodAuto},
		} {
			res, err := s.Count(ctx, &o)
			require.NoError(t, err)
			require.Equal(t, core.StatusExhausted, res.Status)
			require.Equal(t, plain.Count, res.Count, "%v/%v:\n%s", o.Method, o.Branch, text)
		}
	})
}

// TestMemoWorkers counts with the memo on 1, 2, 3 and 8 workers: the
// counts, nodes and updates are the same for every number of workers (the
// work done twice by workers meeting one subproblem at once is counted
// apart, in Memo.Overhead), on tilings, matchings, colored and random
// instances, with each branching rule.
func TestMemoWorkers(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 3))
	problems := map[string]*dlx.Problem{
		"dominoes 8x8":   parse(t, gen.Dominoes(8, 8)),
		"dominoes 3x40":  parse(t, gen.Dominoes(3, 40)),
		"L3 6x9":         parse(t, gen.LTrominoes(6, 9)),
		"K12":            parse(t, gen.Matching(12)),
		"8 queens":       parse(t, gen.Queens(8, false)),
		"Knuth XCC":      parse(t, gen.KnuthXCC),
		"random colored": randomMemoInstance(r, 16, 5, 60, false),
		"random":         randomMemoInstance(r, 20, 0, 70, false),
	}
	for name, p := range problems {
		for _, b := range []dlx.Branch{dlx.BranchMRV, dlx.BranchFirst} {
			one := countWith(t, p, dlx.Options{Method: dlx.MethodMemo, Branch: b})
			for _, w := range []int{2, 3, 8} {
				res := countWith(t, p, dlx.Options{Method: dlx.MethodMemo, Branch: b, Workers: w})
				require.Equal(t, core.StatusExhausted, res.Status)
				require.Equal(t, one.Count, res.Count, "%s %v, %d workers", name, b, w)
				require.Equal(t, one.Stats.Nodes, res.Stats.Nodes, "%s %v, %d workers: nodes", name, b, w)
				require.Equal(t, one.Stats.Updates, res.Stats.Updates, "%s %v, %d workers: updates", name, b, w)
			}
		}
	}
}

// TestMemoSubtrees counts the units of a split count with the memo: the
// same subproblems and counts as the plain search's, and the same work for
// a subtree whatever was counted before it (a fresh table each).
func TestMemoSubtrees(t *testing.T) {
	ctx := context.Background()
	for name, p := range map[string]*dlx.Problem{
		"dominoes 6x8": parse(t, gen.Dominoes(6, 8)),
		"colored":      randomMemoInstance(rand.New(rand.NewPCG(4, 4)), 14, 4, 50, false),
	} {
		plain, err := dlx.NewSubtrees(ctx, p, nil, 3, "dlx")
		require.NoError(t, err)
		memo, err := plain.WithAlgorithm("memo")
		require.NoError(t, err)
		require.Equal(t, "memo", memo.Algorithm())
		require.Equal(t, plain.Name(), memo.Name())
		want := map[uint64]core.SubResult{}
		_, err = plain.Run(ctx, 0, 1, func(j uint64, r core.SubResult) bool { want[j] = r; return true })
		require.NoError(t, err)
		work := map[uint64]core.Stats{}
		for _, stride := range []uint64{1, 3} {
			for first := range stride {
				_, err = memo.Run(ctx, first, stride, func(j uint64, r core.SubResult) bool {
					require.Equal(t, want[j].Count, r.Count, "%s subproblem %d", name, j)
					if w, ok := work[j]; ok {
						require.Equal(t, w, r.Stats, "%s subproblem %d: work", name, j)
					}
					work[j] = r.Stats
					return true
				})
				require.NoError(t, err)
			}
		}
	}
	multi, err := dlx.NewSubtrees(ctx, parse(t, gen.Knuth3), nil, 2, "dlx")
	require.NoError(t, err)
	_, err = multi.WithAlgorithm("memo")
	require.ErrorIs(t, err, core.ErrUnsupported)
}

// TestAutoWorkers counts with MethodAuto on 1, 2 and 3 workers, where it
// keeps the plain search (Langford, queens) and where it takes the memo
// (dominoes, L-trominoes): the same counts, nodes and updates, and the
// same first solution.
func TestAutoWorkers(t *testing.T) {
	for name, text := range map[string]string{
		"langford 10": gen.Langford(11), "queens 9": gen.Queens(9, false),
		"dominoes 8x8": gen.Dominoes(8, 8), "L3 6x12": gen.LTrominoes(6, 12),
	} {
		p := parse(t, text)
		s := solver(t, p)
		one, err := s.Count(context.Background(), &dlx.Options{Method: dlx.MethodAuto})
		require.NoError(t, err)
		first := slices.Clone(s.First())
		for _, w := range []int{2, 3} {
			res, err := s.Count(context.Background(), &dlx.Options{Method: dlx.MethodAuto, Workers: w})
			require.NoError(t, err)
			require.Equal(t, core.StatusExhausted, res.Status)
			require.Equal(t, one.Count, res.Count, "%s, %d workers", name, w)
			require.Equal(t, one.Stats.Nodes, res.Stats.Nodes, "%s, %d workers: nodes", name, w)
			require.Equal(t, one.Stats.Updates, res.Stats.Updates, "%s, %d workers: updates", name, w)
			require.Equal(t, one.Memo.Used, res.Memo.Used, name)
			require.Equal(t, first, s.First(), "%s, %d workers: first solution", name, w)
		}
	}
}
