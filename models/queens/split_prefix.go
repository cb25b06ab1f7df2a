package queens

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens/internal/bitwise"
	"github.com/coverkit/coverkit/resource"
)

// The split count of a constrained board (a torus, given queens or both):
// the prefix decomposition. Its subproblems are the placements of the
// first D columns that the search of bwSearch meets (the givens kept,
// the squares they attack excluded, the diagonals wrapping around on the
// torus), in the order it meets them: column by column, rows ascending.
// Subproblem j is finished by the same search from column D on, so the
// subproblems' counts add up to bwSearch's count, and every solution
// lies below exactly one prefix. The last subproblem, M−1, is the search
// above depth D: no solution lies there (solutions are placements of all N
// columns), but its nodes (the empty board and the placements of columns
// 0..D−1) do, so that the nodes summed over the units are bwSearch's.
//
// D is the smallest depth with at least prefixPerUnit·K prefixes (or with
// none, or N): the list depends on the instance and K only. A board that
// settled answers without a search (givens that attack each other, a torus
// that Pólya's theorem rules out) is one subproblem with no solution.
//
// A torus without givens (n > 1) is split as its own counter, torusCount,
// searches it: the queen of column 0 in row 0 and that of column 1 in rows
// 2..(n−1)/2 (translation and reflection, torus_count.go), each
// subproblem's count weighted 2n; the name says so ("/torus-2n"), and the
// counts and nodes add up to torusCount's.

// PrefixName is the name (and version) of the prefix decomposition; the
// depth follows it: "queens-prefix/1/d=5". It changes whenever the list of
// subproblems or their order changes.
const PrefixName = "queens-prefix/1"

// prefixPerUnit is how many subproblems per work unit the prefix
// decomposition aims for; prefixMaxWant bounds the aim.
const (
	prefixPerUnit = 20
	prefixMaxWant = 1 << 24
)

// Prefix is the prefix decomposition of the count of a torus or of a board
// with given queens (n ≤ BitwiseMaxN); see PrefixName. It is immutable once
// made: Run may be called from several goroutines at once.
type Prefix struct {
	b     Board // a copy, the givens sorted by column
	mask  uint64
	excl  [BitwiseMaxN]uint64
	depth int
	count uint64 // the prefixes of depth D: subproblems 0..count−1
	above uint64 // the nodes above depth D: the empty board and Σ P(k), k ≤ D
	none  bool   // settled: no solution, no search
	// weight multiplies each prefix's completions: 2n on the reduced
	// torus, else 1.
	weight uint64
}

// NewPrefix returns the prefix decomposition of b's count for units work
// units. b must be a torus or have givens (the ordinary board splits by
// NewCoronal), with 1 ≤ N ≤ BitwiseMaxN; listing the prefixes polls ctx.
func NewPrefix(ctx context.Context, b *Board, units uint64) (*Prefix, error) {
	if b == nil {
		return nil, fmt.Errorf("queens: prefix: nil board: %w", core.ErrWrongProblem)
	}
	if b.N <= 0 || b.N > BitwiseMaxN {
		return nil, fmt.Errorf("queens: prefix: a split count of a torus or given queens goes to n = %d (bitwise masks), got n = %d: %w",
			BitwiseMaxN, b.N, resource.ErrTooLarge)
	}
	_, none, err := settled(b)
	if err != nil {
		return nil, err
	}
	s := &Prefix{b: Board{N: b.N, Torus: b.Torus, Given: slices.Clone(b.Given)}, mask: bitwise.Mask(b.N), none: none, weight: 1}
	slices.SortFunc(s.b.Given, func(x, y Square) int {
		if x.Col != y.Col {
			return x.Col - y.Col
		}
		return x.Row - y.Row
	})
	if none {
		return s, nil
	}
	bwGivenExcl(&s.b, &s.excl)
	if n := b.N; b.Torus && len(b.Given) == 0 && n > 1 {
		// The reduced tree of torusCount.
		var keep uint64
		for x := 2; x <= (n-1)/2; x++ {
			keep |= 1 << uint(x)
		}
		s.excl[0], s.excl[1] = s.mask&^1, s.mask&^keep
		s.weight = 2 * uint64(n)
	}
	want := prefixPerUnit * max(units, 1)
	if want > prefixMaxWant || want/prefixPerUnit != max(units, 1) {
		want = prefixMaxWant
	}
	pr := s.newRun(ctx)
	if !pr.poll(0) {
		return nil, fmt.Errorf("queens: prefix: listing stopped: %s", pr.m.Status())
	}
	for d := 1; ; d++ {
		var levels [BitwiseMaxN + 1]uint64
		ok := pr.walk(d, func(uint64, uint64, uint64, uint64) bool { return true }, &levels)
		if !ok {
			return nil, fmt.Errorf("queens: prefix: listing stopped: %s", pr.m.Status())
		}
		if levels[d] >= want || levels[d] == 0 || d == b.N {
			s.depth, s.count, s.above = d, levels[d], 1
			for k := 1; k <= d; k++ {
				s.above += levels[k]
			}
			return s, nil
		}
	}
}

