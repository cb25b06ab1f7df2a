package knight

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// Problem is a knight's tour instance: a Rows×Cols board, a start square and
// whether the tour must be closed (its last square a knight's move from its
// first). It implements core.Problem.
//
// A solution is encoded as the squares in visiting order, each as the 0-based
// index r*Cols+c; it is printed 1-based as (row, column) pairs or as the
// board's matrix of move numbers.
type Problem struct {
	// Rows and Cols are the board's sides.
	Rows, Cols int
	// StartRow and StartCol are the 1-based start square; 0, 0 means 1, 1
	// (the top left corner).
	StartRow, StartCol int
	// Closed asks for a closed (re-entrant) tour.
	Closed bool
	// AnyStart, when counting open tours, counts them from every start
	// square (the start square is then ignored). Closed tours pass every
	// square, so for them it changes nothing.
	AnyStart bool
}

// New returns the open tour problem on a rows×cols board from the corner 1,1.
func New(rows, cols int) *Problem { return &Problem{Rows: rows, Cols: cols} }

// Model returns "knight".
func (p *Problem) Model() string { return "knight" }

// Size returns "RxC".
func (p *Problem) Size() string { return strconv.Itoa(p.Rows) + "x" + strconv.Itoa(p.Cols) }

// Squares returns Rows·Cols.
func (p *Problem) Squares() int { return p.Rows * p.Cols }

// Start returns the 0-based index of the start square.
func (p *Problem) Start() int32 {
	r, c := p.start()
	return int32(r*p.Cols + c)
}

// start returns the 0-based start row and column.
func (p *Problem) start() (int, int) {
	r, c := p.StartRow, p.StartCol
	if r == 0 && c == 0 {
		return 0, 0
	}
	return r - 1, c - 1
}

// Kind returns "closed" or "open".
func (p *Problem) Kind() string {
	if p.Closed {
		return "closed"
	}
	return "open"
}

// BytesPerSquare is the memory a tour costs per square when it is built and
// printed: the int32 path, the working state of the fastest builder and the
// move-number matrix of the text output.
const BytesPerSquare = 12

// SearchBytesPerSquare is the memory the searches (backtracking with
// pruning, counting, Warnsdorff's restarts) may reach per square: the move
// graph (33 bytes a square), the visited set and path, and the recursion's
// stack, one frame a square at full depth (measured: about 300 MB for a
// 1000×1000 board).
const SearchBytesPerSquare = 320

// MemoryLimit is the memory, in bytes, a problem may need before Check
// refuses it with resource.ErrTooLarge. 0 means coverkit's memory policy
// (resource.Check: the least of MemAvailable, the cgroup's memory.max less
// its use, and RLIMIT_AS less the process's size), read when asked.
var MemoryLimit uint64

// Check validates the problem: positive sides, a start square on the board,
// at most 2^31−1 squares (the int32 encoding) and memory for the tour. A
// refused size wraps resource.ErrTooLarge and names the bytes it would need.
func (p *Problem) Check() error {
	if p.Rows <= 0 || p.Cols <= 0 {
		return fmt.Errorf("knight: board %dx%d: sides must be positive", p.Rows, p.Cols)
	}
	if (p.StartRow == 0) != (p.StartCol == 0) {
		return fmt.Errorf("knight: start square %d,%d is off the %s board", p.StartRow, p.StartCol, p.Size())
	}
	if r, c := p.start(); r < 0 || r >= p.Rows || c < 0 || c >= p.Cols {
		return fmt.Errorf("knight: start square %d,%d is off the %s board (rows 1..%d, columns 1..%d)",
			p.StartRow, p.StartCol, p.Size(), p.Rows, p.Cols)
	}
	return CheckSize(p.Rows, p.Cols)
}

// checkSearchSize refuses boards too large for the searches (see
// SearchBytesPerSquare), naming the memory they would need.
func checkSearchSize(rows, cols int) error {
	need := resource.Bytes(resource.Bytes(uint64(rows), uint64(cols)), SearchBytesPerSquare)
	if err := checkMemory(fmt.Sprintf("searching a %dx%d board", rows, cols), need); err != nil {
		return fmt.Errorf("%w (the divide algorithm builds tours of such boards in 4 bytes a square)", err)
	}
	return nil
}

