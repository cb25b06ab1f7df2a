//go:build !amd64 || purego

package cpu

// hasBMI1 is false: no assembly kernel here.
func hasBMI1() bool { return false }

// hasBMI2 is false: no assembly kernel here.
func hasBMI2() bool { return false }

// hasAVX512 is false: no assembly kernel here.
func hasAVX512() bool { return false }

// hasAVX512BW is false: no assembly kernel here.
func hasAVX512BW() bool { return false }
