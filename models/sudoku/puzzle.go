package sudoku

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/coverkit/coverkit/core"
)

// Puzzle is one sudoku-family puzzle: a shape and its givens. It implements
// core.Problem.
//
// A solution is encoded as N² symbols 1..N, row-major (sol[r·N+c] is the
// symbol in row r, column c, both 0-based); it is printed in the one-line
// format (1–9 then A–Z) for sides up to 35, as rows of numbers beyond.
type Puzzle struct {
	// Shape is the grid's geometry and variant.
	Shape *Shape
	// Givens holds N² cells row-major: 0 for an empty cell, else the given
	// symbol 1..N.
	Givens []uint8

	scratch []uint8 // AppendSolution's cells, reused

	// checked is the shape and the givens (up to 9×9) Check last found
	// valid, or the parser made: Check costs a comparison of the givens
	// while they are unchanged (a batch's writer checks every puzzle
	// again). Held by value, so that a copy of the Puzzle shares nothing.
	checkedShape *Shape
	checked      [81]uint8
}

// markChecked records that p's givens fit its shape and clash nowhere.
func (p *Puzzle) markChecked() {
	if n := len(p.Givens); n <= len(p.checked) && p.Shape != nil && n == p.Shape.Cells() {
		p.checkedShape = p.Shape
		copy(p.checked[:], p.Givens)
	}
}

// isChecked reports whether p's shape and givens are those markChecked
// last recorded.
func (p *Puzzle) isChecked() bool {
	return p.checkedShape != nil && p.checkedShape == p.Shape && len(p.Givens) == p.Shape.Cells() &&
		len(p.Givens) <= len(p.checked) && string(p.Givens) == string(p.checked[:len(p.Givens)])
}

// NewPuzzle returns the puzzle of shape s with the given cells (copied),
// after checking that they fit the shape and that no unit holds a symbol
// twice.
func NewPuzzle(s *Shape, givens []uint8) (*Puzzle, error) {
	p := &Puzzle{Shape: s, Givens: append([]uint8(nil), givens...)}
	if err := p.Check(); err != nil {
		return nil, err
	}
	return p, nil
}

// Model returns "sudoku".
func (p *Puzzle) Model() string { return "sudoku" }

// Size returns the shape, such as "9x9" or "6x6 (2x3 boxes)" ("no shape"
// for a puzzle without one).
func (p *Puzzle) Size() string {
	if p == nil || p.Shape == nil {
		return "no shape"
	}
	return p.Shape.String()
}

// Count returns the number of givens.
func (p *Puzzle) Count() int {
	k := 0
	for _, v := range p.Givens {
		if v != 0 {
			k++
		}
	}
	return k
}

// Check reports whether the givens fit the shape (N² cells, symbols 0..N)
// and no row, column, region or diagonal holds a symbol twice. Its error
// names both clashing cells.
func (p *Puzzle) Check() error {
	if p == nil {
		return fmt.Errorf("sudoku: nil puzzle: %w", core.ErrWrongProblem)
	}
	if p.isChecked() {
		return nil
	}
	s := p.Shape
	if s == nil {
		return fmt.Errorf("sudoku: puzzle has no shape")
	}
	if s.N < 1 || s.N > MaxSide {
		return fmt.Errorf("sudoku: side %d is out of range (1..%d)", s.N, MaxSide)
	}
	if len(p.Givens) != s.Cells() {
		return fmt.Errorf("sudoku: %d cells for a %dx%d grid (want %d)", len(p.Givens), s.N, s.N, s.Cells())
	}
	for i, v := range p.Givens {
		if int(v) > s.N {
			return fmt.Errorf("sudoku: %s: symbol %d is out of range (1..%d)", cellName(s.N, i), v, s.N)
		}
	}
	if err := checkUnits(s, p.Givens, false); err != nil {
		return err
	}
	p.markChecked()
	return nil
}

