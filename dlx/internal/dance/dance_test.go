package dance

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/coverkit/coverkit/internal/asmlayout"
)

// TestAsmDefines checks the offsets the assembly reads (its #defines)
// against the constants of dance.go, on every platform: the file is read,
// not built.
func TestAsmDefines(t *testing.T) {
	asmlayout.Check(t, "dance_amd64.s", map[string]uintptr{
		"NODESIZE": NodeSize, "NODESHIFT": NodeShift,
		"UP": Up, "DOWN": Down, "TOP": Top, "NEXT": Next,
		"PREV": Prev, "NEXTITEM": NextItem, "LEN": Len,
	})
	require.Equal(t, NodeSize, uintptr(1)<<NodeShift)
}

// TestResolve checks the one choice of kernel: Go when asked, else the
// assembly where the build has it.
func TestResolve(t *testing.T) {
	require.Equal(t, Go, Resolve(Go))
	want := Go
	if HaveAsm() {
		want = Asm
	}
	require.Equal(t, want, Resolve(Auto))
	require.Equal(t, want, Resolve(Asm))
}
