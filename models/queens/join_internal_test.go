package queens

import (
	"context"
	"fmt"
	"math/rand/v2"
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
		sh := newJShared(context.Background(), n, jQuadCount(h))
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
			sh.tabs.build(sh, 0, 1+trial%2)
			for _, piece := range []int{jMaxPiece, 3} {
				for _, asm := range []bool{false, true} {
					t.Run(fmt.Sprintf("n=%d/a=%d/b=%d/east=%b/piece=%d/asm=%v", n, a, b, east, piece, asm), func(t *testing.T) {
						defer jsSetAsm(jsSetAsm(asm))
						sh.piece = piece
						w := &jWorker{sh: sh, sv: newJSieve(sh.chunks)}
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
				for _, asm := range []bool{false, true} { // the assembly where the CPU has it
					prev := jsSetAsm(asm)
					var offs []uint16
					got := jsMatch(sv, tt, &offs, wts)
					jsSetAsm(prev)
					require.Equal(t, want, got, "asm %v", asm)
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

// TestJoinPortableKernel counts whole boards with the portable kernel.
func TestJoinPortableKernel(t *testing.T) {
	defer jsSetAsm(jsSetAsm(false))
	for _, n := range []int{13, 14} {
		res, err := solveJoin(context.Background(), New(n), &core.Options{Mode: core.ModeCount, Workers: 2})
		require.NoError(t, err)
		require.Equal(t, core.CountOf(bwKnown[n]), res.Solutions)
	}
}

// TestJoinMemory checks the refusal when the tables do not fit, naming
// the bytes, and the count in small pieces when only they fit.
func TestJoinMemory(t *testing.T) {
	defer func(f func() uint64) { jAvailable = f }(jAvailable)
	need := JoinBytes(12, 1)
	jAvailable = func() uint64 { return need - 1 }
	_, err := solveJoin(context.Background(), New(12), &core.Options{Mode: core.ModeCount, Workers: 1})
	require.ErrorIs(t, err, resource.ErrTooLarge)
	require.Contains(t, err.Error(), fmt.Sprint(need))
	jAvailable = func() uint64 { return need }
	res, err := solveJoin(context.Background(), New(12), &core.Options{Mode: core.ModeCount, Workers: 1})
	require.NoError(t, err)
	require.Equal(t, core.CountOf(bwKnown[12]), res.Solutions)
}
