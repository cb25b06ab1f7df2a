package sudoku

import "github.com/coverkit/coverkit/models/sudoku/internal/sweep"

// The sweep kernel (package internal/sweep: AVX-512 assembly) is the second
// way Fast searches classic grids: the same deductions as fastState's
// propagate, by whole-grid rounds in vector registers, and the same choice
// of guess as pick, so the same tree (TestFastSweepStates,
// TestFastSweepAgrees, FuzzFastKernels). It runs the whole search on a
// stack of its own and returns to Go at each solution, at each node bound
// (to poll the meter, as tick does) and at a fixpoint without a cell of two
// candidates, where pick decides.

// fastKernel chooses the kernel of a search, from CPUID: "sweep" for
// classic grids where the CPU has it (sweep.Available), else "go"; force
// "go" (tests) keeps the Go kernel everywhere. The purego build tag makes
// sweep.Available false.
func fastKernel(force string, diag bool) string {
	if sweep.Available() && !diag && force != "go" {
		return "sweep"
	}
	return "go"
}

// searchSweep is search on the sweep kernel, from the givens: the same
// nodes, solutions and order.
func (f *Fast) searchSweep(givens *[81]uint8) {
	if f.sw == nil {
		f.sw = new(sweep.Search)
	}
	x := f.sw
	x.Givens = givens
	x.Level, x.Nodes, x.Bound, x.Resume = 0, 0, f.bound, sweep.ResumeStart
	defer func() { x.Givens = nil }()
	s := &f.stack[0] // the kernel's answers, in fastState's layout
	for {
		switch sweep.Run(x) {
		case sweep.EventDone:
			f.nodes = x.Nodes
			return
		case sweep.EventSolution:
			f.nodes = x.Nodes
			s.cand = x.Out.Cand
			if f.solution(s) {
				return
			}
			x.Resume = sweep.ResumeBacktrack
		case sweep.EventPick:
			s.cand, s.unsolved = x.Out.Cand, x.Out.Unsolved
			b, p, _ := s.pick()
			x.Cells[x.Level] = uint32(27*b + p)
			x.Resume = sweep.ResumePicked
		case sweep.EventPoll:
			f.nodes = x.Nodes
			bound, _, ok := f.meter.Poll(f.nodes, f.nodes)
			if !ok {
				f.stop = f.meter.Status()
				return
			}
			f.bound = min(bound, f.nodes+fastPollNodes)
			x.Bound, x.Resume = f.bound, sweep.ResumeNext
		}
	}
}
