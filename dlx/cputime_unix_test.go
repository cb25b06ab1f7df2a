//go:build unix

package dlx_test

import (
	"syscall"
	"time"
)

// cpuTime returns the user+system CPU time of the process, a steadier
// measure than wall time on a shared machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// threadCPU returns the CPU time of the calling OS thread where the
// system reports it (Linux), else the process's (cpuTime).
func threadCPU() time.Duration {
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return cpuTime()
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
