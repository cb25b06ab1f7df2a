package dlx_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/dlx/internal/gen"
	"github.com/stretchr/testify/require"
)

// randomKind returns a random small instance of one kind: "plain" (primary
// items only), "colored" (secondary items, some colored) or "multi"
// (random bounds on the primary items, with colored secondary items), and
// a forced option (−1 for none) about one time in three.
func randomKind(t testing.TB, r *rand.Rand, kind string) (*dlx.Problem, []int) {
	t.Helper()
	np, ns, nopt := 2+r.IntN(5), r.IntN(4), 4+r.IntN(11)
	if kind == "plain" {
		ns = 0
	}
	p := parse(t, gen.Random(r, np, ns, nopt))
	if kind == "multi" {
		for i := range p.NumItems() {
			if !p.IsSecondary(i) {
				lo := r.IntN(3)
				require.NoError(t, p.SetBounds(i, lo, max(1, lo+r.IntN(3))))
			}
		}
	}
	var forced []int
	if r.IntN(3) == 0 {
		k := r.IntN(p.NumOptions())
		for j := range p.OptionLen(k) {
			if it, _ := p.OptionItem(k, j); !p.IsSecondary(it) {
				forced = []int{k}
				break
			}
		}
	}
	return p, forced
}

// counterMethods are the searches whose counters the tests below hold to
// be a function of the instance, whatever the workers and the split: the
// links (Algorithm C; M with multiplicities) and the dancing cells, which
// refuse multiplicities (runs).
var counterMethods = []struct {
	algo string // the name of the algorithm a split is counted by
	m    dlx.Method
}{{"dlx", dlx.MethodLinks}, {"cells", dlx.MethodCells}}

// runs reports whether method m takes p (the cells refuse multiplicities).
func runs(t testing.TB, p *dlx.Problem, m dlx.Method) bool {
	t.Helper()
	_, err := solver(t, p).Count(context.Background(), &dlx.Options{Method: m, MaxNodes: 1})
	if errors.Is(err, core.ErrUnsupported) {
		return false
	}
	require.NoError(t, err)
	return true
}

// splitCount counts p through Subtrees split for k units, running every
// unit, and returns the merged count and work.
func splitCount(t testing.TB, p *dlx.Problem, forced []int, k uint64) (count uint64, st core.Stats) {
	count, _, st = splitCountWeighted(t, p, forced, k, nil, "dlx")
	return count, st
}

// splitCountWeighted is splitCount with the subtrees Weighted by weigh
// (nil: not weighted) and counted by the algorithm algo (Alternate: the
// split made anew by its tree), returning also the classes counted, and
// checking what a weighted decomposition says of itself: its name and
// instance carry the label, the memo is refused.
func splitCountWeighted(t testing.TB, p *dlx.Problem, forced []int, k uint64, weigh func([]int) (uint64, uint64), algo string) (count, classes uint64, st core.Stats) {
	t.Helper()
	ctx := context.Background()
	for i := range k {
		sub, err := dlx.NewSubtrees(ctx, p, forced, k, "dlx")
		require.NoError(t, err)
		require.False(t, sub.Fundamental())
		if weigh != nil {
			w, err := sub.Weighted("test", weigh)
			require.NoError(t, err)
			require.True(t, w.Fundamental())
			require.Contains(t, w.Name(), "dlx-test-")
			require.Equal(t, sub.Instance()+" weight=test", w.Instance())
			_, err = w.WithAlgorithm("memo")
			require.ErrorIs(t, err, core.ErrUnsupported)
			sub = w
		}
		if algo != "dlx" {
			a, err := sub.Alternate(algo)
			require.NoError(t, err)
			sub = a.(*dlx.Subtrees)
			require.Equal(t, algo, sub.Algorithm())
		}
		status, err := sub.Run(ctx, i, k, func(_ uint64, r core.SubResult) bool {
			c, ok := r.Count.Uint64()
			require.True(t, ok)
			f, ok := r.Fundamental.Uint64()
			require.True(t, ok)
			count, classes = count+c, classes+f
			st = st.Add(r.Stats)
			return true
		})
		require.NoError(t, err)
		require.Equal(t, core.StatusExhausted, status)
	}
	return count, classes, st
}

