package dlx

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// fillTable reserves n random one-word keys in t and gives every third
// one no count (pending); the others get a count of key+1 and virtual
// nodes drawn from a few values, so that evictions meet ties. It returns
// the keys and their hashes in entry order.
func fillTable(t *testing.T, tb *memoTable, n int, rng *rand.Rand) (keys, hashes []uint64) {
	t.Helper()
	key := []uint64{0}
	for len(keys) < n {
		k, h := rng.Uint64(), rng.Uint64()
		key[0] = k
		e, slot := tb.find(h, key)
		if e >= 0 {
			continue // a key drawn twice
		}
		if e = tb.reserve(h, key, slot); e != len(keys) {
			t.Fatalf("entry %d reserved as %d", len(keys), e)
		}
		if e%3 != 2 {
			tb.set(e, count{lo: k + 1}, uint64(rng.IntN(40)))
		}
		keys, hashes = append(keys, k), append(hashes, h)
	}
	return keys, hashes
}

// TestMemoTableEvict checks an eviction against the rule it implements
// with a sort: the known entries below the median of the virtual nodes
// go, and the older of those at the median up to half of them; every
// entry kept is found with its count, every other is not, and the
// entries the levels hold are renumbered. The table spans several blocks.
func TestMemoTableEvict(t *testing.T) {
	for _, n := range []int{2, 3, 100, 5000, 140000} {
		rng := rand.New(rand.NewPCG(uint64(n), 7))
		tb := newMemoTable(1, 1<<30)
		keys, hashes := fillTable(t, tb, n, rng)
		if n > 100000 {
			require.Greater(t, len(tb.blocks), 1)
		}
		// The rule, by a sort of the known entries' virtual nodes.
		var vs []uint64
		for e := range n {
			if _, v, ok := tb.value(e); ok {
				vs = append(vs, v)
			}
		}
		slices.Sort(vs)
		cut := vs[len(vs)/2]
		atCut := 0
		for _, v := range vs[:len(vs)/2] {
			if v == cut {
				atCut++
			}
		}
		keep := make([]bool, n)
		for e := range n {
			_, v, ok := tb.value(e)
			switch {
			case !ok || v > cut:
				keep[e] = true
			case v == cut && atCut > 0:
				atCut--
			case v == cut:
				keep[e] = true
			}
		}
		var ents []int64
		for e := 2; e < n; e += 3 {
			ents = append(ents, int64(e)) // pending: kept
		}
		ents = append(ents, -1)
		old := slices.Clone(ents)
		require.True(t, tb.evict(ents))
		kept, key := 0, []uint64{0}
		for e := range n {
			key[0] = keys[e]
			got, _ := tb.find(hashes[e], key)
			if !keep[e] {
				if got != -1 {
					t.Fatalf("n %d: entry %d was dropped, found as %d", n, e, got)
				}
				continue
			}
			if got != kept {
				t.Fatalf("n %d: entry %d found as %d, not %d", n, e, got, kept)
			}
			c, _, ok := tb.value(got)
			if e%3 == 2 {
				require.False(t, ok, "entry %d is still pending", e)
				require.Equal(t, int64(got), ents[slices.Index(old, int64(e))])
			} else if !ok || c.lo != keys[e]+1 {
				t.Fatalf("n %d: entry %d has count %d, %v", n, e, c.lo, ok)
			}
			kept++
		}
		require.Equal(t, kept, tb.n)
		require.Equal(t, uint64(n-kept), tb.evicted)
		require.Equal(t, int64(-1), ents[len(ents)-1])
		// The table takes new entries after the eviction.
		h := rng.Uint64()
		_, slot := tb.find(h, []uint64{42})
		require.Equal(t, kept, tb.reserve(h, []uint64{42}, slot))
	}
}

// TestMemoTableStops stops a table's long steps: a rehash of the slots
// stopped leaves the table as it was, an eviction stopped before it
// changes anything too, and one stopped while it moves entries leaves a
// table that finds and stores nothing more.
func TestMemoTableStops(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	tb := newMemoTable(1, 1<<30)
	keys, hashes := fillTable(t, tb, 3*pollSlots, rng)
	calls, stopAt := 0, 0
	tb.live = func() bool { calls++; return calls < stopAt }

	stopAt = 1
	slots := len(tb.slots)
	require.Equal(t, stepStopped, tb.growSlots())
	require.Equal(t, slots, len(tb.slots))

	stopAt, calls = 3, 0 // while it finds the cut
	require.False(t, tb.evict(nil))
	require.False(t, tb.broken)
	for e := range keys {
		if got, _ := tb.find(hashes[e], []uint64{keys[e]}); got != e {
			t.Fatalf("entry %d found as %d after a stopped eviction", e, got)
		}
	}

	stopAt, calls = 1<<30, 0
	whole := *tb
	whole.slots = slices.Clone(tb.slots)
	whole.blocks = nil
	for _, b := range tb.blocks {
		whole.blocks = append(whole.blocks, slices.Clone(b))
	}
	require.True(t, whole.evict(nil)) // counts the polls of a whole eviction
	all := calls
	stopAt, calls = all-1, 0 // while it moves entries
	require.False(t, tb.evict(nil))
	require.True(t, tb.broken)
	for e := range keys {
		if got, _ := tb.find(hashes[e], []uint64{keys[e]}); got != -1 {
			t.Fatalf("entry %d found as %d in a broken table", e, got)
		}
	}
	require.Equal(t, -1, tb.reserve(1, []uint64{1}, 0))
	require.False(t, tb.evict(nil))
}

// TestMemoTableBudget grows tables against budgets: a table never holds
// more than its budget (an eviction's bits included), and one refused a
// step is full and evicts.
func TestMemoTableBudget(t *testing.T) {
	for _, budget := range []uint64{MinMemoBytes, 1 << 20, 9 << 20} {
		rng := rand.New(rand.NewPCG(budget, 3))
		tb := newMemoTable(3, budget)
		k := []uint64{0, 1, 2}
		for range 300000 {
			k[0] = rng.Uint64()
			h := rng.Uint64()
			_, slot := tb.find(h, k)
			e := tb.reserve(h, k, slot)
			if b := tb.bytes() + evictBytes(tb.capN); b > budget {
				t.Fatalf("budget %d: the table holds %d bytes", budget, b)
			}
			if e < 0 {
				if !tb.full || !tb.evict(nil) {
					t.Fatalf("budget %d: refused an entry without evicting", budget)
				}
				continue
			}
			tb.set(e, count{lo: 1}, uint64(rng.IntN(1000)))
		}
		require.True(t, tb.filled)
		require.NotZero(t, tb.evicted)
	}
}
