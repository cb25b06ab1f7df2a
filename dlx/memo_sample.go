package dlx

import (
	"context"
	"math/big"
	"math/rand/v2"
	"time"

	"github.com/coverkit/coverkit/core"
)

// Uniform random solutions. The memo knows the count of every subproblem,
// so a solution can be drawn uniformly at random by walking down the
// search tree: at each node, the options of the item branched on split the
// node's solutions by the option that covers the item, and the walk takes
// each option with probability (count below it) / (count of the node).
// Each solution is one leaf of the tree, reached with probability 1/N.

// sample is Sample: it counts with the memo, then draws n solutions,
// independently and uniformly at random (with repetition), seeded by
// opts.Seed, passing each to opts.Visit.
func (s *Solver) sample(ctx context.Context, n uint64, opts *Options) (Result, error) {
	budget, err := memoBudget(opts)
	if err != nil {
		return Result{}, err
	}
	start := time.Now()
	var mc *memoC
	var res Result
	if opts.Branch == BranchAuto && opts.MaxNodes == 0 {
		// A race of the two rules (auto.go), to the end: the winner's
		// table gives the draws.
		r, _, other, err := s.raceMemo(ctx, opts, budget, false)
		if err != nil {
			return Result{}, err
		}
		mc = r.m.(*memoC)
		mc.parks = false
		res = s.memoResult(mc, other, start)
		res.Stats = r.stats
	} else {
		branch := opts.Branch
		if branch == BranchAuto {
			branch = BranchMRV
		}
		mc = newMemoC(s.l, budget, branch)
		s.g.reset(ctx, opts.MaxNodes)
		s.run(mc, opts.Forced, nil, 0, nil)
		s.g.end()
		res = s.memoResult(mc, core.Stats{}, start)
	}
	o := mc.last
	if o.status != core.StatusExhausted {
		// Stopped while counting: nothing was drawn, and the count of
		// the subtrees finished is no population to draw from.
		res.Solutions, res.Count, res.Big = 0, core.Count{}, nil
		return res, nil
	}
	total := o.count
	res.Solutions = 0
	if total.isZero() {
		return res, nil
	}
	rng := rand.New(rand.NewPCG(opts.Seed, 0x2545f4914f6cdd1d))
	s.g.reset(ctx, 0)
	defer s.g.end()
	sol := make([]int, 0, len(mc.choice)+len(opts.Forced))
	l := mc.l // the race's winner may work on a copy of the arrays
	for i := uint64(0); i < n; i++ {
		if !s.g.meter().Live() {
			// A draw answered from the table searches nothing, so
			// nothing else polls: look before each (no clock read).
			res.Status = s.g.status()
			break
		}
		sol = append(sol[:0], opts.Forced...)
		u, nf := l.forceAll(opts.Forced, false, nil) // they fit: the count is not 0
		res.Stats.Updates += u
		var st core.Status
		sol, st = mc.draw(&s.g, total, rng, sol, &res.Stats)
		l.unforceAll(opts.Forced, nf, false)
		if st != core.StatusExhausted {
			res.Status = st
			break
		}
		res.Solutions++
		res.Status = core.StatusFound
		if !s.rec.found(sol, opts.Visit) {
			break
		}
	}
	res.Memo.Entries = uint64(mc.m.t.n)
	res.Stats.Elapsed = time.Since(start)
	return res, nil
}

// draw walks from the current state, whose count is total, down to a
// solution drawn uniformly at random, appending its options to sol, and
// restores the state. Counts below each option come from the memo (or
// are searched again when evicted), under the gauge g.
func (mc *memoC) draw(g *gauge, total count, rng *rand.Rand, sol []int, stats *core.Stats) ([]int, core.Status) {
	l, m := mc.l, mc.m
	nb, ib := l.nbase, l.ibase
	var path []uint32 // the option node taken at each level
	var items []uint32
	status := core.StatusExhausted
	for itr(ib, 0).next != 0 {
		var hr uint32
		if m.branch == BranchFirst && !l.colored {
			hr = itr(ib, 0).next
		} else if m.branch == BranchFirst {
			_, hr, _ = chooseFirst(ib)
		} else {
			_, hr, _ = choose(ib, 0)
		}
		stats.Nodes++
		stats.Updates += l.cover(hr)
		r := randBelow(rng, total)
		var pick uint32
		var below count
		for x := nd(nb, hr).down; x != hr; x = nd(nb, x).down {
			stats.Updates += l.coverOthers(x)
			o := mc.below(g)
			l.uncoverOthers(x)
			stats.Nodes += o.stats.Nodes
			stats.Updates += o.stats.Updates
			if o.status != core.StatusExhausted {
				status = o.status
				break
			}
			if r.less(o.count) {
				pick, below = x, o.count
				break
			}
			r = r.sub(o.count)
		}
		if pick == 0 {
			l.uncover(hr)
			if status == core.StatusExhausted {
				status = core.StatusCanceled // unreachable: the counts add up to total
			}
			break
		}
		stats.Updates += l.coverOthers(pick)
		path = append(path, pick)
		items = append(items, hr)
		sol = append(sol, l.option(pick))
		total = below
	}
	for k := len(path) - 1; k >= 0; k-- {
		l.uncoverOthers(path[k])
		l.uncover(items[k])
	}
	return sol, status
}

// below counts the subproblem of the current state with the memo, under
// the gauge g.
func (mc *memoC) below(g *gauge) memoOutcome {
	l := mc.l
	var dead int32
	if !l.colored {
		dead = l.startDead()
	}
	o := mc.search(g, mc.m, 0, dead, false)
	if o.parked {
		// Stopped: its levels and the dead count undone, no option forced.
		mc.pend.keep(nil, nil)
		mc.settle()
		o.parked = false
		return o
	}
	if !l.colored {
		l.endDead()
	}
	return o
}

// randBelow returns a uniform random count in [0, n), n > 0.
func randBelow(rng *rand.Rand, n count) count {
	if n.big == nil && n.hi == 0 {
		return count{lo: rng.Uint64N(n.lo)}
	}
	b := n.toBig()
	words := (b.BitLen() + 63) / 64
	top := b.BitLen() - 64*(words-1) // bits of the top word
	buf := make([]big.Word, words)
	for {
		for i := range buf {
			buf[i] = big.Word(rng.Uint64())
		}
		buf[words-1] &= big.Word(1<<uint(top) - 1)
		r := new(big.Int).SetBits(buf)
		if r.Cmp(b) < 0 {
			return fromBig(r)
		}
		buf = make([]big.Word, words)
	}
}

// fromBig returns b as a count.
func fromBig(b *big.Int) count {
	if b.BitLen() > 128 {
		return count{big: b}
	}
	c := new(big.Int).Set(b)
	lo := c.Uint64()
	return count{lo: lo, hi: c.Rsh(c, 64).Uint64()}
}

// less reports whether c < d.
func (c count) less(d count) bool {
	if c.big == nil && d.big == nil {
		return c.hi < d.hi || c.hi == d.hi && c.lo < d.lo
	}
	return c.toBig().Cmp(d.toBig()) < 0
}

// sub returns c − d for d ≤ c.
func (c count) sub(d count) count {
	if c.big == nil && d.big == nil {
		lo, borrow := bitsSub(c.lo, d.lo)
		return count{lo: lo, hi: c.hi - d.hi - borrow}
	}
	return fromBig(new(big.Int).Sub(c.toBig(), d.toBig()))
}

// bitsSub returns a − b and the borrow.
func bitsSub(a, b uint64) (uint64, uint64) {
	d := a - b
	if b > a {
		return d, 1
	}
	return d, 0
}
