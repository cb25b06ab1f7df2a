package core

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// byteUnits are the suffixes ParseBytes reads, longest first.
var byteUnits = []struct {
	suffix string
	size   uint64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"B", 1},
}

// ParseBytes reads a positive number of bytes for the flag or argument
// called name ("" means none, 0): a size as ParseSize reads it (512, 1e9,
// 1_000), optionally followed by B, KB, MB, GB, TB (powers of 1000) or
// KiB, MiB, GiB, TiB (powers of 1024), such as 512MiB or 2GB.
func ParseBytes(name, s string) (uint64, error) {
	if s == "" {
		return 0, nil
	}
	t, unit := strings.TrimSpace(s), uint64(1)
	for _, u := range byteUnits {
		if rest, ok := strings.CutSuffix(t, u.suffix); ok {
			t, unit = strings.TrimSpace(rest), u.size
			break
		}
	}
	tooLarge := func() error {
		return fmt.Errorf("%s %q is too large (at most %d bytes)", name, s, uint64(math.MaxInt64))
	}
	v, err := ParseSize(name, t, math.MaxInt64)
	if err != nil {
		if f, ferr := strconv.ParseFloat(strings.ReplaceAll(t, "_", ""), 64); ferr == nil {
			// A number, but not a size: too large, 0 or negative, a fraction.
			switch {
			case f >= math.MaxInt64:
				return 0, tooLarge()
			case f <= 0:
				return 0, err
			}
			return 0, fmt.Errorf("%s %q: want a whole number of bytes, such as 1536MiB or 1500MB", name, s)
		}
		return 0, fmt.Errorf("%s %q: want a number of bytes such as 512MiB, 2GB or 1e9", name, s)
	}
	if uint64(v) > math.MaxInt64/unit {
		return 0, tooLarge()
	}
	return uint64(v) * unit, nil
}
