package polyomino

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/resource"
)

// A cell is a (row, column) pair.
type cell struct{ r, c int }

// Piece is a polyomino: a name and its cells, in any position, and how
// many times a tiling uses it.
type Piece struct {
	Name  string
	Cells [][2]int // (row, column) pairs
	// Lo and Hi bound how many times a tiling uses the piece: between Lo
	// and Hi times, or Lo or more times when Hi is Unlimited. Both 0 (the
	// zero value) means exactly once.
	Lo, Hi int
}

// ParsePiece reads a piece drawn with '#' (or any letter) for cells and '.'
// or ' ' for gaps, rows separated by '/': "##/#./##" is the U pentomino.
func ParsePiece(name, drawing string) (Piece, error) {
	p := Piece{Name: name}
	for r, row := range strings.Split(drawing, "/") {
		for c, ch := range row {
			if ch != '.' && ch != ' ' {
				p.Cells = append(p.Cells, [2]int{r, c})
			}
		}
	}
	if len(p.Cells) == 0 {
		return Piece{}, fmt.Errorf("polyomino: piece %q has no cells", name)
	}
	if !connected(p.Cells) {
		return Piece{}, fmt.Errorf("polyomino: piece %q is not connected", name)
	}
	return p, nil
}

func connected(cells [][2]int) bool {
	in := map[[2]int]bool{}
	for _, c := range cells {
		in[c] = true
	}
	seen := map[[2]int]bool{cells[0]: true}
	stack := [][2]int{cells[0]}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			n := [2]int{c[0] + d[0], c[1] + d[1]}
			if in[n] && !seen[n] {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	return len(seen) == len(in)
}

func mustPiece(name, drawing string) Piece {
	p, err := ParsePiece(name, drawing)
	if err != nil {
		panic(err) // unreachable: the built-in drawings are valid
	}
	return p
}

// Pentominoes are the twelve pentominoes, named by Conway's letters.
var Pentominoes = []Piece{
	mustPiece("F", ".##/##./.#."),
	mustPiece("I", "#####"),
	mustPiece("L", "####/#..."),
	mustPiece("N", "###./..##"),
	mustPiece("P", "###/##."),
	mustPiece("T", "###/.#./.#."),
	mustPiece("U", "#.#/###"),
	mustPiece("V", "#../#../###"),
	mustPiece("W", "#../##./.##"),
	mustPiece("X", ".#./###/.#."),
	mustPiece("Y", "####/.#.."),
	mustPiece("Z", "##./.#./.##"),
}

// Tetrominoes are the five free tetrominoes (I4, L4, O4, S4, T4); no
// rectangle is tiled by all five, a classic parity argument the solver
// confirms.
var Tetrominoes = []Piece{
	mustPiece("I4", "####"),
	mustPiece("L4", "###/#.."),
	mustPiece("O4", "##/##"),
	mustPiece("S4", ".##/##."),
	mustPiece("T4", "###/.#."),
}

// Trominoes are the two trominoes, I3 and L3.
var Trominoes = []Piece{mustPiece("I3", "###"), mustPiece("L3", "##/#.")}

// Sets are the built-in piece sets by name, each piece once.
var Sets = map[string][]Piece{"pentominoes": Pentominoes, "tetrominoes": Tetrominoes, "trominoes": Trominoes}

// Board is a set of cells inside a Rows × Cols box.
type Board struct {
	Rows, Cols int
	// Holes marks cells of the box that are not part of the board
	// (row-major); nil means the full rectangle.
	Holes []bool
	// Name describes the board, such as "6x10".
	Name string
}

// MaxCells bounds the board box.
const MaxCells = 1 << 16

// check refuses a board that is empty, negative, too large or whose hole
// map does not match its box.
func (b Board) check() error {
	switch {
	case b.Rows <= 0 || b.Cols <= 0:
		return fmt.Errorf("polyomino: board %dx%d: sides must be positive", b.Rows, b.Cols)
	case b.Rows > MaxCells || b.Cols > MaxCells || b.Rows*b.Cols > MaxCells:
		return fmt.Errorf("polyomino: board %dx%d is too large (at most %d cells): %w", b.Rows, b.Cols, MaxCells, resource.ErrTooLarge)
	case b.Holes != nil && len(b.Holes) != b.Rows*b.Cols:
		return fmt.Errorf("polyomino: board %dx%d has a hole map of %d cells, want %d", b.Rows, b.Cols, len(b.Holes), b.Rows*b.Cols)
	}
	return nil
}

// check refuses a tiling not built by New (the zero Tiling, say).
func (t *Tiling) check() error {
	switch {
	case t == nil:
		return fmt.Errorf("polyomino: nil tiling: %w", core.ErrWrongProblem)
	case len(t.Pieces) == 0:
		return errors.New("polyomino: a tiling with no pieces (build it with New)")
	case len(t.syms) == 0:
		return errors.New("polyomino: a tiling not built by New (no symmetries: the identity is always one)")
	}
	return t.Board.check()
}

// Rect returns the rows × cols rectangle.
func Rect(rows, cols int) (Board, error) {
	if rows <= 0 || cols <= 0 {
		return Board{}, fmt.Errorf("polyomino: board sides must be positive, got \"%dx%d\"", rows, cols)
	}
	if rows*cols > MaxCells || rows > MaxCells || cols > MaxCells {
		return Board{}, fmt.Errorf("polyomino: board %dx%d is too large (at most %d cells): %w", rows, cols, MaxCells, resource.ErrTooLarge)
	}
	return Board{Rows: rows, Cols: cols, Name: fmt.Sprintf("%dx%d", rows, cols)}, nil
}

// ParseBoard reads "RxC" (rows × columns, such as "6x10"), or a drawing of
// rows separated by '/' with '.' for a cell and '#' for a hole, such as
// "...#/....".
func ParseBoard(s string) (Board, error) {
	s = strings.TrimSpace(s)
	if a, b, ok := strings.Cut(strings.ToLower(s), "x"); ok && !strings.ContainsAny(s, "./#") {
		// The one parser of sizes and counts (core.ParseCount): 6, 1e1, 1_0;
		// Rect refuses a side of 0.
		r, err1 := core.ParseCount("rows", a, math.MaxInt32)
		c, err2 := core.ParseCount("columns", b, math.MaxInt32)
		if err1 != nil || err2 != nil {
			return Board{}, fmt.Errorf("polyomino: board %q: want RxC, such as 6x10", s)
		}
		return Rect(int(r), int(c))
	}
	rows := strings.Split(s, "/")
	b := Board{Rows: len(rows), Name: s}
	for _, row := range rows {
		b.Cols = max(b.Cols, len(row))
	}
	if b.Cols == 0 || b.Rows*b.Cols > MaxCells {
		return Board{}, fmt.Errorf("polyomino: board %q: want RxC or rows of '.' (cell) and '#' (hole) separated by '/'", s)
	}
	b.Holes = make([]bool, b.Rows*b.Cols)
	for r, row := range rows {
		for c := range b.Cols {
			switch {
			case c >= len(row) || row[c] == '#':
				b.Holes[r*b.Cols+c] = true
			case row[c] != '.':
				// Name the character, not its first byte: "ü", or "\xff"
				// for a byte that is not UTF-8.
				ch := row[c : c+1]
				if ru, size := utf8.DecodeRuneInString(row[c:]); ru != utf8.RuneError {
					ch = row[c : c+size]
				}
				return Board{}, fmt.Errorf("polyomino: board %q: row %d: unexpected %q (want '.' or '#')", s, r+1, ch)
			}
		}
	}
	return b, nil
}

func (b Board) in(r, c int) bool {
	if r < 0 || c < 0 || r >= b.Rows || c >= b.Cols {
		return false
	}
	x := r*b.Cols + c
	return x >= len(b.Holes) || !b.Holes[x]
}

// Cells returns the number of board cells.
//
// A board whose hole map does not match its box counts only the cells the
// map covers as holes; a board too large to be checked (more than MaxCells
// cells) counts as its box.
func (b Board) Cells() int {
	if b.Rows <= 0 || b.Cols <= 0 {
		return 0
	}
	if b.Rows > MaxCells || b.Cols > MaxCells || b.Rows*b.Cols > MaxCells {
		return b.Rows * b.Cols // unchecked: New refuses such a board
	}
	n := 0
	for r := range b.Rows {
		for c := range b.Cols {
			if b.in(r, c) {
				n++
			}
		}
	}
	return n
}

// A transform of the box: transpose, then flip rows, then flip columns.
type transform struct{ transpose, flipR, flipC bool }

var transforms = func() []transform {
	var ts []transform
	for k := range 8 {
		ts = append(ts, transform{k&4 != 0, k&2 != 0, k&1 != 0})
	}
	return ts
}()

// apply maps (r, c) in a rows × cols box.
func (t transform) apply(r, c, rows, cols int) (int, int) {
	if t.transpose {
		r, c, rows, cols = c, r, cols, rows
	}
	if t.flipR {
		r = rows - 1 - r
	}
	if t.flipC {
		c = cols - 1 - c
	}
	return r, c
}

// normalize sorts cells and moves them to row 0 and column 0.
func normalize(cells []cell) []cell {
	minR, minC := cells[0].r, cells[0].c
	for _, x := range cells {
		minR, minC = min(minR, x.r), min(minC, x.c)
	}
	out := make([]cell, len(cells))
	for i, x := range cells {
		out[i] = cell{x.r - minR, x.c - minC}
	}
	slices.SortFunc(out, func(a, b cell) int { return cmp.Or(cmp.Compare(a.r, b.r), cmp.Compare(a.c, b.c)) })
	return out
}

// orientations returns the distinct rotations and reflections of p.
func orientations(p Piece) [][]cell {
	var out [][]cell
	for _, t := range transforms {
		cells := make([]cell, len(p.Cells))
		for i, x := range p.Cells {
			r, c := t.apply(x[0], x[1], 1<<20, 1<<20)
			cells[i] = cell{r, c}
		}
		n := normalize(cells)
		if !slices.ContainsFunc(out, func(o []cell) bool { return slices.Equal(o, n) }) {
			out = append(out, n)
		}
	}
	return out
}

// shapeKey returns p's free shape (its cells up to translation, rotation
// and reflection) as a string: the least of its orientations, written out.
// Two pieces have the same free shape exactly when their keys are equal.
func shapeKey(p Piece) string {
	best := ""
	for i, o := range orientations(p) {
		var b strings.Builder
		for _, x := range o {
			b.WriteString(strconv.Itoa(x.r))
			b.WriteByte(',')
			b.WriteString(strconv.Itoa(x.c))
			b.WriteByte(';')
		}
		if k := b.String(); i == 0 || k < best {
			best = k
		}
	}
	return best
}

// placement is one option: a piece at cells (indexes into the box).
type placement struct {
	piece int
	cells []int32
}

// Tiling is the problem of tiling a Board with a set of pieces, each used
// exactly once. It implements core.Problem.
type Tiling struct {
	Board  Board
	Pieces []Piece
	// Set names the piece set ("pentominoes") for outputs; "" if the
	// pieces are not one of Sets.
	Set string

	places []placement
	syms   []transform // the box symmetries that map the board to itself
	// symPlace[g][k] is the placement that symmetry g maps placement k to.
	symPlace [][]int32
}

// New returns the tiling problem of board by pieces. It fails on an empty or
// duplicate piece name or a board too large for its placements.
func New(board Board, pieces []Piece) (*Tiling, error) {
	return NewContext(context.Background(), board, pieces)
}

// NewContext is New that stops when ctx ends: listing the placements of a
// large board and their images under the board's symmetries takes seconds
// (4 million placements on 256×256), and it polls ctx through a core.Meter
// as it goes. The error of a stopped build wraps ctx's error
// (context.DeadlineExceeded or context.Canceled).
func NewContext(ctx context.Context, board Board, pieces []Piece) (*Tiling, error) {
	if len(pieces) == 0 {
		return nil, errors.New("polyomino: no pieces")
	}
	if err := board.check(); err != nil {
		return nil, err
	}
	t := &Tiling{Board: board, Pieces: pieces}
	names := map[string]bool{}
	shapes := map[string]string{} // free shape → the piece's name
	var need uint64
	for _, p := range pieces {
		if p.Name == "" || strings.ContainsAny(p.Name, " :|\t") || names[p.Name] {
			return nil, fmt.Errorf("polyomino: bad or duplicate piece name %q", p.Name)
		}
		names[p.Name] = true
		if len(p.Cells) == 0 || len(p.Cells) > MaxCells {
			return nil, fmt.Errorf("polyomino: piece %q has %d cells (1..%d)", p.Name, len(p.Cells), MaxCells)
		}
		for _, x := range p.Cells {
			if x[0] < -MaxCells || x[0] > MaxCells || x[1] < -MaxCells || x[1] > MaxCells {
				return nil, fmt.Errorf("polyomino: piece %q: cell %d,%d is too far out (|row|, |column| at most %d)", p.Name, x[0], x[1], MaxCells)
			}
		}
		if lo, hi := p.bounds(); lo < 0 || hi != Unlimited && (hi < 1 || lo > hi || hi > MaxCopies) || lo > MaxCopies {
			return nil, fmt.Errorf("polyomino: piece %q: used between %d and %d times (0 ≤ Lo ≤ Hi, 1 ≤ Hi ≤ %d, or Hi Unlimited)", p.Name, p.Lo, p.Hi, MaxCopies)
		}
		// A tiling places shapes: two pieces of one free shape would
		// count each tiling once for every way to share its copies
		// between them (2^32 times over for the 32 dominoes of 8×8).
		if k := shapeKey(p); shapes[k] != "" {
			return nil, fmt.Errorf("polyomino: pieces %q and %q have the same shape (in some rotation or reflection): give it once, with the count of both (ParsePieces adds them up)", shapes[k], p.Name)
		} else {
			shapes[k] = p.Name
		}
		// At most 8 orientations at each of the board's cells, each with
		// its cells (4 bytes each), a map key (about 6 bytes a cell) and
		// some 100 bytes of headers, twice for the symmetry maps.
		need += resource.Bytes(8*uint64(board.Rows*board.Cols), 10*uint64(len(p.Cells))+100)
	}
	if err := resource.Check(fmt.Sprintf("polyomino: the placements of %d pieces on a %s board", len(pieces), board.Name), need); err != nil {
		return nil, err
	}
	m := core.NewMeter(ctx, nil)
	var work, bound uint64
	// tick counts a placement listed or mapped, polling the meter.
	tick := func() error {
		if work++; work < bound {
			return nil
		}
		var ok bool
		if bound, ok = m.Check(work); !ok {
			cause := context.Canceled
			if m.Status() == core.StatusTimeout {
				cause = context.DeadlineExceeded
			}
			return fmt.Errorf("polyomino: building the placements of %s stopped: %w", board.Name, cause)
		}
		return nil
	}
	// Placements are indexed by their piece, first cell and a hash of
	// their shape; a hash that two placements share (never seen, but
	// possible) is found and the build falls back on exact string keys.
	index := make(map[placeKey]int32, min(need/256, 1<<22))
	var slow map[string]int32
	for i, p := range pieces {
		for _, o := range orientations(p) {
			h, w := 0, 0
			for _, x := range o {
				h, w = max(h, x.r+1), max(w, x.c+1)
			}
			for r := 0; r+h <= board.Rows; r++ {
			next:
				for c := 0; c+w <= board.Cols; c++ {
					cells := make([]int32, len(o))
					for k, x := range o {
						if !board.in(r+x.r, c+x.c) {
							continue next
						}
						cells[k] = int32((r+x.r)*board.Cols + c + x.c)
					}
					slices.Sort(cells)
					if err := tick(); err != nil {
						return nil, err
					}
					k := keyOf(i, cells)
					if _, dup := index[k]; dup {
						slow = map[string]int32{}
					}
					index[k] = int32(len(t.places))
					t.places = append(t.places, placement{i, cells})
				}
			}
		}
	}
	if slow != nil {
		for k, pl := range t.places {
			slow[key(pl.piece, pl.cells)] = int32(k)
		}
	}
	for _, g := range transforms {
		rows, cols := board.Rows, board.Cols
		if g.transpose {
			if rows != cols {
				continue
			}
		}
		ok := true
		for r := range rows {
			for c := range cols {
				r2, c2 := g.apply(r, c, rows, cols)
				if board.in(r, c) != board.in(r2, c2) {
					ok = false
				}
			}
		}
		if !ok {
			continue
		}
		sm := make([]int32, len(t.places))
		var cells []int32
		for k, pl := range t.places {
			cells = slices.Grow(cells[:0], len(pl.cells))[:len(pl.cells)]
			for j, x := range pl.cells {
				r2, c2 := g.apply(int(x)/cols, int(x)%cols, rows, cols)
				cells[j] = int32(r2*cols + c2)
			}
			slices.Sort(cells)
			if err := tick(); err != nil {
				return nil, err
			}
			if slow != nil {
				sm[k] = slow[key(pl.piece, cells)]
			} else {
				sm[k] = index[keyOf(pl.piece, cells)]
			}
		}
		t.syms = append(t.syms, g)
		t.symPlace = append(t.symPlace, sm)
	}
	return t, nil
}

// placeKey identifies a placement: its piece, its first cell and a hash
// of its cells.
type placeKey struct {
	piece, first int32
	hash         uint64
}

// keyOf returns the key of the placement of piece on cells (sorted).
func keyOf(piece int, cells []int32) placeKey {
	h := uint64(14695981039346656037) // FNV-1a over the cells' offsets
	for _, x := range cells {
		h ^= uint64(x - cells[0])
		h *= 1099511628211
	}
	return placeKey{int32(piece), cells[0], h}
}

// key is the exact key of a placement, for the rare build where two
// placements share a placeKey.
func key(piece int, cells []int32) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(piece))
	for _, x := range cells {
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(int(x)))
	}
	return b.String()
}

