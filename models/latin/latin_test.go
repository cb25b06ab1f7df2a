package latin_test

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/latin"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

// Known counts: OEIS A002860 (Latin squares) and A000315 (reduced).
func TestCounts(t *testing.T) {
	for _, tc := range []struct {
		n       int
		reduced bool
		method  string
		want    string
	}{
		{1, false, "", "1"}, {2, false, "", "2"}, {3, false, "", "12"},
		{4, false, "", "576"}, {5, false, "", "161280"}, {6, false, "", "812851200"},
		{7, false, "", "61479419904000"}, // 16,942,080 reduced squares: too slow here; see below
		{4, false, latin.MethodDirect, "576"}, {5, false, latin.MethodDirect, "161280"},
		{1, true, "", "1"}, {2, true, "", "1"}, {3, true, "", "1"},
		{4, true, "", "4"}, {5, true, "", "56"}, {6, true, "", "9408"},
	} {
		name := fmt.Sprintf("%d reduced=%v %s", tc.n, tc.reduced, tc.method)
		t.Run(name, func(t *testing.T) {
			if tc.n == 7 {
				c, ok := latin.FromReduced(16942080, 7)
				require.True(t, ok)
				require.Equal(t, tc.want, c.String())
				return
			}
			sq, err := latin.New(tc.n, tc.reduced)
			require.NoError(t, err)
			res, err := latin.Solve(context.Background(), sq, &core.Options{Mode: core.ModeCount, Method: tc.method, Workers: 2})
			require.NoError(t, err)
			require.Equal(t, core.StatusExhausted, res.Status)
			require.Equal(t, tc.want, res.Solutions.String())
		})
	}
}

func TestEnumerateVerifies(t *testing.T) {
	for _, reduced := range []bool{false, true} {
		sq, err := latin.New(4, reduced)
		require.NoError(t, err)
		seen := map[string]bool{}
		res, err := latin.Solve(context.Background(), sq, &core.Options{Mode: core.ModeAll, Visit: func(sol core.Solution, _ core.Stats) bool {
			require.NoError(t, sq.Verify(sol))
			seen[fmt.Sprint(sol)] = true
			return true
		}})
		require.NoError(t, err)
		want := map[bool]int{false: 576, true: 4}[reduced]
		require.Len(t, seen, want, "distinct squares")
		require.Equal(t, fmt.Sprint(want), res.Solutions.String())
	}
	sq, _ := latin.New(6, true)
	res, err := latin.Solve(context.Background(), sq, nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusFound, res.Status)
	require.NoError(t, sq.Verify(res.First))
}

func TestVerify(t *testing.T) {
	sq, _ := latin.New(3, true)
	require.NoError(t, sq.Verify(core.Solution{1, 2, 3, 2, 3, 1, 3, 1, 2}))
	require.ErrorContains(t, sq.Verify(core.Solution{1, 2, 3, 3, 1, 2, 2, 3, 1}), "reduced square has 2 there")
	require.ErrorContains(t, sq.Verify(core.Solution{1, 2, 3, 2, 3, 1, 3, 2, 1}), "column 2 holds 2 twice")
	full, _ := latin.New(3, false)
	require.ErrorContains(t, full.Verify(core.Solution{1, 2, 3, 2, 3, 1, 2, 1, 3}), "column 1 holds 2 twice")
	require.ErrorContains(t, full.Verify(core.Solution{1, 1, 3, 2, 3, 1, 3, 2, 2}), "row 1 holds 1 twice")
	require.ErrorContains(t, full.Verify(core.Solution{1, 2}), "2 cells")
	require.ErrorContains(t, full.Verify(core.Solution{1, 2, 4, 2, 3, 1, 3, 1, 2}), "out of range")
	var b strings.Builder
	require.NoError(t, full.Render(&b, core.Solution{1, 2, 3, 2, 3, 1, 3, 1, 2}, ""))
	require.Equal(t, "1 2 3\n2 3 1\n3 1 2\n", b.String())
	require.Equal(t, "latin", full.Model())
	require.Equal(t, "3 reduced", sq.Size())
}

