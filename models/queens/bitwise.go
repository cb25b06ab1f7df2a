package queens

import (
	"context"
	"fmt"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/resource"
)

// BitwiseMaxN is the largest board the bitwise algorithm accepts: a row of
// the board is one uint64 mask.
const BitwiseMaxN = 64

// The counting methods of the bitwise algorithm (Options.Method, ModeCount).
const (
	// BitwiseSymmetry (the default, also "") counts with the full 8-fold
	// symmetry of the square, as in Takaken's program: one representative
	// per symmetry class is searched and weighted by its class size (2, 4
	// or 8), so the fundamental count (A002562) comes for free.
	BitwiseSymmetry = "symmetry"
	// BitwiseMirror counts with the left–right mirror only, as in Jeff
	// Somers' program: the first row's queen in the left half, doubled.
	// It is the baseline the symmetry method is measured against.
	BitwiseMirror = "mirror"
	// BitwisePlain counts every solution with no symmetry at all; it exists
	// to cross-check the other two.
	BitwisePlain = "plain"
)

var bitwiseAlgorithm = models.Algorithm{
	Name: "bitwise",
	Kind: models.Exact,
	Caps: models.CanFirst | models.CanAll | models.CanCount | models.CanUnique | models.CanParallel,
	Description: "Richards-style bitmask search; counts with the 8-fold symmetry " +
		"of the square on parallel workers",
	Limits: "n ≤ 64 (BitwiseMaxN: 64-bit row masks)",
	Solve:  solveBitwise,
}

// solveBitwise is the registry entry point of the bitwise algorithm.
//
// ModeCount runs the symmetric counter (Options.Method "" or "symmetry"),
// the mirror-only counter ("mirror") or the plain counter ("plain") on
// Options.Workers goroutines; Unique reports the fundamental solutions (the
// symmetry method only). ModeFirst and ModeAll run a plain single-threaded
// bitmask search that meets the solutions in lexicographic order, so its
// first solution is the lexicographically first one; with Unique, ModeAll
// lists one representative per symmetry class (see Unique).
//
// Stats.Nodes counts the placements the search made (consistent partial
// placements visited, the empty board included); with symmetry that is the
// reduced tree actually searched, far smaller than the plain tree.
// Stats.Checks stays 0: a bitmask search never tests a square on its own.
func solveBitwise(ctx context.Context, p core.Problem, opts *core.Options) (core.Result, error) {
	o := opts.OrDefault()
	b, workers, err := inputAny(p, o, "bitwise")
	if err != nil {
		return core.Result{}, err
	}
	n := b.N
	if b.Torus || len(b.Given) > 0 {
		return solveBitwiseConstrained(ctx, b, workers, o) // given_search.go
	}
	if n > BitwiseMaxN {
		return core.Result{}, fmt.Errorf("queens: bitwise: n = %d does not fit its 64-bit row masks (n ≤ %d; "+
			"no exact search finishes beyond n ≈ 30 anyway): %w", n, BitwiseMaxN, resource.ErrTooLarge)
	}
	switch o.Mode {
	case core.ModeCount:
		method := o.Method
		if method == "" {
			method = BitwiseSymmetry
		}
		switch method {
		case BitwiseSymmetry, BitwiseMirror, BitwisePlain:
		default:
			return core.Result{}, fmt.Errorf("queens: bitwise: unknown method %q (symmetry, mirror, plain): %w",
				o.Method, core.ErrUnsupported)
		}
		if o.Unique && method != BitwiseSymmetry {
			return core.Result{}, fmt.Errorf("queens: bitwise: fundamental solutions need the symmetry method, not %q: %w",
				method, core.ErrUnsupported)
		}
		return bwCount(ctx, n, method, workers, o), nil
	case core.ModeFirst, core.ModeAll:
		if o.Method != "" {
			return core.Result{}, fmt.Errorf("queens: bitwise: method %q applies to counting only: %w",
				o.Method, core.ErrUnsupported)
		}
		if o.Unique {
			return Unique(ctx, bwEnumerateSolver, p, o)
		}
		return bwEnumerate(ctx, n, o), nil
	}
	return core.Result{}, fmt.Errorf("queens: bitwise: unknown mode %d: %w", o.Mode, core.ErrUnsupported)
}

// bwEnumerateSolver runs the plain search of ModeFirst and ModeAll; Unique
// wraps it to list class representatives.
func bwEnumerateSolver(ctx context.Context, p core.Problem, opts *core.Options) (core.Result, error) {
	b, _, err := input(p, opts, "bitwise")
	if err != nil {
		return core.Result{}, err
	}
	if b.N > BitwiseMaxN {
		return core.Result{}, fmt.Errorf("queens: bitwise: n = %d does not fit its 64-bit row masks (n ≤ %d): %w", b.N, BitwiseMaxN, resource.ErrTooLarge)
	}
	return bwEnumerate(ctx, b.N, opts.OrDefault()), nil
}
