//go:build !linux

package frontier

// allocWords returns n zeroed words from the Go heap.
func allocWords(n int) ([]uint64, error) { return make([]uint64, n), nil }

// freeWords drops s; the heap takes it back at its next collection.
func freeWords([]uint64) {}
