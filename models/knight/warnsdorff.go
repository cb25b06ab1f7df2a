package knight

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/coverkit/coverkit/core"
)

// DefaultSeed seeds the randomized restarts of warnsdorff when
// Options.Seed is 0.
const DefaultSeed = 1

// Warnsdorff's rule (1823): always move to the free square with the fewest
// free onward squares. Ties decide whether it succeeds; we break them, in
// order, by
//
//  1. the fewest onward moves (Warnsdorff);
//  2. the greatest distance from the centre of the board (Roth's rule: the
//     knight keeps to the rim and leaves the roomy middle for last);
//  3. the move table's order on the first attempt, a random order (from
//     the seed) on later attempts, which also drop rule 2 every other time.
//
// Each attempt is one pass over the board, 8 neighbour checks a square, with
// one byte of state a square besides the path. A closed tour is an open one
// whose ends are a knight's move apart. Any square of a cycle may begin it,
// so closed attempts start near the centre: with Roth's rule the knight runs
// out to the rim and spirals back in, ending near where it began. When an
// attempt ends elsewhere, Pósa
// rotations (if the path's last square x is a knight's move from the i-th,
// reverse the path after i, making its successor the new end; the same at
// the front) move the ends until they meet, within a budget, and the cycle
// is then turned to begin at the start square. When a pass gets stuck short
// of the whole board, the same rotations at the back give the path new last
// squares to go on from (extend), keeping its first square: that is what
// finds open tours from the awkward starts of 3×n and 4×n boards.
type warnsdorff struct {
	rows, cols int
	n          int
	deg        []uint8 // free onward squares; visited = 255
	path       core.Solution
	pos        []int32 // index of each square in path (closed tours only)
	rng        *rand.Rand
	steps      uint64
	rotations  uint64
	moved      uint64      // squares moved by rotations
	m          *core.Meter // stops a pass, checked by steps and moves
	bound      uint64      // steps+moved may reach bound before the next check
}

const visited = 255

func newWarnsdorff(m *core.Meter, rows, cols int, seed uint64) *warnsdorff {
	n := rows * cols
	return &warnsdorff{rows: rows, cols: cols, n: n, deg: make([]uint8, n), path: make(core.Solution, 0, n),
		rng: rand.New(rand.NewPCG(seed, 0x6b6e69676874)), m: m}
}

// stepLimit is the step count at which steps+moved reaches the bound.
func (w *warnsdorff) stepLimit() uint64 {
	if w.bound < w.moved {
		return 0
	}
	return w.bound - w.moved
}

// check asks the meter whether to go on, and sets the next bound.
func (w *warnsdorff) check() bool {
	b, ok := w.m.Check(w.steps + w.moved)
	w.bound = b
	return ok
}

// attempt runs one pass from start; attempt 0 is deterministic. It reports
// whether the path covers the board.
func (w *warnsdorff) attempt(start int32, attempt int) bool {
	return w.run(start, attempt%2 == 0, attempt > 0)
}

// run makes one pass from start, breaking ties between squares of least
// degree by distance from the centre (Roth's rule, farthest first) when
// roth is set, then at random when random is set, else by MoveTable's
// order: neither gives plain Warnsdorff. It reports whether the path
// covers the board.
func (w *warnsdorff) run(start int32, roth, random bool) bool {
	rows, cols := w.rows, w.cols
	for r := range rows {
		if w.moved += uint64(cols); w.steps+w.moved >= w.bound && !w.check() {
			return false
		}
		for c := range cols {
			k := uint8(0) // on-board neighbours
			for _, m := range MoveTable {
				if rr, cc := r+m[0], c+m[1]; rr >= 0 && rr < rows && cc >= 0 && cc < cols {
					k++
				}
			}
			w.deg[r*cols+c] = k
		}
	}
	w.path = w.path[:0]
	cur := start
	r, c := int(cur)/cols, int(cur)%cols
	limit := w.stepLimit() // the walk moves nothing: steps alone reach the bound
	for {
		w.path = append(w.path, cur)
		w.deg[cur] = visited
		if w.steps++; w.steps >= limit {
			if !w.check() {
				return false
			}
			limit = w.stepLimit()
		}
		best, bestDeg, bestDist, bestKey := int32(-1), uint8(9), int64(-1), uint32(0)
		bestR, bestC := 0, 0
		for _, m := range MoveTable {
			rr, cc := r+m[0], c+m[1]
			if rr < 0 || rr >= rows || cc < 0 || cc >= cols {
				continue
			}
			t := int32(rr*cols + cc)
			d := w.deg[t]
			if d == visited {
				continue
			}
			d--
			w.deg[t] = d
			var dist int64
			if roth {
				dr, dc := int64(2*rr+1-rows), int64(2*cc+1-cols)
				dist = dr*dr + dc*dc
			}
			var key uint32
			if random {
				key = w.rng.Uint32()
			}
			if d < bestDeg || d == bestDeg && (dist > bestDist || dist == bestDist && key > bestKey) {
				best, bestDeg, bestDist, bestKey = t, d, dist, key
				bestR, bestC = rr, cc
			}
		}
		if best < 0 {
			return len(w.path) == w.n
		}
		cur, r, c = best, bestR, bestC
	}
}

