package main

import (
	"testing"

	"github.com/coverkit/coverkit/units"
	"github.com/stretchr/testify/require"
)

func TestParseUnit(t *testing.T) {
	env := func(m map[string]string) func(string) (string, bool) {
		return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
	}
	tests := []struct {
		name, spec  string
		k, off      uint64
		env         map[string]string
		first, last uint64
		bad         bool
	}{
		{"one", "3", 8, 0, nil, 3, 3, false},
		{"range", "2-5", 8, 0, nil, 2, 5, false},
		{"offset", "1", 8, 4, nil, 5, 5, false},
		{"slurm", "env", 8, 0, map[string]string{"SLURM_ARRAY_TASK_ID": "6"}, 6, 6, false},
		{"k8s", "env", 8, 0, map[string]string{"JOB_COMPLETION_INDEX": "0"}, 0, 0, false},
		{"too big", "8", 8, 0, nil, 0, 0, true},
		{"negative", "-1", 8, 0, nil, 0, 0, true},
		{"word", "x", 8, 0, nil, 0, 0, true},
		{"backwards", "5-2", 8, 0, nil, 0, 0, true},
		{"empty env", "env", 8, 0, map[string]string{"SLURM_ARRAY_TASK_ID": ""}, 0, 0, true},
		{"no env", "env", 8, 0, nil, 0, 0, true},
		{"offset too far", "7", 8, 1, nil, 0, 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, l, err := parseUnit(tc.spec, tc.k, tc.off, env(tc.env))
			if tc.bad {
				require.ErrorIs(t, err, units.ErrBadUnit)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.first, f)
			require.Equal(t, tc.last, l)
		})
	}
	_, err := parseUnits("0")
	require.ErrorIs(t, err, units.ErrBadUnit)
}

// FuzzParseUnit: any unit spec is accepted within 0..K−1 or refused with
// ErrBadUnit.
func FuzzParseUnit(f *testing.F) {
	for _, s := range []string{"0", "3-5", "env", "-1", "5-2", "x", "18446744073709551615"} {
		f.Add(s, uint64(8), uint64(0))
	}
	f.Fuzz(func(t *testing.T, spec string, k, off uint64) {
		first, last, err := parseUnit(spec, k, off, func(string) (string, bool) { return "3", true })
		if err != nil {
			return
		}
		if first > last || last >= k {
			t.Fatalf("%q K=%d offset=%d: units %d-%d", spec, k, off, first, last)
		}
	})
}
