package queens

import "github.com/coverkit/coverkit/models"

var iterativeAlgorithm = models.Algorithm{
	Name: "iterative",
	Kind: models.Exact,
	Caps: models.CanFirst | models.CanAll | models.CanCount | models.CanUnique | models.CanBudget,
	Description: "backtracking without recursion: an explicit stack of (column, next row), " +
		"same order and counts as backtrack",
	Limits: "n ≤ 2^20 (MaxSearchN); the ordinary board (no --torus, --given)",
	Solve:  exact("iterative", solveIterative),
}

// solveIterative is the non-recursive depth-first traversal of the search
// tree of seed 003: the stack holds, for every column c below the top, the
// queen's row x[c] and the next row to try next[c]. Moving right (to the next
// brother) is next[c]++, moving down pushes (c+1, 0), moving up pops and
// lifts the queen. It visits the same nodes, makes the same checks and finds
// the solutions in the same order as backtrack.
func solveIterative(s *search) {
	n := s.n
	w := newWirth(n)
	row, col, sum, diff := w.row, w.col, w.sum, w.diff
	off := n - 1
	next := make([]int32, n) // the stack: next row to try in each column
	x := s.x
	c := 0
	for c >= 0 {
		r := int(next[c])
		if r == n {
			// Column c is exhausted: pop it and lift the queen below.
			c--
			if c >= 0 {
				q := int(x[c])
				row[q], col[c], sum[q+c], diff[q-c+off] = false, false, false, false
			}
			continue
		}
		next[c] = int32(r + 1)
		s.checks++
		if row[r] || col[c] || sum[r+c] || diff[r-c+off] {
			continue
		}
		if s.nodes >= s.bound && s.poll() {
			return
		}
		s.nodes++
		x[c] = int32(r)
		if c == n-1 {
			if s.solution() {
				return
			}
			continue
		}
		row[r], col[c], sum[r+c], diff[r-c+off] = true, true, true, true
		c++
		next[c] = 0
	}
}
