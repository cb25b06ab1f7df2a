package core_test

import (
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/stretchr/testify/require"
)

func TestParseSize(t *testing.T) {
	good := []struct {
		in   string
		want int64
	}{{"8", 8}, {"1e6", 1_000_000}, {"1E6", 1_000_000}, {"1_000_000", 1_000_000}, {"2.5e1", 25}, {" 12 ", 12}, {"1e+2", 100}}
	for _, tc := range good {
		t.Run(tc.in, func(t *testing.T) {
			v, err := core.ParseSize("N", tc.in, 1<<50)
			require.NoError(t, err)
			require.Equal(t, tc.want, v)
		})
	}
	bad := []struct{ in, msg string }{
		{"", "not a number"}, {"_100", "not a number"}, {"100_", "not a number"}, {"1__0", "not a number"},
		{"1e1_0", "not a number"}, {"1_0e3", "not a number"}, {"0x10", "not a number"}, {"abc", "not a number"},
		{"-3", "must be positive"}, {"0", "must be positive"}, {"1e400", "too large"}, {"99999999999999999999", "too large"},
		{"2.5", "not a number"}, {"1.5e0", "not a whole number"}, {"1e-1", "not a whole number"}, {"\xff", "\"\uFFFD\""},
	}
	for _, tc := range bad {
		t.Run("bad/"+tc.in, func(t *testing.T) {
			_, err := core.ParseSize("N", tc.in, 1<<50)
			require.ErrorContains(t, err, tc.msg)
		})
	}
}

func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"8", "1e6", "1_000", "-1", "1e1_0", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := core.ParseSize("N", s, 1<<40)
		if err == nil && (v <= 0 || v > 1<<40) {
			t.Fatalf("ParseSize(%q) = %d out of range", s, v)
		}
	})
}
