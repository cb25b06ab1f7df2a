package queens

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/coverkit/coverkit/core"
)

// Toroidal queens. On an n×n torus the board wraps around both ways, so the
// diagonals are the n classes of row+column mod n and the n classes of
// row−column mod n: a solution puts one queen in each row, column and
// toroidal diagonal of both directions. Every toroidal solution is also a
// solution of the ordinary board (OEIS A051906 ≤ A000170).
//
// Pólya (1918) proved that a solution exists exactly when n is divisible by
// neither 2 nor 3 (n = 1 included): summing the rows, columns and both
// diagonal classes of a solution mod n gives a contradiction when 2 or 3
// divides n. For gcd(n, 6) = 1 the queen of column c in row k·c mod n is a
// solution whenever k−1, k and k+1 are prime to n; k = 2 always works
// (Construct with the torus, ConstructTorus).
//
// The algorithms that handle a toroidal Board are bitwise (the counter of
// torus_count.go, the search of given_search.go), construct (Pólya's
// theorem, then the modular construction) and dlx (TorusCover); the others
// refuse it with core.ErrUnsupported. Every one of them answers at once,
// with status exhausted, 0 solutions and the theorem in Result.Reason,
// when Pólya's theorem says there is no solution.

// NewTorus returns the toroidal N-Queens problem of size n.
func NewTorus(n int) *Board { return &Board{N: n, Torus: true} }

// VerifyTorus checks that sol places n queens on the n×n torus with no two
// attacking: N entries, every row in 0..n−1 used once, and no two queens on
// one toroidal diagonal (row+column mod n, row−column mod n). It is
// independent of every solver, O(n) time, with one bit for each row and
// toroidal diagonal (3n bits); an error names both queens of a conflict
// (the other found by a second pass).
func VerifyTorus(n int, sol core.Solution) error {
	if n <= 0 {
		return fmt.Errorf("queens: board size must be positive, got %d", n)
	}
	if len(sol) != n {
		return fmt.Errorf("queens: %d entries for a board of size %d", len(sol), n)
	}
	rows, sum, diff := newBits(n), newBits(n), newBits(n)
	// other returns the 1-based column of the first queen before column c
	// on the line that key gives it.
	other := func(c int, key func(c, r int) int) int {
		k := key(c, int(sol[c]))
		for o := range c {
			if key(o, int(sol[o])) == k {
				return o + 1
			}
		}
		return 0
	}
	rowOf := func(_, r int) int { return r }
	sumOf := func(c, r int) int { return (r + c) % n }
	diffOf := func(c, r int) int { return ((r-c)%n + n) % n }
	for c, r32 := range sol {
		r := int(r32)
		if r < 0 || r >= n {
			return fmt.Errorf("queens: column %d: row %d is off the board (1..%d)", c+1, int64(r)+1, n)
		}
		if rows.has(r) {
			return fmt.Errorf("queens: column %d: row %d already has a queen (column %d)", c+1, r+1, other(c, rowOf))
		}
		s, d := sumOf(c, r), diffOf(c, r)
		if sum.has(s) {
			return fmt.Errorf("queens: column %d: the queen in row %d is attacked on a toroidal diagonal (row+column ≡ %d mod %d) by the queen in column %d",
				c+1, r+1, s, n, other(c, sumOf))
		}
		if diff.has(d) {
			return fmt.Errorf("queens: column %d: the queen in row %d is attacked on a toroidal diagonal (row−column ≡ %d mod %d) by the queen in column %d",
				c+1, r+1, d, n, other(c, diffOf))
		}
		rows.set(r)
		sum.set(s)
		diff.set(d)
	}
	return nil
}

// Polya says whether n non-attacking queens fit on the n×n torus, and why,
// by Pólya's theorem: they do exactly when gcd(n, 6) = 1. It answers for
// n ≥ 1; for n ≤ 0 it reports false with the reason that there is no board.
func Polya(n int) (exists bool, why string) {
	switch {
	case n <= 0:
		return false, fmt.Sprintf("there is no board of size %d", n)
	case n%2 == 0:
		return false, fmt.Sprintf("Pólya's theorem: n queens fit on the n×n torus only when n is divisible by neither 2 nor 3, and %d is even", n)
	case n%3 == 0:
		return false, fmt.Sprintf("Pólya's theorem: n queens fit on the n×n torus only when n is divisible by neither 2 nor 3, and %d is divisible by 3", n)
	}
	return true, fmt.Sprintf("Pólya's theorem: gcd(%d, 6) = 1, so the queen of column c in row 2c mod %d is a solution", n, n)
}

