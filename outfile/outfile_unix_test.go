//go:build unix

package outfile

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFIFO checks that a file that is not a regular file (a
// named pipe here; /dev/null alike) writes into it rather than replace it.
func TestFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pipe")
	require.NoError(t, syscall.Mkfifo(path, 0o600))
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(path)
		if err != nil {
			got <- err.Error()
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		got <- string(b)
	}()
	o, err := Open(path, nil)
	require.NoError(t, err)
	o.WriteString("through the pipe\n")
	require.NoError(t, o.Commit())
	require.Equal(t, "through the pipe\n", <-got)
	fi, err := os.Stat(path)
	require.NoError(t, err)
	require.NotZero(t, fi.Mode()&os.ModeNamedPipe, "the pipe is still a pipe")
}
