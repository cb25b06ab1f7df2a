package join

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

// jBacktrack counts by plain backtracking the solutions of size n whose
// rows in east (a bit per row) have their queen right of the middle
// column and the others left of it, with, for odd n, the middle row's
// queen in column a and the middle column's queen in row b.
func jBacktrack(n int, east uint32, a, b int) uint64 {
	m := n / 2
	var walk func(r int, cols, sum, diff uint64) uint64
	walk = func(r int, cols, sum, diff uint64) uint64 {
		if r == n {
			return 1
		}
		var total uint64
		for c := range n {
			switch {
			case n%2 == 1 && r == m:
				if c != a {
					continue
				}
			case n%2 == 1 && r == b:
				if c != m {
					continue
				}
			case east&(1<<uint(r)) != 0:
				if c < n-m {
					continue
				}
			default:
				if c >= m {
					continue
				}
			}
			cb, sb, db := uint64(1)<<uint(c), uint64(1)<<uint(r+c), uint64(1)<<uint(r-c+n-1)
			if cols&cb != 0 || sum&sb != 0 || diff&db != 0 {
				continue
			}
			total += walk(r+1, cols|cb, sum|sb, diff|db)
		}
		return total
	}
	return walk(0, 0, 0, 0)
}

// jPlainFamily is the family of row splits of n × n boards with the given
// middle queens (odd n) and no symmetry at all: every split counts once.
func jPlainFamily(sh *jShared, a, b int) jConfig {
	n, h := sh.n, sh.h
	all := uint32(1)<<uint(h) - 1
	c := jConfig{weight: 1, kind: jOdd, rowsN: all, rowsS: all, colsE: all, colsW: all, kE: h}
	if n%2 == 0 {
		return c
	}
	sh.placeMiddle(&c, a, b)
	return c
}

// TestJoinSplitsMatchBacktracking is the property test of the join: on
// random row splits (and middle queens, odd n), the join of the split's
// half-boards counts exactly what backtracking restricted to the split
// counts; with whole and with tiny pieces, and with the portable and the
// assembly kernels.
func TestJoinSplitsMatchBacktracking(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	for _, n := range []int{4, 5, 6, 7, 8, 9, 10, 11, 12, 13} {
		h, m := n/2, n/2
		w0 := &jWorker{m: core.NewMeter(context.Background(), nil)}
		w0.poll()
		sh, ok := newJShared(w0, n, jQuadCount(h))
		require.True(t, ok)
		for trial := range 12 {
			a, b := m, m
			if n%2 == 1 && trial > 0 {
				for {
					a, b = rng.IntN(n), rng.IntN(n)
					if a != m && b != m && a-m != b-m && a-m != m-b {
						break
					}
				}
			}
			c := jPlainFamily(sh, a, b)
			sh.cfgs = []jConfig{c}
			// A random split: kE of the free rows, north and south.
			var free []int
			for i := range h {
				if c.rowsN&(1<<uint(i)) != 0 {
					free = append(free, i)
				}
				if c.rowsS&(1<<uint(i)) != 0 {
					free = append(free, h+i)
				}
			}
			rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
			var r1, r2 uint32
			for _, f := range free[:c.kE] {
				if f < h {
					r1 |= 1 << uint(f)
				} else {
					r2 |= 1 << uint(f-h)
				}
			}
			east := r1 | r2<<sh.off
			want := jBacktrack(n, east, a, b)
			sh.tabs = &jTabs{cfg: -1}
			_, ok := sh.tabs.build(sh, 0, w0, 1+trial%2)
			require.True(t, ok)
			for _, piece := range []int{jMaxPiece, 3} {
				for _, k := range []Kernel{Go, Asm} {
					t.Run(fmt.Sprintf("n=%d/a=%d/b=%d/east=%b/piece=%d/kernel=%d", n, a, b, east, piece, k), func(t *testing.T) {
						sh.piece = piece
						w := &jWorker{sh: sh, tabs: sh.tabs, m: core.NewMeter(context.Background(), nil), sv: newJSieve(sh.chunks)}
						w.sv.asm8, w.sv.asm4 = k.resolve()
						w.poll()
						require.Equal(t, want, w.split(&sh.cfgs[0], r1, r2))
					})
				}
			}
		}
	}
}

