package units_test

import (
	"strings"
	"testing"

	"github.com/coverkit/coverkit/units"
)

// FuzzMerge feeds merge arbitrary input: it must return a summary or an
// error wrapping ErrMerge, never panic.
func FuzzMerge(f *testing.F) {
	f.Add(`{"model":"queens","size":"8","algorithm":"bitwise","status":"exhausted","partial":false,"solutions":92,"elapsed_seconds":0,"schema":{"name":"coverkit-unit","version":1},"decomposition":"queens-coronal/1","units":1,"unit":0,"subproblems":179,"fingerprint":"0000000000000000","cpu_seconds":0,"resumes":0,"version":"x"}`)
	f.Add("\n\n{}\n")
	f.Add(`{"schema":{"name":"coverkit-unit","version":1},"units":18446744073709551615,"unit":18446744073709551614,"subproblems":18446744073709551615}`)
	f.Fuzz(func(t *testing.T, in string) {
		s, err := units.Merge([]units.Source{{Name: "fuzz", R: strings.NewReader(in)}})
		if err == nil && s == nil {
			t.Fatal("no summary and no error")
		}
	})
}

// FuzzParseUnit: any unit spec is accepted within 0..K−1 or refused with
// ErrBadUnit.
func FuzzParseUnit(f *testing.F) {
	for _, s := range []string{"0", "3-5", "env", "-1", "5-2", "x", "18446744073709551615"} {
		f.Add(s, uint64(8), uint64(0))
	}
	f.Fuzz(func(t *testing.T, spec string, k, off uint64) {
		first, last, err := units.ParseUnit(spec, k, off, func(string) (string, bool) { return "3", true })
		if err != nil {
			return
		}
		if first > last || last >= k {
			t.Fatalf("%q K=%d offset=%d: units %d-%d", spec, k, off, first, last)
		}
	})
}
