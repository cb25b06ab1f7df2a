package units_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/coverkit/coverkit/resource"
	"github.com/coverkit/coverkit/units"
	"github.com/stretchr/testify/require"
)

// TestEmptyUnitsStop runs 10^6 units of which all but 50 are empty (issue
// 32: an empty unit returned at once without looking at the stop, and
// 10^6 of them ran a minute past a deadline): the job stops within its
// deadline's 100 ms, with or without a checkpoint, and a job that streams
// its lines (Emit, no checkpoint) holds none.
func TestEmptyUnitsStop(t *testing.T) {
	for _, ck := range []string{"", filepath.Join(t.TempDir(), "ck.json")} {
		emitted := 0
		j := &units.Job{Model: "stop", Size: "50", Algorithm: "none", Dec: stopDec{m: 50}, Units: 1_000_000,
			First: 0, Last: 999_999, Version: "test", Checkpoint: ck, Every: time.Hour,
			Emit: func(*units.Line) error { emitted++; return nil }}
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		start := time.Now()
		ls, err := j.Run(ctx)
		took := time.Since(start)
		cancel()
		require.ErrorIs(t, err, units.ErrStopped, "checkpoint %q", ck)
		require.ErrorContains(t, err, "(timeout)")
		require.Nil(t, ls)
		require.Less(t, took, time.Second, "checkpoint %q: stopped %v after the start, the deadline at 50 ms", ck, took)
		if ck == "" { // (with a checkpoint, each unit saves it: fewer units run)
			require.Greater(t, emitted, 50, "the empty units after the 50 subproblems ran too")
		}
	}
}

// TestHeldLinesRefused: a job that holds its lines (a checkpoint, or no
// Emit: they are returned) is refused before it counts when they would
// not fit; one that streams them is not.
func TestHeldLinesRefused(t *testing.T) {
	const k = 1 << 50 // 2^60 bytes of lines
	for _, j := range []*units.Job{
		{Model: "stop", Size: "50", Algorithm: "none", Dec: stopDec{m: 50}, Units: k, First: 0, Last: k - 1},
		{Model: "stop", Size: "50", Algorithm: "none", Dec: stopDec{m: 50}, Units: k, First: 0, Last: k - 1,
			Checkpoint: filepath.Join(t.TempDir(), "ck.json"), Emit: func(*units.Line) error { return nil }},
	} {
		_, err := j.Run(context.Background())
		require.ErrorIs(t, err, resource.ErrTooLarge)
		require.ErrorContains(t, err, "the lines of units 0-")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	j := &units.Job{Model: "stop", Size: "50", Algorithm: "none", Dec: stopDec{m: 50}, Units: k, First: 0, Last: k - 1,
		Emit: func(*units.Line) error { return nil }}
	_, err := j.Run(ctx)
	require.True(t, errors.Is(err, units.ErrStopped), "streamed lines need no room: %v", err)
}
