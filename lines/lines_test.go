package lines_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coverkit/coverkit/lines"
	"github.com/stretchr/testify/require"
)

func readAll(t *testing.T, in string, max int) ([]string, error) {
	t.Helper()
	r := lines.NewReader(strings.NewReader(in), max)
	var out []string
	for {
		b, n, err := r.Next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		require.Equal(t, len(out)+1, n)
		out = append(out, string(b))
	}
}

func TestReader(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string
	}{
		{"empty", "", nil},
		{"plain", "a\nb\n", []string{"a", "b"}},
		{"no final newline", "a\nb", []string{"a", "b"}},
		{"crlf and bom", "\xEF\xBB\xBFa b\r\nc\r\n", []string{"a b", "c"}},
		{"blank lines", "\n\r\n", []string{"", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readAll(t, tc.in, 0)
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

func TestReaderTooLong(t *testing.T) {
	_, err := readAll(t, "abc\n"+strings.Repeat("x", 200000)+"\n", 100000)
	require.ErrorIs(t, err, lines.ErrTooLong)
	require.ErrorContains(t, err, "line 2")
}

// FuzzReader checks that a Reader ends, numbers its lines 1, 2, 3, ...
// (an over-long line skipped with Skip keeps its number), never returns a
// line longer than its maximum or holding '\n', and locates its errors.
func FuzzReader(f *testing.F) {
	f.Add("a\r\nb\n\xEF\xBB\xBFc", uint8(64))
	f.Add(strings.Repeat("x", 300)+"\nok\r\n", uint8(10))
	f.Fuzz(func(t *testing.T, in string, max uint8) {
		r := lines.NewReader(strings.NewReader(in), int(max)+1)
		want := 1
		for i := 0; i < len(in)+2; i++ {
			b, n, err := r.Next()
			if errors.Is(err, io.EOF) {
				return
			}
			if n != want {
				t.Fatalf("line %d numbered %d", want, n)
			}
			want++
			if err != nil {
				var le *lines.Error
				if !errors.As(err, &le) || le.Line != n {
					t.Fatalf("error without its line: %v", err)
				}
				if !r.Skip() {
					t.Fatalf("Skip after %v", err)
				}
				continue
			}
			if len(b) > int(max)+1 || strings.Contains(string(b), "\n") {
				t.Fatalf("line %d: %q", n, b)
			}
		}
		t.Fatal("reader did not end")
	})
}

func TestErrorAndWrap(t *testing.T) {
	err := lines.Wrap("dlx", lines.Errorf(12, "unknown item %q", "x9"))
	require.EqualError(t, err, `dlx: line 12: unknown item "x9"`)
	var le *lines.Error
	require.True(t, errors.As(err, &le))
	require.Equal(t, 12, le.Line)
	require.EqualError(t, &lines.Error{Msg: "no line"}, "no line")
	require.NoError(t, lines.Wrap("x", nil))
}

func TestReaderSkip(t *testing.T) {
	for _, tc := range []struct {
		name, in string
	}{
		{"refused mid-line", "ok1\n" + strings.Repeat("x", 300000) + "\nok3\n"},
		{"refused at its end", "ok1\n" + strings.Repeat("x", 150) + "\nok3\n"},
		{"last line", "ok1\n" + strings.Repeat("x", 300000)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := lines.NewReader(strings.NewReader(tc.in), 100)
			var got []string
			for {
				b, n, err := r.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				if errors.Is(err, lines.ErrTooLong) {
					require.Equal(t, 2, n)
					require.True(t, r.Skip())
					got = append(got, "bad")
					continue
				}
				require.NoError(t, err)
				got = append(got, string(b))
			}
			want := []string{"ok1", "bad", "ok3"}
			if tc.name == "last line" {
				want = want[:2]
			}
			require.Equal(t, want, got)
		})
	}
}

// TestReaderStreams checks that a huge line without a newline is refused
// after reading about the maximum, not the whole input.
func TestReaderStreams(t *testing.T) {
	src := &countingReader{limit: 1 << 30}
	r := lines.NewReader(src, 1<<20)
	_, _, err := r.Next()
	require.ErrorIs(t, err, lines.ErrTooLong)
	require.Less(t, src.read, int64(2<<20))
}

type countingReader struct{ read, limit int64 }

func (c *countingReader) Read(p []byte) (int, error) {
	if c.read >= c.limit {
		return 0, io.EOF
	}
	for i := range p {
		p[i] = 'x'
	}
	c.read += int64(len(p))
	return len(p), nil
}

func TestContextReader(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := lines.ContextReader(ctx, strings.NewReader("ab"))
	buf := make([]byte, 1)
	n, err := r.Read(buf)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	cancel()
	_, err = r.Read(buf)
	require.ErrorIs(t, err, context.Canceled)

	plain := strings.NewReader("x")
	require.Same(t, plain, lines.ContextReader(context.Background(), plain), "a context that never ends adds nothing")
	//lint:ignore SA1012 a nil context is what is tested: it never ends
	require.Same(t, plain, lines.ContextReader(nil, plain))
	n, err = lines.ContextReader(ctx, nil).Read(buf)
	require.ErrorIs(t, err, context.Canceled)
	require.Zero(t, n)
}

// TestContextReaderBlocked stops reads that wait for input: an io.Pipe
// nobody writes (read on the reader's goroutine) and an os.Pipe (the
// runtime polls it: a read deadline), by cancel and by deadline, each
// within 100 ms of the stop; the reader then keeps failing.
func TestContextReaderBlocked(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	or, ow, err := os.Pipe()
	require.NoError(t, err)
	defer or.Close()
	defer ow.Close()
	for _, tc := range []struct {
		name string
		r    io.Reader
	}{{"io.Pipe", pr}, {"os.Pipe", or}} {
		for _, deadline := range []bool{false, true} {
			ctx, cancel := context.WithCancel(context.Background())
			want := context.Canceled
			if deadline {
				ctx, cancel = context.WithTimeout(context.Background(), 30*time.Millisecond)
				want = context.DeadlineExceeded
			} else {
				time.AfterFunc(30*time.Millisecond, cancel)
			}
			r := lines.ContextReader(ctx, tc.r)
			start := time.Now()
			_, err := r.Read(make([]byte, 10))
			took := time.Since(start)
			require.ErrorIs(t, err, want, tc.name)
			require.Less(t, took, 130*time.Millisecond, "%s: the read ended %v after its start, the stop 30 ms in", tc.name, took)
			_, err = r.Read(make([]byte, 10))
			require.ErrorIs(t, err, want, tc.name)
			cancel()
		}
	}
}

// TestContextReaderPassesAll reads what a writer sends in pieces through
// each kind of reader, with small and large buffers: every byte comes, in
// order, then io.EOF.
func TestContextReaderPassesAll(t *testing.T) {
	want := make([]byte, 100_000)
	for i := range want {
		want[i] = byte(i * 7)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, bufSize := range []int{3, 1000, 70_000} {
		pr, pw := io.Pipe()
		or, ow, err := os.Pipe()
		require.NoError(t, err)
		for _, w := range []io.WriteCloser{pw, ow} {
			go func() {
				for b := want; len(b) > 0; b = b[min(len(b), 7777):] {
					w.Write(b[:min(len(b), 7777)])
				}
				w.Close()
			}()
		}
		for _, r := range []io.Reader{pr, or, bytes.NewReader(want)} {
			got := make([]byte, 0, len(want))
			cr := lines.ContextReader(ctx, r)
			buf := make([]byte, bufSize)
			for {
				n, err := cr.Read(buf)
				got = append(got, buf[:n]...)
				if err == io.EOF {
					break
				}
				require.NoError(t, err)
			}
			require.Equal(t, want, got, "buffer %d, %T", bufSize, r)
		}
		or.Close()
	}
}

// TestOpen opens under a context: an open that waits (for a FIFO's
// writer) gives way to the stop; an open that fails gives its error; the
// reader it returns closes what it read.
func TestOpen(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	block := make(chan struct{})
	defer close(block)
	start := time.Now()
	rc, err := lines.Open(ctx, func() (io.ReadCloser, error) {
		<-block // an open that waits
		return io.NopCloser(strings.NewReader("late")), nil
	})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Nil(t, rc)
	require.Less(t, time.Since(start), 130*time.Millisecond)

	_, err = lines.Open(context.Background(), func() (io.ReadCloser, error) { return nil, io.ErrUnexpectedEOF })
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)
	_, err = lines.Open(context.Background(), nil)
	require.Error(t, err)

	ctx2, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	closed := false
	rc, err = lines.Open(ctx2, func() (io.ReadCloser, error) {
		return closer{strings.NewReader("a\nb\n"), &closed}, nil
	})
	require.NoError(t, err)
	b, err := io.ReadAll(rc)
	require.NoError(t, err)
	require.Equal(t, "a\nb\n", string(b))
	require.NoError(t, rc.Close())
	require.True(t, closed)
}

type closer struct {
	io.Reader
	closed *bool
}

func (c closer) Close() error { *c.closed = true; return nil }

// TestReaderLongLines reads lines longer than a Reader copies at once
// (kept in pieces, joined at their end): each comes whole, in order, and
// one past the maximum is refused without being read whole.
func TestReaderLongLines(t *testing.T) {
	long := func(n int, c byte) string { return strings.Repeat(string(c), n) }
	in := long(3<<20+5, 'a') + "\r\nb\n" + long(1<<20, 'c') + "\n" + long(5<<20, 'd')
	r := lines.NewReader(strings.NewReader(in), 4<<20)
	for _, want := range []string{long(3<<20+5, 'a'), "b", long(1<<20, 'c')} {
		b, _, err := r.Next()
		require.NoError(t, err)
		require.Equal(t, len(want), len(b))
		require.Equal(t, want, string(b))
	}
	_, n, err := r.Next()
	require.ErrorIs(t, err, lines.ErrTooLong)
	require.Equal(t, 4, n)
}
