package knight

import (
	"errors"
	"fmt"
	"math"
	"os"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

// divVerify is the tests' own checker, independent of the rest of the
// package: every square once, every step a knight's move, the start at
// square 0, and the closing move when closed.
func divVerify(rows, cols int, closed bool, tour []int32) error {
	n := rows * cols
	if len(tour) != n {
		return fmt.Errorf("%d squares, want %d", len(tour), n)
	}
	if n > 0 && tour[0] != 0 {
		return fmt.Errorf("starts at %d, want 0", tour[0])
	}
	seen := make([]bool, n)
	step := func(a, b int32) bool {
		dr := int(a)/cols - int(b)/cols
		dc := int(a)%cols - int(b)%cols
		return dr*dr+dc*dc == 5
	}
	for i, s := range tour {
		if s < 0 || int(s) >= n {
			return fmt.Errorf("step %d: square %d off the board", i, s)
		}
		if seen[s] {
			return fmt.Errorf("step %d: square %d visited twice", i, s)
		}
		seen[s] = true
		if i > 0 && !step(tour[i-1], s) {
			return fmt.Errorf("step %d: %d to %d is not a knight's move", i, tour[i-1], s)
		}
	}
	if closed && !step(tour[n-1], tour[0]) {
		return fmt.Errorf("not closed: %d to %d is not a knight's move", tour[n-1], tour[0])
	}
	return nil
}

// divHasClosed is Schwenk's theorem.
func divHasClosed(rows, cols int) bool {
	m, n := min(rows, cols), max(rows, cols)
	switch {
	case m%2 == 1 && n%2 == 1, m == 1, m == 2, m == 4:
		return false
	case m == 3:
		return n >= 10 && n%2 == 0
	}
	return true
}

func TestConstructClosedAll(t *testing.T) {
	for rows := 1; rows <= 60; rows++ {
		for cols := 1; cols <= 60; cols++ {
			if !divHasClosed(rows, cols) {
				continue
			}
			tour, err := Construct(rows, cols, true)
			require.NoError(t, err, "%dx%d", rows, cols)
			require.NoError(t, divVerify(rows, cols, true, tour), "%dx%d", rows, cols)
		}
	}
}

func TestConstructClosedNone(t *testing.T) {
	for rows := 1; rows <= 12; rows++ {
		for cols := 1; cols <= 12; cols++ {
			if divHasClosed(rows, cols) {
				continue
			}
			_, err := Construct(rows, cols, true)
			require.Error(t, err, "%dx%d", rows, cols)
			require.True(t, errors.Is(err, core.ErrUnsupported), "%dx%d: %v", rows, cols, err)
		}
	}
}

func TestConstructOpenOddOdd(t *testing.T) {
	for rows := 5; rows <= 41; rows += 2 {
		for cols := 5; cols <= 41; cols += 2 {
			tour, err := Construct(rows, cols, false)
			require.NoError(t, err, "%dx%d", rows, cols)
			require.NoError(t, divVerify(rows, cols, false, tour), "%dx%d", rows, cols)
		}
	}
}

func TestConstructLarge(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		closed     bool
	}{
		{100, 100, true}, {101, 100, true}, {100, 102, true}, {1000, 1003, true}, {1001, 1003, false},
		{999, 1000, true}, {1000, 999, true}, {997, 1003, false}, {3, 20002, true}, {20002, 3, true},
		{3, 20001, false}, {4, 30001, false}, {30002, 4, false}, {5, 2000, true}, {2001, 7, false},
	} {
		t.Run(fmt.Sprintf("%dx%d", tc.rows, tc.cols), func(t *testing.T) {
			tour, err := Construct(tc.rows, tc.cols, tc.closed)
			require.NoError(t, err)
			require.NoError(t, divVerify(tc.rows, tc.cols, tc.closed, tour))
		})
	}
}

func TestConstructOpenThree(t *testing.T) {
	for n := 4; n <= 101; n++ {
		if n == 5 || n == 6 {
			continue
		}
		for _, size := range [][2]int{{3, n}, {n, 3}} {
			tour, err := Construct(size[0], size[1], false)
			require.NoError(t, err, "%dx%d", size[0], size[1])
			require.NoError(t, divVerify(size[0], size[1], false, tour), "%dx%d", size[0], size[1])
		}
	}
}

func TestConstructOpenFour(t *testing.T) {
	for n := 5; n <= 100; n++ {
		for _, size := range [][2]int{{4, n}, {n, 4}} {
			tour, err := Construct(size[0], size[1], false)
			require.NoError(t, err, "%dx%d", size[0], size[1])
			require.NoError(t, divVerify(size[0], size[1], false, tour), "%dx%d", size[0], size[1])
		}
	}
}

func TestConstructOpenNone(t *testing.T) {
	for _, size := range [][2]int{{1, 2}, {2, 1}, {2, 2}, {1, 7}, {2, 9}, {9, 2}, {3, 3}, {3, 5}, {5, 3}, {3, 6}, {6, 3}, {4, 4}} {
		_, err := Construct(size[0], size[1], false)
		require.ErrorIs(t, err, core.ErrUnsupported, "%dx%d", size[0], size[1])
	}
	tour, err := Construct(1, 1, false)
	require.NoError(t, err)
	require.Equal(t, []int32{0}, tour)
}

