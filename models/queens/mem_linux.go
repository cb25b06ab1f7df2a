package queens

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// physicalMemory returns the machine's RAM in bytes, or 0 if unknown.
func physicalMemory() uint64 {
	var si syscall.Sysinfo_t
	if err := syscall.Sysinfo(&si); err != nil {
		return 0
	}
	return uint64(si.Totalram) * uint64(si.Unit)
}

// availableMemory returns the memory a new allocation can count on, or 0
// (no check) if none of the limits can be read: the least of what the
// kernel says can be used without swapping (MemAvailable), what the
// process's cgroup still allows (memory.max less memory.current, cgroup
// v2, as in a container), and the address space left under RLIMIT_AS
// (ulimit -v) after the process's own.
func availableMemory() uint64 {
	var avail uint64
	least := func(v uint64) {
		if avail == 0 || v < avail {
			avail = max(v, 1)
		}
	}
	if kb, ok := procField("/proc/meminfo", "MemAvailable:"); ok {
		least(kb << 10)
	}
	if limit, ok := readUint("/sys/fs/cgroup/memory.max"); ok {
		used, _ := readUint("/sys/fs/cgroup/memory.current")
		least(limit - min(used, limit))
	}
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err == nil && rl.Cur != ^uint64(0) {
		vm, _ := procField("/proc/self/status", "VmSize:")
		least(rl.Cur - min(vm<<10, rl.Cur))
	}
	return avail
}

// procField returns the number after key in a /proc file of "key value kB"
// lines.
func procField(path, key string) (uint64, bool) {
	f, err := os.Open(path)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if rest, ok := strings.CutPrefix(s.Text(), key); ok {
			v, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return v, err == nil
		}
	}
	return 0, false
}

// readUint reads a file holding one number ("max", for no limit, is not
// one).
func readUint(path string) (uint64, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	v, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
	return v, err == nil
}
