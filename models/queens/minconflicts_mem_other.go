//go:build !linux

package queens

// minconflictsAvailableMemory returns 0 (no check): the available memory is
// not known on this system.
func minconflictsAvailableMemory() uint64 { return 0 }
