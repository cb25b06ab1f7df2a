package queens

import (
	"context"
	"math/bits"
	"time"
	"unsafe"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens/internal/bitwise"
)

// bwSearch is the plain bitmask search of the bitwise algorithm's
// ModeFirst and ModeAll, and of every mode on a torus or with given
// queens (n ≤ 64). It runs column by column and tries the rows of a
// column in ascending order (the lowest set bit first), so it meets the
// solutions in lexicographic order of Wirth's vector, like backtrack, and
// its first solution is the lexicographically first; it uses no symmetry
// and one goroutine. Where b has given queens or is a torus:
//
//   - a column with a given queen has that square only, and the squares a
//     given attacks are excluded from every other column before the search
//     starts, so no partial placement ever contradicts a given;
//   - on the torus the diagonal masks rotate within n bits instead of
//     shifting out of the board.
//
// Stats.Nodes counts the placements (given queens included) and the empty
// board; the meter sees every node, so a node budget stops the search at
// exactly that many. The toroidal count without givens has its own faster
// counter (torusCount).
func bwSearch(ctx context.Context, b *Board, o *core.Options) core.Result {
	switch {
	case b.Torus:
		return bwSearchOf[bwTorus](ctx, b, o)
	case len(b.Given) > 0:
		return bwSearchOf[bwGiven](ctx, b, o)
	}
	return bwSearchOf[bwPlain](ctx, b, o)
}

// The boards bwSearchOf is compiled for, told apart by their size (a
// constant in each instantiation, so that the loop tests neither the
// torus nor the givens at run time): the ordinary board, the ordinary
// board with given queens, and the torus (with or without givens).
type (
	bwPlain uint8
	bwGiven uint16
	bwTorus uint32
)

// bwSearchOf is bwSearch for one kind of board K.
func bwSearchOf[K bwPlain | bwGiven | bwTorus](ctx context.Context, b *Board, o *core.Options) core.Result {
	var kind K
	torus, given := unsafe.Sizeof(kind) == 4, unsafe.Sizeof(kind) == 2
	start := time.Now()
	n := b.N
	res := core.Result{Status: core.StatusExhausted}
	mask := bitwise.Mask(n)
	var excl [BitwiseMaxN]uint64
	bwGivenExcl(b, &excl) // given_search.go
	top := uint(n - 1)
	m := core.NewMeter(ctx, o)
	var (
		st    [BitwiseMaxN]bitwise.Frame
		row   [BitwiseMaxN]uint64 // row[c]: the bit of the queen in column c
		sol   = make(core.Solution, n)
		found core.Count
		nodes uint64
		last  = struct {
			nodes uint64
			time  time.Time
		}{0, start}
	)
	bound, _, ok := m.Poll(0, 0)
	if ok {
		nodes = 1 // the empty board (the budget allows at least one node)
		st[0].A = mask &^ excl[0]
	}
	c := 0
	for {
		f := &st[c&(BitwiseMaxN-1)]
		a := f.A
		if a == 0 {
			if c == 0 {
				break
			}
			c--
			continue
		}
		if nodes >= bound {
			var ok bool
			if bound, _, ok = m.Poll(nodes, nodes); !ok {
				break
			}
			m.Progress(core.Progress{Done: uint64(bits.TrailingZeros64(row[0])), Total: uint64(n)})
		}
		bit := a & -a
		f.A = a ^ bit
		row[c&(BitwiseMaxN-1)] = bit
		nodes++
		if c < n-1 {
			var l, r uint64
			if torus {
				// Sum diagonals move down a row from one column to the
				// next (l), difference diagonals up (r), wrapping around.
				x := f.L | bit
				l = x>>1 | (x&1)<<top
				y := f.R | bit
				r = (y<<1)&mask | y>>top
			} else {
				l, r = (f.L|bit)<<1, (f.R|bit)>>1
			}
			d := f.D | bit
			c++
			a := mask &^ (l | d | r)
			if torus || given {
				a &^= excl[c&(BitwiseMaxN-1)]
			}
			st[c&(BitwiseMaxN-1)] = bitwise.Frame{L: l, D: d, R: r, A: a}
			continue
		}
		found = found.AddUint64(1)
		if o.Mode == core.ModeCount {
			continue
		}
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
	if m.Stopped() {
		res.Status = m.Status()
	}
	res.Solutions = found
	res.Stats = core.Stats{Nodes: nodes, Elapsed: time.Since(start)}
	return res
}
