package exactcover

import (
	"context"
	"fmt"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
)

func init() {
	models.RegisterDecomposer("dlx", func(p core.Problem, units uint64) (core.Decomposition, error) {
		in, ok := p.(*Instance)
		if !ok || in == nil || in.Problem == nil {
			return nil, fmt.Errorf("dlx: %w (got %T)", core.ErrWrongProblem, p)
		}
		return dlx.NewSubtrees(context.Background(), in.Problem, nil, units, "dlx")
	})
}
