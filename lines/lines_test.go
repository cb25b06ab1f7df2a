package lines_test

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

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
