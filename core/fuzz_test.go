package core_test

import (
	"encoding/json"
	"testing"

	"github.com/coverkit/coverkit/core"
)

// FuzzParseCount checks that ParseCount never panics and keeps what it
// accepts within 0..max.
func FuzzParseCount(f *testing.F) {
	for _, s := range []string{"0", "8", "1e6", "1_000", "-1", "1e1_0", "1e99", "\xff", "", "9223372036854775807"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := core.ParseCount("K", s, 1<<40)
		if err == nil && (v < 0 || v > 1<<40) {
			t.Fatalf("ParseCount(%q) = %d out of range", s, v)
		}
	})
}

// FuzzCountJSON checks that a Count read from JSON writes back the same
// digits, and that anything else is an error, never a wrapped value.
func FuzzCountJSON(f *testing.F) {
	for _, s := range []string{"0", "18446744073709551616", "340282366920938463463374607431768211455", "340282366920938463463374607431768211456", "-1", "1.5", `"7"`, "01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var c core.Count
		if err := json.Unmarshal([]byte(s), &c); err != nil {
			return
		}
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		var back core.Count
		if err := json.Unmarshal(b, &back); err != nil || back != c {
			t.Fatalf("%q read as %s does not round-trip", s, c)
		}
	})
}

// FuzzParseStatus checks that ParseStatus accepts exactly the names that
// Status prints.
func FuzzParseStatus(f *testing.F) {
	for _, s := range []string{"exhausted", "found", "limit", "timeout", "canceled", "", "Found"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		st, err := core.ParseStatus(s)
		if err == nil && st.String() != s {
			t.Fatalf("ParseStatus(%q) = %s", s, st)
		}
	})
}
