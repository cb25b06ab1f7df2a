//go:build !amd64 || purego

package sudoku

// fastHaveSweep is false: without the amd64 assembly (or with the purego
// tag) the Go kernel propagates every grid.
const fastHaveSweep = false

// fastKernel chooses the kernel of a search: always "go" here.
func fastKernel(string, bool) string { return "go" }

// fastSweep is never called here; it answers as the sweep kernel would,
// with the Go kernel.
func fastSweep(s *fastState) int {
	if !s.propagate() {
		return fastSweepContradiction
	}
	b, p, ok := s.pick()
	if !ok {
		return fastSweepSolved
	}
	return int(27*b + p)
}

// fastSearch is never called here (fastKernel never says "sweep").
func fastSearch(*fastSweepSearch) int { return fastEventDone }
