package queens

import (
	"context"
	"fmt"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens/internal/bitwise"
	"github.com/coverkit/coverkit/resource"
)

// BitwiseMaxN is the largest board the bitwise algorithm accepts: a row of
// the board is one uint64 mask.
const BitwiseMaxN = bitwise.MaxN

// The counting methods of the bitwise algorithm (Options.Method, ModeCount).
const (
	// BitwiseSymmetry (the default, also "") counts with the full 8-fold
	// symmetry of the square, as in Takaken's program: one representative
	// per symmetry class is searched and weighted by its class size (2, 4
	// or 8), so the fundamental count (A002562) comes for free.
	BitwiseSymmetry = bitwise.Symmetry
	// BitwiseMirror counts with the left–right mirror only, as in Jeff
	// Somers' program: the first row's queen in the left half, doubled.
	// It is the baseline the symmetry method is measured against.
	BitwiseMirror = bitwise.Mirror
	// BitwisePlain counts every solution with no symmetry at all; it exists
	// to cross-check the other two.
	BitwisePlain = bitwise.Plain
)

var bitwiseAlgorithm = models.Algorithm{
	Name:    "bitwise",
	Kind:    models.Exact,
	Caps:    models.CanFirst | models.CanAll | models.CanCount | models.CanUnique | models.CanParallel | models.CanBudget,
	Methods: []string{BitwiseSymmetry, BitwiseMirror, BitwisePlain},
	Check: func(_ core.Problem, o *core.Options) error {
		if o = o.OrDefault(); o.Method != "" && o.Mode != core.ModeCount {
			return core.Wrap(core.ErrUnsupported, "queens: bitwise: --method %s applies to a count (its listings are one plain search)", o.Method)
		}
		return nil
	},
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
		return bwSearch(ctx, b, o), nil
	}
	return core.Result{}, fmt.Errorf("queens: bitwise: unknown mode %d: %w", o.Mode, core.ErrUnsupported)
}

// bwCount counts n × n boards with the counting kernel
// (internal/bitwise) on workers goroutines, under a meter of ctx and o.
// Stats.Nodes is the same for any number of workers; a node budget stops
// the count within bitwise.MaxSlack nodes a worker of it.
func bwCount(ctx context.Context, n int, method string, workers int, o *core.Options) core.Result {
	start := time.Now()
	m := core.NewMeter(ctx, o)
	r := bitwise.Count(m, n, method, workers, nil)
	res := core.Result{
		Status:    m.Status(),
		Solutions: r.Solutions,
		Stats:     core.Stats{Nodes: r.Nodes, Elapsed: time.Since(start)},
		Method:    method,
	}
	if o.Unique {
		res.Fundamental = r.Fundamental
	}
	if n > 1 {
		res.Extra = map[string]any{"workers": r.Workers, "tasks": r.Tasks}
	}
	finalProgress(o, res.Status, uint64(r.Tasks))
	return res
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
	return bwSearch(ctx, b, opts.OrDefault()), nil
}
