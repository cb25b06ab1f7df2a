// Package work runs the tasks of the queens model's parallel counters
// (bitwise, torus, join) on their workers: each worker takes the next task
// from a shared index until none is left or the search is stopped, and has
// a meter of its own (core.Meter.Fork) that shares the budget and the stop.
package work

import (
	"sync"
	"sync/atomic"

	"github.com/coverkit/coverkit/core"
)

// Meters returns one meter a worker: m itself for one worker (so that a
// sequential count honours the node budget exactly), else a fork of m for
// each.
func Meters(m *core.Meter, workers int) []*core.Meter {
	if workers <= 1 {
		return []*core.Meter{m}
	}
	ms := make([]*core.Meter, workers)
	for i := range ms {
		ms[i] = m.Fork()
	}
	return ms
}

// Queue hands out the tasks of a count in order, to every worker, and
// reports the tasks finished as progress.
type Queue struct {
	next  atomic.Int64
	end   int64
	done  atomic.Uint64
	total uint64
}

// NewQueue returns a queue of total tasks, none handed out yet.
func NewQueue(total int) *Queue {
	return &Queue{end: int64(total), total: uint64(total)}
}

// Span limits the queue to the tasks lo..hi−1 (a part of the count whose
// tasks share tables, such as a family of the join): the next Run hands
// out those.
func (q *Queue) Span(lo, hi int) {
	q.next.Store(int64(lo))
	q.end = int64(hi)
}

// Run runs the queue's tasks on the workers ws, each with its meter
// ms[i]: a worker takes the next task and calls run(w, task) until no
// task is left, run returns false (the search was stopped), or the meter
// was stopped; after each task it reports the tasks finished through its
// meter. One worker runs on the calling goroutine. Run returns when every
// worker has.
func Run[W any](q *Queue, ws []W, ms []*core.Meter, run func(w W, task int) bool) {
	one := func(w W, m *core.Meter) {
		for !m.Stopped() {
			i := q.next.Add(1) - 1
			if i >= q.end {
				return
			}
			if !run(w, int(i)) {
				return
			}
			m.Progress(core.Progress{Done: q.done.Add(1), Total: q.total})
		}
	}
	if len(ws) == 1 {
		one(ws[0], ms[0])
		return
	}
	var wg sync.WaitGroup
	for i, w := range ws {
		wg.Go(func() { one(w, ms[i]) })
	}
	wg.Wait()
}
