//go:build linux

package qs4

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
	if size < hugePage {
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

// makeHuge returns a zeroed slice of n elements whose memory starts on a
// huge-page boundary and is advised for huge pages (adviseHugePages), so
// that a bitset of a few MiB gets whole huge pages too. Slices under one
// huge page are plain. The few elements skipped before the boundary are
// never touched, so they cost address space but no memory.
func makeHuge[T any](n int) []T {
	var zero T
	size := uintptr(n) * unsafe.Sizeof(zero)
	if size < hugePage {
		return make([]T, n)
	}
	pad := int(hugePage / unsafe.Sizeof(zero))
	b := make([]T, n+pad)
	start := uintptr(unsafe.Pointer(&b[0]))
	off := int(((start+hugePage-1)&^(hugePage-1) - start) / unsafe.Sizeof(zero))
	b = b[off : off+n : off+n]
	adviseHugePages(b)
	return b
}