// Verify checks sol independently of any solver: N² symbols 1..N that agree
// with every given, with every row, column, region (and for X both
// diagonals) holding each symbol once.
func (p *Puzzle) Verify(sol core.Solution) error {
	if err := p.Check(); err != nil {
		return err
	}
	s := p.Shape
	if len(sol) != s.Cells() {
		return fmt.Errorf("sudoku: solution has %d cells, want %d", len(sol), s.Cells())
	}
	grid := make([]uint8, len(sol))
	for i, v := range sol {
		if v < 1 || int(v) > s.N {
			return fmt.Errorf("sudoku: solution: %s: symbol %d is out of range (1..%d)", cellName(s.N, i), v, s.N)
		}
		grid[i] = uint8(v)
	}
	return VerifyGrid(p, grid)
}

// VerifyGrid checks the solved grid sol (N² symbols, row-major) against p,
// independently of any solver; see Puzzle.Verify.
func VerifyGrid(p *Puzzle, sol []uint8) error {
	if p == nil || p.Shape == nil || p.Shape.N < 1 || p.Shape.N > MaxSide || len(p.Givens) != p.Shape.Cells() {
		return fmt.Errorf("sudoku: an invalid puzzle (no shape, or givens that do not fit it)")
	}
	s := p.Shape
	if len(sol) != s.Cells() {
		return fmt.Errorf("sudoku: solution has %d cells, want %d", len(sol), s.Cells())
	}
	for i, v := range sol {
		if v < 1 || int(v) > s.N {
			if v == 0 {
				return fmt.Errorf("sudoku: solution: %s is empty", cellName(s.N, i))
			}
			return fmt.Errorf("sudoku: solution: %s: symbol %d is out of range (1..%d)", cellName(s.N, i), v, s.N)
		}
		if g := p.Givens[i]; g != 0 && g != v {
			return fmt.Errorf("sudoku: solution: %s holds %s but the puzzle gives %s", cellName(s.N, i), symbolName(v), symbolName(g))
		}
	}
	return checkUnits(s, sol, true)
}

// checkUnits reports the first unit that holds a symbol twice, naming both
// cells. With full set, every cell is known to be filled, so no duplicate
// means every unit holds every symbol once.
func checkUnits(s *Shape, cells []uint8, full bool) error {
	if !hasClash(s, cells) {
		return nil
	}
	n := s.N
	what := ""
	if full {
		what = "solution: "
	}
	var units [5]int
	seen := make([]uint64, 3*n+2)
	first := make([]int32, (3*n+2)*n)
	for i, v := range cells {
		if v == 0 {
			continue
		}
		bit := uint64(1) << (v - 1)
		for _, u := range s.units(i, units[:0]) {
			if seen[u]&bit != 0 {
				j := int(first[u*n+int(v)-1])
				return fmt.Errorf("sudoku: %s%s holds %s twice (%s and %s)", what, s.unitName(u), symbolName(v), cellName(n, j), cellName(n, i))
			}
			seen[u] |= bit
			first[u*n+int(v)-1] = int32(i)
		}
	}
	return nil
}

// hasClash reports whether some unit holds a symbol twice, without
// allocating.
func hasClash(s *Shape, cells []uint8) bool {
	if s.N <= 16 && s.Variant != X && len(s.Region) == len(cells) && len(cells) == s.N*s.N {
		// Rows, columns and regions of a grid up to 16×16, in 16-bit
		// masks: the one-line batches of 9×9 puzzles come here.
		var rows, cols, regions [16]uint16
		r, c := 0, 0
		for i, v := range cells {
			if v != 0 && int(v) <= s.N {
				bit := uint16(1) << (v - 1)
				g := s.Region[i] & 15
				if (rows[r]|cols[c]|regions[g])&bit != 0 {
					return true
				}
				rows[r] |= bit
				cols[c] |= bit
				regions[g] |= bit
			}
			if c++; c == s.N {
				r, c = r+1, 0
			}
		}
		return false
	}
	var seen [3*MaxSide + 2]uint64
	var units [5]int
	for i, v := range cells {
		if v == 0 || int(v) > s.N {
			continue
		}
		bit := uint64(1) << (v - 1)
		for _, u := range s.units(i, units[:0]) {
			if seen[u]&bit != 0 {
				return true
			}
			seen[u] |= bit
		}
	}
	return false
}

