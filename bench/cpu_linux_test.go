package bench

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCPUInfoModel(t *testing.T) {
	for _, tc := range []struct{ name, cpuinfo, want string }{
		{"x86", "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\nprocessor\t: 1\nmodel name\t: AMD EPYC 7B13\n", "AMD EPYC 7B13"},
		{"arm with hardware", "processor\t: 0\nBogoMIPS\t: 38.40\nHardware\t: BCM2835\n", "BCM2835"},
		{"mips", "system type\t\t: MT7621\nprocessor\t\t: 0\ncpu model\t\t: MIPS 1004Kc V2.15\n", "MIPS 1004Kc V2.15"},
		{"numbers only", "processor\t: 0\nprocessor\t: 1\n", ""},
		{"empty", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "cpuinfo")
			require.NoError(t, os.WriteFile(path, []byte(tc.cpuinfo), 0o644))
			require.Equal(t, tc.want, cpuinfoModel(path))
		})
	}
	require.Empty(t, cpuinfoModel(filepath.Join(t.TempDir(), "missing")))
}
