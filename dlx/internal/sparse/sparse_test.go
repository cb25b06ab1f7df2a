package sparse

import (
	"testing"

	"github.com/coverkit/coverkit/internal/asmlayout"
)

// TestAsmDefines checks the offsets the assembly reads (its #defines)
// against Kern, on every platform: the file is read, not built.
func TestAsmDefines(t *testing.T) {
	asmlayout.Check(t, "sparse_amd64.s", map[string]uintptr{
		"KSET": OffSet, "KLOC": OffLoc, "KON": OffOn, "KITEM": OffItem, "KFORCE": OffForce,
		"KSECOND": OffSecond, "KACTIVE": OffActive, "KNF": OffNF, "KKNUTH": OffKnuth, "KZERO": OffZero,
		"KSWAPS": OffSwaps, "KAPRIM": OffAPrim, "KUPD": OffUpd, "KFROM": OffFrom,
	})
}