// Name returns "queens-prefix/1/d=D", or "queens-prefix/1/torus-2n/d=D"
// for the reduced tree of a torus without givens.
func (s *Prefix) Name() string {
	if s.weight > 1 {
		return PrefixName + "/torus-2n/d=" + strconv.Itoa(s.depth)
	}
	return PrefixName + "/d=" + strconv.Itoa(s.depth)
}

// Algorithm names the algorithm whose search finishes the subproblems:
// "bitwise".
func (s *Prefix) Algorithm() string { return "bitwise" }

// Instance returns the canonical instance: see CanonicalInstance.
func (s *Prefix) Instance() string { return CanonicalInstance(&s.b) }

// Depth returns D, the columns a prefix places.
func (s *Prefix) Depth() int { return s.depth }

// Len returns the number of subproblems: the prefixes and the search
// above them.
func (s *Prefix) Len(context.Context) (uint64, error) { return s.count + 1, nil }

// Run solves subproblems first, first+stride, … in order; see
// core.Decomposition.
func (s *Prefix) Run(ctx context.Context, first, stride uint64, done func(j uint64, r core.SubResult) bool) (core.Status, error) {
	if s == nil || s.b.N <= 0 {
		return core.StatusExhausted, fmt.Errorf("queens: prefix: not made by NewPrefix: %w", core.ErrWrongProblem)
	}
	if done == nil {
		return core.StatusExhausted, fmt.Errorf("queens: prefix: no function to take the results: %w", core.ErrUnsupported)
	}
	if stride == 0 {
		stride = 1
	}
	pr := s.newRun(ctx)
	if !pr.poll(0) {
		return pr.m.Status(), nil
	}
	next := first
	if !s.none {
		var quit bool
		ok := pr.walk(s.depth, func(j, l, d, r uint64) bool {
			if j != next {
				return true
			}
			leaves, nodes, ok := pr.finish(l, d, r)
			if !ok {
				return false
			}
			if !done(j, core.SubResult{Count: core.CountOf(leaves).MulUint64(s.weight), Stats: core.Stats{Nodes: nodes}}) {
				quit = true
				return false
			}
			next += stride
			return next > j && next < s.count // past the last prefix (or wrapped around): done
		}, nil)
		if quit {
			return core.StatusCanceled, nil
		}
		if !ok && pr.m.Stopped() {
			return pr.m.Status(), nil
		}
		if next < first { // wrapped around
			return core.StatusExhausted, nil
		}
	}
	if next == s.count {
		above := s.above
		if s.none {
			above = 0
		}
		done(s.count, core.SubResult{Stats: core.Stats{Nodes: above}})
	}
	return core.StatusExhausted, nil
}

// prefixRun is the state of one listing or Run: the meter and the work
// done so far, for its polls.
type prefixRun struct {
	s     *Prefix
	m     *core.Meter
	work  uint64 // placements made so far (listing and finishing)
	bound uint64
}

func (s *Prefix) newRun(ctx context.Context) *prefixRun {
	return &prefixRun{s: s, m: core.NewMeter(ctx, nil)}
}

// poll reports the work done and whether to go on.
func (pr *prefixRun) poll(work uint64) bool {
	pr.work = work
	bound, _, ok := pr.m.Poll(work, work)
	pr.bound = bound
	return ok
}

