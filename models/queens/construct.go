package queens

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/resource"
)

var constructAlgorithm = models.Algorithm{
	Name: "construct",
	Kind: models.Constructive,
	Caps: models.CanFirst | models.CanUnique,
	Description: "explicit O(n) construction, no search: --method formula (Hoffman–Loessi–Moore, " +
		"default) or lists (even/odd lists with swaps); a billion queens in 4 GB",
	Limits:  "one solution; n ≤ 2^31 − 1 (MaxConstructN), 4 bytes a queen, checked against the memory available",
	Methods: []string{MethodFormula, MethodLists, MethodModular},
	Solve:   withUnique(solveConstruct),
}

// Construction methods for Options.Method with the construct algorithm.
const (
	// MethodFormula is the Hoffman–Loessi–Moore formula (the default).
	MethodFormula = "formula"
	// MethodLists is the even/odd lists with the swaps for n mod 6 = 2, 3.
	MethodLists = "lists"
)

// MaxConstructN is the largest board construct accepts: rows are stored in
// 32 bits (core.Solution), 4 bytes a queen.
const MaxConstructN = math.MaxInt32

// bytesPerQueen is the memory a constructed solution takes per queen.
const bytesPerQueen = 4

// constructPoll is how many queens are placed between checks of the
// meter (about a millisecond).
const constructPoll = 1 << 20

// Construct returns a solution for n queens built by method (MethodFormula
// or MethodLists, "" meaning MethodFormula) in O(n) time with no search, or
// nil when none exists (n = 2, 3). It returns an error for an unknown
// method, n ≤ 0 or n > MaxConstructN. It cannot be stopped; the
// registered "construct" algorithm can.
func Construct(n int, method string) (core.Solution, error) {
	sol, _, err := construct(core.NewMeter(context.Background(), nil), n, method)
	return sol, err
}

// constructCheck refuses an unknown method, a size out of range or one that
// does not fit in memory (resource.Check).
func constructCheck(n int, method string) error {
	if method == "" {
		method = MethodFormula
	}
	if method != MethodFormula && method != MethodLists {
		return fmt.Errorf("queens: construct: unknown method %q (formula, lists): %w", method, core.ErrUnsupported)
	}
	if n <= 0 {
		return fmt.Errorf("queens: construct: board size must be positive, got %d", n)
	}
	if n > MaxConstructN {
		return fmt.Errorf("queens: construct: n = %d would need %s at %d bytes a queen, and rows must fit in 32 bits (n ≤ %d): %w",
			n, resource.FormatBytes(resource.Bytes(uint64(n), bytesPerQueen)), bytesPerQueen, MaxConstructN, resource.ErrTooLarge)
	}
	need := resource.Bytes(uint64(n), bytesPerQueen)
	if need > math.MaxInt/2 {
		// A 32-bit address space: the solution's bytes would not fit.
		return fmt.Errorf("queens: construct: n = %d needs %s at %d bytes a queen, more than this platform can address: %w",
			n, resource.FormatBytes(need), bytesPerQueen, resource.ErrTooLarge)
	}
	if err := resource.Check(fmt.Sprintf("queens: construct: n = %d at %d bytes a queen", n, bytesPerQueen), need); err != nil {
		return err
	}
	return nil
}

// construct builds the solution of n queens by method, checking m every
// constructPoll queens; false if m stopped it.
func construct(m *core.Meter, n int, method string) (core.Solution, bool, error) {
	if err := constructCheck(n, method); err != nil {
		return nil, false, err
	}
	if n == 2 || n == 3 {
		return nil, true, nil
	}
	sol := make(core.Solution, n)
	var ok bool
	if method == MethodLists {
		ok = constructLists(m, sol)
	} else {
		ok = constructFormula(m, sol)
	}
	if !ok {
		return nil, false, nil
	}
	return sol, true, nil
}

// constructFormula fills sol with the Hoffman–Loessi–Moore construction
// (seed 002), with (i, j) = (column, row), 1-based, m the even part of n:
//
//   - m mod 6 ≠ 2: queens at (i, 2i) and (m/2+i, 2i−1), i = 1..m/2;
//   - m mod 6 = 2 (so m mod 6 ≠ 0): queens at (i, 1+((2i+m/2−3) mod m)) and
//     (m+1−i, m−((2i+m/2−3) mod m)), i = 1..m/2;
//   - n odd: the pattern for m = n−1, whose main diagonal is free, and a
//     queen at (n, n).
func constructFormula(meter *core.Meter, sol core.Solution) bool {
	n := len(sol)
	m := n &^ 1
	h := m / 2
	left, right := sol[:h], sol[h:m]
	for lo := 0; lo < h; lo += constructPoll {
		if _, ok := meter.Check(uint64(2 * lo)); !ok {
			return false
		}
		hi := min(lo+constructPoll, h)
		if m%6 != 2 {
			// Column i+1 gets row 2(i+1), column h+i+1 row 2(i+1)−1 (0-based
			// below).
			for i := lo; i < hi; i++ {
				left[i] = int32(2*i + 1)
				right[i] = int32(2 * i)
			}
			continue
		}
		// k = (2(i+1) + h − 3) mod m: column i+1 gets row 1+k, column m−i
		// row m−k (0-based below); k steps by 2 and wraps once past m.
		k := (2*lo + h - 1) % m
		for i := lo; i < hi; i++ {
			left[i] = int32(k)
			right[h-1-i] = int32(m - 1 - k)
			if k += 2; k >= m {
				k -= m
			}
		}
	}
	if n != m {
		sol[n-1] = int32(n - 1)
	}
	return true
}