// units appends the units of cell i to dst: its row (0..N-1), its column
// (N..2N-1), its region (2N..3N-1) and, for X, the main (3N) and anti- (3N+1)
// diagonals it lies on.
func (s *Shape) units(i int, dst []int) []int {
	n := s.N
	r, c := i/n, i%n
	dst = append(dst, r, n+c)
	if s.Region != nil {
		dst = append(dst, 2*n+int(s.Region[i]))
	}
	if s.Variant == X {
		if r == c {
			dst = append(dst, 3*n)
		}
		if r+c == n-1 {
			dst = append(dst, 3*n+1)
		}
	}
	return dst
}

// unitName names unit u (see units) for error messages.
func (s *Shape) unitName(u int) string {
	n := s.N
	switch {
	case u < n:
		return "row " + strconv.Itoa(u+1)
	case u < 2*n:
		return "column " + strconv.Itoa(u-n+1)
	case u < 3*n && s.Variant == Jigsaw:
		return "region " + strconv.Itoa(u-2*n+1)
	case u < 3*n:
		return "box " + strconv.Itoa(u-2*n+1)
	case u == 3*n:
		return "the main diagonal"
	}
	return "the anti-diagonal"
}

// cellName names cell i of a side-n grid for error messages, 1-based.
func cellName(n, i int) string {
	return "row " + strconv.Itoa(i/n+1) + ", column " + strconv.Itoa(i%n+1)
}

// symbolName writes symbol v as in the one-line format, with its number
// when that differs: "7", "A (10)".
func symbolName(v uint8) string {
	if v >= 1 && v <= 9 {
		return strconv.Itoa(int(v))
	}
	if v >= 10 && v <= MaxLineSide {
		return string(rune('A'+v-10)) + " (" + strconv.Itoa(int(v)) + ")"
	}
	return strconv.Itoa(int(v))
}

// Formats lists the formats Render accepts, the default first.
var Formats = []string{"line", "grid", "pretty", "json", "svg"}

// Render writes sol (see Puzzle for the encoding) in format "" or "line"
// (one line of symbols; sides up to 35, rows of numbers beyond), "grid" (N
// lines of space-separated numbers), "pretty" (rows with box separators,
// for people), "json" (the one-line string, or an array of rows of numbers
// for sides above 35, then a newline) or "svg" (a picture of the grid: the
// givens in black, the solved cells in blue, thick lines around boxes and
// regions). A nil sol renders the puzzle itself, its empty cells blank.
func (p *Puzzle) Render(w io.Writer, sol core.Solution, format string) error {
	if w == nil {
		return errors.New("sudoku: nil writer")
	}
	if err := p.Check(); err != nil {
		return err
	}
	s := p.Shape
	grid := p.Givens
	if sol != nil {
		if len(sol) != s.Cells() {
			return fmt.Errorf("sudoku: solution has %d cells, want %d", len(sol), s.Cells())
		}
		grid = make([]uint8, len(sol))
		for i, v := range sol {
			if v < 0 || int(v) > s.N {
				return fmt.Errorf("sudoku: %s: symbol %d is out of range (1..%d)", cellName(s.N, i), v, s.N)
			}
			grid[i] = uint8(v)
		}
	}
	var b []byte
	switch format {
	case "", "line":
		if s.N > MaxLineSide {
			if format == "line" {
				return fmt.Errorf("sudoku: a %dx%d grid has no one-line form (sides up to %d); use the grid format", s.N, s.N, MaxLineSide)
			}
			b = AppendGrid(nil, s.N, grid)
		} else {
			b = append(AppendLine(nil, grid), '\n')
		}
	case "grid":
		b = AppendGrid(nil, s.N, grid)
	case "pretty":
		b = AppendPretty(nil, s, grid)
	case "json":
		b = append(AppendJSON(nil, s.N, grid), '\n')
	case "svg":
		b = appendSVG(nil, s, p.Givens, grid)
	default:
		return fmt.Errorf("sudoku: unknown format %q (%s)", format, strings.Join(Formats, ", "))
	}
	_, err := w.Write(b)
	return err
}

