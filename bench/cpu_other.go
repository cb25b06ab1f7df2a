//go:build !linux && !darwin && !freebsd && !netbsd && !openbsd && !dragonfly && !windows

package bench

// cpuModel is not known on this system.
func cpuModel() string { return "" }