// TestCountersIndependentOfWorkers checks that nodes and updates are a
// function of the instance, for every method of counterMethods: the same
// for 1, 2, 3 and 8 workers, and the sum over the units of a split (K =
// 1, 2, 7, 64) equals the unsplit count, on random plain, colored and
// multiplicity instances, with and without forced options; the methods'
// counts agree.
func TestCountersIndependentOfWorkers(t *testing.T) {
	for _, kind := range []string{"plain", "colored", "multi"} {
		t.Run(kind, func(t *testing.T) {
			r := rand.New(rand.NewPCG(21, uint64(len(kind))))
			for trial := range 150 {
				p, forced := randomKind(t, r, kind)
				var text strings.Builder
				require.NoError(t, dlx.Write(&text, p))
				msg := fmt.Sprintf("trial %d, forced %v:\n%s", trial, forced, text.String())
				checkCounters(t, p, forced, msg)
			}
		})
	}
}

// checkCounters checks p's counters with every method of counterMethods
// that takes it: on 2, 3 and 8 workers and split into K = 1, 2, 7 and 64
// units they are the serial search's, and every method counts the links'
// solutions.
func checkCounters(t *testing.T, p *dlx.Problem, forced []int, msg string) {
	t.Helper()
	var links uint64
	for _, m := range counterMethods {
		if !runs(t, p, m.m) {
			continue
		}
		serial, err := solver(t, p).Solve(context.Background(), &dlx.Options{Method: m.m, Forced: forced})
		require.NoError(t, err)
		if m.m == dlx.MethodLinks {
			links = serial.Solutions
		}
		require.Equal(t, links, serial.Solutions, "%s: the links' count %s", m.algo, msg)
		for _, w := range []int{2, 3, 8} {
			par, err := solver(t, p).Solve(context.Background(), &dlx.Options{Method: m.m, Forced: forced, Workers: w})
			require.NoError(t, err)
			require.Equal(t, serial.Solutions, par.Solutions, "%s, W=%d %s", m.algo, w, msg)
			require.Equal(t, serial.Stats.Nodes, par.Stats.Nodes, "%s: nodes, W=%d %s", m.algo, w, msg)
			require.Equal(t, serial.Stats.Updates, par.Stats.Updates, "%s: updates, W=%d %s", m.algo, w, msg)
		}
		for _, k := range []uint64{1, 2, 7, 64} {
			c, _, st := splitCountWeighted(t, p, forced, k, nil, m.algo)
			require.Equal(t, serial.Solutions, c, "%s: split K=%d %s", m.algo, k, msg)
			require.Equal(t, serial.Stats.Nodes, st.Nodes, "%s: split nodes, K=%d %s", m.algo, k, msg)
			require.Equal(t, serial.Stats.Updates, st.Updates, "%s: split updates, K=%d %s", m.algo, k, msg)
		}
	}
}

// TestCountersOfInstances checks the same on larger instances, where the
// parallel search splits at several levels.
func TestCountersOfInstances(t *testing.T) {
	for name, text := range map[string]string{
		"langford-8": gen.Langford(8),
		"queens-8":   gen.Queens(8, false),
		"knuth-xcc":  gen.KnuthXCC,
		"knuth3":     gen.Knuth3,
		"rooks-5-4":  gen.Pieces('R', 5, 4),
		"kings-6-5":  gen.Pieces('K', 6, 5),
	} {
		t.Run(name, func(t *testing.T) { checkCounters(t, parse(t, text), nil, name) })
	}
}

// countSubsets counts the solutions of p by trying every set of options,
// with its own check (not Problem.Verify): every primary item covered
// within its bounds, every secondary item at most once or by options that
// all give it one color; options without a primary item are never chosen.
func countSubsets(p *dlx.Problem, forced []int) uint64 {
	nopt := p.NumOptions()
	var n uint64
	count := make([]int, p.NumItems())
	color := make([]int, p.NumItems())
next:
	for mask := 0; mask < 1<<nopt; mask++ {
		for _, k := range forced {
			if mask>>k&1 == 0 {
				continue next
			}
		}
		clear(count)
		clear(color)
		for k := range nopt {
			if mask>>k&1 == 0 {
				continue
			}
			primary := false
			for j := range p.OptionLen(k) {
				it, c := p.OptionItem(k, j)
				count[it]++
				if !p.IsSecondary(it) {
					primary = true
					continue
				}
				switch {
				case count[it] == 1 && c == 0:
					color[it] = -1
				case count[it] == 1:
					color[it] = c
				case c == 0 || color[it] != c:
					continue next
				}
			}
			if !primary {
				continue next
			}
		}
		for i := range p.NumItems() {
			if p.IsSecondary(i) {
				continue
			}
			if lo, hi := p.Bounds(i); count[i] < lo || count[i] > hi {
				continue next
			}
		}
		n++
	}
	return n
}

