package bench

import (
	"bufio"
	"os"
	"strings"
)

// cpuModel reads the CPU model from /proc/cpuinfo: "model name" (x86 and
// some ARM kernels), else "Hardware", "cpu model" or "Processor" (other
// architectures); "" if none.
func cpuModel() string { return cpuinfoModel("/proc/cpuinfo") }

func cpuinfoModel(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	found := map[string]string{}
	s := bufio.NewScanner(f)
	for s.Scan() {
		k, v, ok := strings.Cut(s.Text(), ":")
		if !ok {
			continue
		}
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(v)
		if _, seen := found[k]; !seen && v != "" {
			found[k] = v
		}
	}
	for _, k := range []string{"model name", "hardware", "cpu model", "processor", "uarch"} {
		// "processor" is a number on x86; only a name is a model.
		if v := found[k]; v != "" && strings.ContainsFunc(v, func(r rune) bool { return r < '0' || r > '9' }) {
			return v
		}
	}
	return ""
}
