package knight

import (
	"context"
	"time"

	"github.com/coverkit/coverkit/core"
)

// backtrack is the source text's algorithm: from the current square try the
// eight moves in MoveTable order, step onto the first free square, go
// deeper, and on a dead end undo the last move and try the next one. The
// board is the matrix H of move numbers (0 for a free square), as in the
// source; the recursion is an explicit stack of move indices, so the depth
// is only limited by memory, and it stops through a core.Meter.
//
// In ModeCount it counts the open tours from the start (as directed paths)
// or, for closed tours, the undirected cycles (each is found twice, once in
// each direction, and counted once). AnyStart counts open tours from every
// square.
func backtrack(ctx context.Context, p *Problem, o *core.Options) (core.Result, error) {
	t0 := time.Now()
	if err := p.Check(); err != nil {
		return core.Result{}, err
	}
	n := p.Squares()
	bt := &backtracker{
		rows: p.Rows, cols: p.Cols, n: n, closed: p.Closed, o: o, t0: t0, m: core.NewMeter(ctx, o),
		h:    make([]int32, n),
		path: make(core.Solution, n),
		next: make([]uint8, n),
	}
	starts := []int32{p.Start()}
	if p.AnyStart && !p.Closed && o.Mode == core.ModeCount {
		starts = starts[:0]
		for s := range int32(n) {
			starts = append(starts, s)
		}
	}
	status := core.StatusExhausted
	for _, s := range starts {
		if status = bt.run(s); status != core.StatusExhausted {
			break
		}
	}
	res := core.Result{Status: status, Solutions: core.CountOf(bt.found), First: bt.first,
		Stats: core.Stats{Nodes: bt.nodes, Elapsed: time.Since(t0)}}
	if p.Closed {
		// Each cycle was found in both directions from the fixed start.
		res.Solutions = core.CountOf(bt.found / 2)
		if n == 2 {
			res.Solutions = core.CountOf(0)
		}
	}
	return res, nil
}

type backtracker struct {
	rows, cols, n int
	closed        bool
	o             *core.Options
	m             *core.Meter
	bound         uint64 // nodes may reach bound before the next poll of m
	t0            time.Time
	h             []int32 // move number of each square, 0 if free
	path          core.Solution
	next          []uint8 // next move-table index to try at each depth
	nodes, found  uint64
	first         core.Solution
	last          core.Stats
}

// run searches from start and returns exhausted, found (the solutions asked
// for), limit, timeout or canceled.
func (b *backtracker) run(start int32) core.Status {
	cols := b.cols
	clear(b.h)
	if b.nodes == b.bound && !b.poll() {
		return b.m.Status()
	}
	b.path[0], b.h[start], b.next[0] = start, 1, 0
	b.nodes++
	d := 0
	for {
		if d == b.n-1 {
			s := b.path[d]
			if !b.closed || (b.n > 1 && isKnightMove(int(s)/cols, int(s)%cols, int(start)/cols, int(start)%cols)) {
				if b.solution() {
					return core.StatusFound
				}
			}
			if d == 0 {
				return core.StatusExhausted
			}
			b.h[s] = 0
			d--
			continue
		}
		s := int(b.path[d])
		r, c := s/cols, s%cols
		moved := false
		for b.next[d] < 8 {
			m := MoveTable[b.next[d]]
			b.next[d]++
			rr, cc := r+m[0], c+m[1]
			if rr < 0 || rr >= b.rows || cc < 0 || cc >= cols {
				continue
			}
			t := int32(rr*cols + cc)
			if b.h[t] != 0 {
				continue
			}
			if b.nodes == b.bound && !b.poll() {
				return b.m.Status() // nodes is only counted here
			}
			d++
			b.path[d], b.h[t], b.next[d] = t, int32(d+1), 0
			b.nodes++
			moved = true
			break
		}
		if !moved {
			if d == 0 {
				return core.StatusExhausted
			}
			b.h[b.path[d]] = 0
			d--
		}
	}
}

// poll asks the meter whether to go on and sets the next node bound.
func (b *backtracker) poll() bool {
	bound, _, ok := b.m.Poll(b.nodes, b.nodes)
	b.bound = bound
	return ok
}

// solution records a complete tour; it reports whether to stop.
func (b *backtracker) solution() bool {
	b.found++
	if b.o.Mode == core.ModeCount {
		return false
	}
	if b.first == nil {
		b.first = append(core.Solution(nil), b.path...)
	}
	if b.o.Visit != nil {
		now := core.Stats{Nodes: b.nodes, Elapsed: time.Since(b.t0)}
		ok := b.o.Visit(b.path, now.Sub(b.last))
		b.last = now
		if !ok {
			return true
		}
	}
	return b.o.Mode == core.ModeFirst || (b.o.Limit > 0 && b.found >= b.o.Limit)
}
