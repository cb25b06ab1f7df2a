//go:build unix

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestCheckpointNotAFile: a checkpoint that exists and is not a regular
// file (a FIFO, a device) is refused before anything is read or counted,
// by the one check of a checkpoint's path (units.CheckPaths), for a split
// count and for the knight's frontier count alike. Reading a FIFO blocked
// past --timeout and SIGTERM, and a save would have renamed a file over it.
func TestCheckpointNotAFile(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "ck")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"a FIFO, split count", []string{"queens", "count", "6", "--units", "4", "--unit", "0-3", "--checkpoint", fifo}},
		{"a FIFO, frontier count", []string{"knight", "count", "3x4", "--algo", "frontier", "--checkpoint", fifo}},
		{"a device, split count", []string{"queens", "count", "6", "--units", "4", "--unit", "0", "--checkpoint", "/dev/null"}},
		{"a device, frontier count", []string{"knight", "count", "3x4", "--algo", "frontier", "--checkpoint", "/dev/null"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append(tc.args, "--timeout", "5s")...)
			require.Equal(t, exitUsage, code, errOut)
			require.Empty(t, out)
			require.Contains(t, errOut, "is not a regular file")
		})
	}
}

// TestOutFIFOWithoutReader: an --out that is a named pipe no reader opens
// waits for one no longer than --timeout or a signal: exit 3 (the open
// blocked past both, SIGTERM included, until SIGKILL).
func TestOutFIFOWithoutReader(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "out")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	for _, tc := range []struct {
		name   string
		args   []string
		signal bool // stopped by the command's context (a signal), not --timeout
		want   string
	}{
		{"timeout, count", []string{"queens", "count", "8", "--timeout", "200ms"}, false, "stopped early: timeout while opening --out"},
		{"timeout, verify", []string{"queens", "verify", "../../testdata/queens/wirth8.txt", "--timeout", "200ms"}, false, "stopped early: timeout while opening --out"},
		{"signal, cover", []string{"queens", "cover", "8"}, true, "stopped early: canceled while opening --out"},
		{"signal, compare", []string{"queens", "compare", "6"}, true, "stopped early: canceled while opening --out"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.signal {
				time.AfterFunc(200*time.Millisecond, cancel)
			}
			var stdout, stderr strings.Builder
			done := make(chan int, 1)
			go func() {
				done <- run(ctx, append(tc.args, "--out", fifo), newEnv(strings.NewReader(""), &stdout, &stderr))
			}()
			select {
			case code := <-done:
				require.Equal(t, exitPartial, code, stderr.String())
				require.Contains(t, stderr.String(), tc.want)
				require.Empty(t, stdout.String())
			case <-time.After(5 * time.Second):
				// Let the blocked open go: a reader comes.
				if f, err := os.Open(fifo); err == nil {
					f.Close()
				}
				t.Fatal("opening a FIFO --out without a reader did not stop")
			}
		})
	}
}