// Model returns "polyomino".
func (t *Tiling) Model() string { return "polyomino" }

// Size returns the board's name, such as "6x10".
func (t *Tiling) Size() string { return t.Board.Name }

// Symmetries returns the number of symmetries of the board (the order of
// the group tilings are counted up to): 4 for a rectangle, 8 for a square.
func (t *Tiling) Symmetries() int { return len(t.syms) }

// Placements returns the number of placements (options of the cover).
func (t *Tiling) Placements() int { return len(t.places) }

func cellName(b Board, x int) string {
	return "r" + strconv.Itoa(x/b.Cols+1) + "c" + strconv.Itoa(x%b.Cols+1)
}

// Cover returns the exact cover problem, all items primary: the pieces
// used exactly once, then the board cells ("r1c1" is the top left cell),
// then the pieces with other bounds (an item covered between Lo and Hi
// times, Algorithm M; none for a piece used any number of times). The
// cells come row by row, or, when a piece may repeat and the board is
// wider than tall, column by column, so that a count branching on the
// first item sweeps the board along its long side (dlx.BranchFirst).
// Option k is placement k, written as its piece (if it has an item) and
// its cells. If only is not nil, just the placements k with only[k] true
// are options (the others are left out, so option indexes differ from
// placement indexes: the second result holds the placement of each
// option); a placement beyond the end of only is left out too. It fails on a Tiling whose board or placements do
// not come from New, and (resource.ErrTooLarge) on a cover the memory
// policy refuses: its size is asked before it is built.
func (t *Tiling) Cover(only []bool) (*dlx.Problem, []int32, error) {
	return t.CoverContext(context.Background(), only)
}