// close tries to turn the full open path into a closed one by Pósa
// rotations at both ends, moving at most budget squares in all. It reports
// success; the path is then a cycle (not yet turned to the start).
func (w *warnsdorff) close(budget uint64) bool {
	n := w.n
	if n < 4 {
		return false
	}
	if w.pos == nil {
		w.pos = make([]int32, n)
	}
	for i, s := range w.path {
		w.pos[s] = int32(i)
	}
	moved := uint64(0)
	var cand [8]int32
	for moved <= budget {
		if w.steps+w.moved >= w.bound && !w.check() {
			return false
		}
		a, z := w.path[0], w.path[n-1]
		if w.adjacent(a, z) {
			return true
		}
		front := w.rng.IntN(2) == 0
		end := z
		if front {
			end = a
		}
		r, c := int(end)/w.cols, int(end)%w.cols
		k := 0
		for _, m := range MoveTable {
			rr, cc := r+m[0], c+m[1]
			if rr < 0 || rr >= w.rows || cc < 0 || cc >= w.cols {
				continue
			}
			i := w.pos[rr*w.cols+cc]
			if front && i > 1 || !front && int(i) < n-2 {
				cand[k] = i
				k++
			}
		}
		if k == 0 {
			continue
		}
		i := int(cand[w.rng.IntN(k)])
		lo, hi := i+1, n-1 // back: reverse path[i+1:]
		if front {
			lo, hi = 0, i-1 // front: reverse path[:i]
		}
		moved += w.rotate(lo, hi)
	}
	return false
}

// rotate is one Pósa rotation: it reverses path[lo..hi], keeping pos up to
// date, and returns the squares moved.
func (w *warnsdorff) rotate(lo, hi int) uint64 {
	moved := uint64(hi - lo + 1)
	w.rotations++
	w.moved += moved
	for ; lo < hi; lo, hi = lo+1, hi-1 {
		w.path[lo], w.path[hi] = w.path[hi], w.path[lo]
		w.pos[w.path[lo]], w.pos[w.path[hi]] = int32(lo), int32(hi)
	}
	return moved
}

// extend completes a path that Warnsdorff's rule left stuck short of the
// whole board, keeping its first square: while the last square has a free
// neighbour it moves there (fewest onward moves first); when it has none,
// a Pósa rotation at the back (the last square is a knight's move from the
// i-th: reverse the path after i) gives the path a new last square. It
// moves at most budget squares in rotations and reports whether the path
// now covers the board.
func (w *warnsdorff) extend(budget uint64) bool {
	n := w.n
	if len(w.pos) != n {
		w.pos = make([]int32, n)
	}
	for i, s := range w.path {
		w.pos[s] = int32(i)
	}
	moved := uint64(0)
	var cand [8]int32
	for len(w.path) < n {
		if w.steps+w.moved >= w.bound && !w.check() {
			return false
		}
		end := w.path[len(w.path)-1]
		r, c := int(end)/w.cols, int(end)%w.cols
		next, nextDeg, k := int32(-1), uint8(9), 0
		for _, m := range MoveTable {
			rr, cc := r+m[0], c+m[1]
			if rr < 0 || rr >= w.rows || cc < 0 || cc >= w.cols {
				continue
			}
			t := int32(rr*w.cols + cc)
			if d := w.deg[t]; d != visited {
				if d < nextDeg {
					next, nextDeg = t, d
				}
			} else if i := w.pos[t]; int(i) < len(w.path)-2 {
				cand[k] = i
				k++
			}
		}
		if next >= 0 {
			w.visit(next)
			continue
		}
		if k == 0 || moved > budget {
			return false
		}
		i := int(cand[w.rng.IntN(k)])
		moved += w.rotate(i+1, len(w.path)-1)
	}
	return true
}

