package queens

import (
	"fmt"

	"github.com/coverkit/coverkit/core"
)

// input checks what every queens entry point is given before it looks at
// anything else: a non-nil *Board of positive size. It returns the board
// and the number of workers to use, o.Workers (resolved by
// models.Algorithm.Run and the registry: 1 or more). name is the
// algorithm, for the error's prefix.
//
// input also refuses a torus or given queens (plainOnly, wrapping
// core.ErrUnsupported), so that an algorithm never silently solves the
// ordinary board instead; the algorithms that handle them (bitwise, dlx,
// construct) call inputAny.
func input(p core.Problem, o *core.Options, name string) (*Board, int, error) {
	b, workers, err := inputAny(p, o, name)
	if err == nil {
		err = plainOnly(name, b)
	}
	if err != nil {
		return nil, 0, err
	}
	return b, workers, nil
}

// inputAny is input for the algorithms that handle the torus and givens.
func inputAny(p core.Problem, o *core.Options, name string) (*Board, int, error) {
	b, ok := p.(*Board)
	if !ok || b == nil {
		return nil, 0, fmt.Errorf("queens: %s: %w (got %s)", name, core.ErrWrongProblem, core.Describe(p))
	}
	if b.N <= 0 {
		return nil, 0, fmt.Errorf("queens: %s: board size must be positive, got %d", name, b.N)
	}
	return b, o.OrDefault().Workers, nil
}
