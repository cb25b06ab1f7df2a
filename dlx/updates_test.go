package dlx_test

import (
	"context"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/dlx/internal/gen"
	"github.com/stretchr/testify/require"
)

// knuthCount is a plain, slow Algorithm X over item and option sets that
// counts as Knuth's dlx1 does (dlx1.w, §§ "The dancing"): it covers the
// item it branches on even when no option is left for it (one update for
// taking the item off the list), where our solver backs up without
// covering. It returns the nodes, the updates by dlx1's rules and those
// dead ends.
func knuthCount(text string) (nodes, updates, deadEnds uint64) {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	var items []string
	var primary int
	var options [][]int
	index := map[string]int{}
	for _, l := range lines {
		if strings.HasPrefix(l, "|") || strings.TrimSpace(l) == "" {
			continue
		}
		if items == nil {
			for _, f := range strings.Fields(l) {
				if f == "|" {
					primary = len(items)
					continue
				}
				index[f] = len(items)
				items = append(items, f)
			}
			if primary == 0 {
				primary = len(items)
			}
			continue
		}
		var o []int
		for _, f := range strings.Fields(l) {
			o = append(o, index[f])
		}
		options = append(options, o)
	}
	active := make([]bool, len(options)) // the option is in its lists
	covered := make([]bool, len(items))
	for i := range active {
		active[i] = true
	}
	length := func(i int) (n int) {
		for k, o := range options {
			if active[k] && containsItem(o, i) {
				n++
			}
		}
		return n
	}
	// cover takes item i off its list and hides every active option on
	// it: one update for the item, one per node of those options taken
	// off another item's list. It returns the options hidden.
	cover := func(i int) (hidden []int) {
		covered[i] = true
		updates++
		for k, o := range options {
			if active[k] && containsItem(o, i) {
				active[k] = false
				hidden = append(hidden, k)
				updates += uint64(len(o) - 1)
			}
		}
		return hidden
	}
	uncover := func(i int, hidden []int) {
		for _, k := range hidden {
			active[k] = true
		}
		covered[i] = false
	}
	var search func()
	search = func() {
		nodes++
		best, bestLen := -1, 0
		for i := 0; i < primary; i++ {
			if n := length(i); !covered[i] && (best < 0 || n < bestLen) {
				best, bestLen = i, n
			}
		}
		if best < 0 {
			return // a solution
		}
		if bestLen == 0 {
			deadEnds++
		}
		hiddenBest := cover(best)
		for _, k := range hiddenBest {
			var others []int
			var hidden [][]int
			for _, j := range options[k] {
				if j != best {
					others = append(others, j)
					hidden = append(hidden, cover(j))
				}
			}
			search()
			for x := len(others) - 1; x >= 0; x-- {
				uncover(others[x], hidden[x])
			}
		}
		uncover(best, hiddenBest)
	}
	search()
	return nodes, updates, deadEnds
}

func containsItem(o []int, i int) bool {
	for _, j := range o {
		if j == i {
			return true
		}
	}
	return false
}

// TestUpdatesAgainstDlx1 reconciles our update count with Knuth's dlx1 on
// the same instances. The search trees are the same (equal nodes); dlx1
// also covers an item left without options before it backs up, one update
// our solver does not make, so dlx1's count is ours plus those dead ends.
// The dlx1 figures were printed by dlx1 (Knuth's dlx1.w, built from its
// public source) on the same text: gen.Queens(n, false), the instance of
// BenchmarkQueens, and gen.Langford(7) (testdata/dlx/langford-7.dlx).
func TestUpdatesAgainstDlx1(t *testing.T) {
	for _, tc := range []struct {
		name               string
		text               string
		dlx1Nodes, dlx1Upd uint64
		oursUpd, solutions uint64
	}{
		{"8 queens", gen.Queens(8, false), 1223, 21456, 21202, 92},
		{"6 queens", gen.Queens(6, false), 103, 1875, 1841, 4},
		{"Langford pairs n = 7", gen.Langford(7), 607, 8339, 8197, 52},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := dlx.Parse(strings.NewReader(tc.text))
			require.NoError(t, err)
			s, err := dlx.NewSolver(p)
			require.NoError(t, err)
			res, err := s.Solve(context.Background(), &dlx.Options{Workers: 1})
			require.NoError(t, err)
			require.Equal(t, tc.solutions, res.Solutions)
			nodes, updates, dead := knuthCount(tc.text)
			require.Equal(t, nodes, res.Stats.Nodes, "the same search tree")
			require.Equal(t, updates, res.Stats.Updates+dead, "dlx1's updates are ours plus its dead-end covers")
			require.Equal(t, tc.dlx1Nodes, nodes)
			require.Equal(t, tc.dlx1Upd, updates, "the reference counts as dlx1 printed")
			require.Equal(t, tc.oursUpd, res.Stats.Updates)
		})
	}
}

// TestParallelFirstIsSerialFirst: a parallel count keeps the first
// solution in search order, the one a serial search finds, whatever the
// workers' timing.
func TestParallelFirstIsSerialFirst(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string
	}{
		{"10 queens", gen.Queens(10, false)},
		{"Langford pairs n = 8", gen.Langford(8)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := dlx.Parse(strings.NewReader(tc.text))
			require.NoError(t, err)
			s, err := dlx.NewSolver(p)
			require.NoError(t, err)
			_, err = s.Solve(context.Background(), &dlx.Options{Workers: 1})
			require.NoError(t, err)
			want := append([]int(nil), s.First()...)
			require.NotEmpty(t, want)
			for range 5 {
				_, err = s.Solve(context.Background(), &dlx.Options{Workers: 4})
				require.NoError(t, err)
				require.Equal(t, want, s.First())
			}
		})
	}
}
