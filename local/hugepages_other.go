//go:build !linux

package local

// adviseHugePages does nothing outside Linux (see hugepages_linux.go).
func adviseHugePages[T any](b []T) {}
