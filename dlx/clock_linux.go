package dlx

import (
	"syscall"
	"time"
	"unsafe"
)

// A clock measures the CPU time of the process, so that a race of methods
// (auto.go), which runs on one goroutine while the rest of the process
// waits, compares their costs whatever else the machine runs
// (CLOCK_PROCESS_CPUTIME_ID, to the nanosecond).
type clock struct{}

func (*clock) start() {}
func (*clock) stop()  {}

// clockProcessCPU is Linux's CLOCK_PROCESS_CPUTIME_ID.
const clockProcessCPU = 2

// now returns the CPU time of the process, or the monotonic wall time when
// it cannot be read.
func (*clock) now() time.Duration {
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockProcessCPU, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}
