package resource_test

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"testing"

	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

func TestWorkers(t *testing.T) {
	procs := runtime.GOMAXPROCS(0)
	capW := max(1024, 8*procs)
	for _, tc := range []struct {
		name    string
		in      int
		listing bool
		want    int
		err     string
	}{
		{"zero for a count is GOMAXPROCS", 0, false, procs, ""},
		{"zero for a listing is one", 0, true, 1, ""},
		{"one", 1, false, 1, ""},
		{"three for a listing, as given", 3, true, 3, ""},
		{"at the cap", capW, false, capW, ""},
		{"negative", -1, false, 0, "must be 0 (the default) or more"},
		{"negative listing", -1, true, 0, "must be 0 (the default) or more"},
		{"above the cap", capW + 1, false, 0, "more than the cap of"},
		{"huge", 1 << 30, true, 0, "more than the cap of"},
		{"max int", math.MaxInt, false, 0, "more than the cap of"},
		{"min int", math.MinInt, false, 0, "must be 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := resource.Workers(tc.in, tc.listing)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				require.ErrorIs(t, err, resource.ErrWorkers)
				require.ErrorIs(t, err, resource.ErrWorkers)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
	w, err := resource.CheckWorkers(0)
	require.NoError(t, err)
	require.Zero(t, w)
	_, err = resource.CheckWorkers(-3)
	require.ErrorIs(t, err, resource.ErrWorkers)
}

func TestBytesSaturates(t *testing.T) {
	require.Equal(t, uint64(600), resource.Bytes(20, 30))
	require.Equal(t, uint64(math.MaxUint64), resource.Bytes(1<<40, 1<<40))
}

func TestCheck(t *testing.T) {
	require.NoError(t, resource.Check("a small thing", 1<<10))
	err := resource.Check("a board of 2^40 squares", resource.Bytes(1<<40, 1<<20))
	require.ErrorIs(t, err, resource.ErrTooLarge)
	require.ErrorContains(t, err, "a board of 2^40 squares needs about")
	require.ErrorContains(t, err, "allows")
	if runtime.GOOS == "linux" {
		avail := resource.Available()
		require.NotZero(t, avail)
		err = resource.Check("x", avail+avail/2+1<<30)
		require.ErrorIs(t, err, resource.ErrTooLarge)
		require.True(t, errors.Is(err, resource.ErrTooLarge))
	}
}

func TestFormatBytes(t *testing.T) {
	require.Equal(t, "512 B", resource.FormatBytes(512))
	require.Equal(t, "1.5 KiB", resource.FormatBytes(1536))
	require.Equal(t, "16.0 EiB", resource.FormatBytes(math.MaxUint64))
}

func ExampleWorkers() {
	w, err := resource.Workers(4, false)
	fmt.Println(w, err)
	w, err = resource.Workers(0, true) // the default of a listing
	fmt.Println(w, err)
	_, err = resource.Workers(-1, false)
	fmt.Println(err)
	// Output:
	// 4 <nil>
	// 1 <nil>
	// workers -1: must be 0 (the default) or more: resource: bad worker count
}

func ExampleCheck() {
	err := resource.Check("a board of 2^40 squares", resource.Bytes(1<<40, 1<<20))
	fmt.Println(errors.Is(err, resource.ErrTooLarge))
	// Output:
	// true
}

// TestGrow checks the steps of a structure that grows: small ones are
// granted without reading the limits, and past SmallBytes a step is
// refused when it would take more than half of what is available, or
// than the address space.
func TestGrow(t *testing.T) {
	require.NoError(t, resource.Grow("small", 0, 1<<20))
	require.NoError(t, resource.Grow("small", resource.SmallBytes-1<<20, 1<<20))
	for _, tc := range []struct {
		name       string
		held, step uint64
	}{
		{"beyond the address space", 0, resource.AddressSpace + 1},
		{"a step that wraps", math.MaxUint64, 2},
		{"held at the address space", resource.AddressSpace, resource.SmallBytes},
	} {
		err := resource.Grow("the table", tc.held, tc.step)
		require.ErrorIs(t, err, resource.ErrTooLarge, tc.name)
		require.ErrorContains(t, err, "the table: growing from", tc.name)
	}
	if avail := resource.Available(); avail > 4*resource.SmallBytes {
		require.NoError(t, resource.Grow("a fair step", resource.SmallBytes, avail/8))
		require.ErrorIs(t, resource.Grow("a greedy step", resource.SmallBytes, avail/2), resource.ErrTooLarge)
	}
}
