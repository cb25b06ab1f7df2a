//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package bench

import (
	"os/exec"
	"runtime"
	"strings"
)

// cpuModel asks sysctl: machdep.cpu.brand_string on macOS, hw.model on the
// BSDs; "" if it fails.
func cpuModel() string {
	key := "hw.model"
	if runtime.GOOS == "darwin" {
		key = "machdep.cpu.brand_string"
	}
	out, err := exec.Command("sysctl", "-n", key).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}
