package bitwise

import (
	"context"
	"fmt"
	"testing"
	"unsafe"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/internal/asmlayout"
	"github.com/stretchr/testify/require"
)

// known is OEIS A000170 (solutions) for n = 0, 1, 2, ...
var known = []uint64{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
	2279184, 14772512, 95815104}

// knownUnique is OEIS A002562 (fundamental solutions).
var knownUnique = []uint64{1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752,
	285053, 1846955, 11977939}

// TestAsmLayout checks the offsets the assembly kernel reads against the
// Go struct: every #define of count_amd64.s names a field.
func TestAsmLayout(t *testing.T) {
	var s asmState
	var f asmFrame
	want := map[string]uintptr{
		"NODES": unsafe.Offsetof(s.nodes), "LEAVES": unsafe.Offsetof(s.leaves),
		"BUDGET": unsafe.Offsetof(s.budget), "CUR": unsafe.Offsetof(s.cur),
		"Y0P": unsafe.Offsetof(s.y0p), "LASTP": unsafe.Offsetof(s.lastp),
		"MASK": unsafe.Offsetof(s.mask), "CHECK": unsafe.Offsetof(s.check),
		"T1": unsafe.Offsetof(s.t1), "T3": unsafe.Offsetof(s.t3),
		"V2": unsafe.Offsetof(s.v2), "V3": unsafe.Offsetof(s.v3),
		"NW": unsafe.Offsetof(s.n), "NRARE": unsafe.Offsetof(s.nrare),
		"Y0": unsafe.Offsetof(s.y0), "LAST": unsafe.Offsetof(s.last),
		"SAVE": unsafe.Offsetof(s.save), "F": unsafe.Offsetof(s.f),
		"RARE": unsafe.Offsetof(s.rare),
		"FL":   unsafe.Offsetof(f.l), "FD": unsafe.Offsetof(f.d), "FR": unsafe.Offsetof(f.r),
		"FA": unsafe.Offsetof(f.a), "FALLOW": unsafe.Offsetof(f.allow),
		"FNEED": unsafe.Offsetof(f.need), "FBIT": unsafe.Offsetof(f.bit),
	}
	require.Equal(t, uintptr(asmFrameBytes), unsafe.Sizeof(f), "the assembly steps 64 bytes a line")
	require.Equal(t, uintptr(asmFrameBit), unsafe.Offsetof(f.bit))
	asmlayout.Check(t, "count_amd64.s", want)
}

// count counts n on the given workers with the options, under no limit.
func count(n int, method string, workers int, o *Options) Result {
	return Count(core.NewMeter(context.Background(), nil), n, method, workers, o)
}

// TestCountKnown checks every method against OEIS A000170 and A002562 on
// both kernels.
func TestCountKnown(t *testing.T) {
	for _, k := range []Kernel{Go, Asm} {
		for n := 1; n <= 14; n++ {
			for _, m := range []string{Symmetry, Mirror, Plain} {
				if n > 12 && m != Symmetry {
					continue
				}
				res := count(n, m, 2, &Options{Kernel: k})
				require.Equal(t, core.CountOf(known[n]), res.Solutions, "n = %d %s kernel %d", n, m, k)
				if m == Symmetry {
					require.Equal(t, core.CountOf(knownUnique[n]), res.Fundamental, "n = %d", n)
				}
			}
		}
	}
}

// TestKernels checks the assembly kernel against the Go kernel: the same
// solutions, fundamental solutions and nodes for every method, n = 7 to
// 12 (and 13, 14 with symmetry), whether the kernel runs each task at once or returns to poll every
// few nodes (and so resumes mid-task, with side-family boards to check
// left from the last stretch).
func TestKernels(t *testing.T) {
	if !HaveAsm() {
		t.Skip("no assembly kernel on this CPU or platform")
	}
	for n := 7; n <= 14; n++ {
		for _, m := range []string{Symmetry, Mirror, Plain} {
			if n > 12 && m != Symmetry {
				continue
			}
			t.Run(fmt.Sprintf("n=%d/%s", n, m), func(t *testing.T) {
				want := count(n, m, 1, &Options{Kernel: Go})
				require.Equal(t, core.CountOf(known[n]), want.Solutions)
				for _, step := range []uint64{0, 97, 3} {
					got := count(n, m, 1, &Options{Kernel: Asm, Step: step})
					require.Equal(t, want, got, "step %d", step)
				}
			})
		}
	}
}

// TestNodesAnyWorkers checks that the nodes depend neither on the number
// of workers nor on the line the tasks start at, for every method and
// kernel.
func TestNodesAnyWorkers(t *testing.T) {
	for _, n := range []int{4, 5, 6, 7, 8, 9, 10, 12} {
		for _, m := range []string{Symmetry, Mirror, Plain} {
			want := count(n, m, 1, nil)
			for _, k := range []Kernel{Go, Asm} {
				for _, w := range []int{1, 3} {
					for _, depth := range []int{1, 2, n - 5, n - 4, n - 3, n - 2} {
						if depth < 1 {
							continue
						}
						got := count(n, m, w, &Options{Kernel: k, depth: depth})
						require.Equal(t, want.Nodes, got.Nodes, "n = %d %s kernel %d workers %d depth %d", n, m, k, w, depth)
						require.Equal(t, want.Solutions, got.Solutions)
					}
				}
			}
		}
	}
}

// TestStops checks that both kernels stop within their budget, up to the
// largest board: a node budget ends a count with the limit status, within
// MaxSlack nodes a worker of the budget, and exactly at it when the
// budget ends above the tasks.
func TestStops(t *testing.T) {
	for _, k := range []Kernel{Go, Asm} {
		if k == Asm && !HaveAsm() {
			continue
		}
		t.Run(fmt.Sprintf("kernel=%d", k), func(t *testing.T) {
			for _, limit := range []uint64{1, 2, 100, 100_000} {
				for _, n := range []int{1, 8, 15, 32, 63, 64} {
					for _, workers := range []int{1, 2} {
						m := core.NewMeter(context.Background(), &core.Options{MaxNodes: limit})
						res := Count(m, n, Symmetry, workers, &Options{Kernel: k})
						if m.Status() == core.StatusExhausted {
							require.LessOrEqual(t, res.Nodes, limit, "n = %d limit %d", n, limit)
							require.Equal(t, core.CountOf(known[n]), res.Solutions, "n = %d limit %d", n, limit)
							continue
						}
						require.Equal(t, core.StatusLimit, m.Status(), "n = %d limit %d", n, limit)
						require.LessOrEqual(t, res.Nodes, limit+uint64(workers)*MaxSlack, "n = %d limit %d workers %d", n, limit, workers)
						if limit <= 100 {
							require.Equal(t, limit, res.Nodes, "n = %d: a budget that ends above the tasks is exact", n)
						}
					}
				}
			}
		})
	}
}

// BenchmarkKernels times the assembly kernel against the Go kernel in the
// same run (one worker, the symmetry method), where the assembly exists:
// compare the two lines of each n as a ratio.
func BenchmarkKernels(b *testing.B) {
	if !HaveAsm() {
		b.Skip("no assembly kernel on this CPU or platform")
	}
	for n := 14; n <= 16; n++ {
		for _, k := range []Kernel{Go, Asm} {
			b.Run(fmt.Sprintf("n=%d/asm=%v", n, k == Asm), func(b *testing.B) {
				for b.Loop() {
					res := count(n, Symmetry, 1, &Options{Kernel: k})
					if res.Solutions != core.CountOf(known[n]) {
						b.Fatalf("n = %d: %v", n, res.Solutions)
					}
				}
			})
		}
	}
}
