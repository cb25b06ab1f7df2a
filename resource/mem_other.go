//go:build !linux

package resource

// physicalMemory returns 0: the machine's RAM is not known on this system.
func physicalMemory() uint64 { return 0 }

// available returns 0 (no check): the available memory is not known on
// this system.
func available() (uint64, string) { return 0, "" }
