package pieces

import (
	"math/bits"
	"slices"
)

// dom searches the dominating sets of exactly k cells (k pieces that occupy
// or attack every free cell). At each node it takes the undominated cell
// with the fewest candidate dominators left and tries each of them, the
// greatest gain first; a dominator tried is forbidden to its later siblings,
// so every set is met exactly once (and counts are exact). A node is cut
// when the k − depth largest gains cannot cover the cells left. With
// independent set, a candidate may not attack a chosen piece.
type dom struct {
	*run
	g           *graph
	k           int
	independent bool
	und         []uint64 // (k+1)·w: undominated cells by depth
	forbid      []uint64 // (k+1)·w: cells no longer allowed by depth
	avail       []uint64 // (k+1)·w: cells not attacked by a chosen piece
	cands       [][]int32
	gain        []int32 // by cell, scratch
	top         []int32 // the largest gains, scratch
	chosen      []int32
	pawns       []int
}

func newDom(r *run, g *graph, independent bool) *dom {
	return &dom{run: r, g: g, independent: independent, gain: make([]int32, g.n), pawns: r.p.Board.Pawns}
}

// lowerBound returns a proved lower bound on the domination number: the
// free cells over the most any one piece dominates.
func (s *dom) lowerBound() int {
	most, free := 0, popcount(s.g.free)
	for x := range s.g.n {
		if !s.g.pawn[x] {
			most = max(most, andCount(s.g.row(x), s.g.free))
		}
	}
	if most == 0 {
		return 0
	}
	return (free + most - 1) / most
}

// search visits the dominating sets of at most k cells (exactly k when
// every smaller k was exhausted without one).
func (s *dom) search(k int) {
	w := s.g.w
	s.k = k
	s.und = make([]uint64, (k+1)*w)
	s.forbid = make([]uint64, (k+1)*w)
	s.avail = make([]uint64, (k+1)*w)
	s.cands = make([][]int32, k+1)
	s.top = make([]int32, k+1)
	s.chosen = make([]int32, 0, k)
	copy(s.und, s.g.free)
	copy(s.avail, s.g.free)
	if s.tick() {
		return
	}
	s.dfs(0)
}

func (s *dom) dfs(depth int) {
	w, n := s.g.w, s.g.n
	und := s.und[depth*w : (depth+1)*w]
	left := popcount(und)
	if left == 0 {
		s.solution(s.chosen, s.pawns)
		return
	}
	need := s.k - depth
	if need == 0 {
		return
	}
	forbid := s.forbid[depth*w : (depth+1)*w]
	avail := s.avail[depth*w : (depth+1)*w]
	// Gains of the allowed cells, and the need largest.
	top := s.top[:0]
	for wi := range w {
		allowed := s.g.free[wi] &^ forbid[wi]
		if s.independent {
			allowed &= avail[wi]
		}
		for ; allowed != 0; allowed &= allowed - 1 {
			x := wi<<6 | bits.TrailingZeros64(allowed)
			r := s.g.closed[x*w : (x+1)*w]
			gn := 0
			for j := range w {
				gn += bits.OnesCount64(r[j] & und[j])
			}
			s.gain[x] = int32(gn)
			if gn == 0 {
				continue
			}
			if len(top) < need {
				top = append(top, int32(gn))
			} else if int32(gn) > top[len(top)-1] {
				top[len(top)-1] = int32(gn)
			} else {
				continue
			}
			for t := len(top) - 1; t > 0 && top[t] > top[t-1]; t-- {
				top[t], top[t-1] = top[t-1], top[t]
			}
		}
	}
	sum := 0
	for _, t := range top {
		sum += int(t)
	}
	if sum < left {
		return
	}
	// The undominated cell with the fewest allowed dominators.
	best, bestCount := -1, n+1
	for wi := range w {
		for u := und[wi]; u != 0; u &= u - 1 {
			x := wi<<6 | bits.TrailingZeros64(u)
			r := s.g.closed[x*w : (x+1)*w]
			c := 0
			for j := range w {
				a := r[j] &^ forbid[j]
				if s.independent {
					a &= avail[j]
				}
				c += bits.OnesCount64(a)
			}
			if c < bestCount {
				best, bestCount = x, c
				if c <= 1 {
					break
				}
			}
		}
		if bestCount <= 1 {
			break
		}
	}
	if bestCount == 0 {
		return
	}
	cands := s.cands[depth][:0]
	r := s.g.closed[best*w : (best+1)*w]
	for j := range w {
		a := r[j] &^ forbid[j]
		if s.independent {
			a &= avail[j]
		}
		for ; a != 0; a &= a - 1 {
			cands = append(cands, int32(j<<6|bits.TrailingZeros64(a)))
		}
	}
	slices.SortFunc(cands, func(a, b int32) int { return int(s.gain[b] - s.gain[a]) })
	s.cands[depth] = cands
	cu := s.und[(depth+1)*w : (depth+2)*w]
	cf := s.forbid[(depth+1)*w : (depth+2)*w]
	ca := s.avail[(depth+1)*w : (depth+2)*w]
	for _, v := range cands {
		if s.tick() {
			return
		}
		rv := s.g.closed[int(v)*w : (int(v)+1)*w]
		for j := range w {
			cu[j] = und[j] &^ rv[j]
			ca[j] = avail[j] &^ rv[j]
		}
		copy(cf, forbid)
		s.chosen = append(s.chosen, v)
		s.dfs(depth + 1)
		s.chosen = s.chosen[:depth]
		if s.stop {
			return
		}
		forbid[v>>6] |= 1 << (v & 63)
	}
}