// TestSplitAgainstBruteForce splits 500 random small instances with
// multiplicities and colors (fixed seeds) into K = 1, 2, 7 and 64 units
// and checks each merged count against a count over all sets of options.
func TestSplitAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 500))
	for trial := range 500 {
		p, forced := randomKind(t, r, "multi")
		want := countSubsets(p, forced)
		var text strings.Builder
		require.NoError(t, dlx.Write(&text, p))
		for _, k := range []uint64{1, 2, 7, 64} {
			got, _ := splitCount(t, p, forced, k)
			require.Equal(t, want, got, "K=%d trial %d forced %v:\n%s", k, trial, forced, text.String())
		}
	}
}

// TestSplitIssue20 is the four-line file of issue 20: one solution, split
// or not.
func TestSplitIssue20(t *testing.T) {
	p := parse(t, "2|a b\na\na\nb\n")
	for _, k := range []uint64{1, 2, 7, 64} {
		got, _ := splitCount(t, p, nil, k)
		require.EqualValues(t, 1, got, "K=%d", k)
	}
}

// TestStoppedSolverIsRestored stops searches at every node budget (a
// stopped search leaves its levels to the next use of the Solver) and
// checks that the Solver then counts exactly as a new one, on random
// plain, colored and multiplicity instances, serial and parallel, with
// and without forced options.
func TestStoppedSolverIsRestored(t *testing.T) {
	for _, kind := range []string{"plain", "colored", "multi"} {
		t.Run(kind, func(t *testing.T) {
			r := rand.New(rand.NewPCG(22, uint64(len(kind))))
			for trial := range 60 {
				p, forced := randomKind(t, r, kind)
				want, err := solver(t, p).Solve(context.Background(), &dlx.Options{Forced: forced})
				require.NoError(t, err)
				s := solver(t, p)
				for budget := uint64(1); budget <= want.Stats.Nodes+1; budget++ {
					w := 1 + int(budget%3)
					res, err := s.Solve(context.Background(), &dlx.Options{Forced: forced, MaxNodes: budget, Workers: w})
					require.NoError(t, err)
					require.LessOrEqual(t, res.Stats.Nodes, budget, "trial %d", trial)
					if w == 1 && res.Status == core.StatusLimit {
						require.Equal(t, budget, res.Stats.Nodes, "exact budget, trial %d", trial)
					}
					if budget%2 == 0 {
						_, err = s.Solve(context.Background(), &dlx.Options{Forced: forced, Limit: 1, Workers: w})
						require.NoError(t, err)
					}
				}
				got, err := s.Solve(context.Background(), &dlx.Options{Forced: forced})
				require.NoError(t, err)
				require.Equal(t, want.Solutions, got.Solutions, "trial %d", trial)
				require.Equal(t, want.Stats.Nodes, got.Stats.Nodes, "trial %d", trial)
				require.Equal(t, want.Stats.Updates, got.Stats.Updates, "trial %d", trial)
				c := s.Clone()
				got, err = c.Solve(context.Background(), &dlx.Options{Forced: forced})
				require.NoError(t, err)
				require.Equal(t, want.Solutions, got.Solutions, "clone, trial %d", trial)
			}
		})
	}
}

// listing runs a listing of p by method m with the given limit on w
// workers and returns its solutions in the order they came, and its
// result.
func listing(t *testing.T, p *dlx.Problem, m dlx.Method, forced []int, limit uint64, w int) ([]string, dlx.Result) {
	t.Helper()
	var sols []string
	res, err := solver(t, p).Solve(context.Background(), &dlx.Options{Method: m, Forced: forced, Workers: w, Limit: limit,
		Visit: func(sol []int) bool {
			sols = append(sols, fmt.Sprint(sol))
			return true
		}})
	require.NoError(t, err)
	return sols, res
}

