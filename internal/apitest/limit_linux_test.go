package apitest

import (
	"syscall"
	"testing"
)

func init() {
	limitMemory = func(t *testing.T) {
		// 6 GiB of address space: the memory policy (resource.Check reads
		// RLIMIT_AS) refuses what does not fit, and a call that allocates
		// without asking it fails here instead of taking the machine.
		var old syscall.Rlimit
		if err := syscall.Getrlimit(syscall.RLIMIT_AS, &old); err != nil {
			t.Logf("getrlimit: %v", err)
			return
		}
		lim := syscall.Rlimit{Cur: 6 << 30, Max: old.Max}
		if old.Cur < lim.Cur {
			return
		}
		if err := syscall.Setrlimit(syscall.RLIMIT_AS, &lim); err != nil {
			t.Logf("setrlimit: %v", err)
			return
		}
		t.Cleanup(func() { _ = syscall.Setrlimit(syscall.RLIMIT_AS, &old) })
	}
}
