package models

import "github.com/coverkit/coverkit/core"

// Worker returns a solver for one goroutine of a loop that gives every
// call its worker count itself, 1 or more (the batch loop: one worker a
// record): the algorithm's NewWorker when it has one (a solver that
// reuses its buffers across calls, see Algorithm.NewWorker), else its
// Solve, as the model wrote them, without the registry's Resolve. Like
// Solve, it does not check the request: call Supports first.
func (a Algorithm) Worker() core.Solver {
	switch {
	case a.newWorker != nil:
		return a.newWorker()
	case a.NewWorker != nil:
		return a.NewWorker()
	case a.solve != nil:
		return a.solve
	}
	return a.Solve
}
