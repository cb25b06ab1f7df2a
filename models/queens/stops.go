package queens

import (
	"time"

	"github.com/coverkit/coverkit/models"
)

const ms = time.Millisecond

// stops are the model's long runs, a phase each, for the stop-latency
// test of the command (models.Model.Stops).
var stops = []models.Stop{
	{Phase: "build", Args: []string{"queens", "count", "20"}, From: 50 * ms, To: 150 * ms},
	{Phase: "parse", Args: []string{"queens", "verify", "$queens-solution"}, From: 200 * ms, To: 500 * ms,
		Inputs: map[string]models.StopInput{"queens-solution": {Args: []string{"queens", "solve", "20000000", "--algo", "construct"}}}},
	{Phase: "search", Args: []string{"queens", "count", "18", "--algo", "bitwise"}, From: 100 * ms, To: 300 * ms},
	// The coronal count: every worker lists the pre-placements and solves
	// its share, each polling its meter.
	{Phase: "search-coronal", Args: []string{"queens", "count", "19", "--algo", "coronal"}, From: 100 * ms, To: 300 * ms},
	{Phase: "write", Args: []string{"queens", "solve", "60000000", "--algo", "construct"}, From: 900 * ms, To: 1400 * ms},
}
