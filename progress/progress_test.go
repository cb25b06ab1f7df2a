package progress

import (
	"bytes"
	"testing"

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
