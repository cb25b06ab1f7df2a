package report

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAppendQuote: appendQuote writes what strconv.AppendQuote writes.
func TestAppendQuote(t *testing.T) {
	for _, s := range []string{"", "sudoku", "9x9", "6x6 (2x3 boxes)", "fast", `a"b`, `a\b`, "tab\there", "é", "\x7f", "\x00", "~ !", "\xff"} {
		require.Equal(t, string(strconv.AppendQuote([]byte("x"), s)), string(appendQuote([]byte("x"), s)), "%q", s)
	}
}
