package polyomino

import (
	"context"
	"fmt"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
)

// A split count of a tiling counts every tiling (no symmetry reduction):
// the subtrees of the full exact cover, dlx.Subtrees.
func decompose(ctx context.Context, p core.Problem, units uint64) (core.Decomposition, error) {
	t, ok := p.(*Tiling)
	if !ok || t == nil {
		return nil, fmt.Errorf("polyomino: %w (got %T)", core.ErrWrongProblem, p)
	}
	cover, _, err := t.CoverContext(ctx, nil)
	if err != nil {
		return nil, err
	}
	return dlx.NewSubtrees(ctx, cover, nil, units, "polyomino")
}
