package latin

import (
	"time"

	"github.com/coverkit/coverkit/models"
)

const ms = time.Millisecond

// stops are the model's long runs, a phase each, for the stop-latency
// test of the command (models.Model.Stops).
var stops = []models.Stop{
	{Phase: "build", Args: []string{"latin", "solve", "64"}, From: 40 * ms, To: 120 * ms},
	{Phase: "parse", None: "an instance is an order, no input"},
	{Phase: "search", Args: []string{"latin", "count", "7"}, From: 100 * ms, To: 300 * ms},
	{Phase: "write", None: "a solution is one square of at most 64x64"},
}
