package queens

import (
	"github.com/coverkit/coverkit/models"
)

var backtrackAlgorithm = models.Algorithm{
	Name: "backtrack",
	Kind: models.Exact,
	Caps: models.CanFirst | models.CanAll | models.CanCount | models.CanUnique | models.CanBudget,
	Description: "Wirth's recursive backtracking, column by column, rows ascending, " +
		"O(1) safety test with row/column/sum/difference arrays",
	Limits: "n ≤ 2^20 (MaxSearchN); the ordinary board (no --torus, --given)",
	Solve:  exact("backtrack", solveBacktrack),
}

// wirth holds Wirth's four "free" arrays (seed 000; seed 001 calls them the
// sets X, Y, X+Y and X−Y): a[r] row r is free, col[c] column c is free,
// b[r+c] the sum diagonal is free, d[r−c+n−1] the difference diagonal is
// free. Stored as "taken" flags so that the zero value is an empty board.
type wirth struct {
	row, col, sum, diff []bool
}

func newWirth(n int) wirth {
	return wirth{
		row:  make([]bool, n),
		col:  make([]bool, n),
		sum:  make([]bool, 2*n-1),
		diff: make([]bool, 2*n-1),
	}
}

// solveBacktrack is Wirth's program 5.3 (all solutions) and 5.2 (one
// solution): try(i) tries every row j = 1..n of column i and recurses on the
// safe ones.
func solveBacktrack(s *search) {
	bt := backtracker{search: s, w: newWirth(s.n), off: s.n - 1}
	bt.try(0)
}

type backtracker struct {
	*search
	w   wirth
	off int // n−1, the offset that makes r−c a valid index
}

// try places a queen in column c, trying rows in ascending order.
func (bt *backtracker) try(c int) {
	s := bt.search
	n := s.n
	row, col, sum, diff := bt.w.row, bt.w.col, bt.w.sum, bt.w.diff
	for r := 0; r < n; r++ {
		s.checks++
		if row[r] || col[c] || sum[r+c] || diff[r-c+bt.off] {
			continue
		}
		if s.nodes >= s.bound && s.poll() {
			return
		}
		s.nodes++
		s.x[c] = int32(r)
		if c == n-1 {
			if s.solution() {
				return
			}
			continue
		}
		row[r], col[c], sum[r+c], diff[r-c+bt.off] = true, true, true, true
		bt.try(c + 1)
		row[r], col[c], sum[r+c], diff[r-c+bt.off] = false, false, false, false
		if s.stop {
			return
		}
	}
}
