package queens

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// minconflictsAvailableMemory returns the memory the kernel says a new
// process can use without swapping (MemAvailable in /proc/meminfo), or 0
// (no check) if it cannot tell.
func minconflictsAvailableMemory() uint64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		rest, ok := strings.CutPrefix(s.Text(), "MemAvailable:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil {
			return 0
		}
		return kb << 10
	}
	return 0
}