// TestListingIndependentOfWorkers checks issue 21's rule for listings
// with a limit (the first solution, the first K): on 2, 3 and 8 workers
// the solutions come in the serial order, and the status, nodes and
// updates are those of the serial search stopped at the same solution,
// on random instances and larger ones (solutions above the split depth
// and in the subtrees), for every method of counterMethods.
func TestListingIndependentOfWorkers(t *testing.T) {
	check := func(t *testing.T, p *dlx.Problem, forced []int, msg string) {
		for _, m := range counterMethods {
			if !runs(t, p, m.m) {
				continue
			}
			for _, limit := range []uint64{1, 2, 5, 40} {
				want, serial := listing(t, p, m.m, forced, limit, 1)
				for _, w := range []int{2, 3, 8} {
					got, par := listing(t, p, m.m, forced, limit, w)
					require.Equal(t, want, got, "%s: solutions, limit %d, W=%d %s", m.algo, limit, w, msg)
					require.Equal(t, serial.Status, par.Status, "%s: status, limit %d, W=%d %s", m.algo, limit, w, msg)
					require.Equal(t, serial.Solutions, par.Solutions, "%s: limit %d, W=%d %s", m.algo, limit, w, msg)
					require.Equal(t, serial.Stats.Nodes, par.Stats.Nodes, "%s: nodes, limit %d, W=%d %s", m.algo, limit, w, msg)
					require.Equal(t, serial.Stats.Updates, par.Stats.Updates, "%s: updates, limit %d, W=%d %s", m.algo, limit, w, msg)
				}
			}
		}
	}
	for _, kind := range []string{"plain", "colored", "multi"} {
		t.Run(kind, func(t *testing.T) {
			r := rand.New(rand.NewPCG(23, uint64(len(kind))))
			for trial := range 60 {
				p, forced := randomKind(t, r, kind)
				check(t, p, forced, fmt.Sprintf("trial %d, forced %v", trial, forced))
			}
		})
	}
	for name, text := range map[string]string{
		"langford-8": gen.Langford(8),
		"queens-8":   gen.Queens(8, false),
		"knuth-xcc":  gen.KnuthXCC,
		"kings-6-5":  gen.Pieces('K', 6, 5),
	} {
		t.Run(name, func(t *testing.T) {
			check(t, parse(t, text), nil, name)
		})
	}
}

// TestSubtreesWeighted checks Subtrees.Weighted on random plain, colored
// and multiplicity instances with and without forced options, counted by
// every method of counterMethods: the split count (K = 1, 2, 7, 64) and
// its classes are the sums of the weights and classes of the solutions a
// listing visits, the work is the unweighted split's, the name and the
// instance carry the label, and the memo is refused.
func TestSubtreesWeighted(t *testing.T) {
	ctx := context.Background()
	weigh := func(options []int) (weight, classes uint64) {
		var sum uint64
		for _, k := range options {
			sum += uint64(k)
		}
		return 1 + sum%5, sum % 2
	}
	for _, kind := range []string{"plain", "colored", "multi"} {
		t.Run(kind, func(t *testing.T) {
			r := rand.New(rand.NewPCG(24, uint64(len(kind))))
			for trial := range 60 {
				p, forced := randomKind(t, r, kind)
				var want, wantClasses uint64
				_, err := solver(t, p).Solve(ctx, &dlx.Options{Forced: forced, Visit: func(options []int) bool {
					w, k := weigh(options)
					want, wantClasses = want+w, wantClasses+k
					return true
				}})
				require.NoError(t, err)
				for _, m := range counterMethods {
					if !runs(t, p, m.m) {
						continue
					}
					for _, k := range []uint64{1, 2, 7, 64} {
						_, _, plain := splitCountWeighted(t, p, forced, k, nil, m.algo)
						got, classes, st := splitCountWeighted(t, p, forced, k, weigh, m.algo)
						require.Equal(t, want, got, "%s: trial %d, K=%d", m.algo, trial, k)
						require.Equal(t, wantClasses, classes, "%s: classes, trial %d, K=%d", m.algo, trial, k)
						require.Equal(t, plain, st, "%s: trial %d, K=%d: the work of the weighted split", m.algo, trial, k)
					}
				}
			}
		})
	}
}
