package units_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/units"
	"github.com/stretchr/testify/require"
)

// TestCellsUnitWorkers checks units counted by the dancing cells (the dlx
// model's split for --algo cells, made anew by the cells' tree): on 1, 2,
// 3 and 8 workers a unit's lines (count, subproblems, fingerprint, nodes
// and updates) are the same, and the counts add up to the known totals
// (Langford pairs of order 8, both orders of each: 2 × 150, OEIS A014552;
// 8 queens: 92, A000170).
func TestCellsUnitWorkers(t *testing.T) {
	m, err := models.Lookup("dlx")
	require.NoError(t, err)
	ctx := context.Background()
	for _, tc := range []struct {
		file string
		want uint64
	}{{"langford-8.dlx", 300}, {"queens-8.dlx", 92}} {
		t.Run(tc.file, func(t *testing.T) {
			req := models.Request{Args: []string{tc.file}, Open: func(string) (io.ReadCloser, error) {
				return os.Open(filepath.Join("..", "testdata", "dlx", tc.file))
			}}
			p, err := m.Instance.New(req)
			require.NoError(t, err)
			const k = 7
			dec, again, err := units.Decompose(ctx, m.Decompose, p, k, "cells")
			require.NoError(t, err)
			require.Equal(t, "cells", units.AlgorithmOf(dec))
			run := func(w int) []*units.Line {
				d, err := again()
				require.NoError(t, err)
				return mustRun(t, &units.Job{Model: "dlx", Size: p.Size(), Algorithm: "cells", Dec: d, Units: k,
					First: 0, Last: k - 1, Version: "test", Workers: w, NewDec: again})
			}
			one := run(1)
			var total uint64
			for _, l := range one {
				n, ok := l.Solutions.Uint64()
				require.True(t, ok)
				total += n
			}
			require.Equal(t, tc.want, total)
			want := stripTimes(t, one)
			for _, w := range []int{2, 3, 8} {
				require.Equal(t, want, stripTimes(t, run(w)), fmt.Sprintf("W=%d", w))
			}
		})
	}
}
