//go:build unix

package units_test

import (
	"syscall"
	"time"
)

// cpu returns the process's user+system CPU time: on a shared machine it
// measures the work where wall time does not.
func cpu() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