// CoverContext is Cover that stops when ctx ends (the error then wraps
// dlx.ErrStopped and ctx's error).
func (t *Tiling) CoverContext(ctx context.Context, only []bool) (*dlx.Problem, []int32, error) {
	if t == nil {
		return nil, nil, fmt.Errorf("polyomino: nil tiling: %w", core.ErrWrongProblem)
	}
	if err := t.Board.check(); err != nil {
		return nil, nil, err
	}
	for _, pc := range t.Pieces {
		if len(pc.Cells) == 0 {
			return nil, nil, fmt.Errorf("polyomino: piece %q has no cells", pc.Name)
		}
	}
	for _, pl := range t.places {
		if pl.piece < 0 || pl.piece >= len(t.Pieces) {
			return nil, nil, errors.New("polyomino: the tiling's pieces changed after New")
		}
		for _, x := range pl.cells {
			if x < 0 || int(x) >= t.Board.Rows*t.Board.Cols {
				return nil, nil, errors.New("polyomino: the tiling's board changed after New")
			}
		}
	}
	p := dlx.NewWithContext(ctx)
	var err error
	wrap := func(err error) error { return fmt.Errorf("polyomino: %w", err) }
	pieceItem := make([]int, len(t.Pieces))
	for i, pc := range t.Pieces {
		pieceItem[i] = -1
		if pc.once() {
			if pieceItem[i], err = p.AddPrimary(pc.Name); err != nil {
				return nil, nil, wrap(err)
			}
		}
	}
	b := t.Board
	item := make([]int, b.Rows*b.Cols)
	for _, x := range t.cellOrder() {
		if item[x], err = p.AddPrimary(cellName(b, x)); err != nil {
			return nil, nil, wrap(err)
		}
	}
	cells := b.Cells()
	for i, pc := range t.Pieces {
		lo, hi := pc.bounds()
		switch {
		case pc.once():
		case hi == Unlimited && lo == 0:
		case hi == Unlimited:
			// At least lo: no tiling holds more copies than fit.
			pieceItem[i], err = p.AddPrimaryBounds(pc.Name, lo, max(lo, cells/len(pc.Cells), 1))
		default:
			pieceItem[i], err = p.AddPrimaryBounds(pc.Name, lo, hi)
		}
		if err != nil {
			return nil, nil, wrap(err)
		}
	}
	keep := func(k int) bool { return only == nil || k < len(only) && only[k] }
	options, entries := 0, 0
	for k, pl := range t.places {
		if keep(k) {
			options++
			entries += len(pl.cells)
			if pieceItem[pl.piece] >= 0 {
				entries++
			}
		}
	}
	if err := p.Grow(options, entries); err != nil {
		return nil, nil, fmt.Errorf("polyomino: the cover of %d placements: %w", options, err)
	}
	ids := make([]int32, 0, options)
	opt := make([]int, 0, 16)
	for k, pl := range t.places {
		if !keep(k) {
			continue
		}
		opt = opt[:0]
		if it := pieceItem[pl.piece]; it >= 0 {
			opt = append(opt, it)
		}
		for _, x := range pl.cells {
			opt = append(opt, item[x])
		}
		if _, err := p.AddOptionIndex(opt, nil); err != nil {
			return nil, nil, wrap(err)
		}
		ids = append(ids, int32(k))
	}
	return p, ids, nil
}

