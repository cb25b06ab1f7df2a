//go:build unix

package outfile

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestFIFO checks that a file that is not a regular file (a
// named pipe here; /dev/null alike) writes into it rather than replace it.
func TestFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pipe")
	require.NoError(t, syscall.Mkfifo(path, 0o600))
	got := readFIFO(path)
	o, err := Open(path, nil)
	require.NoError(t, err)
	o.WriteString("through the pipe\n")
	require.NoError(t, o.Commit())
	require.Equal(t, "through the pipe\n", <-got)
	fi, err := os.Stat(path)
	require.NoError(t, err)
	require.NotZero(t, fi.Mode()&os.ModeNamedPipe, "the pipe is still a pipe")
}

// TestContextWriter: a write a pipe does not take (its reader stopped
// reading) is given up StopGrace after the stop, and every later one
// fails too; a reader that reads still gets what is written after the
// stop; a regular file is written directly.
func TestContextWriter(t *testing.T) {
	t.Run("regular file", func(t *testing.T) {
		f, err := os.Create(filepath.Join(t.TempDir(), "f"))
		require.NoError(t, err)
		defer f.Close()
		require.Same(t, io.Writer(f), ContextWriter(context.Background(), f), "a file never blocks")
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		require.Same(t, io.Writer(f), ContextWriter(ctx, f))
	})
	for _, tc := range []struct {
		name    string
		reads   bool // the pipe's reader reads
		stalled bool // the write after the stop is given up
	}{
		{"reader reads", true, false},
		{"reader stalled", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, w, err := os.Pipe()
			require.NoError(t, err)
			defer r.Close()
			defer w.Close()
			got := make(chan int, 1)
			if tc.reads {
				go func() {
					n, _ := io.Copy(io.Discard, r)
					got <- int(n)
				}()
			}
			ctx, cancel := context.WithCancel(context.Background())
			cw := ContextWriter(ctx, w)
			big := make([]byte, 1<<20) // past the pipe's 64 KiB
			if tc.reads {
				n, err := cw.Write(big)
				require.NoError(t, err)
				require.Equal(t, len(big), n)
			}
			if tc.reads {
				cancel() // the write below starts after the stop
			} else {
				time.AfterFunc(20*time.Millisecond, cancel) // the write below is out at the stop
			}
			start := time.Now()
			n, err := cw.Write(big)
			if !tc.stalled {
				require.NoError(t, err, "after the stop, a reader that reads still gets the bytes")
				require.Equal(t, len(big), n)
				w.Close()
				require.Equal(t, 2*len(big), <-got)
				return
			}
			require.ErrorIs(t, err, ErrStalled)
			require.ErrorIs(t, err, context.Canceled)
			require.Less(t, time.Since(start), time.Second)
			_, err = cw.Write([]byte("x"))
			require.ErrorIs(t, err, ErrStalled, "and so is every later write")
		})
	}
}

// TestFIFOWithoutReader: opening a named pipe that no reader opens waits
// no longer than the context (it blocked in open(2) past --timeout and
// SIGTERM), and a reader that comes before it ends gets what is written.
func TestFIFOWithoutReader(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pipe")
	require.NoError(t, syscall.Mkfifo(path, 0o600))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := OpenContext(ctx, path, nil)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Less(t, time.Since(start), time.Second)

	got := readFIFO(path)
	o, err := OpenContext(context.Background(), path, nil)
	require.NoError(t, err)
	o.WriteString("late reader\n")
	require.NoError(t, o.Commit())
	require.Equal(t, "late reader\n", <-got)
}

// TestFIFOStalledReader: a named pipe written in place whose reader stops
// reading holds a write no longer than StopGrace past the stop, as
// standard output does (ContextWriter).
func TestFIFOStalledReader(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pipe")
	require.NoError(t, syscall.Mkfifo(path, 0o600))
	opened := make(chan *os.File, 1)
	go func() {
		f, _ := os.Open(path) // opens, never reads
		opened <- f
	}()
	ctx, cancel := context.WithCancel(context.Background())
	o, err := OpenContext(ctx, path, nil)
	require.NoError(t, err)
	r := <-opened
	require.NotNil(t, r)
	defer r.Close()
	time.AfterFunc(50*time.Millisecond, cancel) // the stop, while a write waits
	start := time.Now()
	_, err = o.Write(make([]byte, 4<<20)) // past the buffer and the pipe
	if err == nil {
		err = o.Commit()
	}
	require.ErrorIs(t, err, ErrStalled)
	require.Less(t, time.Since(start), time.Second)
}

// TestContextWriterConcurrent: writes from several goroutines (stderr's
// warnings and a progress bar) are serialized, each whole.
func TestContextWriterConcurrent(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	got := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(r)
		got <- b
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cw := ContextWriter(ctx, w)
	line := func(c byte) []byte { return append(bytes.Repeat([]byte{c}, 999), '\n') }
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for range 200 {
				_, err := cw.Write(line(byte('a' + g)))
				require.NoError(t, err)
			}
		})
	}
	wg.Wait()
	w.Close()
	b := <-got
	require.Len(t, b, 4*200*1000)
	for l := range bytes.Lines(b) {
		require.Equal(t, line(l[0]), l, "a write is whole")
	}
}

// readFIFO opens the named pipe at path for reading, on a goroutine, and
// sends what it reads to the end (or the error of the open).
func readFIFO(path string) <-chan string {
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
	return got
}
