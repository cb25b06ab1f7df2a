package queens

import (
	"context"
	"fmt"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// Symmetry is one of the 8 symmetries of the square (the dihedral group
// D4), acting on solutions: rotations by 0, 90, 180 and 270 degrees and the
// four reflections.
type Symmetry int

// The 8 symmetries of the square. With x the column and y the row (0-based,
// n−1 the last), each maps a queen at (x, y) to the square given.
const (
	Identity      Symmetry = iota // (x, y)
	MirrorColumns                 // (n−1−x, y): left–right mirror
	MirrorRows                    // (x, n−1−y): up–down mirror
	Rotate180                     // (n−1−x, n−1−y)
	Transpose                     // (y, x): the main diagonal
	Rotate90                      // (n−1−y, x)
	Rotate270                     // (y, n−1−x)
	AntiTranspose                 // (n−1−y, n−1−x): the other diagonal
)

// Symmetries lists the 8 symmetries of the square, Identity first.
var Symmetries = [8]Symmetry{Identity, MirrorColumns, MirrorRows, Rotate180, Transpose, Rotate90, Rotate270, AntiTranspose}

var symmetryNames = [8]string{"identity", "mirror-columns", "mirror-rows", "rotate-180", "transpose", "rotate-90", "rotate-270", "anti-transpose"}

// String names the symmetry.
func (s Symmetry) String() string {
	if s < 0 || int(s) >= len(symmetryNames) {
		return fmt.Sprintf("Symmetry(%d)", int(s))
	}
	return symmetryNames[s]
}

// Apply returns the image of the permutation sol (sol[c] = 0-based row of
// the queen in column c) under s, as a new solution. sol must be a
// permutation of 0..len(sol)−1, as every valid solution is, and s one of
// Symmetries: otherwise Apply returns an error.
func (s Symmetry) Apply(sol core.Solution) (core.Solution, error) {
	if s < 0 || int(s) >= len(Symmetries) {
		return nil, fmt.Errorf("queens: %s is not a symmetry of the square (0..7)", s)
	}
	inv, err := inverse(sol)
	if err != nil {
		return nil, err
	}
	return s.image(sol, inv), nil
}

// image returns the image of the permutation p under s, given its inverse.
func (s Symmetry) image(p, inv []int32) core.Solution {
	out := make(core.Solution, len(p))
	for c := range out {
		out[c] = s.at(p, inv, c)
	}
	return out
}

// inverse returns the inverse of the permutation sol, or an error naming
// the first entry that makes sol no permutation of 0..len(sol)−1 (a row
// off the board, or a row used twice).
func inverse(sol core.Solution) ([]int32, error) {
	n := len(sol)
	inv := make([]int32, n)
	for i := range inv {
		inv[i] = -1
	}
	for c, r := range sol {
		if r < 0 || int(r) >= n {
			return nil, fmt.Errorf("queens: column %d: row %d is off the %d×%d board", c+1, int64(r)+1, n, n)
		}
		if inv[r] >= 0 {
			return nil, fmt.Errorf("queens: column %d: row %d already has a queen (column %d)", c+1, r+1, inv[r]+1)
		}
		inv[r] = int32(c)
	}
	return inv, nil
}

// at returns entry c of the image of p under s, given p's inverse; it lets
// comparisons stop at the first difference without building the image.
func (s Symmetry) at(p, inv []int32, c int) int32 {
	m := int32(len(p) - 1)
	switch s {
	case MirrorColumns:
		return p[int(m)-c]
	case MirrorRows:
		return m - p[c]
	case Rotate180:
		return m - p[int(m)-c]
	case Transpose:
		return inv[c]
	case Rotate90:
		return inv[int(m)-c]
	case Rotate270:
		return m - inv[c]
	case AntiTranspose:
		return m - inv[int(m)-c]
	}
	return p[c]
}

// canon tests canonical forms without allocating: it keeps the inverse
// permutation in a scratch array reused from one solution to the next.
type canon struct {
	inv []int32
}

func newCanon(n int) *canon { return &canon{inv: make([]int32, n)} }

// isCanonical reports whether p is the lexicographically least of its (up
// to) 8 images, i.e. the representative of its symmetry class.
func (k *canon) isCanonical(p []int32) bool {
	n := len(p)
	if cap(k.inv) < n {
		k.inv = make([]int32, n)
	}
	inv := k.inv[:n]
	for c, r := range p {
		inv[r] = int32(c)
	}
	for _, s := range Symmetries[1:] {
		for c := range n {
			v := s.at(p, inv, c)
			if v < p[c] {
				return false
			}
			if v > p[c] {
				break
			}
		}
	}
	return true
}

// IsCanonical reports whether sol is the lexicographically least of its
// images under the 8 symmetries of the square: the representative that
// `--unique` lists for its class. sol must be a permutation of
// 0..len(sol)−1 (every valid solution is), else IsCanonical returns an
// error.
func IsCanonical(sol core.Solution) (bool, error) {
	if _, err := inverse(sol); err != nil {
		return false, err
	}
	return newCanon(len(sol)).isCanonical(sol), nil
}

// Canonical returns the representative of sol's symmetry class: the
// lexicographically least of its images under the 8 symmetries. It builds
// only that image, comparing the others entry by entry as they are needed,
// so a constructed billion-queen solution costs two more arrays, not eight.
// sol must be a permutation of 0..len(sol)−1 (every valid solution is),
// else Canonical returns an error.
func Canonical(sol core.Solution) (core.Solution, error) {
	inv, err := inverse(sol)
	if err != nil {
		return nil, err
	}
	return canonical(sol, inv), nil
}

// canonical is Canonical of the permutation sol, given its inverse.
func canonical(sol core.Solution, inv []int32) core.Solution {
	n := len(sol)
	best := Identity
	for _, s := range Symmetries[1:] {
		for c := range n {
			v, w := s.at(sol, inv, c), best.at(sol, inv, c)
			if v != w {
				if v < w {
					best = s
				}
				break
			}
		}
	}
	return best.image(sol, inv)
}

// ClassSize returns how many distinct solutions sol's symmetry class holds:
// 8, 4 (sol is its own 180° rotation) or 2 (its own 90° rotation); 1 for
// n = 1. sol must be a permutation of 0..len(sol)−1 (every valid solution
// is), else ClassSize returns an error.
func ClassSize(sol core.Solution) (int, error) {
	inv, err := inverse(sol)
	if err != nil {
		return 0, err
	}
	seen := 0
	for i, s := range Symmetries {
		img := s.image(sol, inv)
		dup := false
		for _, t := range Symmetries[:i] {
			if equal(img, t.image(sol, inv)) {
				dup = true
				break
			}
		}
		if !dup {
			seen++
		}
	}
	return seen, nil
}

func equal(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Unique runs solve — any queens algorithm that can enumerate (ModeAll) —
// and counts the fundamental solutions: it keeps the solutions that are the
// lexicographically least in their symmetry class, which needs no memory of
// earlier solutions. In ModeAll only those representatives reach
// opts.Visit (with the work since the previous representative) and
// opts.Limit counts them; in ModeCount they are counted; in ModeFirst the
// first solution is replaced by its class representative. In ModeAll
// Result.Solutions and Fundamental count the representatives listed; in
// ModeCount Solutions is the count of every solution.
func Unique(ctx context.Context, solve core.Solver, p core.Problem, opts *core.Options) (core.Result, error) {
	o := opts.OrDefault()
	b, _, err := inputAny(p, o, "unique")
	if err != nil {
		return core.Result{}, err
	}
	if solve == nil {
		return core.Result{}, fmt.Errorf("queens: unique: no solver: %w", core.ErrUnsupported)
	}
	if b.N > MaxSearchN {
		return core.Result{}, fmt.Errorf("queens: unique: n = %d is beyond exact search (at most %d): %w", b.N, MaxSearchN, resource.ErrTooLarge)
	}
	if b.Torus || len(b.Given) > 0 {
		return core.Result{}, fmt.Errorf("queens: symmetry classes (unique) are for the ordinary board without given queens: %w", core.ErrUnsupported)
	}
	inner := *o
	inner.Unique = false
	if o.Mode == core.ModeFirst {
		res, err := solve(ctx, p, &inner)
		if err == nil && res.First != nil {
			if res.First, err = Canonical(res.First); err != nil {
				return core.Result{}, fmt.Errorf("queens: unique: the solver's solution is no permutation: %w", err)
			}
			res.Fundamental = core.CountOf(1)
		}
		return res, err
	}
	inner.Mode = core.ModeAll
	inner.Limit = 0
	var (
		k           = newCanon(b.N)
		fundamental core.Count
		first       core.Solution
		pending     core.Stats
		listed      uint64
		stopped     bool
	)
	inner.Visit = func(sol core.Solution, since core.Stats) bool {
		pending = sumStats(pending, since)
		if !k.isCanonical(sol) {
			return true
		}
		fundamental = fundamental.AddUint64(1)
		if o.Mode == core.ModeCount {
			return true
		}
		if first == nil {
			first = append(core.Solution(nil), sol...)
		}
		since, pending = pending, core.Stats{}
		listed++
		if o.Visit != nil && !o.Visit(sol, since) {
			stopped = true
			return false
		}
		if o.Limit > 0 && listed >= o.Limit {
			stopped = true
			return false
		}
		return true
	}
	res, err := solve(ctx, p, &inner)
	if err != nil {
		return res, err
	}
	res.Fundamental = fundamental
	if o.Mode == core.ModeAll {
		// A listing's record counts what it listed: the representatives
		// (as every model's listing up to symmetry does).
		res.First = first
		res.Solutions = core.CountOf(listed)
	} else {
		res.First = nil
	}
	if stopped {
		res.Status = core.StatusFound
	}
	return res, nil
}

// sumStats adds every field of s and t, elapsed times included.
func sumStats(s, t core.Stats) core.Stats {
	u := s.Add(t)
	u.Elapsed = s.Elapsed + t.Elapsed
	return u
}

// withUnique gives Options.Unique to an algorithm that has no symmetry
// support of its own, through Unique; without Unique it calls solve as it
// is.
func withUnique(solve core.Solver) core.Solver {
	return func(ctx context.Context, p core.Problem, o *core.Options) (core.Result, error) {
		if o != nil && o.Unique {
			return Unique(ctx, solve, p, o)
		}
		return solve(ctx, p, o)
	}
}