// cellOrder returns the board's cells (indexes in the box) in the order
// Cover lists them.
func (t *Tiling) cellOrder() []int {
	b := t.Board
	var out []int
	if b.Cols > b.Rows && t.repeats() {
		for c := range b.Cols {
			for r := range b.Rows {
				if b.in(r, c) {
					out = append(out, r*b.Cols+c)
				}
			}
		}
		return out
	}
	for x := range b.Rows * b.Cols {
		if b.in(x/b.Cols, x%b.Cols) {
			out = append(out, x)
		}
	}
	return out
}

// decode fills sol (one entry per box cell) from chosen placements: −1 on
// holes, else the piece's index i plus len(Pieces) times its copy number
// c, the copies of each piece numbered 0, 1, ... in the order of their
// first cells (row by row). With every piece used once, a cell's value is
// its piece's index.
func (t *Tiling) decode(places []int32, sol core.Solution) {
	for i := range sol {
		sol[i] = -1
	}
	if !t.repeats() {
		for _, k := range places {
			pl := t.places[k]
			for _, x := range pl.cells {
				sol[x] = int32(pl.piece)
			}
		}
		return
	}
	order := slices.Clone(places)
	slices.SortFunc(order, func(a, b int32) int { return cmp.Compare(t.places[a].cells[0], t.places[b].cells[0]) })
	copies := make([]int32, len(t.Pieces))
	np := int32(len(t.Pieces))
	for _, k := range order {
		pl := t.places[k]
		v := int32(pl.piece) + np*copies[pl.piece]
		copies[pl.piece]++
		for _, x := range pl.cells {
			sol[x] = v
		}
	}
}