// TestJoinSieveKernels checks the sieve kernels, portable and assembly,
// against pair-by-pair counting on random patterns of every block size.
func TestJoinSieveKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, patBits := range []int{14, 30, 34, 38} {
		for _, ns := range []int{1, 40, 64, 65, 200, 256, 300, 512} {
			s := make([]uint64, ns)
			tt := make([]uint64, 300)
			wts := make([]uint8, len(tt))
			mask := uint64(1)<<uint(patBits) - 1
			for i := range s {
				s[i] = rng.Uint64() & rng.Uint64() & rng.Uint64() & mask
			}
			for i := range tt {
				tt[i] = rng.Uint64() & rng.Uint64() & mask
				wts[i] = []uint8{1, 2, 4}[rng.IntN(3)]
			}
			want := jsDirect(s, tt, wts)
			sv := newJSieve(jsChunksOf(patBits))
			sv.build(s)
			t.Run(fmt.Sprintf("bits=%d/n=%d", patBits, ns), func(t *testing.T) {
				require.Equal(t, want, jsMatchGo(sv, tt, wts))
				for _, k := range []Kernel{Go, Asm} { // the assembly where the CPU has it
					sv.asm8, sv.asm4 = k.resolve()
					var offs []uint16
					got := jsMatch(sv, tt, &offs, wts)
					require.Equal(t, want, got, "kernel %d", k)
				}
				var slow uint64
				for _, a := range s {
					for i, b := range tt {
						if a&b == 0 {
							slow += uint64(wts[i])
						}
					}
				}
				require.Equal(t, slow, want)
			})
		}
	}
}

// known is OEIS A000170 (solutions) for n = 0, 1, 2, ...
var known = []uint64{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512}

// count counts n × n boards on the workers with the options, under no
// limit.
func count(t *testing.T, n, workers int, o *Options) Result {
	t.Helper()
	m := core.NewMeter(context.Background(), nil)
	res, err := Count(m, n, workers, o)
	require.NoError(t, err)
	require.Equal(t, core.StatusExhausted, m.Status())
	return res
}

// TestJoinKernels counts whole boards with each kernel, whole and in
// small pieces, and checks that the nodes do not depend on the kernel,
// the pieces or the workers.
func TestJoinKernels(t *testing.T) {
	for n := 1; n <= 14; n++ {
		want := count(t, n, 1, &Options{Kernel: Go})
		require.Equal(t, core.CountOf(known[n]), want.Solutions, "n = %d", n)
		for _, o := range []Options{{Kernel: Asm}, {Kernel: Go, Piece: 5}, {Kernel: Auto}} {
			for _, workers := range []int{1, 2, 3} {
				got := count(t, n, workers, &o)
				require.Equal(t, want.Solutions, got.Solutions, "n = %d %+v", n, o)
				require.Equal(t, want.Nodes, got.Nodes, "n = %d %+v workers %d", n, o, workers)
			}
		}
	}
}

// TestPlacements checks the table of quadrant placements against the
// enumeration.
func TestPlacements(t *testing.T) {
	for h := 0; h <= 9; h++ {
		require.Equal(t, jQuadCount(h), Placements(h), "h = %d", h)
	}
	require.Zero(t, Placements(13))
}

// TestJoinMemory checks the refusal when the tables do not fit, naming
// the bytes, and the count in small pieces when only they fit.
func TestJoinMemory(t *testing.T) {
	need := Bytes(12, 1)
	m := core.NewMeter(context.Background(), nil)
	_, err := Count(m, 12, 1, &Options{Available: func() uint64 { return need - 1 }})
	require.ErrorIs(t, err, resource.ErrTooLarge)
	require.Contains(t, err.Error(), fmt.Sprint(need))
	res := count(t, 12, 1, &Options{Available: func() uint64 { return need }})
	require.Equal(t, core.CountOf(known[12]), res.Solutions)
}

