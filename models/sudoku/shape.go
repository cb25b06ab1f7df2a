package sudoku

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/coverkit/coverkit/models/internal/grid"
)

// MaxSide is the largest grid side coverkit accepts (64×64 cells, 64
// symbols). Sides above MaxLineSide can only be read in the grid format.
const MaxSide = grid.MaxSide

// MaxLineSide is the largest side the one-line format can write: 35 symbols,
// 1–9 then A–Z.
const MaxLineSide = 35

// Variant is a member of the sudoku family.
type Variant uint8

const (
	// Classic sudoku: every row, column and box holds every symbol once.
	Classic Variant = iota
	// X sudoku: classic, and both main diagonals hold every symbol once.
	X
	// Jigsaw sudoku: rows, columns and N irregular regions of N cells.
	Jigsaw
	// Latin squares: rows and columns only, for any side.
	Latin
)

var variantNames = [...]string{"classic", "x", "jigsaw", "latin"}

// String returns the variant's name: classic, x, jigsaw or latin.
func (v Variant) String() string {
	if int(v) < len(variantNames) {
		return variantNames[v]
	}
	return "Variant(" + strconv.Itoa(int(v)) + ")"
}

// ParseVariant reads a variant name ("" means classic).
func ParseVariant(s string) (Variant, error) {
	if s == "" {
		return Classic, nil
	}
	for i, n := range variantNames {
		if strings.EqualFold(s, n) {
			return Variant(i), nil
		}
	}
	return 0, fmt.Errorf("sudoku: unknown variant %q (classic, x, jigsaw, latin)", s)
}

// Shape is the geometry of a grid: its side N, its variant and its regions
// (the boxes of a classic or X grid, the irregular regions of a jigsaw,
// none for a Latin square). A Shape is immutable once built and may be
// shared by any number of puzzles and goroutines.
type Shape struct {
	// N is the side: the grid has N×N cells and N symbols 1..N.
	N int
	// BoxRows and BoxCols are the box dimensions (BoxRows·BoxCols = N) of
	// a classic or X grid, 0 otherwise.
	BoxRows, BoxCols int
	// Variant is the member of the family.
	Variant Variant
	// Region holds the region (box) number 0..N-1 of every cell, row-major;
	// nil for a Latin square.
	Region []uint8
}

// DefaultBox returns the box shape used for side n when none is given: the
// most nearly square b×c with b ≤ c and b·c = n (3×3 for 9, 2×3 for 6, 2×4
// for 8, 3×4 for 12, 4×4 for 16). For a prime n it returns 1×n, which
// NewShape refuses for classic grids (use the latin variant, or a jigsaw).
// A side below 1 gives 0×0, and a side above MaxSide, which no shape
// takes, 1×n without a search.
func DefaultBox(n int) (rows, cols int) {
	switch {
	case n < 1:
		return 0, 0
	case n > MaxSide:
		return 1, n
	}
	rows = 1
	for b := 1; b*b <= n; b++ {
		if n%b == 0 {
			rows = b
		}
	}
	return rows, n / max(rows, 1)
}

// NewShape returns the shape of a classic, X or Latin grid of side n with
// boxRows×boxCols boxes (0, 0 for the default box of side n; ignored for
// Latin squares). Jigsaw shapes come from NewJigsaw.
func NewShape(n, boxRows, boxCols int, v Variant) (*Shape, error) {
	if n < 1 || n > MaxSide {
		return nil, fmt.Errorf("sudoku: side %d is out of range (1..%d)", n, MaxSide)
	}
	s := &Shape{N: n, Variant: v}
	switch v {
	case Latin:
		return s, nil
	case Jigsaw:
		return nil, fmt.Errorf("sudoku: a jigsaw grid needs a region map (--regions FILE)")
	case Classic, X:
	default:
		return nil, fmt.Errorf("sudoku: unknown variant %d", int(v))
	}
	if boxRows == 0 && boxCols == 0 {
		boxRows, boxCols = DefaultBox(n)
		if n > 3 && boxRows == 1 {
			return nil, fmt.Errorf("sudoku: side %d has no box shape (it is prime); use --variant latin or a jigsaw region map", n)
		}
	}
	if boxRows < 1 || boxCols < 1 || boxRows*boxCols != n {
		return nil, fmt.Errorf("sudoku: box %dx%d does not fit side %d (the box must have %d cells)", boxRows, boxCols, n, n)
	}
	s.BoxRows, s.BoxCols = boxRows, boxCols
	s.Region = make([]uint8, n*n)
	perRow := n / boxCols // boxes side by side in a band
	for r := range n {
		for c := range n {
			s.Region[r*n+c] = uint8((r/boxRows)*perRow + c/boxCols)
		}
	}
	return s, nil
}