// AppendSolution appends sol as Render writes it in format, without
// allocating (once its scratch space has grown) for "line", "grid" and
// "json", and for "rows", a JSON array of rows of numbers (the JSON form
// of a batch's answers to grid input).
func (p *Puzzle) AppendSolution(b []byte, sol core.Solution, format string) ([]byte, error) {
	if err := p.Check(); err != nil {
		return b, err
	}
	s := p.Shape
	if len(sol) != s.Cells() {
		return b, fmt.Errorf("sudoku: solution has %d cells, want %d", len(sol), s.Cells())
	}
	if (format == "json" || format == "line" || format == "") && s.N <= MaxLineSide {
		// The one-line form, straight from sol: what AppendJSON and
		// AppendLine write of the grid below.
		n, q := len(b), 0
		if format == "json" {
			q = 1 // the opening quote
		}
		out := slices.Grow(b, len(sol)+2)[:n+q+len(sol)+1]
		if i := lineCells(out[n+q:n+q+len(sol)], sol, uint32(s.N)); i >= 0 {
			return b, fmt.Errorf("sudoku: %s: symbol %d is out of range (1..%d)", cellName(s.N, i), sol[i], s.N)
		}
		out[len(out)-1] = '\n'
		if q == 1 {
			out[n], out[len(out)-1] = '"', '"'
		}
		return out, nil
	}
	grid := p.scratch[:0]
	for i, v := range sol {
		if v < 0 || int(v) > s.N {
			return b, fmt.Errorf("sudoku: %s: symbol %d is out of range (1..%d)", cellName(s.N, i), v, s.N)
		}
		grid = append(grid, uint8(v))
	}
	p.scratch = grid
	switch format {
	case "", "line":
		if s.N > MaxLineSide {
			if format == "line" {
				return b, fmt.Errorf("sudoku: a %dx%d grid has no one-line form (sides up to %d); use the grid format", s.N, s.N, MaxLineSide)
			}
			return AppendGrid(b, s.N, grid), nil
		}
		return append(AppendLine(b, grid), '\n'), nil
	case "grid":
		return AppendGrid(b, s.N, grid), nil
	case "json":
		return AppendJSON(b, s.N, grid), nil
	case "rows":
		return AppendRows(b, s.N, grid), nil
	}
	var buf bytes.Buffer
	if err := p.Render(&buf, sol, format); err != nil {
		return b, err
	}
	return append(b, buf.Bytes()...), nil
}

// AppendJSON appends cells as a JSON value: a string in the one-line format
// for sides up to 35, else an array of rows of numbers.
func AppendJSON(b []byte, n int, cells []uint8) []byte {
	if n > MaxLineSide {
		return AppendRows(b, n, cells)
	}
	b = append(b, '"')
	b = AppendLine(b, cells)
	return append(b, '"')
}

// AppendRows appends cells as a JSON array of n rows of numbers (rows of
// n cells; an n below 1 puts every cell in one row).
func AppendRows(b []byte, n int, cells []uint8) []byte {
	if n < 1 {
		n = max(len(cells), 1)
	}
	b = append(b, '[')
	for i, v := range cells {
		switch {
		case i == 0:
			b = append(b, '[')
		case i%n == 0:
			b = append(b, "],["...)
		default:
			b = append(b, ',')
		}
		b = strconv.AppendUint(b, uint64(v), 10)
	}
	if len(cells) == 0 {
		return append(b, ']')
	}
	return append(b, "]]"...)
}

// appendSVG draws grid: the cells of givens in black, the others in blue,
// thin lines between cells and thick ones between regions (boxes, jigsaw
// regions; none inside a Latin square).
func appendSVG(b []byte, s *Shape, givens, grid []uint8) []byte {
	n := s.N
	const cell, pad = 32, 2
	side := n*cell + 2*pad
	b = fmt.Appendf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="%d" text-anchor="middle">`+"\n", side, side, side, side, cell*5/8)
	b = fmt.Appendf(b, `<rect width="%d" height="%d" fill="#fff"/>`+"\n", side, side)
	for i, v := range grid {
		if v == 0 {
			continue
		}
		r, c := i/n, i%n
		color := "#1f4e9c"
		if givens[i] != 0 {
			color = "#000"
		}
		label := strconv.Itoa(int(v))
		if n <= MaxLineSide {
			label = string(symbolByte(v))
		}
		b = fmt.Appendf(b, `<text x="%d" y="%d" fill="%s">%s</text>`+"\n", pad+c*cell+cell/2, pad+r*cell+cell*3/4-2, color, label)
	}
	region := func(r, c int) int {
		if s.Region == nil {
			return 0
		}
		return int(s.Region[r*n+c])
	}
	// Thin lines between every pair of cells; thick where the region
	// changes.
	b = append(b, `<g stroke="#000" stroke-linecap="square">`+"\n"...)
	for r := range n {
		for c := range n {
			x, y := pad+c*cell, pad+r*cell
			if c+1 < n {
				w := 1
				if region(r, c) != region(r, c+1) {
					w = 3
				}
				b = fmt.Appendf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke-width="%d"/>`+"\n", x+cell, y, x+cell, y+cell, w)
			}
			if r+1 < n {
				w := 1
				if region(r, c) != region(r+1, c) {
					w = 3
				}
				b = fmt.Appendf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke-width="%d"/>`+"\n", x, y+cell, x+cell, y+cell, w)
			}
		}
	}
	b = append(b, "</g>\n"...)
	b = fmt.Appendf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#000" stroke-width="3"/>`+"\n", pad, pad, n*cell, n*cell)
	return append(b, "</svg>\n"...)
}

