package bench

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
)

// Machine describes the computer for report headers: the CPU model, the
// number of CPUs, the Go version and the OS/architecture, such as "AMD EPYC
// 7B13, 2 cores, go1.26.8 linux/amd64". The CPU model comes from
// /proc/cpuinfo on Linux, sysctl on macOS and the BSDs, and the
// PROCESSOR_IDENTIFIER variable on Windows; where none is found it is the
// architecture, marked "(CPU model unknown)". The answer is computed once.
func Machine() string { return machineOnce() }

var machineOnce = sync.OnceValue(func() string {
	cpu := strings.Join(strings.Fields(cpuModel()), " ")
	if cpu == "" {
		cpu = runtime.GOARCH + " (CPU model unknown)"
	}
	return fmt.Sprintf("%s, %d cores, %s %s/%s", cpu, runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
})
