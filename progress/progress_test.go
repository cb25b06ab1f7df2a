package progress

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"

	"github.com/stretchr/testify/require"
)

func TestBar(t *testing.T) {
	for _, tc := range []struct {
		name  string
		total int64
		done  int64
		want  string
	}{
		{"half", 10, 5, "count  50% |███████████████               | [0s]"},
		{"unknown total", 0, 42, "count: 42 [0s]"},
		{"past the end", 10, 20, "count 100% |"},
		{"negative", 10, -3, "count   0% |"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			b := New(&buf, tc.total, "count")
			b.Set(tc.done)
			require.Contains(t, buf.String(), tc.want)
			b.Finish()
			require.True(t, bytes.HasSuffix(buf.Bytes(), []byte("\r\033[K")), "Finish clears the line")
		})
	}
}

func TestNilBar(t *testing.T) {
	var b *Bar
	b.Set(1)
	b.SetTotal(2)
	b.Describe("x")
	b.Finish()
}

// TestWatchLines: a display of lines (--progress always) watching a
// tracker writes its nodes, rate and elapsed time from time to time, and
// a last line at the end; a bar watching one draws the share done.
func TestWatchLines(t *testing.T) {
	var buf syncBuffer
	tr := core.NewTracker()
	b := NewLines(&buf, 0, "queens 16 (bitwise)", 10*time.Millisecond, 20*time.Millisecond)
	b.Watch(tr)
	tr.Add(1500000)
	tr.Report(core.Progress{Done: 3, Total: 8})
	time.Sleep(60 * time.Millisecond)
	b.Finish()
	out := buf.String()
	require.Contains(t, out, "coverkit: progress: queens 16 (bitwise): 3/8 done, 1.50M nodes")
	require.Contains(t, out, "nodes/s")
	require.Contains(t, out, "coverkit: progress: queens 16 (bitwise): end: ")
	require.True(t, strings.HasSuffix(out, "\n"))

	// A search that holds states (a frontier count) shows them and their
	// expected peak.
	buf = syncBuffer{}
	b = NewLines(&buf, 0, "knight 8x8 (frontier)", 10*time.Millisecond, 20*time.Millisecond)
	tr = core.NewTracker()
	b.Watch(tr)
	tr.Add(5120000000)
	tr.Report(core.Progress{Done: 37, Total: 64, States: 412000000, Peak: 679048443})
	time.Sleep(60 * time.Millisecond)
	b.Finish()
	require.Contains(t, buf.String(), "knight 8x8 (frontier): 37/64 done, 412M states (peak ~679M), 5.12G nodes, ")

	buf = syncBuffer{}
	bar := New(&buf, 0, "latin 7")
	tr = core.NewTracker()
	bar.Watch(tr)
	tr.Report(core.Progress{Done: 1, Total: 4})
	time.Sleep(150 * time.Millisecond)
	bar.Finish()
	require.Contains(t, buf.String(), "latin 7  25% |")
}

func TestParseMode(t *testing.T) {
	for i, name := range Modes {
		m, err := ParseMode(name)
		require.NoError(t, err)
		require.Equal(t, Mode(i), m)
		require.Equal(t, name, m.String())
	}
	_, err := ParseMode("sometimes")
	require.ErrorContains(t, err, "auto, always, never")
	require.Equal(t, "12.3K", Count(12345))
	require.Equal(t, "987", Count(987))
	require.Equal(t, "1.23G", Count(1234567890))
}

// syncBuffer is a bytes.Buffer safe for the watcher's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
