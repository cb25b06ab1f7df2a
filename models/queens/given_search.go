package queens

import (
	"context"
	"fmt"
	"math/bits"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// bwConstrained is the bitwise algorithm's search for a board with given
// queens, a torus, or both (n ≤ 64), in every mode: the plain bitmask
// search of bwEnumerate, column by column, rows in ascending order (so it
// meets the solutions in lexicographic order and its first solution is the
// lexicographically first), where
//
//   - a column with a given queen has that square only, and the squares a
//     given attacks are excluded from every other column before the search
//     starts, so no partial placement ever contradicts a given;
//   - on the torus the diagonal masks rotate within n bits instead of
//     shifting out of the board.
//
// Stats.Nodes counts the placements (given queens included) and the empty
// board. The toroidal count without givens has its own faster counter
// (torusCount).
func bwConstrained(ctx context.Context, b *Board, o *core.Options) core.Result {
	start := time.Now()
	n := b.N
	res := core.Result{Status: core.StatusExhausted}
	mask := bwMask(n)
	var excl [BitwiseMaxN]uint64
	bwGivenExcl(b, &excl)
	torus := b.Torus
	top := uint(n - 1)
	var (
		st    [BitwiseMaxN]bwFrame
		row   [BitwiseMaxN]uint64 // row[c]: the bit of the queen in column c
		sol   = make(core.Solution, n)
		found core.Count
		nodes uint64 = 1 // the empty board
		last         = struct {
			nodes uint64
			time  time.Time
		}{0, start}
	)
	pollAt := bwNextPoll(nodes, o.MaxNodes)
	if o.MaxNodes > 0 && nodes >= o.MaxNodes {
		pollAt = 0
	}
	st[0].a = mask &^ excl[0]
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
			var l, r uint64
			if torus {
				// Sum diagonals move down a row from one column to the
				// next (l), difference diagonals up (r), wrapping around.
				x := f.l | bit
				l = x>>1 | (x&1)<<top
				y := f.r | bit
				r = (y<<1)&mask | y>>top
			} else {
				l, r = (f.l|bit)<<1, (f.r|bit)>>1
			}
			d := f.d | bit
			c++
			st[c&(BitwiseMaxN-1)] = bwFrame{l: l, d: d, r: r, a: mask &^ (l | d | r | excl[c&(BitwiseMaxN-1)])}
		} else {
			found = found.AddUint64(1)
			if o.Mode != core.ModeCount {
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
				if o.Limit > 0 && found.Cmp(core.CountOf(o.Limit)) >= 0 {
					stop = true
				}
				if stop {
					res.Status = core.StatusFound
					break
				}
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
			if o.Progress != nil {
				o.Progress(core.Progress{Done: uint64(bits.TrailingZeros64(row[0])), Total: uint64(n)})
			}
			pollAt = bwNextPoll(nodes, o.MaxNodes)
		}
	}
	res.Solutions = found
	res.Stats = core.Stats{Nodes: nodes, Elapsed: time.Since(start)}
	return res
}

// bwGivenExcl fills excl[c] with the squares of column c that the search
// may not use: in a column with a given queen every other square, in the
// others the squares some given attacks (its row and its diagonals,
// wrapping around on the torus). b must have passed Check and n ≤ 64.
func bwGivenExcl(b *Board, excl *[BitwiseMaxN]uint64) {
	n := b.N
	mask := bwMask(n)
	var fixed [BitwiseMaxN]uint64
	for _, g := range b.Given {
		fixed[g.Col] = 1 << uint(g.Row)
	}
	for _, g := range b.Given {
		for c := range n {
			if c == g.Col {
				continue
			}
			att := uint64(1) << uint(g.Row)
			dc := c - g.Col
			for _, r := range [2]int{g.Row + dc, g.Row - dc} {
				if b.Torus {
					r = ((r % n) + n) % n
				}
				if r >= 0 && r < n {
					att |= 1 << uint(r)
				}
			}
			excl[c] |= att
		}
	}
	for c := range n {
		if fixed[c] != 0 {
			excl[c] = mask &^ fixed[c]
		}
	}
}

// solveBitwiseConstrained is the bitwise algorithm on a torus or with given
// queens: the givens are checked first (Check), Pólya's theorem answers a
// torus without solutions at once, the toroidal count without givens runs
// the parallel counter of torus_count.go, and everything else the search
// above. Symmetry classes (Unique) and methods are not supported here.
func solveBitwiseConstrained(ctx context.Context, b *Board, workers int, o *core.Options) (core.Result, error) {
	switch o.Mode {
	case core.ModeFirst, core.ModeAll, core.ModeCount:
	default:
		return core.Result{}, fmt.Errorf("queens: bitwise: unknown mode %d: %w", o.Mode, core.ErrUnsupported)
	}
	if o.Unique {
		return core.Result{}, fmt.Errorf("queens: bitwise: no symmetry classes on a torus or with given queens: %w", core.ErrUnsupported)
	}
	if o.Method != "" {
		return core.Result{}, fmt.Errorf("queens: bitwise: no methods on a torus or with given queens (got %q): %w", o.Method, core.ErrUnsupported)
	}
	if res, none, err := settled(b); err != nil || none {
		return res, err
	}
	if b.N > BitwiseMaxN {
		return core.Result{}, fmt.Errorf("queens: bitwise: n = %d does not fit its 64-bit row masks (n ≤ %d; use dlx): %w",
			b.N, BitwiseMaxN, resource.ErrTooLarge)
	}
	if o.Mode == core.ModeCount && b.Torus && len(b.Given) == 0 {
		return torusCount(ctx, b.N, workers, o), nil
	}
	return bwConstrained(ctx, b, o), nil
}
