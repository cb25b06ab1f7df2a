package coronal

import (
	"context"
	"fmt"
	"testing"
	"unsafe"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/internal/asmlayout"
	"github.com/stretchr/testify/require"
)

// TestCoronalCounts checks that the weighted subproblems of the coronal
// decomposition add up to A000170 and that strided units cover each
// subproblem once.
func TestCoronalCounts(t *testing.T) {
	want := []uint64{0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712} // OEIS A000170
	for n := 1; n < len(want); n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			c, err := New(n, nil)
			require.NoError(t, err)
			m, err := c.Len(context.Background())
			require.NoError(t, err)
			var total core.Count
			var seen uint64
			const k = 5
			for i := range uint64(k) {
				st, err := c.Run(context.Background(), i, k, func(j uint64, r core.SubResult) bool {
					require.Equal(t, i, j%k)
					total = total.Add(r.Count)
					seen++
					if n >= MinN {
						require.Contains(t, []int{2, 4, 8}, r.Class)
					}
					return true
				})
				require.NoError(t, err)
				require.Equal(t, core.StatusExhausted, st)
			}
			require.Equal(t, m, seen)
			require.Equal(t, core.CountOf(want[n]), total)
		})
	}
}

// TestCoronalKernels checks that the kernels that finish a subproblem —
// most constrained row first in Go and in assembly, and row by row, which
// serves n > 32 — give every subproblem the same count, and that the
// assembly visits the Go search's nodes whether it returns to poll every
// few inner nodes or after every one.
func TestCoronalKernels(t *testing.T) {
	type run struct {
		name string
		o    Options
	}
	runs := []run{{"rows", Options{Kernel: Rows}}, {"search", Options{Kernel: Go}}, {"search/step=3", Options{Kernel: Go, Step: 3}}}
	if HaveAsm() {
		runs = append(runs, run{"asm", Options{Kernel: Asm}}, run{"asm/step=3", Options{Kernel: Asm, Step: 3}}, run{"asm/step=1", Options{Kernel: Asm, Step: 1}})
	}
	for n := MinN; n <= 13; n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			counts := make([][]core.Count, len(runs))
			nodes := make([][]uint64, len(runs))
			for k, r := range runs {
				c, err := New(n, &r.o)
				require.NoError(t, err)
				st, err := c.Run(context.Background(), 0, 1, func(_ uint64, sr core.SubResult) bool {
					counts[k] = append(counts[k], sr.Count)
					nodes[k] = append(nodes[k], sr.Stats.Nodes)
					return true
				})
				require.NoError(t, err)
				require.Equal(t, core.StatusExhausted, st)
				require.Equal(t, counts[0], counts[k], r.name)
				if k > 1 {
					require.Equal(t, nodes[1], nodes[k], "%s visits the nodes of search", r.name)
				}
			}
			var rows, mrv uint64
			for j := range nodes[0] {
				rows += nodes[0][j]
				mrv += nodes[1][j]
			}
			require.LessOrEqual(t, mrv, rows, "the most constrained row first visits fewer nodes")
		})
	}
}

// TestCoronalSkips checks that the units of a range, run on one Coronal
// (the second on skips the pre-placements that hold none of its
// subproblems), see exactly what units on fresh ones see.
func TestCoronalSkips(t *testing.T) {
	for _, n := range []int{9, 12, 13} {
		for _, k := range []uint64{1, 7, 64, 1000} {
			t.Run(fmt.Sprintf("n=%d/K=%d", n, k), func(t *testing.T) {
				shared, err := New(n, nil)
				require.NoError(t, err)
				for i := range min(k, 20) {
					var got, want []uint64
					var gotCounts, wantCounts []core.Count
					fresh, err := New(n, nil)
					require.NoError(t, err)
					for _, run := range []struct {
						c      *Coronal
						js     *[]uint64
						counts *[]core.Count
					}{{shared, &got, &gotCounts}, {fresh, &want, &wantCounts}} {
						st, err := run.c.Run(context.Background(), i, k, func(j uint64, r core.SubResult) bool {
							*run.js = append(*run.js, j)
							*run.counts = append(*run.counts, r.Count)
							return true
						})
						require.NoError(t, err)
						require.Equal(t, core.StatusExhausted, st)
					}
					require.Equal(t, want, got, "unit %d", i)
					require.Equal(t, wantCounts, gotCounts, "unit %d", i)
				}
				m, err := shared.Len(context.Background())
				require.NoError(t, err)
				fresh, _ := New(n, nil)
				want, err := fresh.Len(context.Background())
				require.NoError(t, err)
				require.Equal(t, want, m)
			})
		}
	}
}

func TestCoronalStops(t *testing.T) {
	c, err := New(12, nil)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	st, err := c.Run(ctx, 0, 1, func(j uint64, r core.SubResult) bool {
		calls++
		if calls == 100 {
			cancel()
		}
		return true
	})
	require.NoError(t, err)
	require.Equal(t, core.StatusCanceled, st)
	require.Less(t, calls, 51484)
	_, err = New(0, nil)
	require.Error(t, err)
	_, err = New(65, nil)
	require.Error(t, err)
}

func BenchmarkCoronal(b *testing.B) {
	for _, n := range []int{12, 14, 15, 16} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			c, _ := New(n, nil)
			for b.Loop() {
				_, _ = c.Run(context.Background(), 0, 1, func(uint64, core.SubResult) bool { return true })
			}
		})
	}
}

func BenchmarkCoronalList(b *testing.B) {
	c, _ := New(14, nil)
	for b.Loop() {
		_, _ = c.Len(context.Background())
	}
}

// TestAsmLayout checks the offsets the coronal assembly kernel reads.
func TestAsmLayout(t *testing.T) {
	var s asmState
	var f asmFrame
	require.Equal(t, uintptr(64), unsafe.Sizeof(f), "the assembly steps 64 bytes a frame")
	asmlayout.Check(t, "search_amd64.s", map[string]uintptr{
		"LEAVES": unsafe.Offsetof(s.leaves), "NODES": unsafe.Offsetof(s.nodes),
		"SEEN": unsafe.Offsetof(s.seen), "BUDGET": unsafe.Offsetof(s.budget),
		"CUR": unsafe.Offsetof(s.cur), "FRESH": unsafe.Offsetof(s.fresh),
		"NM1":   unsafe.Offsetof(s.nm1),
		"AVAIL": unsafe.Offsetof(s.avail), "SUM": unsafe.Offsetof(s.sum),
		"DIF": unsafe.Offsetof(s.dif), "FREE": unsafe.Offsetof(s.free),
		"F":      unsafe.Offsetof(s.f),
		"FAVAIL": unsafe.Offsetof(f.avail), "FSUM": unsafe.Offsetof(f.sum), "FDIF": unsafe.Offsetof(f.dif),
		"FFREE": unsafe.Offsetof(f.free), "FBF": unsafe.Offsetof(f.bf), "FBY": unsafe.Offsetof(f.by),
	})
}
