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

func TestParseUint(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want uint64
	}{{"0", 0}, {"7", 7}, {"1e6", 1_000_000}, {"1_000", 1000}, {"0x10", 16}, {"0b101", 5}, {"0o17", 15},
		{"18446744073709551615", 1<<64 - 1}, {"0xffffffffffffffff", 1<<64 - 1}} {
		t.Run(tc.in, func(t *testing.T) {
			v, err := core.ParseUint("--seed", tc.in)
			require.NoError(t, err)
			require.Equal(t, tc.want, v)
		})
	}
	for _, tc := range []struct{ in, msg string }{
		{"-1", "must be 0 or more"}, {"18446744073709551616", "not a whole number from 0"}, {"abc", "not a whole number"}, {"", "not a whole number"},
	} {
		t.Run("bad/"+tc.in, func(t *testing.T) {
			_, err := core.ParseUint("--seed", tc.in)
			require.ErrorContains(t, err, tc.msg)
			require.ErrorContains(t, err, "--seed")
		})
	}
}
