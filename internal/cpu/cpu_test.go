package cpu

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestImplied checks the features' nesting: a kernel that asks for BMI2
// also uses BMI1 and POPCNT.
func TestImplied(t *testing.T) {
	if BMI2 {
		require.True(t, BMI1, "BMI2 without BMI1")
	}
	t.Logf("BMI1 %v, BMI2 %v, AVX512 %v, AVX512BW %v", BMI1, BMI2, AVX512, AVX512BW)
}

// TestGODEBUG checks what the package doc promises: GODEBUG turns a
// feature off for a run, so the Go kernels can be timed on a machine that
// has the instructions. The test runs itself again with every feature
// turned off.
func TestGODEBUG(t *testing.T) {
	if os.Getenv("COVERKIT_CPU_CHILD") == "1" {
		require.False(t, BMI1 || BMI2 || AVX512 || AVX512BW, "a feature GODEBUG turned off still reads true")
		return
	}
	exe, err := os.Executable()
	require.NoError(t, err)
	cmd := exec.Command(exe, "-test.run=^TestGODEBUG$", "-test.v")
	cmd.Env = append(os.Environ(), "COVERKIT_CPU_CHILD=1",
		"GODEBUG=cpu.bmi1=off,cpu.bmi2=off,cpu.avx512f=off")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.True(t, strings.Contains(string(out), "PASS"), "%s", out)
}
