package lines_test

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/internal/lines"
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

func TestReaderSkipLong(t *testing.T) {
	for _, tc := range []struct {
		name, long string
	}{
		{"beyond the buffer", strings.Repeat("x", 200000)},
		{"within the buffer", strings.Repeat("x", 150)},
		{"crlf", strings.Repeat("x", 150) + "\r"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := lines.NewReader(strings.NewReader("abc\n"+tc.long+"\ndef\n"+tc.long), 100)
			b, n, err := r.Next()
			require.NoError(t, err)
			require.Equal(t, "abc", string(b))
			require.Equal(t, 1, n)
			_, n, err = r.Next()
			require.ErrorIs(t, err, lines.ErrTooLong)
			require.Equal(t, 2, n)
			require.ErrorContains(t, err, "line 2")
			require.NoError(t, r.SkipLong())
			b, n, err = r.Next()
			require.NoError(t, err)
			require.Equal(t, "def", string(b))
			require.Equal(t, 3, n)
			_, n, err = r.Next()
			require.ErrorIs(t, err, lines.ErrTooLong, "the last line, without a newline")
			require.Equal(t, 4, n)
			require.NoError(t, r.SkipLong())
			_, _, err = r.Next()
			require.ErrorIs(t, err, io.EOF)
		})
	}
}

func FuzzReader(f *testing.F) {
	f.Add("a\r\nb\n\xEF\xBB\xBFc")
	f.Fuzz(func(t *testing.T, in string) {
		r := lines.NewReader(strings.NewReader(in), 64)
		for i := 0; i < len(in)+2; i++ {
			if _, _, err := r.Next(); err != nil {
				return
			}
		}
		t.Fatal("reader did not end")
	})
}