// visit appends s to the path during extend: its free neighbours lose an
// onward move.
func (w *warnsdorff) visit(s int32) {
	w.pos[s] = int32(len(w.path))
	w.path = append(w.path, s)
	w.deg[s] = visited
	w.steps++
	r, c := int(s)/w.cols, int(s)%w.cols
	for _, m := range MoveTable {
		rr, cc := r+m[0], c+m[1]
		if rr >= 0 && rr < w.rows && cc >= 0 && cc < w.cols {
			if t := rr*w.cols + cc; w.deg[t] != visited {
				w.deg[t]--
			}
		}
	}
}

func (w *warnsdorff) adjacent(a, b int32) bool {
	return isKnightMove(int(a)/w.cols, int(a)%w.cols, int(b)/w.cols, int(b)%w.cols)
}

// maxAttempts is how many passes warnsdorff makes by default: enough for
// the rare failures on small and middle-sized boards, few enough that a
// hopeless request on a huge board ends in reasonable time.
func maxAttempts(n int) int {
	switch {
	case n <= 10_000:
		return 200
	case n <= 1_000_000:
		return 20
	}
	return 4
}

// solveWarnsdorff runs Warnsdorff's rule with restarts. It is a heuristic:
// when every attempt fails the status is limit, never a proof that no tour
// exists (theory decides that before it runs).
func solveWarnsdorff(ctx context.Context, p *Problem, o *core.Options) (core.Result, error) {
	t0 := time.Now()
	if err := p.Check(); err != nil {
		return core.Result{}, err
	}
	seed := o.Seed
	if seed == 0 {
		seed = DefaultSeed
	}
	w := newWarnsdorff(core.NewMeter(ctx, nil), p.Rows, p.Cols, seed)
	start := p.Start()
	attempts := maxAttempts(w.n)
	if o.MaxNodes > 0 {
		// Whole attempts of n steps within the budget: a budget below one
		// attempt makes none (status limit), so the steps never pass it.
		attempts = int(min(o.MaxNodes/uint64(w.n), uint64(attempts)))
	}
	res := core.Result{Status: core.StatusLimit}
	tried := 0
	for a := range attempts {
		if !w.check() {
			res.Status = w.m.Status()
			break
		}
		tried++
		from, pass := start, a
		if p.Closed {
			// Any square of a cycle will do. Started near the centre, with
			// Roth's rule (even passes) the knight keeps to the rim and
			// spirals back, so the path ends near where it began and a few
			// short rotations close it.
			r, c := (p.Rows-1)/2, (p.Cols-1)/2
			if a > 0 {
				r += w.rng.IntN(5) - 2
				c += w.rng.IntN(5) - 2
				r, c = min(max(r, 0), p.Rows-1), min(max(c, 0), p.Cols-1)
			}
			from, pass = int32(r*p.Cols+c), 2*a
			if a%2 == 1 {
				// Narrow boards (3xn) close more easily from anywhere.
				from, pass = int32(w.rng.IntN(w.n)), a
			}
		}
		if !w.attempt(from, pass) && !w.extend(uint64(16*w.n)+1<<16) {
			if w.m.Stopped() {
				res.Status = w.m.Status()
				break
			}
			continue
		}
		if p.Closed {
			if !w.close(uint64(64*w.n) + 1<<20) {
				if w.m.Stopped() {
					res.Status = w.m.Status()
					break
				}
				continue
			}
			if !rotateInPlace(w.m, w.path, start) {
				res.Status = w.m.Status()
				break
			}
		}
		res.Status = core.StatusFound
		res.Solutions = core.CountOf(1)
		res.First = w.path
		break
	}
	res.Stats = core.Stats{Steps: w.steps, Elapsed: time.Since(t0)}
	res.Extra = map[string]any{"seed": seed, "attempts": tried}
	if p.Closed {
		res.Extra["rotations"] = w.rotations
	}
	if res.First != nil && o.Visit != nil {
		o.Visit(res.First, res.Stats)
	}
	return res, nil
}

// rotateInPlace turns the cycle path to begin at s, in place (three
// reversals, no extra memory). It reports false if m stopped it (the path
// is then some rotation or reversal of the cycle).
func rotateInPlace(m *core.Meter, path []int32, s int32) bool {
	k := -1
	for i, x := range path {
		if x == s {
			k = i
			break
		}
	}
	if k <= 0 {
		return true
	}
	return reverse(m, path[:k]) && reverse(m, path[k:]) && reverse(m, path)
}

// reverse reverses s in place, checking m every million squares; it
// reports false if m stopped it.
func reverse(m *core.Meter, s []int32) bool {
	bound, ok := uint64(firstCheck), true
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		if uint64(i) >= bound {
			if bound, ok = m.Check(uint64(i)); !ok {
				return false
			}
		}
		s[i], s[j] = s[j], s[i]
	}
	return true
}
