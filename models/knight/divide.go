package knight

import (
	"fmt"

	"github.com/coverkit/coverkit/models"
)

// Construct returns a knight's tour of the rows×cols board by divide and
// conquer, in time and memory linear in the number of squares, as square
// indices r*cols+c (0-based) in visiting order starting at square 0. If
// closed is true the last square is a knight's move from the first.
func Construct(rows, cols int, closed bool) ([]int32, error) {
	return nil, fmt.Errorf("knight: divide and conquer for %dx%d: %w", rows, cols, models.ErrUnsupported)
}
