package core

import (
	"context"
	"sync/atomic"
	"time"
)

// Tracker gathers the progress of one run, whatever its searches: every
// Meter made under a context that carries it (WithTracker) adds the nodes
// its loop polls with, and the searches' own reports (Meter.Progress,
// Options.Progress through Report) set the work done of a known total. A
// front end reads it when it likes (Snapshot), from its own goroutine:
// the searches only add to atomic counters at each poll, about once a
// millisecond, and never call the front end. Its methods are safe for
// concurrent use and on a nil *Tracker, which tracks nothing.
type Tracker struct {
	nodes, done, total, remaining atomic.Uint64
	states, peak                  atomic.Uint64
	start                         time.Time
}

// NewTracker returns a tracker started now.
func NewTracker() *Tracker { return &Tracker{start: time.Now()} }

// Add counts nodes more visited.
func (t *Tracker) Add(nodes uint64) {
	if t != nil {
		t.nodes.Add(nodes)
	}
}

// Report records a search's report of its work done of a known total
// (Done, Total: subproblems of a parallel search, records of a batch) or
// left (Remaining), and of its working set (States, Peak: the last
// figures reported); Nodes, if set, is added to the nodes.
func (t *Tracker) Report(p Progress) {
	if t == nil {
		return
	}
	if p.Total > 0 || p.Done > 0 {
		t.done.Store(p.Done)
		t.total.Store(p.Total)
	}
	if p.Remaining > 0 {
		t.remaining.Store(p.Remaining)
	}
	if p.Nodes > 0 {
		t.nodes.Add(p.Nodes)
	}
	if p.States > 0 {
		t.states.Store(p.States)
	}
	if p.Peak > 0 {
		t.peak.Store(p.Peak)
	}
}

// Snapshot returns the progress so far: the nodes of every meter, the
// last report's work done of its total, the last states and peak
// reported, and the time since the tracker started.
func (t *Tracker) Snapshot() (p Progress, elapsed time.Duration) {
	if t == nil {
		return Progress{}, 0
	}
	return Progress{Done: t.done.Load(), Total: t.total.Load(), Remaining: t.remaining.Load(), Nodes: t.nodes.Load(),
			States: t.states.Load(), Peak: t.peak.Load()},
		time.Since(t.start)
}

type trackerKey struct{}

// WithTracker returns a context that carries t: every Meter made under it
// (NewMeter) reports to t.
func WithTracker(ctx context.Context, t *Tracker) context.Context {
	if ctx == nil {
		ctx = context.Background()
	}
	return context.WithValue(ctx, trackerKey{}, t)
}

// TrackerOf returns the tracker ctx carries, or nil.
func TrackerOf(ctx context.Context) *Tracker {
	if ctx == nil {
		return nil
	}
	t, _ := ctx.Value(trackerKey{}).(*Tracker)
	return t
}