// Verify checks sol independently of any solver: one entry per cell of the
// box, −1 exactly on holes, the cells of each value forming its piece (the
// value modulo the number of pieces; see decode) in some rotation or
// reflection, and each piece used as many times as it may be.
func (t *Tiling) Verify(sol core.Solution) error {
	if t == nil || len(t.Pieces) == 0 {
		return errors.New("polyomino: a tiling with no pieces (build it with New)")
	}
	if err := t.Board.check(); err != nil {
		return err
	}
	b := t.Board
	if len(sol) != b.Rows*b.Cols {
		return fmt.Errorf("polyomino: %d cells for a %dx%d board", len(sol), b.Rows, b.Cols)
	}
	np := int32(len(t.Pieces))
	groups := map[int32][]cell{}
	for x, v := range sol {
		r, c := x/b.Cols, x%b.Cols
		switch {
		case !b.in(r, c) && v != -1:
			return fmt.Errorf("polyomino: row %d, column %d is not on the board", r+1, c+1)
		case !b.in(r, c):
		case v < 0 || !t.repeats() && v >= np:
			return fmt.Errorf("polyomino: row %d, column %d is not covered by a piece", r+1, c+1)
		default:
			groups[v] = append(groups[v], cell{r, c})
		}
	}
	used := make([]int, len(t.Pieces))
	values := make([]int32, 0, len(groups))
	for v := range groups {
		values = append(values, v)
	}
	slices.Sort(values)
	for _, v := range values {
		cells := groups[v]
		p := t.Pieces[v%np]
		used[v%np]++
		n := normalize(cells)
		if !slices.ContainsFunc(orientations(p), func(o []cell) bool { return slices.Equal(o, n) }) {
			return fmt.Errorf("polyomino: the cells of piece %s (row %d, column %d, ...) do not form it", p.Name, cells[0].r+1, cells[0].c+1)
		}
	}
	for i, p := range t.Pieces {
		lo, hi := p.bounds()
		switch {
		case used[i] == 0 && lo > 0 && p.once():
			return fmt.Errorf("polyomino: piece %s is not used", p.Name)
		case used[i] < lo:
			return fmt.Errorf("polyomino: piece %s is used %d times, fewer than %d", p.Name, used[i], lo)
		case hi != Unlimited && used[i] > hi:
			return fmt.Errorf("polyomino: piece %s is used %d times, more than %d", p.Name, used[i], hi)
		}
	}
	return nil
}

