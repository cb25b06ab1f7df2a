package models

import "github.com/coverkit/coverkit/core"

// Worker returns a solver for one goroutine: a.NewWorker() when the
// algorithm has one (a solver that reuses its buffers across calls, see
// Algorithm.NewWorker), else a.Solve. Like a.Solve, it does not check the
// request: call Supports first.
func (a Algorithm) Worker() core.Solver {
	if a.NewWorker != nil {
		return a.NewWorker()
	}
	return a.Solve
}
