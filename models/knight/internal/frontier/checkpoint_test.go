package frontier

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/stretchr/testify/require"
)

// A count stopped part way resumes from the checkpoint of its last column
// to the count of an unbroken run (A175855: 5x10 closed, 13,311,268), on
// any number of workers, and removes the checkpoint when it is done; a
// checkpoint of another count, or damaged, is refused.
func TestCheckpointResumes(t *testing.T) {
	p := Problem{Rows: 5, Cols: 10, Closed: true, From: -1}
	want := count(t, p.Rows, p.Cols, p.Closed, -1, nil)
	for _, workers := range []int{1, 2} {
		path := filepath.Join(t.TempDir(), "5x10.ck")
		o := &Options{Workers: workers, Checkpoint: path}
		// Stop after about half the states: the columns before are saved.
		m := core.NewMeter(context.Background(), &core.Options{MaxNodes: want.Nodes / 2})
		r, err := Count(m, p, o)
		require.NoError(t, err)
		require.Equal(t, core.StatusLimit, r.Status)
		_, err = os.Stat(path)
		require.NoError(t, err, "a checkpoint after a column")

		saved, err := os.ReadFile(path)
		require.NoError(t, err)
		other := &Options{Checkpoint: path}
		_, err = Count(nil, Problem{Rows: 5, Cols: 12, Closed: true, From: -1}, other)
		require.ErrorIs(t, err, ErrCheckpoint)
		require.ErrorContains(t, err, "of another count")
		damaged := append([]byte(nil), saved...)
		damaged[len(damaged)/2] ^= 1
		require.NoError(t, os.WriteFile(path, damaged, 0o600))
		_, err = Count(nil, p, o)
		require.ErrorIs(t, err, ErrCheckpoint)
		require.NoError(t, os.WriteFile(path, saved[:len(saved)-3], 0o600))
		_, err = Count(nil, p, o)
		require.ErrorIs(t, err, ErrCheckpoint)
		require.NoError(t, os.WriteFile(path, saved, 0o600))

		r, err = Count(nil, p, o)
		require.NoError(t, err)
		require.Equal(t, core.StatusExhausted, r.Status)
		require.Positive(t, r.Resumed)
		require.Equal(t, want.Count, r.Count)
		require.Equal(t, want.States, r.States)
		_, err = os.Stat(path)
		require.ErrorIs(t, err, os.ErrNotExist, "the checkpoint is removed when the count is done")
	}
	_, err := Count(nil, p, &Options{Method: MethodJoin, Checkpoint: filepath.Join(t.TempDir(), "x")})
	require.ErrorContains(t, err, "join does not save checkpoints")
}

// A stop between two steps (here before the first) stops the count: it
// never passes for a finished count of nothing. The checkpoint is saved
// at a column's end once Every has passed since the last save: with a
// long Every, a stopped count saves none.
func TestStopBetweenSteps(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, method := range []string{MethodSweep, MethodJoin} {
		r, err := Count(core.NewMeter(ctx, nil), Problem{Rows: 6, Cols: 7, Closed: true, From: -1}, &Options{Workers: 2, Method: method})
		require.NoError(t, err)
		require.Equal(t, core.StatusCanceled, r.Status, method)
	}
	p := Problem{Rows: 5, Cols: 10, Closed: true, From: -1}
	path := filepath.Join(t.TempDir(), "5x10.ck")
	var reports []Progress
	r, err := Count(core.NewMeter(context.Background(), &core.Options{MaxNodes: 100000}), p,
		&Options{Checkpoint: path, Every: time.Hour, Report: func(pr Progress) { reports = append(reports, pr) }})
	require.NoError(t, err)
	require.Equal(t, core.StatusLimit, r.Status)
	require.Zero(t, r.Saves)
	_, err = os.Stat(path)
	require.ErrorIs(t, err, os.ErrNotExist, "no save within Every")
	require.NotEmpty(t, reports)
	last := reports[len(reports)-1]
	require.Positive(t, last.States, "the states of the level")
	require.Equal(t, EstimatePeak(5, 10, true), last.Estimate, "the estimated peak")
}