// step returns the attacks on the next column after a queen at bit in a
// column whose attacks were l (sum diagonals), d (rows) and r (difference
// diagonals).
func (s *Prefix) step(l, d, r, bit uint64) (uint64, uint64, uint64) {
	if s.b.Torus {
		top := uint(s.b.N - 1)
		x, y := l|bit, r|bit
		return x>>1 | (x&1)<<top, d | bit, (y<<1)&s.mask | y>>top
	}
	return (l | bit) << 1, d | bit, (r | bit) >> 1
}

// walk meets the placements of columns 0..depth−1 in the search's order,
// counting those of depth k in levels[k] (if levels is not nil), and calls
// visit with the index of each prefix of the full depth and the attacks on
// column depth. It returns false when visit or the meter stops it.
func (pr *prefixRun) walk(depth int, visit func(j, l, d, r uint64) bool, levels *[BitwiseMaxN + 1]uint64) bool {
	s := pr.s
	var st [BitwiseMaxN + 1]bitwise.Frame
	st[0] = bitwise.Frame{A: s.mask &^ s.excl[0]}
	var j uint64
	work := pr.work
	c := 0
	for {
		f := &st[c]
		a := f.A
		if a == 0 {
			if c == 0 {
				break
			}
			c--
			continue
		}
		bit := a & -a
		f.A = a ^ bit
		work++
		l, d, r := s.step(f.L, f.D, f.R, bit)
		if levels != nil {
			levels[c+1]++
		}
		if c+1 == depth {
			pr.work = work
			if !visit(j, l, d, r) {
				return false
			}
			j++
			work = pr.work
		} else {
			c++
			st[c] = bitwise.Frame{L: l, D: d, R: r, A: s.mask &^ (l | d | r | s.excl[c])}
		}
		if work >= pr.bound && !pr.poll(work) {
			return false
		}
	}
	pr.work = work
	return true
}

// finish counts the completions of a prefix whose next column, s.depth,
// has the attacks l, d and r: the solutions (leaves) and the placements
// made (nodes), and false if the meter stopped it.
func (pr *prefixRun) finish(l, d, r uint64) (leaves, nodes uint64, ok bool) {
	s := pr.s
	n := s.b.N
	c0 := s.depth
	if c0 == n {
		return 1, 0, true
	}
	var st [BitwiseMaxN]bitwise.Frame
	st[c0] = bitwise.Frame{L: l, D: d, R: r, A: s.mask &^ (l | d | r | s.excl[c0])}
	base := pr.work
	c := c0
	for {
		f := &st[c&(BitwiseMaxN-1)]
		a := f.A
		if a == 0 {
			if c == c0 {
				break
			}
			c--
			continue
		}
		bit := a & -a
		f.A = a ^ bit
		nodes++
		if c == n-1 {
			leaves++
		} else {
			nl, nd, nr := s.step(f.L, f.D, f.R, bit)
			c++
			st[c&(BitwiseMaxN-1)] = bitwise.Frame{L: nl, D: nd, R: nr, A: s.mask &^ (nl | nd | nr | s.excl[c&(BitwiseMaxN-1)])}
		}
		if base+nodes >= pr.bound && !pr.poll(base+nodes) {
			return leaves, nodes, false
		}
	}
	pr.work = base + nodes
	return leaves, nodes, true
}

// CanonicalInstance returns the canonical form of a board, which the unit lines of
// its split counts identify by a hash (their "instance"): "queens n=N
// torus=T given=R,C;R,C…", the givens 1-based and sorted by column, then
// row. Boards with the same N, torus and set of givens, however they were
// written, have the same form.
func CanonicalInstance(b *Board) string {
	if b == nil {
		return "queens nil"
	}
	g := slices.Clone(b.Given)
	slices.SortFunc(g, func(x, y Square) int {
		if x.Col != y.Col {
			return x.Col - y.Col
		}
		return x.Row - y.Row
	})
	var sb strings.Builder
	sb.WriteString("queens n=")
	sb.WriteString(strconv.Itoa(b.N))
	sb.WriteString(" torus=")
	sb.WriteString(strconv.FormatBool(b.Torus))
	sb.WriteString(" given=")
	for i, q := range g {
		if i > 0 {
			sb.WriteByte(';')
		}
		sb.WriteString(q.String())
	}
	return sb.String()
}
