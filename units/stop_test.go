package units_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/lines"
	"github.com/coverkit/coverkit/models/queens"
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

// TestMergeStops: a merge ends within its deadline's 100 ms (1 s here, for
// a loaded machine) while it checks the fingerprint of a unit that claims
// 2^30 subproblems (issue 32: seconds for each such line, and merge read
// under no stop at all), and while it reads a source that waits; the
// error wraps ErrMerge and the context's.
func TestMergeStops(t *testing.T) {
	l := units.Line{Model: "queens", Size: "16", Algorithm: "coronal",
		Schema: units.Schema{Name: units.SchemaName, Version: units.SchemaVersion}, Decomposition: queens.CoronalName,
		Units: 5, Unit: 0, Subproblems: units.MaxUnitSubproblems, Fingerprint: "0000000000000000",
		Instance: units.InstanceHash("queens", "q"), Version: "test"}
	b, err := l.Marshal()
	require.NoError(t, err)
	waits, w := io.Pipe()
	defer w.Close()
	for _, name := range []string{"fingerprint", "idle"} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		var r io.Reader = bytes.NewReader(append(b, '\n'))
		if name == "idle" {
			r = lines.ContextReader(ctx, waits)
		}
		start := time.Now()
		_, err := units.Merge(ctx, []units.Source{{Name: name, R: r}})
		took := time.Since(start)
		cancel()
		require.ErrorIs(t, err, units.ErrMerge, name)
		require.ErrorIs(t, err, context.DeadlineExceeded, name)
		require.ErrorContains(t, err, "stopped (timeout)", name)
		require.Less(t, took, time.Second, "%s: stopped %v after the start, the deadline at 50 ms", name, took)
	}
}

// TestMergeHoldsLittle: a merge keeps a few words a unit, not the lines
// (issue 32's ten million units would not merge under ulimit -v 2 GB at
// about 900 bytes a unit): measured when the last line has been read,
// after a collection, 10,000 units hold under 300 bytes each.
func TestMergeHoldsLittle(t *testing.T) {
	const k = 10_000
	seed := units.NameSeed(queens.CoronalName)
	var sb strings.Builder
	for i := range uint64(k) {
		l := units.Line{Model: "queens", Size: "16", Algorithm: "coronal", Solutions: core.CountOf(8 * i),
			Schema: units.Schema{Name: units.SchemaName, Version: units.SchemaVersion}, Decomposition: queens.CoronalName,
			Units: k, Unit: i, Subproblems: 1, Fingerprint: units.FormatFingerprint(units.UnitFingerprint(seed, i, k, 1)),
			Instance: units.InstanceHash("queens", "q"), ByWeight: map[string]uint64{"8": 1}, Version: "test"}
		b, err := l.Marshal()
		require.NoError(t, err)
		sb.Write(b)
		sb.WriteByte('\n')
	}
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r := &atEOF{r: strings.NewReader(sb.String())}
	s, err := units.Merge(context.Background(), []units.Source{{Name: "lines", R: r}})
	require.NoError(t, err)
	require.True(t, s.Complete)
	require.True(t, r.measured)
	perUnit := (float64(r.heap) - float64(before.HeapAlloc)) / k
	t.Logf("%.0f bytes a unit held while merging", perUnit)
	require.Less(t, perUnit, 300.0)
}

// atEOF is a reader that, at its end, collects garbage and records the
// heap in use: what the merge reading it holds.
type atEOF struct {
	r        io.Reader
	heap     uint64
	measured bool
}

func (a *atEOF) Read(p []byte) (int, error) {
	n, err := a.r.Read(p)
	if err == io.EOF && !a.measured {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		a.heap, a.measured = m.HeapAlloc, true
	}
	return n, err
}
