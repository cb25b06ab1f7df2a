package dlx_test

import (
	"context"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/dlx/internal/gen"
	"github.com/stretchr/testify/require"
)

// TestSampleStops stops samples (issue 32): one stopped while it counts
// drew nothing and knows no count; one of 2^40 draws, each answered from
// the memo without a search, stops at its deadline with the draws made.
func TestSampleStops(t *testing.T) {
	s := solver(t, parse(t, gen.Dominoes(8, 8)))
	res, err := s.Sample(context.Background(), 2, &dlx.Options{MaxNodes: 50})
	require.NoError(t, err)
	require.Equal(t, core.StatusLimit, res.Status)
	require.Zero(t, res.Solutions, "no draw")
	require.True(t, res.Count.IsZero(), "no count known")

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err = s.Sample(ctx, 1<<40, nil)
	require.NoError(t, err)
	require.Less(t, time.Since(start), time.Second)
	require.Equal(t, core.StatusTimeout, res.Status)
	require.NotZero(t, res.Solutions)
	require.Equal(t, "12988816", res.Count.String()) // OEIS A004003(4)
}
