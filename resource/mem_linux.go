package resource

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

// available returns the least of the limits that can be read, and its
// name, or 0, "" if none can.
func available() (uint64, string) {
	var avail uint64
	var name string
	least := func(v uint64, n string) {
		if avail == 0 || v < avail {
			avail, name = max(v, 1), n
		}
	}
	if kb, ok := procField("/proc/meminfo", "MemAvailable:"); ok {
		least(kb<<10, "MemAvailable")
	}
	if limit, ok := readUint("/sys/fs/cgroup/memory.max"); ok {
		used, _ := readUint("/sys/fs/cgroup/memory.current")
		least(limit-min(used, limit), "cgroup memory.max")
	}
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err == nil && rl.Cur != ^uint64(0) {
		vm, _ := procField("/proc/self/status", "VmSize:")
		least(rl.Cur-min(vm<<10, rl.Cur), "RLIMIT_AS (ulimit -v)")
	}
	return avail, name
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