// AppendLine appends cells in the one-line format: '.' for 0, 1–9, then
// A–Z for 10..35. Symbols above 35 are written '?' (use AppendGrid).
func AppendLine(b []byte, cells []uint8) []byte {
	for _, v := range cells {
		b = append(b, symbolByte(v))
	}
	return b
}

// lineCells writes the one-line symbols of sol into dst (as long as sol)
// and returns -1, or the index of the first symbol above side (at most
// MaxLineSide). A function of its own, so that the loop keeps its
// variables in registers.
//
//go:noinline
func lineCells(dst []byte, sol core.Solution, side uint32) int {
	dst = dst[:len(sol)]
	for i, v := range sol {
		if uint32(v) > side {
			return i
		}
		dst[i] = lineSymbols[v]
	}
	return -1
}

// lineSymbols[v] is symbolByte(v) for the symbols of the one-line format.
const lineSymbols = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

func symbolByte(v uint8) byte {
	switch {
	case v == 0:
		return '.'
	case v <= 9:
		return '0' + v
	case v <= MaxLineSide:
		return 'A' + v - 10
	}
	return '?'
}

// AppendGrid appends cells as lines of n space-separated numbers (0 for an
// empty cell), each ending in a newline (an n below 1 puts every cell on
// one line).
func AppendGrid(b []byte, n int, cells []uint8) []byte {
	if n < 1 {
		n = max(len(cells), 1)
	}
	for i, v := range cells {
		if i%n != 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendUint(b, uint64(v), 10)
		if i%n == n-1 {
			b = append(b, '\n')
		}
	}
	return b
}

// AppendPretty appends cells as rows of symbols with '|' between boxes and
// a rule between bands (for boxed shapes), for people to read. Cells
// missing from a short slice are drawn empty; a nil shape, or one whose
// side is out of range (1..MaxSide), appends nothing.
func AppendPretty(b []byte, s *Shape, cells []uint8) []byte {
	if s == nil || s.N < 1 || s.N > MaxSide {
		return b
	}
	n := s.N
	wide := n > MaxLineSide
	for r := range n {
		if s.BoxRows > 0 && r > 0 && r%s.BoxRows == 0 {
			width := 0
			for c := range n {
				if c > 0 {
					width++
					if s.BoxCols > 0 && c%s.BoxCols == 0 {
						width += 2
					}
				}
				if wide {
					width += 2
				} else {
					width++
				}
			}
			for range width {
				b = append(b, '-')
			}
			b = append(b, '\n')
		}
		for c := range n {
			if c > 0 {
				b = append(b, ' ')
				if s.BoxCols > 0 && c%s.BoxCols == 0 {
					b = append(b, '|', ' ')
				}
			}
			var v uint8
			if i := r*n + c; i < len(cells) {
				v = cells[i]
			}
			if wide {
				if v < 10 {
					b = append(b, ' ')
				}
				if v == 0 {
					b = append(b, '.')
				} else {
					b = strconv.AppendUint(b, uint64(v), 10)
				}
			} else {
				b = append(b, symbolByte(v))
			}
		}
		b = append(b, '\n')
	}
	return b
}
