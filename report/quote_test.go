package report

import (
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestAppendQuote: appendQuote writes what strconv.AppendQuote writes.
func TestAppendQuote(t *testing.T) {
	for _, s := range []string{"", "sudoku", "9x9", "6x6 (2x3 boxes)", "fast", `a"b`, `a\b`, "tab\there", "é", "\x7f", "\x00", "~ !", "\xff"} {
		require.Equal(t, string(strconv.AppendQuote([]byte("x"), s)), string(appendQuote([]byte("x"), s)), "%q", s)
	}
}

// TestAppendSeconds: appendSeconds writes what appendJSONFloat writes of
// d.Seconds(), on every side of its fast path's bounds and on random
// durations.
func TestAppendSeconds(t *testing.T) {
	ds := []time.Duration{0, 1, 999, 1000, 1001, 1010, 19403, 100000, 999999999, time.Second, time.Second + 1, 3*time.Second + 250*time.Millisecond, -5, 1 << 62}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		ds = append(ds, time.Duration(rng.Int64N(int64(2*time.Second))), time.Duration(rng.Int64N(1e6)))
	}
	for _, d := range ds {
		require.Equal(t, string(appendJSONFloat([]byte("x"), d.Seconds())), string(appendSeconds([]byte("x"), d)), "%d ns", int64(d))
	}
}
