//go:build linux

package frontier

import (
	"syscall"
	"unsafe"
)

// mapMin is the smallest table given memory of its own (mmap) rather than
// the Go heap: the large tables come and go once a step, and memory of
// their own goes back to the system the moment a step is done with it
// (munmap), where the heap would keep a dropped table until a collection
// and its pages until the scavenger returns them, so that two steps'
// tables would briefly be held at once.
const mapMin = 4 << 20

// allocWords returns n zeroed words. A large table is mapped and advised
// for transparent huge pages (MADV_HUGEPAGE: a probe of a table of
// gigabytes at a random place then misses the TLB far less often); it
// must be given back with freeWords.
func allocWords(n int) ([]uint64, error) {
	size := n * 8
	if size < mapMin {
		return make([]uint64, n), nil
	}
	b, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, err
	}
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE) // advice only
	return unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), n), nil
}

// freeWords gives back the memory of a slice from allocWords; the slice
// must not be used afterwards.
func freeWords(s []uint64) {
	if len(s)*8 < mapMin {
		return
	}
	_ = syscall.Munmap(unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*8))
}
