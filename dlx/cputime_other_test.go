//go:build !unix

package dlx_test

import "time"

// cpuTime returns 0: the process's CPU time is read with getrusage, on
// Unix only (cputime_unix_test.go); the benchmarks then report no CPU
// figures.
func cpuTime() time.Duration { return 0 }

// threadCPU returns 0 (see cpuTime).
func threadCPU() time.Duration { return 0 }