// constructLists fills sol with the survey's lists (seed 002): the even
// rows 2, 4, ... then the odd rows 1, 3, ..., except that for n mod 6 = 2
// the odd list starts 3, 1 and 5 moves to its end, and for n mod 6 = 3 the 2
// moves to the end of the even list and 1, 3 to the end of the odd list.
// Queen i (column i) goes in the i-th row of the joined list.
func constructLists(m *core.Meter, sol core.Solution) bool {
	n := len(sol)
	c := 0
	put := func(row int) { // row is 1-based
		sol[c] = int32(row - 1)
		c++
	}
	// stop checks m every constructPoll rows of the odd list.
	stop := func(r int) bool {
		if r%constructPoll != 1 {
			return false
		}
		_, ok := m.Check(uint64(c))
		return !ok
	}
	switch n % 6 {
	case 2:
		for r := 2; r <= n; r += 2 {
			put(r)
		}
		put(3)
		put(1)
		for r := 7; r <= n; r += 2 {
			put(r)
			if stop(r) {
				return false
			}
		}
		put(5)
	case 3:
		for r := 4; r <= n; r += 2 {
			put(r)
		}
		put(2)
		for r := 5; r <= n; r += 2 {
			put(r)
			if stop(r) {
				return false
			}
		}
		put(1)
		put(3)
	default:
		for r := 2; r <= n; r += 2 {
			put(r)
		}
		for r := 1; r <= n; r += 2 {
			put(r)
			if stop(r) {
				return false
			}
		}
	}
	return true
}

// solveConstruct is the registered "construct" algorithm. It answers
// ModeFirst only; for n = 2 and 3, where no construction exists, it proves
// that no solution exists by exhaustive search (backtrack).
func solveConstruct(ctx context.Context, p core.Problem, opts *core.Options) (core.Result, error) {
	o := opts.OrDefault()
	b, _, err := inputAny(p, o, "construct")
	if err != nil {
		return core.Result{}, err
	}
	if b.Torus && len(b.Given) == 0 {
		return solveConstructTorus(ctx, b, o) // torus.go
	}
	if err := plainOnly("construct", b); err != nil {
		return core.Result{}, err
	}
	if o.Mode != core.ModeFirst {
		return core.Result{}, fmt.Errorf("queens: construct builds one solution; it cannot list or count them all (use an exact algorithm such as backtrack): %w",
			core.ErrUnsupported)
	}
	method := o.Method
	if method == "" {
		method = MethodFormula
	}
	if err := constructCheck(b.N, method); err != nil {
		return core.Result{}, err
	}
	start := time.Now()
	if b.N == 2 || b.N == 3 {
		if method != MethodFormula && method != MethodLists {
			return core.Result{}, fmt.Errorf("queens: construct: unknown method %q (formula, lists): %w", method, core.ErrUnsupported)
		}
		res, err := exact("construct", solveBacktrack)(ctx, p, &core.Options{MaxNodes: o.MaxNodes})
		res.Method = "exhaustive search"
		if err == nil && res.Status == core.StatusExhausted && res.Solutions.IsZero() {
			res.Reason = fmt.Sprintf("%d queens cannot be placed on a %d×%d board without attacking each other (proved by exhaustive search)", b.N, b.N, b.N)
		}
		return res, err
	}
	m := core.NewMeter(ctx, o)
	sol, ok, err := construct(m, b.N, method)
	if err != nil {
		return core.Result{}, err
	}
	return constructed(m, ok, start, sol, method, o), nil
}

// constructed is the result of a construction by method that started at
// start: sol, found, or where m stopped it (ok false), its status. It
// hands sol to Options.Visit.
func constructed(m *core.Meter, ok bool, start time.Time, sol core.Solution, method string, o *core.Options) core.Result {
	if !ok {
		return core.Result{Status: m.Status(), Stats: core.Stats{Elapsed: time.Since(start)}}
	}
	res := core.Result{
		Status:    core.StatusFound,
		Solutions: core.CountOf(1),
		First:     sol,
		Stats:     core.Stats{Elapsed: time.Since(start)},
		Method:    method,
		Extra:     map[string]any{"bytes_per_queen": bytesPerQueen},
	}
	if o.Visit != nil {
		o.Visit(sol, res.Stats)
	}
	return res
}
