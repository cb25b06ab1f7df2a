package knight

import (
	"time"

	"github.com/coverkit/coverkit/models"
)

const ms = time.Millisecond

// stops are the model's long runs, a phase each, for the stop-latency
// test of the command (models.Model.Stops).
var stops = []models.Stop{
	{Phase: "build", Args: []string{"knight", "count", "1500x1500"}, From: 100 * ms, To: 300 * ms},
	{Phase: "parse", Args: []string{"knight", "verify", "$knight-tour"}, From: 200 * ms, To: 500 * ms,
		Inputs: map[string]models.StopInput{"knight-tour": {Args: []string{"knight", "tour", "3000", "--format", "text"}}}},
	{Phase: "search", Args: []string{"knight", "count", "7"}, From: 100 * ms, To: 300 * ms},
	{Phase: "write", Args: []string{"knight", "tour", "6000", "--format", "text"}, From: 700 * ms, To: 1000 * ms},
}
