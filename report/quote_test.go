package report

import (
	"encoding/json"
	"math"
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

// TestNumber: every number of a JSON or CSV record is written in one
// form (issue 31): decimal, no exponent, 10 significant digits at most;
// a duration's seconds as its nanoseconds say.
func TestNumber(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		want string
	}{
		{5.6124e-05, "0.000056124"},
		{0.000068532, "0.000068532"},
		{7.8488191050000005, "7.848819105"},
		{1895.669910789774, "1895.669911"},
		{0, "0"},
		{math.Copysign(0, -1), "0"},
		{12, "12"},
		{1e21, "1000000000000000000000"},
		{1e-9, "0.000000001"},
		{math.NaN(), "0"},
		{math.Inf(1), "0"},
	} {
		require.Equal(t, tc.want, FormatNumber(tc.in), "%v", tc.in)
		b, err := json.Marshal(Number(tc.in))
		require.NoError(t, err)
		require.Equal(t, tc.want, string(b), "%v in JSON", tc.in)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		d := time.Duration(rng.Int64N(int64(10 * time.Second)))
		got := string(appendSeconds(nil, d))
		require.NotContains(t, got, "e", "%d ns", int64(d))
		f, err := strconv.ParseFloat(got, 64)
		require.NoError(t, err)
		require.InDelta(t, d.Seconds(), f, 1e-9, "%d ns", int64(d))
	}
}
