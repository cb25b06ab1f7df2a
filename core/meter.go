package core

import (
	"context"
	"sync/atomic"
	"time"
)

// Poll intervals of a Meter, in units of work: the first interval, and the
// bounds the interval adapts within so that polls come about every
// pollTarget of wall time.
const (
	firstInterval = 1 << 10
	minInterval   = 1 << 4
	maxInterval   = 1 << 26
	pollTarget    = time.Millisecond
	progressEvery = 50 * time.Millisecond
)

// Meter owns the stopping of a search, as gonum's optimize driver owns the
// stopping of a method: the context, the node budget (Options.MaxNodes),
// progress reports, and how often to look at them. A search loop only
// iterates: it keeps its counters in local variables and calls Poll when
// they reach the bounds Poll last returned, so that a stop is seen within
// about a millisecond of work, whatever a node costs.
//
// A loop that counts nodes (the budget's unit) and some finer measure of
// work (updates, items scanned, bytes parsed) uses both:
//
//	m := core.NewMeter(ctx, opts)
//	nodeBound, workBound, ok := m.Poll(0, 0)
//	for ok {
//		if nodes == nodeBound || work >= workBound {
//			if nodeBound, workBound, ok = m.Poll(nodes, work); !ok {
//				break // m.Status() says why: limit, timeout or canceled
//			}
//		}
//		nodes++ // visit a node, adding its cost to work
//	}
//
// A loop whose nodes cost about the same passes its node count as the work
// too. A phase that visits no nodes (building a model, parsing a file)
// calls Check with its work. The interval between polls adapts to the
// time they take: about a millisecond of work, so a stop takes well under
// 100 ms in every phase.
//
// A Meter is used by one goroutine; Fork gives each worker of a parallel
// search its own, sharing the context, the node budget and the stop. A
// Meter from NewMeter(nil, nil), like the zero Meter, never stops the
// search.
type Meter struct {
	sh *meterShared
	// granted is the node count this meter may reach: what it has taken
	// from the shared budget, added to the nodes it had reported.
	granted uint64
	// limited: this meter found the budget spent.
	limited bool
	// every is the current interval, in nodes or work.
	every uint64
	// last is when the meter last polled (monotonic, since clockBase);
	// 0 for the zero Meter.
	last time.Duration
	// tracked is the node count this meter has added to the run's
	// Tracker, if there is one.
	tracked uint64
}

type meterShared struct {
	ctx      context.Context
	done     <-chan struct{}
	max      uint64        // the node budget; 0: none
	left     atomic.Uint64 // the budget not yet granted to a meter
	meters   atomic.Uint64 // the meter and its forks, which share the budget
	limited  atomic.Bool   // some meter found the budget spent
	stop     atomic.Int32  // 0 while running, else the Status + 1
	progress func(Progress)
	reported atomic.Int64 // when progress was last reported, in UnixNano
	tracker  *Tracker     // the run's, from the context (WithTracker); nil: none
}

// NewMeter returns the meter of one search under ctx with o's node budget
// and progress callback. A nil ctx never ends; nil o means no budget. When
// ctx carries a Tracker (WithTracker), the meter adds to it the nodes it
// is polled with and passes its progress reports on to it.
func NewMeter(ctx context.Context, o *Options) *Meter {
	if ctx == nil {
		ctx = context.Background()
	}
	o = o.OrDefault()
	sh := &meterShared{ctx: ctx, done: ctx.Done(), max: o.MaxNodes, progress: o.Progress, tracker: TrackerOf(ctx)}
	sh.left.Store(o.MaxNodes)
	sh.meters.Store(1)
	return &Meter{sh: sh, every: firstInterval, last: clock()}
}

// Fork returns a meter for another goroutine of the same search: it shares
// the context, the stop (a Halt stops them all) and the node budget. The
// meters draw the budget in small grants, so that together they spend it
// and never more; one that finds it spent stops alone (its Poll says so,
// and Status is StatusLimit), while the others finish their grants. A
// fork that ends its work early gives back what it did not use (Release).
func (m *Meter) Fork() *Meter {
	if m.sh != nil {
		m.sh.meters.Add(1)
	}
	return &Meter{sh: m.sh, every: firstInterval, last: clock()}
}

// Release gives back to the other meters of the search the part of this
// meter's grant of the node budget it did not use, nodes being its count
// so far; a search calls it when it ends its share of the work (a worker
// that runs out of tasks). Without a budget it does nothing.
func (m *Meter) Release(nodes uint64) {
	if sh := m.sh; sh != nil && sh.max > 0 && m.granted > nodes {
		sh.left.Add(m.granted - nodes)
		m.granted = nodes
	}
}

// take takes a grant of the budget for a meter that polls every want
// nodes: at most want and a quarter of a meter's share of what is left, at
// least one node; 0 when the budget is spent.
func (sh *meterShared) take(want uint64) uint64 {
	for {
		left := sh.left.Load()
		if left == 0 {
			return 0
		}
		give := min(left, want, max(1, left/(4*sh.meters.Load())))
		if sh.left.CompareAndSwap(left, left-give) {
			return give
		}
	}
}

