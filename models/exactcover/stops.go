package exactcover

import (
	"bufio"
	"fmt"
	"io"
	"time"

	"github.com/coverkit/coverkit/models"
)

const ms = time.Millisecond

// stops are the model's long runs, a phase each, for the stop-latency
// test of the command (models.Model.Stops).
var stops = []models.Stop{
	{Phase: "build", Args: []string{"dlx", "$dlx-queens-1000", "--count"}, From: 300 * ms, To: 450 * ms,
		Inputs: map[string]models.StopInput{"dlx-queens-1000": {Args: []string{"queens", "cover", "1000"}}}},
	{Phase: "parse", Args: []string{"dlx", "$dlx-queens-2000", "--count"}, From: 200 * ms, To: 600 * ms,
		Inputs: map[string]models.StopInput{"dlx-queens-2000": {Args: []string{"queens", "cover", "2000"}}}},
	{Phase: "search", Args: []string{"dlx", "$dlx-queens-300", "--count"}, From: 300 * ms, To: 500 * ms,
		Inputs: map[string]models.StopInput{"dlx-queens-300": {Args: []string{"queens", "cover", "300"}}}},
	// A search whose every node scans 200,000 items (1-2 ms a node on the
	// reference machine): a poll by nodes alone, every 4,096, would come
	// seconds late (issue 22's 850,000-item case). Parsing takes about 1 s.
	{Phase: "search-wide", Args: []string{"dlx", "$dlx-cycle-200000", "--count"}, From: 1800 * ms, To: 2500 * ms,
		Inputs: map[string]models.StopInput{"dlx-cycle-200000": {Write: writeCycle}}},
	{Phase: "write", Args: []string{"dlx", "$dlx-queens-16", "--all"}, From: 200 * ms, To: 500 * ms,
		Inputs: map[string]models.StopInput{"dlx-queens-16": {Args: []string{"queens", "cover", "16"}}}},
}

// writeCycle writes the items of a cycle of 200,000, each option two
// neighbours: a search of 100,000 levels, every node scanning the items
// left to choose one.
func writeCycle(w io.Writer) error {
	const n = 200000
	b := bufio.NewWriter(w)
	for i := range n {
		fmt.Fprintf(b, "i%d ", i)
	}
	b.WriteString("\n")
	for i := range n {
		fmt.Fprintf(b, "i%d i%d\n", i, (i+1)%n)
	}
	return b.Flush()
}
