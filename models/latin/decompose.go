package latin

import (
	"context"
	"fmt"
	"math/big"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models/internal/grid"
	"github.com/coverkit/coverkit/resource"
)

// A split count of Latin squares counts the reduced squares (first row and
// column in order) in the subtrees of their exact cover, dlx.Subtrees;
// for all squares each subtree's count is multiplied by n!·(n−1)!, the
// squares each reduced one stands for. decompose is the model's split of a
// count (Model.Decompose).
func decompose(ctx context.Context, p core.Problem, units uint64) (core.Decomposition, error) {
	sq, ok := p.(*Square)
	if !ok || sq == nil {
		return nil, fmt.Errorf("latin: %w (got %T)", core.ErrWrongProblem, p)
	}
	n := sq.N
	if n < 1 || n > MaxOrder {
		return nil, fmt.Errorf("latin: order %d is out of range (1..%d)", n, MaxOrder)
	}
	ec, err := cover(ctx, n)
	if err != nil {
		return nil, err
	}
	t, err := dlx.NewSubtrees(ctx, ec, grid.Reduced(n), units, "latin-reduced")
	if err != nil {
		return nil, fmt.Errorf("latin: %w", err)
	}
	if sq.Reduced {
		return t, nil
	}
	f := new(big.Int).MulRange(1, int64(n))
	if n > 1 {
		f.Mul(f, new(big.Int).MulRange(1, int64(n-1)))
	}
	if f.BitLen() > 64 {
		return nil, fmt.Errorf("latin: order %d: n!·(n−1)! does not fit a split count's factor: %w", n, resource.ErrTooLarge)
	}
	return &scaled{Subtrees: t, factor: f.Uint64()}, nil
}

// scaled multiplies each subproblem's count by factor.
type scaled struct {
	*dlx.Subtrees
	factor uint64
}

// Name marks the multiplied counts.
func (s *scaled) Name() string { return s.Subtrees.Name() + "/all" }

// Instance marks the count of all squares, not the reduced ones.
func (s *scaled) Instance() string { return s.Subtrees.Instance() + " all" }

// Run counts as Subtrees.Run does, times factor; a product past 128 bits
// is an error, never wrapped.
func (s *scaled) Run(ctx context.Context, first, stride uint64, done func(j uint64, r core.SubResult) bool) (core.Status, error) {
	var over error
	st, err := s.Subtrees.Run(ctx, first, stride, func(j uint64, r core.SubResult) bool {
		c, ok := r.Count.MulChecked(s.factor)
		if !ok {
			over = fmt.Errorf("latin: subproblem %d: %s reduced squares times %d pass 2^128: %w", j, r.Count, s.factor, resource.ErrTooLarge)
			return false
		}
		r.Count = c
		return done(j, r)
	})
	if over != nil {
		return st, over
	}
	return st, err
}
