package polyomino

import (
	"time"

	"github.com/coverkit/coverkit/models"
)

const ms = time.Millisecond

// stops are the model's long runs, a phase each, for the stop-latency
// test of the command (models.Model.Stops).
var stops = []models.Stop{
	{Phase: "build", Args: []string{"polyomino", "solve", "--board", "60x60", "--pieces", "tetrominoes"}, From: 100 * ms, To: 300 * ms},
	{Phase: "parse", None: "boards and pieces are given on the command line"},
	{Phase: "search", Args: []string{"polyomino", "count", "--board", "6x10"}, From: 100 * ms, To: 300 * ms},
	{Phase: "write", None: "a solution is one board"},
}
