package knight

import "fmt"

// Verdict is what theory says about the existence of a tour.
type Verdict int

const (
	// Undecided: theory does not settle it; a search must.
	Undecided Verdict = iota
	// Exists: a theorem guarantees a tour.
	Exists
	// None: a theorem proves that no tour exists.
	None
)

var verdictNames = [...]string{"undecided", "exists", "none"}

// String returns "undecided", "exists" or "none".
func (v Verdict) String() string {
	if v < 0 || int(v) >= len(verdictNames) {
		return fmt.Sprintf("Verdict(%d)", int(v))
	}
	return verdictNames[v]
}

// Theory says whether a tour exists for p without searching, and why.
//
// Closed tours follow Schwenk's theorem (1991): with m ≤ n, an m×n board has
// a closed tour unless m and n are both odd, m is 1, 2 or 4, or m = 3 and n
// is 4, 6 or 8. A closed tour passes every square, so the start square does
// not matter.
//
// Open tours follow the classification of Cull and De Curtins (1978) and
// Conrad, Hindrichs, Morsy and Wegener (1994): with m ≤ n, an m×n board has
// an open tour unless m is 1 (except 1×1) or 2, m = 3 and n is 3, 5 or 6, or
// m = n = 4. A tour alternates colours, so on a board with an odd number of
// squares it starts (and ends) on the majority colour, the squares whose row
// and column have an even sum (1-based) — like the corners. Conrad et al.
// show that on boards with both sides at least 5 every such square starts an
// open tour. On 3×n and 4×n boards some squares of the right colour start
// none (3×4 has tours only from some of its squares); there Theory returns
// Undecided and an exhaustive search settles it. On 4×n boards a tour starts
// and ends on the outer two lines: the outer squares touch only inner ones,
// so they cannot follow each other, and a strict alternation of outer and
// inner squares would put every outer square on one colour (the argument
// behind Schwenk's 4×n case), so the path must begin and end outside.
func (p *Problem) Theory() (Verdict, string) {
	m, n := min(p.Rows, p.Cols), max(p.Rows, p.Cols)
	if p.Closed {
		return schwenk(m, n)
	}
	switch {
	case m == 1 && n == 1:
		return Exists, "a 1x1 board is toured by standing still"
	case m == 1:
		return None, fmt.Sprintf("a knight cannot move at all on a board one square wide (%s)", p.Size())
	case m == 2:
		return None, fmt.Sprintf("on a board two squares wide (%s) the knight's graph is disconnected (Cull and De Curtins 1978)", p.Size())
	case m == 3 && (n == 3 || n == 5 || n == 6):
		return None, fmt.Sprintf("no %dx%d board has an open tour (Cull and De Curtins 1978; Conrad et al. 1994): 3x3, 3x5 and 3x6 have none", m, n)
	case m == 4 && n == 4:
		return None, "the 4x4 board has no open tour (Cull and De Curtins 1978; Conrad et al. 1994)"
	}
	r, c := p.start()
	if (m*n)%2 == 1 && (r+c)%2 == 1 {
		return None, fmt.Sprintf("the %s board has an odd number of squares, so every tour starts and ends on the majority colour (row+column even), and %d,%d is on the minority colour",
			p.Size(), r+1, c+1)
	}
	if m == 4 {
		inner := (p.Rows == 4 && (r == 1 || r == 2)) || (p.Rows != 4 && (c == 1 || c == 2))
		if inner {
			return None, fmt.Sprintf("on a 4xn board the squares of the outer two lines touch only inner ones, so a tour visiting all %d outer squares among %d must begin and end on an outer line (if it alternated outer and inner squares, all outer squares would have one colour); %d,%d is on an inner line (Schwenk's colouring argument)",
				p.Squares()/2, p.Squares(), r+1, c+1)
		}
	}
	if m >= 5 {
		return Exists, fmt.Sprintf("every %s board with both sides at least 5 has an open tour from every square of the right colour (Conrad et al. 1994)", p.Size())
	}
	// 3×n (n = 4 or ≥ 7) and the outer lines of 4×n (n ≥ 5): most squares
	// start a tour, some do not (on 3x4 only the end columns do; on 3x7 not
	// 2,4; on 3x8 not 2,3 or 2,6). The exhaustive search settles it.
	return Undecided, ""
}

// schwenk applies Schwenk's theorem to an m×n board, m ≤ n.
func schwenk(m, n int) (Verdict, string) {
	size := fmt.Sprintf("%dx%d", m, n)
	switch {
	case m%2 == 1 && n%2 == 1:
		return None, fmt.Sprintf("Schwenk's theorem: the %s board has an odd number of squares, and a closed tour alternates colours, so it needs an even number", size)
	case m == 1 || m == 2:
		return None, fmt.Sprintf("Schwenk's theorem: on a board %d square(s) wide (%s) corner squares have fewer than two knight's moves", m, size)
	case m == 4:
		return None, fmt.Sprintf("Schwenk's theorem: no 4xn board has a closed tour (%s): the squares of the outer rows would have to alternate with those of the inner rows, which contradicts the colouring", size)
	case m == 3 && (n == 4 || n == 6 || n == 8):
		return None, fmt.Sprintf("Schwenk's theorem: 3x4, 3x6 and 3x8 have no closed tour (%s)", size)
	}
	return Exists, fmt.Sprintf("Schwenk's theorem: every %s board has a closed tour", size)
}
