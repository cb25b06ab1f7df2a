//go:build !amd64 || purego

package sudoku

// fastHaveSweep is false: without the amd64 assembly (or with the purego
// tag) the Go kernel propagates every grid.
const fastHaveSweep = false

// fastUseSweep stays false here.
var fastUseSweep = false

// fastSweep is never called here; it propagates with the Go kernel.
func fastSweep(s *fastState) bool { return s.propagate() }
