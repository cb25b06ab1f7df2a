package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestCoverStops: the cover verb builds and writes its instance under the
// stop, as every verb does: a signal (here the command's context ending)
// while it builds or writes a large cover exits 3 within the stop's
// latency, and an earlier --out file stays as it was.
func TestCoverStops(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"queens", []string{"queens", "cover", "4096"}},
		{"langford", []string{"langford", "cover", "2048"}}, // 1.5 s to build and write; 4096 reserves 1 GB at once
		{"pieces", []string{"pieces", "cover", "queen", "128", "--task", "dominate"}},
		{"polyomino", []string{"polyomino", "cover", "--board", "250x250", "--pieces", "tetrominoes"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "cover.dlx")
			require.NoError(t, os.WriteFile(out, []byte("OLD\n"), 0o644))
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			var stdout, stderr strings.Builder
			start := time.Now()
			code := run(ctx, append(tc.args, "--out", out), newEnv(strings.NewReader(""), &stdout, &stderr))
			require.Less(t, time.Since(start), time.Second, "the stop reaches the build and the write")
			require.Equal(t, exitPartial, code, stderr.String())
			require.Contains(t, stderr.String(), "stopped early")
			require.Empty(t, stdout.String())
			b, err := os.ReadFile(out)
			require.NoError(t, err)
			require.Equal(t, "OLD\n", string(b), "--out left as it was")
		})
	}
}
