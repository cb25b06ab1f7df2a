package sudoku

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/coverkit/coverkit/core"
)

// GenerateOptions configures Generate.
type GenerateOptions struct {
	// Shape is the grid to fill (classic, X, jigsaw or Latin).
	Shape *Shape
	// Givens is the number of givens wanted; 0 removes givens for as long
	// as the solution stays unique (a minimal puzzle).
	Givens int
	// Seed makes the puzzle reproducible: the same seed and options give
	// the same puzzle. 0 is the default seed 1.
	Seed uint64
	// Attempts is how many solution grids to try before giving up on
	// Givens; 0 means 20.
	Attempts int
	// Algorithm is the registered sudoku algorithm that checks uniqueness
	// ("" for DefaultAlgorithm, auto). It never changes the puzzle
	// produced, only how fast it is.
	Algorithm string
}

// ErrGivens is wrapped by Generate's error when no attempt reached the
// number of givens asked for.
var ErrGivens = errors.New("sudoku: could not reach the givens asked for")

// Generate returns a puzzle with a unique solution, and that solution,
// deterministically for opts.Seed:
//
//  1. A solution grid: about N random givens that do not clash are
//     completed by the DLX search (retrying when they admit no solution);
//     its symbols are then relabeled at random and, for classic grids,
//     rows are shuffled within bands, columns within stacks, and bands and
//     stacks among themselves.
//  2. Givens are removed in a random order, each removal kept only if the
//     solver still finds exactly one solution, until Givens remain or no
//     more can be removed (the puzzle is then minimal). Beyond 9×9 each
//     check has a budget (removalNodes a cell): a removal it cannot prove
//     is not kept, so large puzzles are unique but not always minimal.
//
// Every puzzle returned has been checked unique by the solver, and its
// solution verified.
func Generate(ctx context.Context, o GenerateOptions) (*Puzzle, []uint8, error) {
	s := o.Shape
	if s == nil {
		return nil, nil, errors.New("sudoku: generate: no shape")
	}
	cells := s.Cells()
	if o.Givens < 0 || o.Givens > cells {
		return nil, nil, fmt.Errorf("sudoku: generate: %d givens for a %s grid (0..%d)", o.Givens, s, cells)
	}
	seed := o.Seed
	if seed == 0 {
		seed = 1
	}
	attempts := o.Attempts
	if attempts <= 0 {
		attempts = 20
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	alg, err := Algorithm(o.Algorithm)
	if err != nil {
		return nil, nil, err
	}
	if err := alg.Supports(&Puzzle{Shape: s, Givens: make([]uint8, cells)}, nil); err != nil {
		return nil, nil, err
	}
	complete := newDLXWorker()
	check := alg.Worker()
	var best *Puzzle
	var bestSol []uint8
	for range attempts {
		sol, err := solutionGrid(ctx, rng, s, complete)
		if err != nil {
			return nil, nil, err
		}
		p, err := removeGivens(ctx, rng, s, sol, o.Givens, check)
		if err != nil {
			return nil, nil, err
		}
		if best == nil || p.Count() < best.Count() {
			best, bestSol = p, sol
		}
		if o.Givens == 0 || best.Count() <= o.Givens {
			break
		}
	}
	if err := VerifyGrid(best, bestSol); err != nil {
		return nil, nil, fmt.Errorf("sudoku: generate: internal error: %w", err)
	}
	if o.Givens > 0 && best.Count() > o.Givens {
		return best, bestSol, fmt.Errorf("%w: %d givens wanted, the fewest reached in %d attempts is %d (try more givens or another seed)", ErrGivens, o.Givens, attempts, best.Count())
	}
	return best, bestSol, nil
}

// solutionGrid returns a random solution grid of shape s.
func solutionGrid(ctx context.Context, rng *rand.Rand, s *Shape, complete *dlxWorker) ([]uint8, error) {
	n, cells := s.N, s.Cells()
	p := &Puzzle{Shape: s, Givens: make([]uint8, cells)}
	sol := make([]uint8, cells)
	var units [5]int
	seen := make([]uint64, 3*n+2)
	// A budget per try keeps an unlucky set of seeds from searching long.
	// Then a classic grid starts from the pattern solution instead (the
	// shuffles below still randomize it); other variants try once more
	// without a budget, so a grid is always found if one exists.
	const tries = 20
	for try := range tries {
		if try == tries-1 && s.Variant == Classic {
			for i := range sol {
				r, c := i/n, i%n
				sol[i] = uint8((s.BoxCols*(r%s.BoxRows)+r/s.BoxRows+c)%n + 1)
			}
			shuffleGrid(rng, s, sol)
			return sol, nil
		}
		clear(p.Givens)
		clear(seen)
		for range n {
			i := rng.IntN(cells)
			if p.Givens[i] != 0 {
				continue
			}
			us := s.units(i, units[:0])
			var used uint64
			for _, u := range us {
				used |= seen[u]
			}
			free := ^used & (1<<n - 1)
			if n == 64 {
				free = ^used
			}
			if free == 0 {
				continue
			}
			v := nthBit(free, rng.IntN(bits.OnesCount64(free)))
			p.Givens[i] = uint8(v + 1)
			for _, u := range us {
				seen[u] |= 1 << v
			}
		}
		budget := uint64(20000 * n)
		if try == tries-1 {
			budget = 0
		}
		res, err := complete.solve(ctx, p, &core.Options{Mode: core.ModeFirst, MaxNodes: budget})
		if err != nil {
			return nil, err
		}
		if st := res.Status; st == core.StatusTimeout || st == core.StatusCanceled {
			return nil, fmt.Errorf("sudoku: generate: %s", st)
		}
		if res.Solutions == core.CountOf(1) {
			for i, v := range res.First {
				sol[i] = uint8(v)
			}
			shuffleGrid(rng, s, sol)
			return sol, nil
		}
	}
	return nil, errors.New("sudoku: generate: no solution grid found")
}

// nthBit returns the index of the k-th (0-based) set bit of x.
func nthBit(x uint64, k int) int {
	for range k {
		x &= x - 1
	}
	return bits.TrailingZeros64(x)
}

// shuffleGrid applies random symmetries that keep sol a solution of s: a
// relabeling of the symbols and, for classic grids, permutations of rows
// within bands, columns within stacks, of bands and of stacks.
func shuffleGrid(rng *rand.Rand, s *Shape, sol []uint8) {
	n := s.N
	label := rng.Perm(n)
	for i, v := range sol {
		sol[i] = uint8(label[v-1] + 1)
	}
	if s.Variant != Classic {
		return
	}
	rows := blockPerm(rng, n, s.BoxRows)
	cols := blockPerm(rng, n, s.BoxCols)
	src := append([]uint8(nil), sol...)
	for r := range n {
		for c := range n {
			sol[r*n+c] = src[rows[r]*n+cols[c]]
		}
	}
}

// blockPerm returns a random permutation of 0..n-1 that keeps blocks of
// size k together: the blocks are permuted, and so are the lines inside
// each block.
func blockPerm(rng *rand.Rand, n, k int) []int {
	blocks := rng.Perm(n / k)
	out := make([]int, 0, n)
	for _, b := range blocks {
		for _, j := range rng.Perm(k) {
			out = append(out, b*k+j)
		}
	}
	return out
}

// removeGivens removes givens from the full grid sol in random order while
// the puzzle stays unique, down to target (0: as far as possible).
// removalNodes is the search budget, in nodes a cell, of each uniqueness
// check while givens are removed from a grid larger than 9×9.
const removalNodes = 64

func removeGivens(ctx context.Context, rng *rand.Rand, s *Shape, sol []uint8, target int, check core.Solver) (*Puzzle, error) {
	p := &Puzzle{Shape: s, Givens: append([]uint8(nil), sol...)}
	count := len(sol)
	// On grids beyond 9×9 the check of a sparse puzzle can take very long:
	// a removal whose check runs out of removalNodes a cell is not kept, so
	// those puzzles stay unique (proved) but may not be minimal.
	opts := core.Options{Mode: core.ModeAll, Limit: 2}
	if s.N > 9 {
		opts.MaxNodes = uint64(removalNodes * len(sol))
	}
	for _, i := range rng.Perm(len(sol)) {
		if target > 0 && count <= target {
			break
		}
		v := p.Givens[i]
		p.Givens[i] = 0
		res, err := check(ctx, p, &opts)
		if err != nil {
			return nil, err
		}
		switch {
		case res.Status == core.StatusLimit:
			p.Givens[i] = v // not proved unique within the budget
		case res.Status.Partial():
			return nil, fmt.Errorf("sudoku: generate: %s", res.Status)
		case res.Solutions == core.CountOf(1):
			count--
		default:
			p.Givens[i] = v
		}
	}
	return p, nil
}
