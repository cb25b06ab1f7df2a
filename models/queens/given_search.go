package queens

import (
	"context"
	"fmt"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens/internal/bitwise"
	"github.com/coverkit/coverkit/resource"
)

// bwGivenExcl fills excl[c] with the squares of column c that the search
// may not use: in a column with a given queen every other square, in the
// others the squares some given attacks (its row and its diagonals,
// wrapping around on the torus). b must have passed Check and n ≤ 64.
func bwGivenExcl(b *Board, excl *[BitwiseMaxN]uint64) {
	n := b.N
	mask := bitwise.Mask(n)
	var fixed [BitwiseMaxN]uint64
	for _, g := range b.Given {
		fixed[g.Col] = 1 << uint(g.Row)
	}
	for _, g := range b.Given {
		for c := range n {
			if c == g.Col {
				continue
			}
			att := uint64(1) << uint(g.Row)
			dc := c - g.Col
			for _, r := range [2]int{g.Row + dc, g.Row - dc} {
				if b.Torus {
					r = ((r % n) + n) % n
				}
				if r >= 0 && r < n {
					att |= 1 << uint(r)
				}
			}
			excl[c] |= att
		}
	}
	for c := range n {
		if fixed[c] != 0 {
			excl[c] = mask &^ fixed[c]
		}
	}
}

// solveBitwiseConstrained is the bitwise algorithm on a torus or with given
// queens: the givens are checked first (Check), Pólya's theorem answers a
// torus without solutions at once, the toroidal count without givens runs
// the parallel counter of torus_count.go, and everything else the search
// of bwSearch (bitwise_enum.go). Symmetry classes (Unique) and methods are not supported here.
func solveBitwiseConstrained(ctx context.Context, b *Board, workers int, o *core.Options) (core.Result, error) {
	switch o.Mode {
	case core.ModeFirst, core.ModeAll, core.ModeCount:
	default:
		return core.Result{}, fmt.Errorf("queens: bitwise: unknown mode %d: %w", o.Mode, core.ErrUnsupported)
	}
	if o.Unique {
		return core.Result{}, fmt.Errorf("queens: bitwise: no symmetry classes on a torus or with given queens: %w", core.ErrUnsupported)
	}
	if o.Method != "" {
		return core.Result{}, fmt.Errorf("queens: bitwise: no methods on a torus or with given queens (got %q): %w", o.Method, core.ErrUnsupported)
	}
	if res, none, err := settled(b); err != nil || none {
		return res, err
	}
	if b.N > BitwiseMaxN {
		return core.Result{}, fmt.Errorf("queens: bitwise: n = %d does not fit its 64-bit row masks (n ≤ %d; use dlx): %w",
			b.N, BitwiseMaxN, resource.ErrTooLarge)
	}
	if o.Mode == core.ModeCount && b.Torus && len(b.Given) == 0 {
		return torusCount(ctx, b.N, workers, o), nil
	}
	return bwSearch(ctx, b, o), nil
}