// NewJigsaw returns the jigsaw shape whose cell i (row-major) lies in region
// region[i]. There must be n² cells for some side n ≤ MaxSide, with region
// numbers 0..n-1, each used by exactly n cells. Regions need not be
// connected: the exact-cover model does not care.
func NewJigsaw(region []uint8) (*Shape, error) {
	n := isqrt(len(region))
	if n*n != len(region) || n == 0 {
		return nil, fmt.Errorf("sudoku: region map has %d cells, not a square number", len(region))
	}
	if n > MaxSide {
		return nil, fmt.Errorf("sudoku: region map of side %d is too large (at most %d)", n, MaxSide)
	}
	size := make([]int, n)
	for i, g := range region {
		if int(g) >= n {
			return nil, fmt.Errorf("sudoku: region map: row %d, column %d: region %d is out of range (%d regions)", i/n+1, i%n+1, int(g)+1, n)
		}
		size[g]++
	}
	for g, k := range size {
		if k != n {
			return nil, fmt.Errorf("sudoku: region map: region %d has %d cells, want %d", g+1, k, n)
		}
	}
	return &Shape{N: n, Variant: Jigsaw, Region: append([]uint8(nil), region...)}, nil
}

// String describes the shape for people and outputs: "9x9", "6x6 (2x3
// boxes)", "9x9 x", "9x9 jigsaw", "5x5 latin".
func (s *Shape) String() string {
	side := sideName(s.N)
	switch s.Variant {
	case Classic:
		if s.BoxRows != s.BoxCols {
			return fmt.Sprintf("%s (%dx%d boxes)", side, s.BoxRows, s.BoxCols)
		}
		return side
	case X:
		if s.BoxRows != s.BoxCols {
			return fmt.Sprintf("%s x (%dx%d boxes)", side, s.BoxRows, s.BoxCols)
		}
		return side + " x"
	}
	return side + " " + s.Variant.String()
}

// sideNames[n-1] is "NxN" for the sides 1..MaxSide: Size names a batch's
// every record by its shape, so the common names are not built anew.
var sideNames = [MaxSide]string{
	"1x1", "2x2", "3x3", "4x4", "5x5", "6x6", "7x7", "8x8",
	"9x9", "10x10", "11x11", "12x12", "13x13", "14x14", "15x15", "16x16",
	"17x17", "18x18", "19x19", "20x20", "21x21", "22x22", "23x23", "24x24",
	"25x25", "26x26", "27x27", "28x28", "29x29", "30x30", "31x31", "32x32",
	"33x33", "34x34", "35x35", "36x36", "37x37", "38x38", "39x39", "40x40",
	"41x41", "42x42", "43x43", "44x44", "45x45", "46x46", "47x47", "48x48",
	"49x49", "50x50", "51x51", "52x52", "53x53", "54x54", "55x55", "56x56",
	"57x57", "58x58", "59x59", "60x60", "61x61", "62x62", "63x63", "64x64",
}

// sideName returns "NxN" for side n.
func sideName(n int) string {
	if n >= 1 && n <= len(sideNames) {
		return sideNames[n-1]
	}
	return strconv.Itoa(n) + "x" + strconv.Itoa(n)
}

// Cells returns N², the number of cells.
func (s *Shape) Cells() int { return s.N * s.N }

// isClassic9 reports whether s is the 9×9 grid with 3×3 boxes, classic or
// X: the grids the Fast solver handles (Solve and SolveX).
func (s *Shape) isClassic9() bool {
	return s.N == 9 && (s.Variant == Classic || s.Variant == X) && s.BoxRows == 3 && s.BoxCols == 3
}

// sameAs reports whether s and t describe the same grid.
func (s *Shape) sameAs(t *Shape) bool {
	if s == t {
		return true
	}
	if s.N != t.N || s.Variant != t.Variant || s.BoxRows != t.BoxRows || s.BoxCols != t.BoxCols || len(s.Region) != len(t.Region) {
		return false
	}
	for i := range s.Region {
		if s.Region[i] != t.Region[i] {
			return false
		}
	}
	return true
}

func isqrt(x int) int {
	if x <= 0 {
		return 0
	}
	r := 0
	for (r+1)*(r+1) <= x {
		r++
	}
	return r
}