// CheckSize refuses boards whose tour would not fit: more than 2^31−1
// squares, or more than MemoryLimit bytes at BytesPerSquare. The error wraps
// resource.ErrTooLarge.
func CheckSize(rows, cols int) error {
	if rows <= 0 || cols <= 0 {
		return fmt.Errorf("knight: board %dx%d: sides must be positive", rows, cols)
	}
	hi, sq := bits.Mul64(uint64(rows), uint64(cols))
	if hi != 0 || sq > math.MaxInt32 {
		need := float64(rows) * float64(cols) * BytesPerSquare
		return fmt.Errorf("knight: a %dx%d board has more than 2^31-1 squares (a tour would need about %.3g bytes, %.0f GiB): %w",
			rows, cols, need, need/(1<<30), resource.ErrTooLarge)
	}
	return checkMemory(fmt.Sprintf("a %dx%d board", rows, cols), sq*BytesPerSquare)
}

// checkMemory refuses need bytes for what: beyond MemoryLimit when it is
// set, otherwise under coverkit's memory policy (resource.Check:
// MemAvailable, the cgroup's limit, RLIMIT_AS). The error wraps
// resource.ErrTooLarge and names the bytes.
func checkMemory(what string, need uint64) error {
	if MemoryLimit == 0 {
		return resource.Check("knight: "+what, need)
	}
	if need > MemoryLimit {
		return fmt.Errorf("knight: %s needs about %s of memory (%d bytes), more than the %s of knight.MemoryLimit: %w",
			what, humanBytes(need), need, humanBytes(MemoryLimit), resource.ErrTooLarge)
	}
	return nil
}

// growMemory asks the memory policy for one step more of a structure that
// holds held bytes, under MemoryLimit when it is set (resource.Grow).
func growMemory(what string, held, step uint64) error {
	if MemoryLimit == 0 {
		return resource.Grow("knight: "+what, held, step)
	}
	if held+step > MemoryLimit {
		return fmt.Errorf("knight: %s: growing from %s by %s passes the %s of knight.MemoryLimit: %w",
			what, humanBytes(held), humanBytes(step), humanBytes(MemoryLimit), resource.ErrTooLarge)
	}
	return nil
}

func humanBytes(b uint64) string {
	switch {
	case b >= 1<<30:
		return strconv.FormatFloat(float64(b)/(1<<30), 'f', 1, 64) + " GiB"
	case b >= 1<<20:
		return strconv.FormatFloat(float64(b)/(1<<20), 'f', 1, 64) + " MiB"
	}
	return strconv.FormatUint(b, 10) + " bytes"
}

// ErrSize is wrapped by every error of ParseSize.
var ErrSize = errors.New("knight: bad size")

// ErrSquare is wrapped by every error of ParseSquare.
var ErrSquare = errors.New("knight: bad square")

// ParseSize reads a board size: "RxC" with an ASCII x (such as "5x6") or a
// single number for a square board ("8"). Digits may be grouped with
// underscores (1_000x1_000). It checks only the syntax and that both sides
// are positive; Check refuses boards too large to hold.
func ParseSize(s string) (rows, cols int, err error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, 0, fmt.Errorf("%w: empty size (write RxC, such as 5x6, or one number for a square board)", ErrSize)
	}
	if strings.ContainsAny(t, "×X*") {
		return 0, 0, fmt.Errorf("%w: %q: write the size with a lowercase ASCII x, such as 5x6", ErrSize, s)
	}
	a, b, two := strings.Cut(t, "x")
	rows, err = parseSide(s, "rows", a)
	if err != nil {
		return 0, 0, err
	}
	if !two {
		return rows, rows, nil
	}
	cols, err = parseSide(s, "columns", b)
	if err != nil {
		return 0, 0, err
	}
	return rows, cols, nil
}

func parseSide(whole, what, s string) (int, error) {
	if s == "" {
		return 0, fmt.Errorf("%w: %q: missing the number of %s (write RxC, such as 5x6)", ErrSize, whole, what)
	}
	// The one parser of sizes (core.ParseSize): 8, 1_000, 1e3.
	v, err := core.ParseSize("the number of "+what, s, math.MaxInt32)
	if err != nil {
		return 0, fmt.Errorf("%w: %q: %v", ErrSize, whole, err)
	}
	return int(v), nil
}

