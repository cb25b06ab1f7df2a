//go:build !linux

package qs4

// adviseHugePages does nothing outside Linux (see hugepages_linux.go).
func adviseHugePages[T any](b []T) {}

// makeHuge returns make([]T, n) outside Linux.
func makeHuge[T any](n int) []T { return make([]T, n) }
