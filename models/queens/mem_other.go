//go:build !linux

package queens

// physicalMemory returns 0: the machine's RAM is not known on this system.
func physicalMemory() uint64 { return 0 }

// availableMemory returns 0 (no check): the available memory is not known
// on this system.
func availableMemory() uint64 { return 0 }