// TestJoinStops checks that a node budget stops the count exactly, and
// that the tables' building stops with a canceled context.
func TestJoinStops(t *testing.T) {
	for _, limit := range []uint64{1, 2, 1000, 12345} {
		for _, n := range []int{1, 12, 13, 16} {
			for _, workers := range []int{1, 2} {
				m := core.NewMeter(context.Background(), &core.Options{MaxNodes: limit})
				res, err := Count(m, n, workers, nil)
				require.NoError(t, err)
				if m.Status() == core.StatusExhausted {
					require.LessOrEqual(t, res.Nodes, limit)
					require.Equal(t, core.CountOf(known[n]), res.Solutions)
					continue
				}
				require.Equal(t, core.StatusLimit, m.Status())
				require.LessOrEqual(t, res.Nodes, limit, "n = %d limit %d workers %d", n, limit, workers)
				if workers == 1 {
					require.Equal(t, limit, res.Nodes, "n = %d limit %d: exact on one worker", n, limit)
				}
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m := core.NewMeter(ctx, nil)
	res, err := Count(m, 20, 1, nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusCanceled, m.Status())
	require.Zero(t, res.Nodes)
}

// TestSplit checks the join's decomposition: for K units (and two workers
// a unit, sharing the tables), the subproblems' counts add up to A000170
// and their nodes to those of Count unsplit; each unit runs consecutive
// tasks.
func TestSplit(t *testing.T) {
	for _, n := range []int{4, 5, 9, 12, 13} {
		want := count(t, n, 1, nil)
		for _, k := range []int{1, 2, 7, 64} {
			s, err := NewSplit(n, k, nil)
			require.NoError(t, err)
			l, err := s.Len(context.Background())
			require.NoError(t, err)
			var total core.Count
			var nodes, seen uint64
			for u := range uint64(k) {
				// Two workers of the unit: lanes u and u+K of stride 2K.
				for lane, d := range []*Split{s, s.Another()} {
					prev := -1
					st, err := d.Run(context.Background(), u+uint64(lane*k), uint64(2*k), func(j uint64, r core.SubResult) bool {
						require.Equal(t, u, j%uint64(k))
						ti := s.pos(j)
						require.Greater(t, ti, prev, "a lane's tasks in order")
						prev = ti
						total = total.Add(r.Count)
						nodes += r.Stats.Nodes
						seen++
						return true
					})
					require.NoError(t, err)
					require.Equal(t, core.StatusExhausted, st)
				}
			}
			require.Equal(t, l, seen, "n = %d K = %d", n, k)
			require.Equal(t, core.CountOf(known[n]), total, "n = %d K = %d", n, k)
			require.Equal(t, want.Nodes, nodes, "n = %d K = %d: the units' nodes add up to the count's", n, k)
			require.Empty(t, s.shared.units, "every unit's tables released")
		}
	}
	_, err := NewSplit(1, 1, nil)
	require.Error(t, err)
	_, err = NewSplit(13, 0, nil)
	require.Error(t, err)
	var zero Split
	_, err = zero.Run(context.Background(), 0, 1, func(uint64, core.SubResult) bool { return true })
	require.Error(t, err)
}

// TestSplitWorkersAtOnce runs the two workers of each unit at once, as a
// unit on two workers does (run it with -race): they share the tables.
func TestSplitWorkersAtOnce(t *testing.T) {
	const n, k = 13, 3
	s, err := NewSplit(n, k, nil)
	require.NoError(t, err)
	var mu sync.Mutex
	var total core.Count
	for u := range uint64(k) {
		var wg sync.WaitGroup
		for lane, d := range []*Split{s, s.Another()} {
			wg.Go(func() {
				_, err := d.Run(context.Background(), u+uint64(lane*k), uint64(2*k), func(_ uint64, r core.SubResult) bool {
					mu.Lock()
					total = total.Add(r.Count)
					mu.Unlock()
					return true
				})
				require.NoError(t, err)
			})
		}
		wg.Wait()
	}
	require.Equal(t, core.CountOf(known[n]), total)
	require.Empty(t, s.shared.units)
}

// TestSplitBuildsPart checks that a unit builds only a part of the
// quadrant table when its tasks share few row counts: every unit of 16 at
// n = 14 builds less than the whole table, and all of them add up.
func TestSplitBuildsPart(t *testing.T) {
	const n, k = 14, 16
	s, err := NewSplit(n, k, nil)
	require.NoError(t, err)
	var total core.Count
	for u := range uint64(k) {
		var built int
		_, err := s.Run(context.Background(), u, k, func(_ uint64, r core.SubResult) bool {
			s.shared.mu.Lock()
			built = len(s.shared.units[int(u)].quad.ents)
			s.shared.mu.Unlock()
			total = total.Add(r.Count)
			return true
		})
		require.NoError(t, err)
		require.Less(t, uint64(built), Placements(n/2), "unit %d built the whole quadrant table", u)
	}
	require.Equal(t, core.CountOf(known[n]), total)
}
