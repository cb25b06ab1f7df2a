package langford

import (
	"time"

	"github.com/coverkit/coverkit/models"
)

const ms = time.Millisecond

// stops are the model's long runs, a phase each, for the stop-latency
// test of the command (models.Model.Stops).
var stops = []models.Stop{
	{Phase: "build", Args: []string{"langford", "solve", "4096"}, From: 50 * ms, To: 200 * ms},
	{Phase: "parse", None: "an instance is a number, no input"},
	{Phase: "search", Args: []string{"langford", "count", "20"}, From: 100 * ms, To: 300 * ms},
	{Phase: "write", None: "a solution is one row of 2N numbers"},
}
