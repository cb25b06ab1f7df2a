package queens

import (
	"fmt"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/resource"
)

// input checks what every queens entry point is given before it looks at
// anything else: a non-nil *Board of positive size, and a worker count that
// resource.Workers accepts (0 = one per CPU; negative or above the cap
// refused, wrapping models.ErrWorkers). It returns the board and the number
// of workers to use. name is the algorithm, for the error's prefix.
func input(p models.Problem, o *models.Options, name string) (*Board, int, error) {
	b, ok := p.(*Board)
	if !ok || b == nil {
		return nil, 0, fmt.Errorf("queens: %s: %w (got %s)", name, models.ErrWrongProblem, models.Describe(p))
	}
	if b.N <= 0 {
		return nil, 0, fmt.Errorf("queens: %s: board size must be positive, got %d", name, b.N)
	}
	workers, err := resource.Workers(o.OrDefault().Workers)
	if err != nil {
		return nil, 0, fmt.Errorf("queens: %s: %w", name, err)
	}
	return b, workers, nil
}
