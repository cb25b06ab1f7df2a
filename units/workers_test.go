package units_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/resource"
	"github.com/coverkit/coverkit/units"
	"github.com/stretchr/testify/require"
)

// queensJob is a job over units first..last of k of n queens on workers
// goroutines, each worker with a coronal decomposition of its own.
func queensJob(t *testing.T, n int, k, first, last uint64, workers int) *units.Job {
	t.Helper()
	newDec := func() (core.Decomposition, error) { return queens.NewCoronal(n) }
	dec, err := newDec()
	require.NoError(t, err)
	return &units.Job{Model: "queens", Size: fmt.Sprint(n), Algorithm: "bitwise", Dec: dec, Units: k,
		First: first, Last: last, Version: "test", Workers: workers, NewDec: newDec}
}

// stripTimes returns the lines as JSON without their timings.
func stripTimes(t *testing.T, ls []*units.Line) []string {
	t.Helper()
	var out []string
	for _, l := range ls {
		x := *l
		x.ElapsedSeconds, x.CPUSeconds = 0, 0
		b, err := x.Marshal()
		require.NoError(t, err)
		out = append(out, string(b))
	}
	return out
}

// A unit honours its workers: the lines (count, subproblems, fingerprint,
// work) are the same for every worker count, also when the workers may
// hold only a few results ahead of the unit's prefix and must wait.
func TestUnitWorkers(t *testing.T) {
	for _, held := range []struct{ pending, batch int }{{0, 0}, {1, 1}, {3, 2}, {2, 64}} {
		if held.pending > 0 {
			defer units.SetLanes(held.pending, held.batch)()
		}
		for _, n := range []int{8, 11, 12} {
			const k = 5
			want := stripTimes(t, mustRun(t, queensJob(t, n, k, 0, k-1, 1)))
			for _, w := range []int{2, 3, 8} {
				t.Run(fmt.Sprintf("held=%d,%d/n=%d/W=%d", held.pending, held.batch, n, w), func(t *testing.T) {
					require.Equal(t, want, stripTimes(t, mustRun(t, queensJob(t, n, k, 0, k-1, w))))
				})
			}
		}
	}
}

func mustRun(t *testing.T, j *units.Job) []*units.Line {
	t.Helper()
	ls, err := j.Run(context.Background())
	require.NoError(t, err)
	return ls
}

// A unit stopped on W workers resumes from its checkpoint on another
// number of workers and ends with the same line: the checkpoint holds the
// prefix of the unit's list that is done, whatever W.
func TestUnitCheckpointAcrossWorkers(t *testing.T) {
	const n, k = 13, 3
	defer units.SetLanes(2, 1)() // the workers wait for each other
	want := stripTimes(t, mustRun(t, queensJob(t, n, k, 1, 1, 1)))
	for _, tc := range []struct{ before, after int }{{3, 1}, {1, 4}, {2, 2}} {
		t.Run(fmt.Sprintf("%d then %d workers", tc.before, tc.after), func(t *testing.T) {
			ck := filepath.Join(t.TempDir(), "ck.json")
			j := queensJob(t, n, k, 1, 1, tc.before)
			j.Checkpoint, j.Every = ck, time.Millisecond
			ctx, cancel := context.WithCancel(context.Background())
			j.Emit = func(*units.Line) error { return nil }
			time.AfterFunc(30*time.Millisecond, cancel)
			_, err := j.Run(ctx)
			if err == nil {
				t.Skip("the unit finished before it could be stopped")
			}
			require.ErrorIs(t, err, units.ErrStopped)
			b, err := os.ReadFile(ck)
			require.NoError(t, err)
			require.NoError(t, units.ReadCheckpoint(b), "the checkpoint of a unit on several workers reads as one worker's")
			j2 := queensJob(t, n, k, 1, 1, tc.after)
			j2.Checkpoint = ck
			got := mustRun(t, j2)
			require.Equal(t, 1, got[0].Resumes)
			got[0].Resumes = 0
			require.Equal(t, want, stripTimes(t, got))
		})
	}
}

// cheapDec is a decomposition of m subproblems that each count 1 and cost
// nothing, so that the workers of a unit race each other.
type cheapDec struct{ m uint64 }

func (d cheapDec) Name() string                        { return "cheap/1" }
func (d cheapDec) Instance() string                    { return "cheap" }
func (d cheapDec) Len(context.Context) (uint64, error) { return d.m, nil }
func (d cheapDec) Run(ctx context.Context, first, stride uint64, done func(uint64, core.SubResult) bool) (core.Status, error) {
	for j := first; j < d.m; j += stride {
		if !done(j, core.SubResult{Count: core.CountOf(1), Stats: core.Stats{Nodes: 1}}) {
			break
		}
	}
	return core.StatusExhausted, nil
}

// TestUnitWorkersRace: workers whose results run far ahead of the unit's
// prefix (more than the unit holds) never wait for one another: a result
// that became the prefix's next while its worker waited for room is
// folded at once. On one CPU this deadlocked (issue 20).
func TestUnitWorkersRace(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	for range 5 {
		for _, w := range []int{2, 3} {
			dec := cheapDec{m: 200_000}
			j := &units.Job{Model: "cheap", Size: "1", Algorithm: "none", Dec: dec, Units: 1, First: 0, Last: 0,
				Workers: w, NewDec: func() (core.Decomposition, error) { return dec, nil }}
			ls := mustRun(t, j)
			require.Equal(t, core.CountOf(200_000), ls[0].Solutions)
		}
	}
}

// TestUnitWorkersRule: a job's worker count 0 is the one worker rule's
// default of a count (GOMAXPROCS), resolved by Job.Run: it makes a
// decomposition for each worker beyond the first; a count the rule
// refuses is refused before anything is counted.
func TestUnitWorkersRule(t *testing.T) {
	for _, tc := range []struct{ workers, want int }{{0, runtime.GOMAXPROCS(0)}, {1, 1}, {3, 3}} {
		j := queensJob(t, 8, 2, 0, 1, tc.workers)
		made := 1
		newDec := j.NewDec
		j.NewDec = func() (core.Decomposition, error) { made++; return newDec() }
		mustRun(t, j)
		require.Equal(t, tc.want, made, "workers %d", tc.workers)
	}
	_, err := queensJob(t, 8, 2, 0, 1, -1).Run(context.Background())
	require.ErrorIs(t, err, resource.ErrWorkers)
}
