package dance

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAsmDefines checks the offsets the assembly reads (its #defines)
// against the constants of dance.go, on every platform: the file is read,
// not built.
func TestAsmDefines(t *testing.T) {
	want := map[string]int{
		"NODESIZE": NodeSize, "NODESHIFT": NodeShift,
		"UP": Up, "DOWN": Down, "TOP": Top, "NEXT": Next,
		"PREV": Prev, "NEXTITEM": NextItem, "LEN": Len,
	}
	f, err := os.Open("dance_amd64.s")
	require.NoError(t, err)
	defer f.Close()
	got := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 3 && fields[0] == "#define" {
			v, err := strconv.Atoi(fields[2])
			require.NoError(t, err, sc.Text())
			got[fields[1]] = v
		}
	}
	require.NoError(t, sc.Err())
	require.Equal(t, want, got)
	require.Equal(t, NodeSize, 1<<NodeShift)
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
