package dlx

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// A clock measures the CPU time of the goroutine that holds it, so that a
// race of methods (auto.go) compares their costs whatever else the machine
// runs: start locks the goroutine to its thread, whose CPU time it reads
// (CLOCK_THREAD_CPUTIME_ID, to the nanosecond); stop unlocks it.
type clock struct{}

func (*clock) start() { runtime.LockOSThread() }
func (*clock) stop()  { runtime.UnlockOSThread() }

// clockThreadCPU is Linux's CLOCK_THREAD_CPUTIME_ID.
const clockThreadCPU = 3

// now returns the CPU time of the thread, or the monotonic wall time when
// it cannot be read.
func (*clock) now() time.Duration {
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPU, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}
