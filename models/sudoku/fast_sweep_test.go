package sudoku

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// fastWithSweep runs f with fastUseSweep set to on, restoring it after.
func fastWithSweep(on bool, f func()) {
	old := fastUseSweep
	fastUseSweep = on
	defer func() { fastUseSweep = old }()
	f()
}

func TestFastSweepSets(t *testing.T) {
	if !fastHaveSweep {
		t.Skip("no AVX-512 here")
	}
	for _, name := range []string{"top1465.txt", "17clue.txt"} {
		ps := fastLoad(t, name)
		var f Fast
		for i := range ps {
			for _, limit := range []uint64{1, 2} {
				var sa, sb [81]uint8
				var na, nb, fa, fb uint64
				fastWithSweep(false, func() { fa, na, _ = f.Solve(context.Background(), &ps[i], limit, &sa) })
				fastWithSweep(true, func() { fb, nb, _ = f.Solve(context.Background(), &ps[i], limit, &sb) })
				require.Equal(t, fa, fb, "%s %d", name, i)
				require.Equal(t, na, nb, "%s %d", name, i)
				require.Equal(t, sa, sb, "%s %d", name, i)
			}
		}
	}
}