func TestErrors(t *testing.T) {
	_, err := latin.New(0, false)
	require.ErrorContains(t, err, "out of range")
	_, err = latin.New(65, false)
	require.ErrorContains(t, err, "out of range")
	sq, _ := latin.New(4, false)
	_, err = latin.Solve(context.Background(), sq, &core.Options{Mode: core.ModeCount, Method: "magic"})
	require.ErrorIs(t, err, core.ErrUnsupported)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	big, _ := latin.New(8, true)
	res, err := latin.Solve(ctx, big, &core.Options{Mode: core.ModeCount, Workers: 1})
	require.NoError(t, err)
	require.Equal(t, core.StatusTimeout, res.Status, "a partial count is marked")
	alg, err := models.LookupAlgorithm("latin", "dlx")
	require.NoError(t, err)
	require.True(t, alg.Caps.Has(models.CanCount))
}

func BenchmarkLatinCount(b *testing.B) {
	for _, tc := range []struct {
		n       int
		reduced bool
	}{{5, false}, {6, true}} {
		b.Run(fmt.Sprintf("n=%d reduced=%v", tc.n, tc.reduced), func(b *testing.B) {
			sq, _ := latin.New(tc.n, tc.reduced)
			for b.Loop() {
				if _, err := latin.Solve(context.Background(), sq, &core.Options{Mode: core.ModeCount, Workers: 1, Method: latin.MethodDirect}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func Example() {
	sq, _ := latin.New(5, false)
	res, _ := latin.Solve(context.Background(), sq, &core.Options{Mode: core.ModeCount})
	fmt.Println(res.Solutions, res.Extra["reduced_squares"])
	// Output: 161280 56
}

// TestFromReducedOverflow checks issue 12 item 2: a count of all squares
// that passes 128 bits is never returned wrapped. 20!·19! is about
// 2.96·10^35 and 2^128 about 3.40·10^38, so at order 20 up to 1149 reduced
// squares fit and 1150 do not; 81829 reduced squares (what a one-second
// search finds) are about 2.4·10^40.
func TestFromReducedOverflow(t *testing.T) {
	limit := new(big.Int).Lsh(big.NewInt(1), 128)
	for _, tc := range []struct {
		name string
		r    uint64
		n    int
		ok   bool
	}{
		{"order 20, 1149 reduced", 1149, 20, true},
		{"order 20, 1150 reduced", 1150, 20, false},
		{"order 20, 81829 reduced", 81829, 20, false},
		{"order 21, 2 reduced", 2, 21, true},
		{"order 21, 3 reduced", 3, 21, false},
		{"order 35, 1 reduced", 1, 35, false},
		{"order 35, 0 reduced", 0, 35, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, ok := latin.FromReduced(tc.r, tc.n)
			exact := latin.FromReducedBig(tc.r, tc.n)
			require.Equal(t, tc.ok, ok)
			require.Equal(t, tc.ok, exact.Cmp(limit) < 0)
			if ok {
				require.Equal(t, exact.String(), c.String())
			}
		})
	}
}

// TestCountTooLargeIsRefused runs a short count of order 20 (stopped by a
// deadline): its lower bound cannot be held in 128 bits as soon as more
// than 1149 reduced squares are found, and is then refused with the exact
// figure in the message, never wrapped.
func TestCountTooLargeIsRefused(t *testing.T) {
	sq, err := latin.New(20, false)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	res, err := latin.Solve(ctx, sq, &core.Options{Mode: core.ModeCount, Workers: 1})
	if err == nil {
		r, ok := res.Extra["reduced_squares"].(uint64)
		require.True(t, ok, "the reduced count is reported")
		require.LessOrEqual(t, r, uint64(1149), "a count that fits")
		require.Equal(t, latin.FromReducedBig(r, 20).String(), res.Solutions.String())
		return
	}
	require.ErrorIs(t, err, resource.ErrTooLarge)
	require.ErrorContains(t, err, "more than a 128-bit count holds")
	require.ErrorContains(t, err, "at least")
}

func TestCountBeyond128BitsRefusedUpFront(t *testing.T) {
	sq, err := latin.New(22, false)
	require.NoError(t, err)
	_, err = latin.Solve(context.Background(), sq, &core.Options{Mode: core.ModeCount})
	require.ErrorIs(t, err, resource.ErrTooLarge)
	require.ErrorContains(t, err, "22!·21!")
}