// Poll is called by a search loop with its running totals of nodes visited
// and of work done, at the start and whenever nodes reaches nodeBound or
// work reaches workBound. It reports whether the search may go on, and the
// next bounds: nodes may grow to nodeBound (never past the budget) and work
// to workBound before the next Poll. When ok is false, Status says why the
// search must stop.
func (m *Meter) Poll(nodes, work uint64) (nodeBound, workBound uint64, ok bool) {
	if sh := m.sh; sh != nil && sh.tracker != nil {
		if nodes > m.tracked {
			sh.tracker.Add(nodes - m.tracked)
		}
		m.tracked = nodes // a loop that counts again from 0 starts over
	}
	if !m.check() {
		return nodes, work, false
	}
	nodeBound = nodes + m.every
	if nodeBound < nodes {
		nodeBound = ^uint64(0)
	}
	if sh := m.sh; sh != nil && sh.max > 0 {
		if nodes >= m.granted {
			give := sh.take(m.every)
			if give == 0 {
				m.limited = true
				sh.limited.Store(true)
				return nodes, work, false
			}
			m.granted = nodes + give
		}
		nodeBound = min(nodeBound, m.granted)
	}
	workBound = work + m.every
	if workBound < work {
		workBound = ^uint64(0)
	}
	return nodeBound, workBound, true
}

// Check is Poll for a phase that visits no nodes, such as building a model
// or parsing its input: it reports whether to go on and the work at which
// to call Check again.
func (m *Meter) Check(work uint64) (workBound uint64, ok bool) {
	if !m.check() {
		return work, false
	}
	workBound = work + m.every
	if workBound < work {
		workBound = ^uint64(0)
	}
	return workBound, true
}

// check looks at the stop and the context, and adapts the interval to the
// time since the last poll.
func (m *Meter) check() bool {
	sh := m.sh
	if sh == nil {
		return true
	}
	if m.halted(sh) {
		return false
	}
	now := clock()
	switch d := now - m.last; {
	case d < pollTarget/2 && m.every < maxInterval:
		m.every *= 2
	case d > 2*pollTarget && m.every > minInterval:
		m.every /= 2
	}
	m.last = now
	return true
}

// Live reports whether new work may start: the search was not stopped
// (Stopped) and its context is not done; a context seen done halts the
// search, as a poll does. Unlike Check it reads no clock and leaves the
// interval alone, so a loop that starts many short tasks, each of which
// polls a meter of its own, asks it before each one (a batch, before each
// record) at the cost of two atomic loads and a channel test.
func (m *Meter) Live() bool {
	sh := m.sh
	if sh == nil {
		return true
	}
	if m.limited || sh.limited.Load() {
		return false
	}
	return !m.halted(sh)
}

// halted reports whether the search was stopped or its context is done;
// a context seen done halts the search with the context's status.
func (m *Meter) halted(sh *meterShared) bool {
	if sh.stop.Load() != 0 {
		return true
	}
	select {
	case <-sh.done:
		st, _ := ContextStatus(sh.ctx)
		m.Halt(st)
		return true
	default:
	}
	return false
}

// Polled returns the clock reading of the meter's last poll that let the
// search go on (Poll or Check; NewMeter or Fork before the first). A
// search that polls at its start times itself from it, saving a reading
// of the clock per search (a batch of searches of a few microseconds each
// notices two).
func (m *Meter) Polled() time.Time {
	if m.last == 0 {
		return time.Time{}
	}
	return clockBase.Add(m.last)
}

// clockBase is the origin of the meters' clock readings: time.Since of a
// time.Time with a monotonic reading reads one clock (the monotonic one),
// where time.Now reads two (the wall clock too), and a meter only
// measures intervals.
var clockBase = time.Now()

// clock returns the monotonic time since clockBase.
func clock() time.Duration { return time.Since(clockBase) }

// Halt stops the search, and every fork of it, with status st (a worker
// that found what was asked for halts the others with StatusFound). The
// first Halt wins.
func (m *Meter) Halt(st Status) {
	if m.sh != nil {
		m.sh.stop.CompareAndSwap(0, int32(st)+1)
	}
}

// Stopped reports whether the search must not start new work: it was
// halted (by a Halt, or by the context as a poll saw it), or a meter of it
// found the node budget spent. Only a halt stops the other meters' polls:
// after the budget is spent, they finish the grants they hold, and each
// stops at its next poll.
func (m *Meter) Stopped() bool {
	return m.sh != nil && (m.sh.stop.Load() != 0 || m.limited || m.sh.limited.Load())
}

// Status returns why the search stopped or must stop: the status of a
// Halt or of the context, else StatusLimit when a meter of the search
// found the node budget spent (the search did not finish), else
// StatusExhausted.
func (m *Meter) Status() Status {
	if m.sh == nil {
		return StatusExhausted
	}
	if st := m.sh.stop.Load(); st != 0 {
		return Status(st - 1)
	}
	if m.limited || m.sh.limited.Load() {
		return StatusLimit
	}
	return StatusExhausted
}

// Progress passes p on to the run's Tracker, if any, and to the search's
// progress callback, at most every 50 ms whatever the number of workers
// calling it.
func (m *Meter) Progress(p Progress) {
	sh := m.sh
	if sh == nil {
		return
	}
	if sh.tracker != nil {
		q := p
		q.Nodes = 0 // the meter counts the nodes it polls
		sh.tracker.Report(q)
	}
	if sh.progress == nil {
		return
	}
	now := time.Now().UnixNano()
	last := sh.reported.Load()
	if now-last < int64(progressEvery) && last != 0 || !sh.reported.CompareAndSwap(last, now) {
		return
	}
	sh.progress(p)
}

// Context returns the context the meter watches, for a search that hands
// it on (to a sub-search with a meter of its own, or to an engine).
func (m *Meter) Context() context.Context {
	if m.sh == nil {
		return context.Background()
	}
	return m.sh.ctx
}
