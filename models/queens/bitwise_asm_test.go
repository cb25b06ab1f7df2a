package queens

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/coverkit/coverkit/core"
	"github.com/stretchr/testify/require"
)

// TestBwAsmLayout checks the offsets the assembly kernel reads against the
// Go struct: every #define of bitwise_count_amd64.s names a field.
func TestBwAsmLayout(t *testing.T) {
	var s bwAsm
	var f bwAsmFrame
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
	require.Equal(t, uintptr(bwAsmFrameBytes), unsafe.Sizeof(f), "the assembly steps 64 bytes a line")
	require.Equal(t, uintptr(bwAsmFrameBit), unsafe.Offsetof(f.bit))
	checkAsmLayout(t, "bitwise_count_amd64.s", want)
}

// TestCrAsmLayout checks the offsets the coronal assembly kernel reads.
func TestCrAsmLayout(t *testing.T) {
	var s crAsm
	var f crAsmFrame
	require.Equal(t, uintptr(64), unsafe.Sizeof(f), "the assembly steps 64 bytes a frame")
	checkAsmLayout(t, "coronal_amd64.s", map[string]uintptr{
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

// checkAsmLayout checks that every "#define NAME offset" of an assembly
// file names a field of want at that offset, and that every field has one.
func checkAsmLayout(t *testing.T, name string, want map[string]uintptr) {
	t.Helper()
	file, err := os.Open(name)
	require.NoError(t, err)
	defer file.Close()
	seen := map[string]bool{}
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 3 || fields[0] != "#define" {
			continue
		}
		off, ok := want[fields[1]]
		require.True(t, ok, "%s: %s is not a field", name, fields[1])
		v, err := strconv.ParseUint(fields[2], 10, 64)
		require.NoError(t, err)
		require.Equal(t, uint64(off), v, "%s: %s", name, fields[1])
		seen[fields[1]] = true
	}
	require.NoError(t, sc.Err())
	require.Len(t, seen, len(want), "%s: every field has its #define", name)
}

// bwCountEvery counts n with the given method on one worker that returns
// to poll every interval nodes, and returns the leaves by weight and the
// nodes below the tasks.
func bwCountEvery(n int, method string, interval uint64) (cnt [4]uint64, nodes uint64) {
	sh := &bwShared{ctx: context.Background(), n: n, mask: bwMask(n), classes: bwClasses(n, method), interval: interval}
	sh.status.Store(-1)
	sh.split(64)
	w := &bwWorker{sh: sh}
	w.work()
	return w.cnt, w.nodes
}

// TestBitwiseKernels checks the assembly kernel against the Go kernel: the
// same leaves of every weight and the same nodes for every method, n = 7
// to 14, whether the kernel runs each task at once or returns to poll
// every few nodes (and so resumes mid-task, with side-family boards to
// check left from the last stretch).
func TestBitwiseKernels(t *testing.T) {
	if !bwHaveAsm {
		t.Skip("no assembly kernel on this CPU or platform")
	}
	defer func() { bwUseAsm = bwHaveAsm }()
	for n := 7; n <= 14; n++ {
		for _, m := range []string{BitwiseSymmetry, BitwiseMirror, BitwisePlain} {
			t.Run(fmt.Sprintf("n=%d/%s", n, m), func(t *testing.T) {
				bwUseAsm = false
				want, wantNodes := bwCountEvery(n, m, bwPollEvery)
				total := want[bw1] + 2*want[bw2] + 4*want[bw4] + 8*want[bw8]
				require.Equal(t, bwKnown[n], total)
				bwUseAsm = true
				for _, every := range []uint64{bwPollEvery, 97, 3} {
					got, nodes := bwCountEvery(n, m, every)
					require.Equal(t, want, got, "every %d", every)
					require.Equal(t, wantNodes, nodes, "every %d", every)
				}
			})
		}
	}
}

// TestBitwiseKernelsStop checks that both kernels stop within their
// budget, up to the largest board: a node limit ends a count with the
// limit status and about the nodes asked for.
func TestBitwiseKernelsStop(t *testing.T) {
	for _, asm := range []bool{false, true} {
		if asm && !bwHaveAsm {
			continue
		}
		t.Run(fmt.Sprintf("asm=%v", asm), func(t *testing.T) {
			defer func() { bwUseAsm = bwHaveAsm }()
			bwUseAsm = asm
			const limit = 100_000
			for _, n := range []int{15, 32, 63, 64} {
				res := bwSolve(t, n, &core.Options{Mode: core.ModeCount, Workers: 1, MaxNodes: limit})
				require.Equal(t, core.StatusLimit, res.Status, "n = %d", n)
				require.GreaterOrEqual(t, res.Stats.Nodes, uint64(limit), "n = %d", n)
				require.Less(t, res.Stats.Nodes, uint64(limit+limit/4+200), "n = %d: a stretch is at most a quarter of the limit, plus one bottom subtree", n)
			}
		})
	}
}
