package pieces

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// MaxCells bounds the cells of a board: beyond it a Problem is refused
// (resource.ErrTooLarge) before anything is allocated. The searches have
// their own, smaller bounds (MaxSearchCells).
const MaxCells = 1 << 24

// MaxDims bounds the number of dimensions: a king has 3^d − 1 moves.
const MaxDims = 8

// ErrSize is wrapped by every error about a board size.
var ErrSize = errors.New("pieces: bad size")

// ErrPawn is wrapped by every error about pawns.
var ErrPawn = errors.New("pieces: bad pawns")

// Board is a box of cells: Dims[0] rows × Dims[1] columns × ... Cells are
// numbered row-major from 0, the last coordinate fastest.
type Board struct {
	// Dims are the sides, at least one; a 1-D side n is read as n×n.
	Dims []int
	// Torus makes every line wrap around: the board is a torus.
	Torus bool
	// Pawns are the cells holding pawns (2-D boards only), sorted.
	Pawns []int
}

// ParseSize reads a board size: "8" (an 8×8 board), "RxC" ("5x6") or more
// sides for more dimensions ("3x3x3"). 'X' and '×' are accepted for 'x'.
// Sides must be positive and the board must have at most MaxCells cells
// and MaxDims dimensions.
func ParseSize(s string) ([]int, error) {
	t := strings.TrimSpace(s)
	t = strings.ReplaceAll(strings.ReplaceAll(t, "×", "x"), "X", "x")
	if t == "" {
		return nil, fmt.Errorf("%w: empty size (want 8, RxC or 3x3x3)", ErrSize)
	}
	parts := strings.Split(t, "x")
	if len(parts) > MaxDims {
		return nil, fmt.Errorf("%w: %q has %d dimensions (at most %d)", ErrSize, s, len(parts), MaxDims)
	}
	dims := make([]int, 0, max(2, len(parts)))
	for _, p := range parts {
		// The one parser of sizes (core.ParseSize): 8, 1e3, 1_000.
		n, err := core.ParseSize("side", p, math.MaxInt32)
		switch {
		case err != nil && strings.HasPrefix(strings.TrimSpace(p), "-"), err != nil && strings.TrimSpace(p) == "0":
			return nil, fmt.Errorf("%w: %q: side %s must be positive", ErrSize, s, strings.TrimSpace(p))
		case err != nil:
			return nil, fmt.Errorf("%w: %q: side %q is not a number (want 8, RxC or 3x3x3; 1e3 and 1_000 are numbers)", ErrSize, s, p)
		}
		dims = append(dims, int(n))
	}
	if len(dims) == 1 {
		dims = append(dims, dims[0])
	}
	if _, err := cellCount(dims); err != nil {
		return nil, fmt.Errorf("%w: %q: %w", ErrSize, s, err)
	}
	return dims, nil
}

// cellCount returns the product of dims, refusing more than MaxCells.
func cellCount(dims []int) (int, error) {
	n := 1
	for _, d := range dims {
		if d <= 0 {
			return 0, fmt.Errorf("side %d must be positive", d)
		}
		if n > MaxCells/d {
			return 0, fmt.Errorf("more than %d cells: %w", MaxCells, resource.ErrTooLarge)
		}
		n *= d
	}
	return n, nil
}

// Cells returns the number of cells.
func (b *Board) Cells() int {
	n, _ := cellCount(b.Dims)
	return n
}

// String writes the size as "8x8" or "3x3x3", with " torus" for a torus.
func (b *Board) String() string {
	parts := make([]string, len(b.Dims))
	for i, d := range b.Dims {
		parts[i] = strconv.Itoa(d)
	}
	return strings.Join(parts, "x")
}

