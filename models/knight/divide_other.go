//go:build !linux

package knight

// divHugePages does nothing outside Linux.
func divHugePages([]int32) {}
