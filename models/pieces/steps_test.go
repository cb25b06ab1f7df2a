package pieces

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSteps: the build's blocks are sized by the steps a ride takes (issue
// 22: counting a ride as one step left half a second between two checks of
// the meter on 128x128), never fewer than the longest ride walks.
func TestSteps(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    Board
		d    direction
		want int
	}{
		{"a leap", Board{Dims: []int{8, 8}}, direction{v: []int{1, 2}}, 1},
		{"a rook's line", Board{Dims: []int{128, 128}}, direction{v: []int{0, 1}, ride: true}, 128},
		{"a diagonal on 3x100", Board{Dims: []int{3, 100}}, direction{v: []int{1, 1}, ride: true}, 100},
		{"a nightrider", Board{Dims: []int{10, 10}}, direction{v: []int{1, 2}, ride: true}, 10},
		{"a diagonal on the 3x4 torus", Board{Dims: []int{3, 4}, Torus: true}, direction{v: []int{1, 1}, ride: true}, 12},
		{"a line on the 6x6 torus", Board{Dims: []int{6, 6}, Torus: true}, direction{v: []int{0, -1}, ride: true}, 6},
		{"a step of 2 on the 6x6 torus", Board{Dims: []int{6, 6}, Torus: true}, direction{v: []int{2, 0}, ride: true}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, steps(&tc.b, tc.d))
		})
	}
}
