package dlx

import (
	"context"
	"errors"
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

var errSampleMulti = errors.New("dlx: random solutions are drawn for exact cover problems with colors; multiplicities (Algorithm M) are not supported")

// solveSample is Solve with opts.Sample: it counts with the memo, then
// draws opts.Sample solutions, independently and uniformly at random
// (with repetition), seeded by opts.Seed, passing each to opts.Visit.
func (s *Solver) solveSample(ctx context.Context, opts *Options) (Result, error) {
	if s.multi || opts.MaxOptions != 0 || opts.Minimize {
		return Result{}, errSampleMulti
	}
	budget, err := memoBudget(opts)
	if err != nil {
		return Result{}, err
	}
	start := time.Now()
	branch := opts.Branch
	if branch == BranchAuto {
		n := uint64(autoSampleNodes)
		if opts.MaxNodes != 0 {
			n = min(n, opts.MaxNodes)
		}
		x, _ := s.pickBranch(ctx, opts.Forced, n, budget)
		branch = x.m.branch
	}
	o, m := s.countMemo(ctx, opts.Forced, opts.MaxNodes, budget, branch, nil)
	res := s.memoResult(o, m, core.Stats{}, start)
	if o.status != core.StatusExhausted {
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
	sol := make([]int, 0, len(s.choice)+len(opts.Forced))
	for i := uint64(0); i < opts.Sample; i++ {
		sol = append(sol[:0], opts.Forced...)
		n := 0
		for _, k := range opts.Forced {
			res.Stats.Updates += s.force(k) // they fit: the count is not 0
			n++
		}
		var st core.Status
		sol, st = s.draw(m, total, rng, sol, &res.Stats)
		for n--; n >= 0; n-- {
			s.unforce(opts.Forced[n])
		}
		if st != core.StatusExhausted {
			res.Status = st
			break
		}
		res.Solutions++
		if s.nfirst < 0 {
			s.first = append(s.first[:0], sol...)
			s.nfirst = len(sol)
		}
		if opts.Visit != nil && !opts.Visit(sol) {
			res.Status = core.StatusFound
			break
		}
		res.Status = core.StatusFound
	}
	res.Memo.Entries = uint64(m.t.n)
	res.Stats.Elapsed = time.Since(start)
	return res, nil
}

// draw walks from the current state, whose count is total, down to a
// solution drawn uniformly at random, appending its options to sol, and
// restores the state. Counts below each option come from the memo (or
// are searched again when evicted).
func (s *Solver) draw(m *memoRun, total count, rng *rand.Rand, sol []int, stats *core.Stats) ([]int, core.Status) {
	nb, ib := s.nbase, s.ibase
	var path []uint32 // the option node taken at each level
	var items []uint32
	status := core.StatusExhausted
	for itr(ib, 0).next != 0 {
		var hr uint32
		if m.branch == BranchFirst && !s.colored {
			hr = itr(ib, 0).next
		} else if m.branch == BranchFirst {
			_, hr, _ = chooseFirst(ib)
		} else {
			_, hr, _ = choose(ib, 0)
		}
		stats.Nodes++
		stats.Updates += s.commitItem(hr)
		r := randBelow(rng, total)
		var pick uint32
		var below count
		for x := nd(nb, hr).down; x != hr; x = nd(nb, x).down {
			stats.Updates += s.commitOthers(x)
			o := s.searchMemo(m, 0)
			s.uncommitOthers(x)
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
			s.uncommitItem(hr)
			if status == core.StatusExhausted {
				status = core.StatusCanceled // unreachable: the counts add up to total
			}
			break
		}
		stats.Updates += s.commitOthers(pick)
		path = append(path, pick)
		items = append(items, hr)
		sol = append(sol, s.option(pick))
		total = below
	}
	for l := len(path) - 1; l >= 0; l-- {
		s.uncommitOthers(path[l])
		s.uncommitItem(items[l])
	}
	return sol, status
}

// commitItem covers the item with header hr, as the search does when it
// branches on it.
func (s *Solver) commitItem(hr uint32) uint64 {
	if s.colored {
		return s.cover(hr)
	}
	return s.coverPlain(hr)
}

// uncommitItem undoes commitItem(hr).
func (s *Solver) uncommitItem(hr uint32) {
	if s.colored {
		s.uncover(hr)
	} else {
		s.uncoverPlain(hr)
	}
}

// commitOthers takes the other items of option node x's option into
// account, as the search does when it chooses x.
func (s *Solver) commitOthers(x uint32) uint64 {
	if !s.colored {
		return s.coverOthersPlain(x)
	}
	nb := s.nbase
	var u uint64
	for p := x + nodeSize; p != x; {
		if np := nd(nb, p); np.top <= 0 {
			p = np.up
			continue
		}
		u += s.commit(p)
		p += nodeSize
	}
	return u
}

// uncommitOthers undoes commitOthers(x).
func (s *Solver) uncommitOthers(x uint32) {
	if !s.colored {
		s.uncoverOthersPlain(x)
		return
	}
	nb := s.nbase
	for p := x - nodeSize; p != x; {
		if np := nd(nb, p); np.top <= 0 {
			p = np.down
			continue
		}
		s.uncommit(p)
		p -= nodeSize
	}
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
