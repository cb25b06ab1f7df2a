package units_test

import (
	"context"
	"testing"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/units"
	"github.com/stretchr/testify/require"
)

// TestDecomposeAlternate checks that Decompose replaces a decomposition by
// its Alternate for the algorithm asked (the queens join's split by the
// coronal one for "coronal"), in the first run and in every run again,
// and keeps it for its own algorithm, "", "auto" and an algorithm it has
// no alternate for (which the caller then refuses).
func TestDecomposeAlternate(t *testing.T) {
	m, err := models.Lookup("queens")
	require.NoError(t, err)
	ctx := context.Background()
	for _, tc := range []struct {
		n          int
		algo, want string
	}{
		{13, "coronal", queens.CoronalName},
		{13, "join", queens.JoinSplitName},
		{13, "", queens.JoinSplitName},
		{13, "auto", queens.JoinSplitName},
		{13, "bitwise", queens.JoinSplitName},
		{12, "coronal", queens.CoronalName},
		{12, "join", queens.CoronalName},
	} {
		dec, again, err := units.Decompose(ctx, m.Decompose, queens.New(tc.n), 4, tc.algo)
		require.NoError(t, err)
		require.Equal(t, tc.want, dec.Name(), "n = %d, --algo %q", tc.n, tc.algo)
		d, err := again()
		require.NoError(t, err)
		require.Equal(t, tc.want, d.Name(), "n = %d, --algo %q, again", tc.n, tc.algo)
		if tc.want == queens.CoronalName {
			require.Equal(t, "coronal", units.AlgorithmOf(dec))
		}
	}
}
