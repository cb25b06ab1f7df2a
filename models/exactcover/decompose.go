package exactcover

import (
	"context"
	"fmt"

	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
)

func init() {
	models.RegisterDecomposer("dlx", func(p models.Problem, units uint64) (models.Decomposition, error) {
		in, ok := p.(*Instance)
		if !ok || in == nil || in.Problem == nil {
			return nil, fmt.Errorf("dlx: %w (got %T)", models.ErrWrongProblem, p)
		}
		return dlx.NewSubtrees(context.Background(), in.Problem, nil, units, "dlx")
	})
}
