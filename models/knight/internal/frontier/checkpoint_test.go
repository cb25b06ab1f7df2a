package frontier

import (
	"bytes"
	"context"
	"encoding/binary"
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

// bigCheckpoint saves at path the checkpoint of an 8×8 closed count after
// column 7 with one level of 400,000 entries (6.4 MB), and returns the
// count, its saved state, the level and the file's bytes.
func bigCheckpoint(t *testing.T, path string) (Problem, *saved, *level, []byte) {
	t.Helper()
	p := Problem{Rows: 8, Cols: 8, Closed: true, From: -1}
	w := newWriter(&pool{}, 1)
	for k := range uint64(400_000) { // 6.4 MB of entries
		w.add(0, k, []uint64{k})
	}
	l := &level{buckets: make([]bucket, 1)}
	l.join([]*writer{w})
	sv := &saved{last: 7, done: []uint64{0}, states: make([]uint64, 8), move: make([]uint64, 8)}
	require.NoError(t, saveCheckpoint(path, p, sv, l, nil))
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	return p, sv, l, before
}

// A save asks whether the count was stopped every 1 MiB and abandons the
// save when it was: the last checkpoint stays whole, and no temporary
// file is left.
func TestSaveStops(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ck")
	p, sv, l, before := bigCheckpoint(t, path)

	calls := 0
	sv.last = 15
	sv.states, sv.move = make([]uint64, 16), make([]uint64, 16)
	err := saveCheckpoint(path, p, sv, l, func() bool { calls++; return calls > 2 })
	require.ErrorIs(t, err, errSaveStopped)
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, before, after, "the last checkpoint is left whole")
	left, err := filepath.Glob(filepath.Join(dir, "*.tmp*"))
	require.NoError(t, err)
	require.Empty(t, left, "no temporary file left")
}

// A load asks whether the count was stopped every 1 MiB read and gives
// up when it was (a checkpoint of 8×8 holds gigabytes: read whole, a stop
// during the load waited for the end of the file); the count then ends
// stopped, with no error, and the checkpoint stays as it was.
func TestLoadStops(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck")
	p, _, l, before := bigCheckpoint(t, path)

	c := &counter{b: newBoard(8, 8), closed: true, from: -1, pool: &pool{}, bucketStates: 1 << 20}
	calls := 0
	got, _, err := c.loadCheckpoint(path, p, func() bool { calls++; return calls > 2 })
	require.ErrorIs(t, err, errLoadStopped)
	require.Nil(t, got)
	require.Equal(t, 3, calls, "a look at the stop a MiB read")
	got, _, err = c.loadCheckpoint(path, p, func() bool { return false })
	require.NoError(t, err)
	require.Equal(t, l.n, got.n, "the whole level, when nothing stops it")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Count(core.NewMeter(ctx, nil), p, &Options{Checkpoint: path})
	require.NoError(t, err)
	require.Equal(t, core.StatusCanceled, r.Status)
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, before, after, "the checkpoint is left as it was")
}

// FuzzReadCheckpoint: the checkpoint reader never panics, and takes
// memory only as its input holds entries and the memory policy grants it
// (a length past its bound is refused before anything is made of it);
// what it accepts resumes to the count of an unbroken run, and what it
// refuses wraps ErrCheckpoint.
func FuzzReadCheckpoint(f *testing.F) {
	p := Problem{Rows: 4, Cols: 8, Closed: false, From: -1}
	want, err := Count(nil, p, nil)
	require.NoError(f, err)
	path := filepath.Join(f.TempDir(), "ck")
	// Stopped after square 20: the checkpoint of column 5 is saved.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r, err := Count(core.NewMeter(ctx, nil), p, &Options{Workers: 1, Checkpoint: path, Report: func(pr Progress) {
		if pr.Step >= 20 && pr.Done == pr.Of {
			cancel()
		}
	}})
	require.NoError(f, err)
	require.Equal(f, core.StatusCanceled, r.Status)
	seed, err := os.ReadFile(path)
	require.NoError(f, err)
	f.Add(seed)
	f.Add(seed[:len(seed)/2])
	f.Add([]byte(checkpointMagic))
	// A length past its bound (here the buckets: 2^40) is refused before
	// anything is made of it (it once was made: out of memory).
	huge := []byte(checkpointMagic)
	for _, x := range []uint64{4, 8, 0, ^uint64(0), 15, 0, 0, 1, 0, 16} {
		huge = binary.LittleEndian.AppendUint64(huge, x)
	}
	for range 2 {
		huge = append(huge, make([]byte, 8*16)...) // the states and moves of 16 steps
		huge = binary.LittleEndian.AppendUint64(huge, 16)
	}
	huge = huge[:len(huge)-8]
	f.Add(binary.LittleEndian.AppendUint64(huge, 1<<40))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "ck")
		require.NoError(t, os.WriteFile(path, data, 0o600))
		r, err := Count(nil, p, &Options{Workers: 1, Checkpoint: path})
		if err != nil {
			require.ErrorIs(t, err, ErrCheckpoint)
			return
		}
		if r.Resumed > 0 && bytes.Equal(data, seed) {
			require.Equal(t, want.Count, r.Count)
		}
	})
}
