package queens

import (
	"context"
	"math/bits"
	"time"

	"github.com/coverkit/coverkit/core"
)

// bwFrame is one level of an explicit bitmask search: the columns and the
// two diagonals attacked on the level's line (l shifts left, r shifts right
// from one line to the next, d stays), and the squares still to try.
type bwFrame struct {
	l, d, r, a uint64
}

// bwMask returns the mask of the n squares of a line (n ≤ 64).
func bwMask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(n) - 1
}

// bwEnumerate is the plain bitmask search of ModeFirst and ModeAll. It runs
// column by column and tries the rows of a column in ascending order (the
// lowest set bit first), so it meets the solutions in lexicographic order of
// Wirth's vector, like backtrack; it uses no symmetry and one goroutine.
func bwEnumerate(ctx context.Context, n int, o *core.Options) core.Result {
	start := time.Now()
	res := core.Result{Status: core.StatusExhausted}
	mask := bwMask(n)
	var (
		st    [BitwiseMaxN]bwFrame
		row   [BitwiseMaxN]uint64 // row[c]: the bit of the queen in column c
		sol   = make(core.Solution, n)
		found uint64
		nodes uint64 = 1 // the empty board
		last         = struct {
			nodes uint64
			time  time.Time
		}{0, start}
	)
	pollAt := bwNextPoll(nodes, o.MaxNodes)
	if o.MaxNodes > 0 && nodes >= o.MaxNodes {
		pollAt = 0 // the budget is spent before the first placement
	}
	st[0].a = mask
	c := 0
	for {
		f := &st[c&(BitwiseMaxN-1)]
		a := f.a
		if a == 0 {
			if c == 0 {
				break
			}
			c--
			continue
		}
		bit := a & -a
		f.a = a ^ bit
		row[c&(BitwiseMaxN-1)] = bit
		nodes++
		if c < n-1 {
			l, d, r := (f.l|bit)<<1, f.d|bit, (f.r|bit)>>1
			c++
			st[c&(BitwiseMaxN-1)] = bwFrame{l: l, d: d, r: r, a: mask &^ (l | d | r)}
		} else {
			found++
			for i := range sol {
				sol[i] = int32(bits.TrailingZeros64(row[i]))
			}
			if res.First == nil {
				res.First = append(core.Solution(nil), sol...)
			}
			stop := o.Mode == core.ModeFirst
			if o.Visit != nil {
				now := time.Now()
				since := core.Stats{Nodes: nodes - last.nodes, Elapsed: now.Sub(last.time)}
				last.nodes, last.time = nodes, now
				if !o.Visit(sol, since) {
					stop = true
				}
			}
			if o.Limit > 0 && found >= o.Limit {
				stop = true
			}
			if stop {
				res.Status = core.StatusFound
				break
			}
		}
		if nodes >= pollAt {
			if st, done := core.ContextStatus(ctx); done {
				res.Status = st
				break
			}
			if o.MaxNodes > 0 && nodes >= o.MaxNodes {
				res.Status = core.StatusLimit
				break
			}
			pollAt = bwNextPoll(nodes, o.MaxNodes)
		}
	}
	res.Solutions = core.CountOf(found)
	res.Stats = core.Stats{Nodes: nodes, Elapsed: time.Since(start)}
	return res
}

// bwPollEvery is the number of nodes between two looks at the context and
// the node budget: a few microseconds of search.
const bwPollEvery = 1 << 14

// bwNextPoll returns the node count at which to poll next: bwPollEvery
// nodes on, or at the node budget if that comes first.
func bwNextPoll(nodes, maxNodes uint64) uint64 {
	next := nodes + bwPollEvery
	if maxNodes > 0 && maxNodes < next {
		next = max(maxNodes, nodes+1)
	}
	return next
}