// Coords returns the 0-based coordinates of cell x in buf (reused if it has
// room). A cell off the board gives coordinates that are not (Cell
// returns −1 for them); a side below 1, which no valid board has, gives
// the coordinate 0.
func (b *Board) Coords(x int, buf []int) []int {
	buf = slices.Grow(buf[:0], len(b.Dims))[:len(b.Dims)]
	for i := len(b.Dims) - 1; i >= 0; i-- {
		if d := b.Dims[i]; d > 0 {
			buf[i] = x % d
			x /= d
		} else {
			buf[i] = 0
		}
	}
	return buf
}

// Cell returns the cell at 0-based coordinates c, or −1 if c is off the
// board (or has the wrong number of coordinates).
func (b *Board) Cell(c []int) int {
	if len(c) != len(b.Dims) {
		return -1
	}
	x := 0
	for i, v := range c {
		if v < 0 || v >= b.Dims[i] {
			return -1
		}
		x = x*b.Dims[i] + v
	}
	return x
}

// validate checks the board: sides, cells, pawns on a 2-D board, on the
// board, each square once. It sorts the pawns.
func (b *Board) validate() error {
	if len(b.Dims) == 0 {
		return fmt.Errorf("%w: no sides", ErrSize)
	}
	if len(b.Dims) > MaxDims {
		return fmt.Errorf("%w: %d dimensions (at most %d)", ErrSize, len(b.Dims), MaxDims)
	}
	if _, err := cellCount(b.Dims); err != nil {
		return fmt.Errorf("%w: %s: %w", ErrSize, b, err)
	}
	if len(b.Pawns) == 0 {
		return nil
	}
	if len(b.Dims) != 2 {
		return fmt.Errorf("%w: pawns are only for 2-D boards (this one has %d dimensions)", ErrPawn, len(b.Dims))
	}
	n := b.Cells()
	slices.Sort(b.Pawns)
	for i, p := range b.Pawns {
		if p < 0 || p >= n {
			return fmt.Errorf("%w: pawn cell %d is off the board", ErrPawn, p)
		}
		if i > 0 && b.Pawns[i-1] == p {
			r, c := p/b.Dims[1], p%b.Dims[1]
			return fmt.Errorf("%w: two pawns on %d,%d", ErrPawn, r+1, c+1)
		}
	}
	return nil
}

// ParsePawns reads pawn squares of a 2-D board as 1-based "row,column"
// pairs separated by blanks or semicolons ("1,4 5,5") and returns their
// cells. A square off the board, a square given twice or a board of
// another dimension is an error.
func ParsePawns(s string, dims []int) ([]int, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == ';' || r == '\n' || r == '\r' })
	if len(fields) == 0 {
		return nil, nil
	}
	if len(dims) != 2 {
		return nil, fmt.Errorf("%w: pawns are only for 2-D boards (this one has %d dimensions)", ErrPawn, len(dims))
	}
	seen := make(map[int]bool, len(fields))
	out := make([]int, 0, len(fields))
	for _, f := range fields {
		rs, cs, ok := strings.Cut(f, ",")
		if !ok {
			return nil, fmt.Errorf("%w: %q is not row,column", ErrPawn, f)
		}
		r64, err1 := core.ParseCount("row", rs, math.MaxInt32)
		c64, err2 := core.ParseCount("column", cs, math.MaxInt32)
		r, c := int(r64), int(c64)
		if strings.HasPrefix(strings.TrimSpace(rs), "-") || strings.HasPrefix(strings.TrimSpace(cs), "-") {
			r, c, err1, err2 = 0, 0, nil, nil // off the board, below
		}
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%w: %q is not row,column", ErrPawn, f)
		}
		if r < 1 || r > dims[0] || c < 1 || c > dims[1] {
			return nil, fmt.Errorf("%w: pawn %d,%d is off the %dx%d board", ErrPawn, r, c, dims[0], dims[1])
		}
		x := (r-1)*dims[1] + c - 1
		if seen[x] {
			return nil, fmt.Errorf("%w: two pawns on %d,%d", ErrPawn, r, c)
		}
		seen[x] = true
		out = append(out, x)
	}
	slices.Sort(out)
	return out, nil
}
