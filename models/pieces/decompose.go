package pieces

import (
	"context"
	"errors"
	"fmt"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models/xcc"
)

// decompose is the model's split of a count (Model.Decompose): the
// subtrees of the search of the placement cover (NewCover: the board's
// cliques, its rider segments and leaper pairs, the counter of k, the
// torus and the pawns included), dlx.Subtrees, counted by the dlx
// algorithm. Only a count of placements splits: max, dominate and pawns
// ask for an optimum, which a sum of units does not give, and the empty
// placement (k = 0) is one solution with nothing to split.
func decompose(ctx context.Context, p core.Problem, units uint64) (core.Decomposition, error) {
	pp, ok := p.(*Problem)
	if !ok || pp == nil {
		return nil, fmt.Errorf("pieces: %w (got %s)", core.ErrWrongProblem, core.Describe(p))
	}
	switch {
	case pp.Task != Place:
		return nil, fmt.Errorf("pieces: --units splits a count of placements (--task place); --task %s asks for an optimum, "+
			"which no sum of units gives: %w", pp.Task, core.ErrUnsupported)
	case pp.K == 0:
		return nil, fmt.Errorf("pieces: no split of the one placement of no pieces (k = 0): %w", core.ErrUnsupported)
	}
	m := core.NewMeter(ctx, nil)
	cov, err := pp.newCover(m)
	if errors.Is(err, errStopped) {
		return nil, xcc.BuildStopped(m)
	}
	if err != nil {
		return nil, err
	}
	return dlx.NewSubtrees(ctx, cov.Problem, nil, units, "pieces")
}
