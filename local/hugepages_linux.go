//go:build linux

package local

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on the platforms Go
// supports on Linux (x86-64, arm64 with 4 KiB base pages).
const hugePage = 2 << 20

// adviseHugePages asks Linux to back the 2 MiB-aligned part of b's memory
// with transparent huge pages (madvise MADV_HUGEPAGE), where the system
// allows it ("madvise" or "always" in
// /sys/kernel/mm/transparent_hugepage/enabled). The search reads the
// permutation and the diagonal bitsets at random places: with 4 KiB pages
// nearly every read of a large board misses the TLB, and touching the
// memory for the first time costs a page fault every 4 KiB. It must be
// called before b is first written. It is only advice: errors are ignored,
// and the contents and the meaning of b do not change.
func adviseHugePages[T any](b []T) {
	if len(b) == 0 {
		return
	}
	size := uintptr(len(b)) * unsafe.Sizeof(b[0])
	if size < 2*hugePage {
		return
	}
	start := uintptr(unsafe.Pointer(&b[0]))
	lo := (start + hugePage - 1) &^ (hugePage - 1)
	hi := (start + size) &^ (hugePage - 1)
	if hi <= lo {
		return
	}
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(&b[0]), lo-start)), hi-lo), syscall.MADV_HUGEPAGE)
}
