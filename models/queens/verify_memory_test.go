package queens_test

import (
	"io"
	"runtime"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/stretchr/testify/require"
)

// TestVerifyMemory: checking a solution takes one bit a row and a
// diagonal, under one byte a queen (issue 22: solve checks the solution
// again before writing it, and the check of a 10^7-queen solution once
// took 5 bytes a queen).
func TestVerifyMemory(t *testing.T) {
	const n = 1 << 20
	sol, err := queens.Construct(n, "")
	require.NoError(t, err)
	torus, err := queens.ConstructTorus(n + 1) // 2^20+1 is prime to 6: a torus solution exists (Pólya)
	require.NoError(t, err)
	for _, tc := range []struct {
		name  string
		n     int
		check func() error
	}{
		{"Verify", n, func() error { return queens.Verify(n, sol) }},
		{"VerifyTorus", n + 1, func() error { return queens.VerifyTorus(n+1, torus) }},
		{"Board.Verify", n, func() error { return queens.New(n).Verify(sol) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The least of three runs: a goroutine left by another test
			// may allocate during one.
			bytes := ^uint64(0)
			for range 3 {
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				require.NoError(t, tc.check())
				runtime.ReadMemStats(&after)
				bytes = min(bytes, after.TotalAlloc-before.TotalAlloc)
			}
			require.Less(t, bytes, uint64(tc.n), "%d bytes allocated to check %d queens", bytes, tc.n)
			t.Logf("%s: %d bytes for %d queens (%.3f a queen)", tc.name, bytes, tc.n, float64(bytes)/float64(tc.n))
		})
	}
}

// TestRenderSmall: writing a small solution allocates about its own
// size, whatever the format: each solution took a 64 KiB buffer, so
// `queens solve 13 --all` (73,712 solutions) wrote for 1.9 s, against
// 0.06 s with --format none, most of it zeroing and collecting buffers.
func TestRenderSmall(t *testing.T) {
	b := queens.New(8)
	sol := core.Solution{0, 4, 7, 5, 2, 6, 1, 3}
	for _, format := range []string{"perm", "json"} {
		t.Run(format, func(t *testing.T) {
			bytes := ^uint64(0)
			for range 3 {
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				for range 100 {
					require.NoError(t, b.Render(io.Discard, sol, format))
				}
				runtime.ReadMemStats(&after)
				bytes = min(bytes, after.TotalAlloc-before.TotalAlloc)
			}
			require.Less(t, bytes/100, uint64(1024), "%d bytes a solution of 8 queens", bytes/100)
		})
	}
}
