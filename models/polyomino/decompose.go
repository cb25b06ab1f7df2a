package polyomino

import (
	"context"
	"fmt"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
)

// A split count of a tiling counts every tiling (no symmetry reduction):
// the subtrees of the full exact cover, dlx.Subtrees.
func init() {
	models.RegisterDecomposer("polyomino", func(p core.Problem, units uint64) (core.Decomposition, error) {
		t, ok := p.(*Tiling)
		if !ok || t == nil {
			return nil, fmt.Errorf("polyomino: %w (got %T)", core.ErrWrongProblem, p)
		}
		cover, _ := t.Cover(nil)
		return dlx.NewSubtrees(context.Background(), cover, nil, units, "polyomino")
	})
}