// ConstructTorus returns the toroidal solution sol[c] = 2c mod n (0-based)
// in O(n) time with no search, or nil when none exists (Polya). It fails
// for n ≤ 0 or beyond MaxConstructN and the machine's memory, like
// Construct.
func ConstructTorus(n int) (core.Solution, error) {
	sol, _, err := constructTorus(core.NewMeter(context.Background(), nil), n)
	return sol, err
}

// constructTorus builds the modular solution, checking m every
// constructPoll queens; false if m stopped it.
func constructTorus(m *core.Meter, n int) (core.Solution, bool, error) {
	if err := constructCheck(n, ""); err != nil {
		return nil, false, err
	}
	if ok, _ := Polya(n); !ok {
		return nil, true, nil
	}
	sol := make(core.Solution, n)
	r := 0
	for c := range sol {
		if c%constructPoll == 0 {
			if _, ok := m.Check(uint64(c)); !ok {
				return nil, false, nil
			}
		}
		sol[c] = int32(r)
		if r += 2; r >= n {
			r -= n
		}
	}
	return sol, true, nil
}

// solveConstructTorus is the construct algorithm on a toroidal board:
// Pólya's theorem, then the modular construction (ModeFirst only).
func solveConstructTorus(ctx context.Context, b *Board, o *core.Options) (core.Result, error) {
	if o.Mode != core.ModeFirst {
		return core.Result{}, fmt.Errorf("queens: construct builds one solution; it cannot list or count them all (use bitwise or dlx): %w",
			core.ErrUnsupported)
	}
	if o.Method != "" && o.Method != MethodModular {
		return core.Result{}, fmt.Errorf("queens: construct: on the torus the only method is %q, not %q: %w", MethodModular, o.Method, core.ErrUnsupported)
	}
	start := time.Now()
	if err := constructCheck(b.N, ""); err != nil {
		return core.Result{}, err
	}
	if res, none, err := settled(b); err != nil || none {
		return res, err
	}
	m := core.NewMeter(ctx, o)
	sol, ok, err := constructTorus(m, b.N)
	if err != nil {
		return core.Result{}, err
	}
	return constructed(m, ok, start, sol, MethodModular, o), nil // construct.go
}

// MethodModular is the construct method of the torus: sol[c] = 2c mod n.
const MethodModular = "modular"

// torusNone returns the result of a toroidal board that Pólya's theorem
// proves has no solution (status exhausted, 0 solutions, the theorem in
// Result.Reason), and whether it applies.
func torusNone(b *Board) (core.Result, bool) {
	if !b.Torus {
		return core.Result{}, false
	}
	if ok, why := Polya(b.N); !ok {
		return core.Result{Status: core.StatusExhausted, Reason: why}, true
	}
	return core.Result{}, false
}

// plainOnly returns an error wrapping core.ErrUnsupported if b is a torus
// or has given queens: the guard of the algorithms that handle neither.
// Every queens algorithm must either handle Torus and Given or call it.
func plainOnly(name string, b *Board) error {
	switch {
	case b.Torus && len(b.Given) > 0:
		return fmt.Errorf("queens: %s does not solve a torus with given queens (use dlx or bitwise): %w", name, core.ErrUnsupported)
	case b.Torus:
		return fmt.Errorf("queens: %s does not solve the torus (use bitwise, construct or dlx): %w", name, core.ErrUnsupported)
	case len(b.Given) > 0:
		return fmt.Errorf("queens: %s does not complete given queens (use dlx or bitwise): %w", name, core.ErrUnsupported)
	}
	return nil
}

// VerifyStreamTorus is VerifyStream with the rules of the torus
// (VerifyTorus): diagonals wrap around.
func VerifyStreamTorus(r io.Reader) (StreamReport, error) {
	if r == nil {
		return StreamReport{}, errNoInput
	}
	v := newStreamVerifier(r, true)
	return v.run()
}