func BenchmarkConstruct(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			b.SetBytes(int64(n) * int64(n))
			for b.Loop() {
				if _, err := Construct(n, n, true); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestStreamMatchesConstruct(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		closed     bool
	}{
		{1, 1, false}, {6, 6, true}, {3, 10, true}, {4, 9, false}, {9, 11, false}, {300, 301, true}, {400, 300, true},
	} {
		t.Run(fmt.Sprintf("%dx%d", tc.rows, tc.cols), func(t *testing.T) {
			want, err := Construct(tc.rows, tc.cols, tc.closed)
			require.NoError(t, err)
			var got []int32
			require.NoError(t, Stream(tc.rows, tc.cols, tc.closed, func(sq []int32) error {
				require.LessOrEqual(t, len(sq), 1<<16)
				got = append(got, sq...)
				return nil
			}))
			require.Equal(t, want, got)
		})
	}
	stop := errors.New("stop")
	calls := 0
	err := Stream(400, 400, true, func([]int32) error { calls++; return stop })
	require.ErrorIs(t, err, stop)
	require.Equal(t, 1, calls)
	require.ErrorIs(t, Stream(3, 6, true, func([]int32) error { return nil }), core.ErrUnsupported)
}

func TestConstructErrors(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		want       error
	}{
		{0, 5, core.ErrUnsupported},
		{5, -1, core.ErrUnsupported},
		{50000, 50000, resource.ErrTooLarge},
		{math.MaxInt, math.MaxInt, resource.ErrTooLarge},
	} {
		_, err := Construct(tc.rows, tc.cols, true)
		require.ErrorIs(t, err, tc.want, "%dx%d", tc.rows, tc.cols)
		require.Regexp(t, "^knight: ", err.Error())
	}
	_, err := Construct(50000, 50000, true)
	require.Contains(t, err.Error(), "GiB")
}

// TestConstructHuge builds one large closed tour, for measuring time and
// peak memory by hand:
//
//	go test -c -o /tmp/kd ./models/knight
//	KNIGHT_HUGE=20000 /usr/bin/time -v /tmp/kd -test.run TestConstructHuge -test.v
func TestConstructHuge(t *testing.T) {
	var n int
	if _, err := fmt.Sscan(os.Getenv("KNIGHT_HUGE"), &n); err != nil {
		t.Skip("set KNIGHT_HUGE=n to build an n×n tour")
	}
	start := time.Now()
	tour, err := Construct(n, n, true)
	elapsed := time.Since(start)
	require.NoError(t, err)
	t.Logf("%dx%d closed: %.3f s, %.2f ns per square", n, n, elapsed.Seconds(), float64(elapsed.Nanoseconds())/float64(n*n))
	if os.Getenv("KNIGHT_HUGE_VERIFY") != "" {
		require.NoError(t, divVerify(n, n, true, tour))
	}
}

// divHasOpenFromCorner is the classification of boards with an open tour
// from a corner (Conrad et al.; Cull and De Curtins): every board with a
// closed tour, odd×odd from 5×5, 3×4 and 3×n for n ≥ 7, 4×n for n ≥ 5, 1×1.
func divHasOpenFromCorner(rows, cols int) bool {
	m, n := min(rows, cols), max(rows, cols)
	switch {
	case m == 1:
		return n == 1
	case m == 2:
		return false
	case m == 3:
		return n == 4 || n >= 7
	case m == 4:
		return n >= 5
	}
	return true
}

func FuzzConstruct(f *testing.F) {
	f.Add(uint8(6), uint8(6), true)
	f.Add(uint8(3), uint8(12), true)
	f.Add(uint8(4), uint8(11), false)
	f.Add(uint8(9), uint8(13), false)
	f.Fuzz(func(t *testing.T, r, c uint8, closed bool) {
		rows, cols := int(r)%90, int(c)%90
		tour, err := Construct(rows, cols, closed)
		want := rows > 0 && cols > 0 && (closed && divHasClosed(rows, cols) || !closed && divHasOpenFromCorner(rows, cols))
		if !want {
			require.ErrorIs(t, err, core.ErrUnsupported, "%dx%d", rows, cols)
			return
		}
		require.NoError(t, err, "%dx%d", rows, cols)
		require.NoError(t, divVerify(rows, cols, closed, tour), "%dx%d", rows, cols)
	})
}

func TestConstructOpenAll(t *testing.T) {
	for rows := 1; rows <= 30; rows++ {
		for cols := 1; cols <= 30; cols++ {
			tour, err := Construct(rows, cols, false)
			if !divHasOpenFromCorner(rows, cols) {
				require.ErrorIs(t, err, core.ErrUnsupported, "%dx%d", rows, cols)
				continue
			}
			require.NoError(t, err, "%dx%d", rows, cols)
			require.NoError(t, divVerify(rows, cols, false, tour), "%dx%d", rows, cols)
		}
	}
}
