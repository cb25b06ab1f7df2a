package core

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseBytes(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     uint64
		err      string // a part of the error's message; "" for none
	}{
		{"none", "", 0, ""},
		{"plain", "512", 512, ""},
		{"exponent", "1e9", 1e9, ""},
		{"underscores", "1_000", 1000, ""},
		{"binary unit", "512MiB", 512 << 20, ""},
		{"decimal unit", "2GB", 2e9, ""},
		{"spaced unit", " 3 KiB ", 3 << 10, ""},
		{"bytes", "7B", 7, ""},
		{"largest", "9223372036854775807", math.MaxInt64, ""},
		{"zero", "0", 0, "must be positive"},
		{"negative", "-3", 0, "must be positive"},
		{"unknown unit", "12XB", 0, "want a number of bytes"},
		{"a fraction", "1.5GB", 0, "want a whole number of bytes"},
		{"past int64", "1e30", 0, "is too large (at most 9223372036854775807 bytes)"},
		{"past int64 with a unit", "1e30GiB", 0, "is too large"},
		{"the unit overflows", "9e18KiB", 0, "is too large"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseBytes("--memo-bytes", tc.in)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				require.ErrorContains(t, err, "--memo-bytes")
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

// FuzzParseBytes: ParseBytes never panics, and what it accepts fits an
// int64.
func FuzzParseBytes(f *testing.F) {
	for _, s := range []string{"", "512", "1e9", "512MiB", "2GB", "1e30", "9e18KiB", "-1", "1_0KB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseBytes("--memo-bytes", s)
		if err == nil && v > math.MaxInt64 {
			t.Fatalf("%q: %d past int64", s, v)
		}
	})
}