// ParseSquare reads a 1-based square written "R,C" (such as "1,1").
func ParseSquare(s string) (row, col int, err error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), ",")
	if !ok {
		return 0, 0, fmt.Errorf("%w: square %q: write it as ROW,COL, such as 1,1", ErrSquare, s)
	}
	r, err1 := core.ParseCount("row", a, math.MaxInt32)
	c, err2 := core.ParseCount("column", b, math.MaxInt32)
	switch {
	case strings.HasPrefix(strings.TrimSpace(a), "-") || strings.HasPrefix(strings.TrimSpace(b), "-"):
		return 0, 0, fmt.Errorf("%w: square %q: rows and columns are numbered from 1", ErrSquare, s)
	case err1 != nil || err2 != nil:
		return 0, 0, fmt.Errorf("%w: square %q: row and column must be whole numbers (ROW,COL, such as 1,1)", ErrSquare, s)
	case r == 0 || c == 0:
		return 0, 0, fmt.Errorf("%w: square %q: rows and columns are numbered from 1", ErrSquare, s)
	}
	return int(r), int(c), nil
}

// Verify checks sol independently of any solver, in time linear in the
// number of squares: it has Rows·Cols entries, starts at the start square,
// visits every square once, every step is a knight's move and, for a closed
// tour, the last square is a knight's move from the first.
func (p *Problem) Verify(sol core.Solution) error {
	if err := p.Check(); err != nil {
		return err
	}
	if len(sol) > 0 && sol[0] != p.Start() {
		r, c := p.start()
		return fmt.Errorf("knight: the tour starts at %s, not at the start square %d,%d",
			p.squareName(sol[0]), r+1, c+1)
	}
	return Verify(p.Rows, p.Cols, p.Closed, sol)
}

// Verify checks that sol is a knight's tour of the rows×cols board (closed
// if closed is set), from any start square.
func Verify(rows, cols int, closed bool, sol core.Solution) error {
	n := rows * cols
	if len(sol) != n {
		return fmt.Errorf("knight: %d squares in the tour for a %dx%d board of %d squares", len(sol), rows, cols, n)
	}
	seen := make([]uint64, (n+63)/64)
	prevR, prevC := -1, -1
	for i, s := range sol {
		if s < 0 || int(s) >= n {
			return fmt.Errorf("knight: move %d: square index %d is off the %dx%d board", i+1, s, rows, cols)
		}
		if seen[s>>6]&(1<<(s&63)) != 0 {
			return fmt.Errorf("knight: move %d: square %d,%d is visited twice", i+1, int(s)/cols+1, int(s)%cols+1)
		}
		seen[s>>6] |= 1 << (s & 63)
		r, c := int(s)/cols, int(s)%cols
		if i > 0 && !isKnightMove(prevR, prevC, r, c) {
			return fmt.Errorf("knight: move %d: %d,%d to %d,%d is not a knight's move", i+1, prevR+1, prevC+1, r+1, c+1)
		}
		prevR, prevC = r, c
	}
	if closed && n > 0 {
		r0, c0 := int(sol[0])/cols, int(sol[0])%cols
		if n == 1 || !isKnightMove(prevR, prevC, r0, c0) {
			return fmt.Errorf("knight: the tour is not closed: %d,%d (last) to %d,%d (first) is not a knight's move",
				prevR+1, prevC+1, r0+1, c0+1)
		}
	}
	return nil
}

func isKnightMove(r1, c1, r2, c2 int) bool {
	dr, dc := r1-r2, c1-c2
	if dr < 0 {
		dr = -dr
	}
	if dc < 0 {
		dc = -dc
	}
	return dr == 1 && dc == 2 || dr == 2 && dc == 1
}

func (p *Problem) squareName(s int32) string {
	if s < 0 || int(s) >= p.Squares() {
		return "square index " + strconv.Itoa(int(s))
	}
	return strconv.Itoa(int(s)/p.Cols+1) + "," + strconv.Itoa(int(s)%p.Cols+1)
}
