package frontier

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSmall(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		closed     bool
		from       int
		want       string
	}{
		{3, 10, true, -1, "16"},
		{3, 12, true, -1, "176"},
		{5, 6, true, -1, "8"},
		{6, 6, true, -1, "9862"},
		{5, 8, true, -1, "44202"},
		{5, 10, true, -1, "13311268"},
		{5, 5, false, -1, "1728"},
		{5, 5, false, 0, "304"},
		{3, 4, false, -1, "16"},
	} {
		r, err := Count(nil, Problem{Rows: tc.rows, Cols: tc.cols, Closed: tc.closed, From: tc.from}, nil)
		require.NoError(t, err)
		require.Equal(t, tc.want, r.Count.String(), "%dx%d", tc.rows, tc.cols)
		t.Logf("%dx%d closed=%v: %s peak %d", tc.rows, tc.cols, tc.closed, r.Count, r.Peak)
	}
}

func BenchmarkCount6x8(b *testing.B) {
	for b.Loop() {
		_, err := Count(nil, Problem{Rows: 6, Cols: 8, Closed: true, From: -1}, nil)
		require.NoError(b, err)
	}
}

func BenchmarkCount6x7(b *testing.B) {
	for b.Loop() {
		_, err := Count(nil, Problem{Rows: 6, Cols: 7, Closed: true, From: -1}, nil)
		require.NoError(b, err)
	}
}