// Render writes sol as the board, one row per line, each cell a letter
// ('.' for a hole), for format "" or "text": with every piece used once,
// the first letter of its piece's name; else a letter per piece copy, a to
// z, no two touching copies alike. "json" writes a JSON array of those
// rows; "svg" draws the tiling, each copy a colored region with a border.
func (t *Tiling) Render(w io.Writer, sol core.Solution, format string) error {
	if w == nil {
		return errors.New("polyomino: nil writer")
	}
	switch format {
	case "json":
		var sb strings.Builder
		if err := t.Render(&sb, sol, "text"); err != nil {
			return err
		}
		rows, err := json.Marshal(strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n"))
		if err != nil {
			return err
		}
		_, err = w.Write(rows)
		return err
	case "", "text", "svg":
	default:
		return fmt.Errorf("polyomino: unknown format %q (text, json, svg)", format)
	}
	if t == nil {
		return errors.New("polyomino: nil tiling")
	}
	if err := t.Board.check(); err != nil {
		return err
	}
	b := t.Board
	if len(sol) != b.Rows*b.Cols {
		return fmt.Errorf("polyomino: %d cells for a %dx%d board", len(sol), b.Rows, b.Cols)
	}
	color := t.colors(sol)
	if format == "svg" {
		return t.renderSVG(w, sol, color)
	}
	var sb strings.Builder
	for r := range b.Rows {
		for c := range b.Cols {
			v := sol[r*b.Cols+c]
			switch {
			case v < 0:
				sb.WriteByte('.')
			case !t.repeats() && (int(v) >= len(t.Pieces) || t.Pieces[v].Name == ""):
				sb.WriteByte('?')
			case !t.repeats():
				sb.WriteString(t.Pieces[v].Name[:1])
			default:
				sb.WriteByte(byte('a' + color[v]%26))
			}
		}
		sb.WriteByte('\n')
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// colors gives each value of sol (a piece copy) a small color number, the
// least that no copy touching it (sharing an edge) has already got, taking
// the copies in the order of their first cells: at most a handful on a
// plane tiling.
func (t *Tiling) colors(sol core.Solution) map[int32]int {
	b := t.Board
	cells := map[int32][]int{}
	var order []int32
	for x, v := range sol {
		if v < 0 {
			continue
		}
		if _, seen := cells[v]; !seen {
			order = append(order, v)
		}
		cells[v] = append(cells[v], x)
	}
	color := make(map[int32]int, len(order))
	var taken []bool
	for _, v := range order {
		taken = taken[:0]
		for _, y := range cells[v] {
			r, c := y/b.Cols, y%b.Cols
			for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
				r2, c2 := r+d[0], c+d[1]
				if r2 < 0 || c2 < 0 || r2 >= b.Rows || c2 >= b.Cols {
					continue
				}
				if n := sol[r2*b.Cols+c2]; n >= 0 && n != v {
					if k, ok := color[n]; ok {
						for len(taken) <= k {
							taken = append(taken, false)
						}
						taken[k] = true
					}
				}
			}
		}
		k := 0
		for k < len(taken) && taken[k] {
			k++
		}
		color[v] = k
	}
	return color
}

// palette are the fills of the SVG drawing, by color number.
var palette = []string{"#8dd3c7", "#fdb462", "#bebada", "#fb8072", "#80b1d3", "#b3de69", "#fccde5", "#ffffb3", "#d9d9d9", "#bc80bd"}

// renderSVG draws sol: a square per cell, filled by its copy's color (by
// its piece when every piece is used once), and a line wherever two
// cells of different copies, or a cell and the outside, meet.
func (t *Tiling) renderSVG(w io.Writer, sol core.Solution, color map[int32]int) error {
	b := t.Board
	const u = 20 // pixels a cell
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="-2 -2 %d %d">`+"\n",
		b.Cols*u+4, b.Rows*u+4, b.Cols*u+4, b.Rows*u+4)
	for x, v := range sol {
		if v < 0 {
			continue
		}
		k := color[v]
		if !t.repeats() {
			k = int(v)
		}
		fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", x%b.Cols*u, x/b.Cols*u, u, u, palette[k%len(palette)])
	}
	at := func(r, c int) int32 {
		if r < 0 || c < 0 || r >= b.Rows || c >= b.Cols {
			return -1
		}
		return sol[r*b.Cols+c]
	}
	sb.WriteString(`<path stroke="#222" stroke-width="2" stroke-linecap="square" fill="none" d="`)
	for r := 0; r <= b.Rows; r++ {
		for c := 0; c <= b.Cols; c++ {
			// The top edge of (r, c) and its left edge.
			if c < b.Cols && at(r-1, c) != at(r, c) {
				fmt.Fprintf(&sb, "M%d %dh%d", c*u, r*u, u)
			}
			if r < b.Rows && at(r, c-1) != at(r, c) {
				fmt.Fprintf(&sb, "M%d %dv%d", c*u, r*u, u)
			}
		}
	}
	sb.WriteString("\"/>\n</svg>\n")
	_, err := io.WriteString(w, sb.String())
	return err
}
