//go:build !linux

package sudoku

import "time"

// fastThreadCPU is not available outside Linux: the benchmarks then report
// wall-clock rates only.
func fastThreadCPU() (time.Duration, bool) { return 0, false }
