package dlx

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/coverkit/coverkit/dlx/internal/dance"
)

// TestKernelLayout checks the layout package dance's kernels read against
// the node and link types.
func TestKernelLayout(t *testing.T) {
	var n node
	var l link
	require.EqualValues(t, dance.NodeSize, unsafe.Sizeof(n))
	require.EqualValues(t, dance.NodeSize, unsafe.Sizeof(l))
	require.EqualValues(t, dance.NodeSize, nodeSize)
	require.EqualValues(t, dance.Up, unsafe.Offsetof(n.up))
	require.EqualValues(t, dance.Down, unsafe.Offsetof(n.down))
	require.EqualValues(t, dance.Top, unsafe.Offsetof(n.top))
	require.EqualValues(t, dance.Next, unsafe.Offsetof(n.color))
	require.EqualValues(t, dance.Prev, unsafe.Offsetof(l.prev))
	require.EqualValues(t, dance.NextItem, unsafe.Offsetof(l.next))
	require.EqualValues(t, dance.Len, unsafe.Offsetof(l.len))
}
