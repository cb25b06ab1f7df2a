//go:build unix

package main

import (
	"path/filepath"
	"syscall"
	"testing"

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
