//go:build !linux

package queens

// physicalMemory returns 0: the machine's RAM is not known on this system.
func physicalMemory() uint64 { return 0 }
