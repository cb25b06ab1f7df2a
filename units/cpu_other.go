//go:build !unix

package units

import "time"

var processStart = time.Now()

// cpuTime returns the wall time since the process started, where the CPU
// time is not available.
func cpuTime() time.Duration { return time.Since(processStart) }
