package exactcover

import (
	"context"
	"fmt"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
)

// decompose is the model's split of a count (Model.Decompose): the
// subtrees of the instance's search, dlx.Subtrees.
func decompose(ctx context.Context, p core.Problem, units uint64) (core.Decomposition, error) {
	in, ok := p.(*Instance)
	if !ok || in == nil || in.Problem == nil {
		return nil, fmt.Errorf("dlx: %w (got %T)", core.ErrWrongProblem, p)
	}
	return dlx.NewSubtrees(ctx, in.Problem, nil, units, "dlx")
}
