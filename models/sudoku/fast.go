package sudoku

import (
	"context"

	"github.com/coverkit/coverkit/models"
)

// Fast is a reusable bitset solver for classic 9×9 sudoku (constraint
// propagation with naked and hidden singles, then guessing). The zero value
// is ready to use; a Fast allocates nothing per puzzle. It is not safe for
// concurrent use: give each goroutine its own.
type Fast struct{}

// Solve searches the 9×9 puzzle givens (81 cells, row-major, 0 for empty,
// 1..9 for a given) for up to limit solutions (0: count them all). It
// returns how many it found, writing the first into sol; the search nodes
// (guesses) made; and the status (exhausted, found at the limit, or timeout
// or canceled when ctx ends).
func (f *Fast) Solve(ctx context.Context, givens *[81]uint8, limit uint64, sol *[81]uint8) (found, nodes uint64, status models.Status) {
	return 0, 0, models.StatusCanceled // placeholder until the fast solver lands
}
