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
	// every is the current interval, in nodes or work.
	every uint64
	// last is when the meter last polled.
	last time.Time
}

type meterShared struct {
	ctx      context.Context
	done     <-chan struct{}
	max      uint64        // the node budget; 0: none
	taken    atomic.Uint64 // nodes granted to the meters so far (with a budget)
	stop     atomic.Int32  // 0 while running, else the Status + 1
	progress func(Progress)
	reported atomic.Int64 // when progress was last reported, in UnixNano
}

// NewMeter returns the meter of one search under ctx with o's node budget
// and progress callback. A nil ctx never ends; nil o means no budget.
func NewMeter(ctx context.Context, o *Options) *Meter {
	if ctx == nil {
		ctx = context.Background()
	}
	o = o.OrDefault()
	sh := &meterShared{ctx: ctx, done: ctx.Done(), max: o.MaxNodes, progress: o.Progress}
	return &Meter{sh: sh, every: firstInterval, last: time.Now()}
}

// Fork returns a meter for another goroutine of the same search: it shares
// the context, the node budget (the nodes of every fork together stay
// within it) and the stop (a Halt or a spent budget stops them all).
func (m *Meter) Fork() *Meter {
	return &Meter{sh: m.sh, every: firstInterval, last: time.Now()}
}

// Poll is called by a search loop with its running totals of nodes visited
// and of work done, at the start and whenever nodes reaches nodeBound or
// work reaches workBound. It reports whether the search may go on, and the
// next bounds: nodes may grow to nodeBound (never past the budget) and work
// to workBound before the next Poll. When ok is false, Status says why the
// search must stop.
func (m *Meter) Poll(nodes, work uint64) (nodeBound, workBound uint64, ok bool) {
	if !m.check() {
		return nodes, work, false
	}
	nodeBound = nodes + m.every
	if nodeBound < nodes {
		nodeBound = ^uint64(0)
	}
	if sh := m.sh; sh != nil && sh.max > 0 {
		if nodes >= m.granted {
			// Take the next share of the budget, no more than an
			// interval, so that workers end it about together.
			want := m.every
			for {
				taken := sh.taken.Load()
				if taken >= sh.max {
					m.Halt(StatusLimit)
					return nodes, work, false
				}
				give := min(want, sh.max-taken)
				if sh.taken.CompareAndSwap(taken, taken+give) {
					m.granted = nodes + give
					break
				}
			}
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
	if sh.stop.Load() != 0 {
		return false
	}
	select {
	case <-sh.done:
		st, _ := ContextStatus(sh.ctx)
		m.Halt(st)
		return false
	default:
	}
	now := time.Now()
	switch d := now.Sub(m.last); {
	case d < pollTarget/2 && m.every < maxInterval:
		m.every *= 2
	case d > 2*pollTarget && m.every > minInterval:
		m.every /= 2
	}
	m.last = now
	return true
}

// Halt stops the search, and every fork of it, with status st (a worker
// that found what was asked for halts the others with StatusFound). The
// first Halt wins.
func (m *Meter) Halt(st Status) {
	if m.sh != nil {
		m.sh.stop.CompareAndSwap(0, int32(st)+1)
	}
}

// Stopped reports whether the search was halted (by a Halt, the budget or
// the context, as seen by a poll).
func (m *Meter) Stopped() bool { return m.sh != nil && m.sh.stop.Load() != 0 }

// Status returns why the search was halted, or StatusExhausted while it
// has not been.
func (m *Meter) Status() Status {
	if m.sh == nil {
		return StatusExhausted
	}
	if st := m.sh.stop.Load(); st != 0 {
		return Status(st - 1)
	}
	return StatusExhausted
}

// Progress passes p on to the search's progress callback, at most every
// 50 ms whatever the number of workers calling it.
func (m *Meter) Progress(p Progress) {
	sh := m.sh
	if sh == nil || sh.progress == nil {
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
