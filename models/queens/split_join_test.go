package queens

import (
	"context"
	"fmt"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/stretchr/testify/require"
)

// TestDecomposeChoice checks that the split of an ordinary board is the
// join's from JoinMinN to JoinSplitMaxN and the coronal one otherwise,
// for any K: the choice reads n and K alone (never the machine's memory
// or CPUs), so that every node lists the same subproblems.
func TestDecomposeChoice(t *testing.T) {
	for n := 1; n <= 25; n++ {
		for _, k := range []uint64{1, 16, 1000} {
			d, err := decompose(context.Background(), &Board{N: n}, k)
			require.NoError(t, err, "n = %d K = %d", n, k)
			want := CoronalName
			if n >= JoinMinN && n <= JoinSplitMaxN {
				want = JoinSplitName
			}
			require.Equal(t, want, d.Name(), "n = %d K = %d", n, k)
		}
	}
}

// TestJoinSplitAddsUp checks that the join's units, each on two workers
// (NewJoinSplit again, as the units' workers get it), add up to the
// unsplit join count, nodes included, and that the list depends on n and
// K alone.
func TestJoinSplitAddsUp(t *testing.T) {
	for _, n := range []int{13, 14} {
		want, err := solveJoin(context.Background(), &Board{N: n}, &core.Options{Mode: core.ModeCount, Workers: 2})
		require.NoError(t, err)
		for _, k := range []uint64{1, 7, 64} {
			t.Run(fmt.Sprintf("n=%d/K=%d", n, k), func(t *testing.T) {
				a, err := NewJoinSplit(n, k)
				require.NoError(t, err)
				b, err := NewJoinSplit(n, k)
				require.NoError(t, err)
				l, err := a.Len(context.Background())
				require.NoError(t, err)
				var total core.Count
				var nodes, seen uint64
				for u := range k {
					for lane, d := range []*JoinSplit{a, b} {
						st, err := d.Run(context.Background(), u+uint64(lane)*k, 2*k, func(_ uint64, r core.SubResult) bool {
							total = total.Add(r.Count)
							nodes += r.Stats.Nodes
							seen++
							return true
						})
						require.NoError(t, err)
						require.Equal(t, core.StatusExhausted, st)
					}
				}
				require.Equal(t, l, seen)
				require.Equal(t, want.Solutions, total)
				require.Equal(t, want.Stats.Nodes, nodes)
			})
		}
	}
	_, err := NewJoinSplit(13, 0)
	require.Error(t, err)
}
