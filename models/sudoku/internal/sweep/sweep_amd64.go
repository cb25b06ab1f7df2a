//go:build !purego

package sweep

import "github.com/coverkit/coverkit/internal/cpu"

// available is read once, from the module's CPU-feature table.
var available = cpu.AVX512BW

// Available says whether Run and Step may be called: the CPU and the
// operating system support AVX512F and AVX512BW.
func Available() bool { return available }

// Run runs the search x from where x.Resume says until its next event,
// which it returns.
func Run(x *Search) int { return searchAVX512(x, tab) }

// Step brings s to its fixpoint and returns Contradiction (s is then left
// as it was), or the Go pick's answer: the cell 27·b+p to guess on, Solved
// or NoPair. On success s.Unsolved holds the cells with two candidates or
// more and s.Changed is 0.
func Step(s *State) int { return sweepAVX512(s, tab) }

//go:noescape
func sweepAVX512(s *State, t *Tables) int

//go:noescape
func searchAVX512(x *Search, t *Tables) int
