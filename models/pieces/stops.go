package pieces

import (
	"time"

	"github.com/coverkit/coverkit/models"
)

const ms = time.Millisecond

// stops are the model's long runs, a phase each, for the stop-latency
// test of the command (models.Model.Stops).
var stops = []models.Stop{
	{Phase: "build", Args: []string{"pieces", "count", "queen", "128", "20"}, From: 50 * ms, To: 150 * ms},
	{Phase: "parse", None: "an instance is given on the command line"},
	{Phase: "search", Args: []string{"pieces", "count", "queen", "14", "14"}, From: 100 * ms, To: 300 * ms},
	{Phase: "write", None: "a solution is one board"},
}
