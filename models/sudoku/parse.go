package sudoku

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strconv"
	"unicode/utf8"

	"github.com/coverkit/coverkit/lines"
)

// lineErr returns a located input error, "sudoku: line L: msg" ("sudoku:
// msg" for line 0, input not read from a file); errors.As finds the
// *lines.Error inside, with the line and the message without prefixes.
func lineErr(line int, msg string) error {
	return lines.Wrap("sudoku", &lines.Error{Line: line, Msg: msg})
}

// Layout says how to read puzzles whose side is inferred from the input:
// the variant, the box shape and, for jigsaw, the region map.
type Layout struct {
	// Variant is the member of the family (classic by default).
	Variant Variant
	// BoxRows and BoxCols fix the box shape (and so the side N =
	// BoxRows·BoxCols); 0, 0 infers the default box from each puzzle's side.
	BoxRows, BoxCols int
	// Regions is the jigsaw region map (NewJigsaw, ParseRegions); it fixes
	// the side. Required for the jigsaw variant, ignored otherwise.
	Regions *Shape
}

// Shape returns the shape of side n under l.
func (l Layout) Shape(n int) (*Shape, error) {
	switch {
	case l.Variant == Jigsaw:
		if l.Regions == nil {
			return nil, errors.New("sudoku: the jigsaw variant needs a region map (--regions FILE)")
		}
		if n != l.Regions.N {
			return nil, fmt.Errorf("sudoku: %d cells make a %dx%d grid, but the region map is %dx%d (%d cells)", n*n, n, n, l.Regions.N, l.Regions.N, l.Regions.Cells())
		}
		return l.Regions, nil
	case l.Variant != Latin && l.BoxRows*l.BoxCols != 0 && n != l.BoxRows*l.BoxCols:
		m := l.BoxRows * l.BoxCols
		return nil, fmt.Errorf("sudoku: %d cells make a %dx%d grid, but %dx%d boxes need a %dx%d grid (%d cells)", n*n, n, n, l.BoxRows, l.BoxCols, m, m, m*m)
	}
	return NewShape(n, l.BoxRows, l.BoxCols, l.Variant)
}

// Parser reads puzzles under a Layout, caching one Shape per side so a batch
// of puzzles shares them. Parsing into a reused Puzzle allocates nothing. A
// Parser is not safe for concurrent use: give each goroutine its own.
type Parser struct {
	layout Layout
	shapes [MaxSide + 1]*Shape
	errs   [MaxSide + 1]error
}

// NewParser returns a Parser for layout l.
func NewParser(l Layout) *Parser { return &Parser{layout: l} }

// Layout returns the parser's layout.
func (p *Parser) Layout() Layout { return p.layout }

// Shape returns the (cached) shape of side n.
func (p *Parser) Shape(n int) (*Shape, error) {
	if n < 1 || n > MaxSide {
		return nil, fmt.Errorf("sudoku: side %d is out of range (1..%d)", n, MaxSide)
	}
	if p.shapes[n] == nil && p.errs[n] == nil {
		p.shapes[n], p.errs[n] = p.layout.Shape(n)
	}
	return p.shapes[n], p.errs[n]
}

// IsComment reports whether line (already trimmed of its line ending) is
// skipped in the one-line format: blank, or starting with '#' after
// leading whitespace.
func IsComment(line []byte) bool {
	if len(line) > 0 && line[0] > ' ' && line[0] != '#' {
		return false // the usual puzzle line, without a look at the cut set
	}
	t := bytes.TrimLeft(line, " \t\r\n\v\f")
	return len(t) == 0 || t[0] == '#'
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// symbolValue decodes one symbol of the one-line format: '.' and '0' are
// empty (0); '1'–'9' are 1..9; 'A'–'Z' (or 'a'–'z') are 10..35. ok is false
// for any other byte.
func symbolValue(b byte) (v uint8, ok bool) {
	switch {
	case b == '.' || b == '0':
		return 0, true
	case b >= '1' && b <= '9':
		return b - '0', true
	case b >= 'A' && b <= 'Z':
		return b - 'A' + 10, true
	case b >= 'a' && b <= 'z':
		return b - 'a' + 10, true
	}
	return 0, false
}

// ParseLine reads one puzzle in the one-line format into dst, reusing its
// Givens: N² symbols ('.' or '0' empty, 1–9 then A–Z), surrounding
// whitespace and a UTF-8 BOM ignored, the side N inferred from the length.
// line is the input line number for errors (0 for none). It checks the
// symbols against N and that no unit holds a symbol twice.
func (p *Parser) ParseLine(line int, text []byte, dst *Puzzle) error {
	if dst == nil {
		return errors.New("sudoku: ParseLine: nil destination puzzle")
	}
	if len(text) == 81 && p.parse81(text, dst) {
		return nil
	}
	text = bytes.TrimPrefix(text, bom)
	text = bytes.TrimSpace(text)
	k := len(text)
	if k == 0 {
		return lineErr(line, "empty puzzle")
	}
	n := isqrt(k)
	if n*n != k {
		// A symbol outside ASCII takes several bytes: name it rather than
		// the length, which is then wrong too.
		for i := range k {
			if _, ok := symbolValue(text[i]); !ok {
				if m := isqrt(utf8.RuneCount(text)); m*m == utf8.RuneCount(text) {
					return lineErr(line, badSymbolMsg(text, i, utf8.RuneCount(text[:i]), m))
				}
				break
			}
		}
		return lineErr(line, lengthMsg(k))
	}
	if n > MaxLineSide {
		return lineErr(line, fmt.Sprintf("%d cells make a %dx%d grid, too large for the one-line format (sides up to %d; use the grid format)", k, n, n, MaxLineSide))
	}
	s, err := p.Shape(n)
	if err != nil {
		return lineErr(line, trimPrefix(err))
	}
	if cap(dst.Givens) < k {
		dst.Givens = make([]uint8, k)
	}
	dst.Givens = dst.Givens[:k]
	dst.Shape = s
	for i := 0; i < k; i++ {
		v, ok := symbolValue(text[i])
		if !ok {
			return lineErr(line, badSymbolMsg(text, i, i, n))
		}
		if int(v) > n {
			return lineErr(line, fmt.Sprintf("position %d (%s): symbol %q is out of range for a %dx%d grid (%s)", i+1, cellName(n, i), text[i], n, n, symbolRange(n)))
		}
		dst.Givens[i] = v
	}
	if hasClash(s, dst.Givens) {
		return lineErr(line, trimPrefix(checkUnits(s, dst.Givens, false)))
	}
	dst.markChecked()
	return nil
}

// parse81 is ParseLine's fast path for the usual line: 81 symbols of a
// valid classic 9×9 puzzle ('.', '0'–'9'). It reports false, leaving the
// work to the general path (which names the error), for anything else:
// another symbol, another layout, or two equal givens in a unit.
func (p *Parser) parse81(text []byte, dst *Puzzle) bool {
	s := p.shapes[9]
	if s == nil {
		var err error
		if s, err = p.Shape(9); err != nil {
			return false
		}
	}
	if s.Variant != Classic || !s.isClassic9() || len(text) != 81 {
		return false
	}
	if cap(dst.Givens) < 81 {
		dst.Givens = make([]uint8, 81)
	}
	g := (*[81]uint8)(dst.Givens[:81])
	t := (*[81]byte)(text)
	// First the symbols, eight at a time, and which cells hold a given (a
	// bit per cell); then the units of the givens alone, a fifth of the
	// cells in a 17-clue puzzle.
	var given [2]uint64
	for k := 0; k < 80; k += 8 {
		v, nz, ok := symbols8(binary.LittleEndian.Uint64(t[k:]))
		if !ok {
			return false
		}
		binary.LittleEndian.PutUint64(g[k:], v)
		given[k>>6] |= nz << (k & 63)
	}
	v := digit81[t[80]]
	if v > 9 {
		return false
	}
	g[80] = v
	given[1] |= uint64((v+15)>>4) << 16
	var rows, cols, boxes [9]uint16
	var clash uint16
	for w, m := range given {
		for ; m != 0; m &= m - 1 {
			i := w<<6 | bits.TrailingZeros64(m)
			bit := uint16(1) << (g[i] - 1)
			u := &cell81[i]
			clash |= (rows[u.r] | cols[u.c] | boxes[u.b]) & bit
			rows[u.r] |= bit
			cols[u.c] |= bit
			boxes[u.b] |= bit
		}
	}
	if clash != 0 {
		return false
	}
	dst.Givens, dst.Shape = g[:], s
	dst.markChecked()
	return true
}

// symbols8 reads eight symbols of a 9×9 line ('.', '0'–'9'), one a byte of
// w (the first in the lowest): their values, one a byte, and a bit per
// given (not 0) in the same order; ok is false when a byte is another
// symbol.
func symbols8(w uint64) (v, given uint64, ok bool) {
	const ones, highs, lows = 0x0101010101010101, 0x8080808080808080, 0x7f7f7f7f7f7f7f7f
	d := w ^ 0x30*ones // '0'–'9' are 0–9, '.' is 0x1e
	e := d ^ 0x1e*ones // '.' is 0
	dots := ^((e&lows + lows) | e) & highs
	big := (d&lows + (0x80-10)*ones | d) & highs // above 9, or not ASCII
	if big&^dots != 0 {
		return 0, 0, false
	}
	v = d &^ (dots >> 7 * 0xff)
	nz := ((v&lows + lows) | v) & highs
	return v, (nz >> 7 * 0x0102040810204080) >> 56, true
}

// digit81 maps a byte of a 9×9 line to its value: 0 for '.' and '0', 1–9
// for '1'–'9', 16 for anything else.
var digit81 = func() (t [256]uint8) {
	for i := range t {
		t[i] = 16
	}
	t['.'], t['0'] = 0, 0
	for d := range uint8(9) {
		t['1'+d] = d + 1
	}
	return t
}()

// cell81 holds the row, column and box of each cell of a 9×9 grid.
var cell81 = func() (t [81]struct{ r, c, b uint8 }) {
	for i := range t {
		t[i].r, t[i].c, t[i].b = uint8(i/9), uint8(i%9), uint8(i/27*3+i%9/3)
	}
	return t
}()

// ParseLine reads one puzzle in the one-line format under layout l (see
// Parser.ParseLine).
func ParseLine(l Layout, text string) (*Puzzle, error) {
	p := &Puzzle{}
	if err := NewParser(l).ParseLine(0, []byte(text), p); err != nil {
		return nil, err
	}
	return p, nil
}

func lengthMsg(k int) string {
	n := isqrt(k)
	lo, hi := n*n, (n+1)*(n+1)
	return fmt.Sprintf("%d cells is not a square grid (a %dx%d grid has %d, a %dx%d grid %d)", k, n, n, lo, n+1, n+1, hi)
}

func symbolRange(n int) string {
	switch {
	case n == 1:
		return "1"
	case n <= 9:
		return "1–" + strconv.Itoa(n)
	case n == 10:
		return "1–9, A"
	}
	return "1–9, A–" + string(rune('A'+n-10))
}

// badSymbolMsg names the symbol at byte i of text, the cell at position
// pos (0-based, in characters) of an n×n grid.
func badSymbolMsg(text []byte, i, pos, n int) string {
	r, _ := utf8.DecodeRune(text[i:])
	return fmt.Sprintf("position %d (%s): bad symbol %q (use . or 0 for an empty cell, %s for givens)", pos+1, cellName(n, pos), r, symbolRange(n))
}

// trimPrefix drops the "sudoku: " of an error from this package, to wrap it
// into an Error with a line.
func trimPrefix(err error) string {
	s := err.Error()
	if len(s) > 8 && s[:8] == "sudoku: " {
		return s[8:]
	}
	return s
}

// ParseGrid reads one puzzle in the grid format into dst: N rows of N
// whitespace-separated numbers (0 or '.' for empty, else 1..N), the side
// inferred from the first row. rows are the block's lines and first the
// line number of the first one.
func (p *Parser) ParseGrid(first int, rows [][]byte, dst *Puzzle) error {
	if dst == nil {
		return errors.New("sudoku: ParseGrid: nil destination puzzle")
	}
	if len(rows) == 0 {
		return lineErr(first, "empty grid")
	}
	n := countFields(rows[0])
	if n > MaxSide {
		return lineErr(first, fmt.Sprintf("%d numbers in the first row: side %d is too large (at most %d)", n, n, MaxSide))
	}
	if len(rows) != n {
		return lineErr(first, fmt.Sprintf("grid of %d rows, but its first row has %d numbers (a %dx%d grid needs %d rows)", len(rows), n, n, n, n))
	}
	s, err := p.Shape(n)
	if err != nil {
		return lineErr(first, trimPrefix(err))
	}
	k := n * n
	if cap(dst.Givens) < k {
		dst.Givens = make([]uint8, k)
	}
	dst.Givens = dst.Givens[:k]
	dst.Shape = s
	for r, row := range rows {
		c := 0
		for f := range fields(row) {
			if c == n {
				return lineErr(first+r, fmt.Sprintf("row %d has more than %d numbers", r+1, n))
			}
			v, ok := gridValue(f, n)
			if !ok {
				return lineErr(first+r, fmt.Sprintf("row %d, column %d: %q is not a symbol of a %dx%d grid (0 or . for empty, 1..%d)", r+1, c+1, f, n, n, n))
			}
			dst.Givens[r*n+c] = v
			c++
		}
		if c != n {
			return lineErr(first+r, fmt.Sprintf("row %d has %d numbers, want %d", r+1, c, n))
		}
	}
	if hasClash(s, dst.Givens) {
		return lineErr(first, trimPrefix(checkUnits(s, dst.Givens, false)))
	}
	dst.markChecked()
	return nil
}

func gridValue(f []byte, n int) (uint8, bool) {
	if len(f) == 1 && f[0] == '.' {
		return 0, true
	}
	if len(f) > 3 {
		return 0, false
	}
	v := 0
	for _, b := range f {
		if b < '0' || b > '9' {
			return 0, false
		}
		v = v*10 + int(b-'0')
	}
	if v > n {
		return 0, false
	}
	return uint8(v), true
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f' }

// fields yields the whitespace-separated fields of b without allocating.
func fields(b []byte) func(func([]byte) bool) {
	return func(yield func([]byte) bool) {
		i := 0
		for i < len(b) {
			for i < len(b) && isSpace(b[i]) {
				i++
			}
			j := i
			for j < len(b) && !isSpace(b[j]) {
				j++
			}
			if j > i && !yield(b[i:j]) {
				return
			}
			i = j
		}
	}
}

func countFields(b []byte) int {
	k := 0
	for range fields(b) {
		k++
	}
	return k
}

// Format is an input format for puzzle files.
type Format uint8

const (
	// LineFormat is one puzzle per line (see Parser.ParseLine).
	LineFormat Format = iota
	// GridFormat is one puzzle per block of N lines of numbers, blocks
	// separated by blank lines (see Parser.ParseGrid).
	GridFormat
)

// ParseFormat reads an input format name: "line" (or "") or "grid".
func ParseFormat(s string) (Format, error) {
	switch s {
	case "", "line":
		return LineFormat, nil
	case "grid":
		return GridFormat, nil
	}
	return 0, fmt.Errorf("sudoku: unknown input format %q (line, grid)", s)
}

// Record is one puzzle's text as read from a file, before parsing.
type Record struct {
	// Line is the 1-based line number of the puzzle (of a grid block's
	// first line).
	Line int
	// Text is the puzzle's line, or a grid block's lines joined by '\n'.
	Text []byte
	// Err, when not nil, says why the record could not be read (an
	// over-long line); Parse returns it.
	Err error
}

// Reader splits a puzzle file into records: non-comment lines in the line
// format, blocks of non-blank lines in the grid format. Lines starting with
// '#' and blank lines are skipped; Windows line endings and a UTF-8 BOM are
// accepted.
type Reader struct {
	lr     *lines.Reader
	format Format
}

// MaxLine is the longest input line a Reader accepts.
const MaxLine = 1 << 16

// NewReader returns a Reader over r in format f.
func NewReader(r io.Reader, f Format) *Reader {
	return &Reader{lr: lines.NewReader(r, MaxLine), format: f}
}

// Next appends the next record's text to buf (which may be nil) and
// returns the record. It returns io.EOF after the last one. An over-long
// line is returned as an error wrapping lines.ErrTooLong with its line
// number, together with a Record of that line (of its grid block, read to
// its end) whose Err is the error: the Reader goes on past it, so a batch
// marks the record and answers the rest.
// Any other error (an unreadable input) ends the reading.
func (r *Reader) Next(buf []byte) (Record, error) {
	if r.lr == nil {
		r.lr = lines.NewReader(nil, MaxLine) // a zero Reader reads nothing
	}
	if r.format == LineFormat {
		for {
			b, n, err := r.lr.Next()
			if err != nil {
				return r.readErr(n, err)
			}
			if IsComment(b) {
				continue
			}
			return Record{Line: n, Text: append(buf, b...)}, nil
		}
	}
	start, rows := 0, 0
	text := buf
	var bad error // an over-long line or a row too many inside the block: the block's error
	for {
		b, n, err := r.lr.Next()
		if err == io.EOF && start > 0 {
			return Record{Line: start, Text: text, Err: bad}, bad
		}
		if err != nil {
			if start == 0 {
				start = n
			}
			rec, err := r.readErr(start, err)
			if rec.Err == nil {
				return rec, err
			}
			if bad == nil {
				bad = err
			}
			continue // read the block to its end: it is one record
		}
		t := bytes.TrimSpace(b)
		if len(t) == 0 {
			if start > 0 {
				return Record{Line: start, Text: text, Err: bad}, bad
			}
			continue
		}
		if t[0] == '#' {
			continue
		}
		if start == 0 {
			start = n
		}
		if rows++; rows > MaxSide {
			// No grid has this many rows: the block is one invalid
			// record, read to its end without keeping its rows (an
			// endless block would take every byte of memory).
			if bad == nil {
				bad = lineErr(start, fmt.Sprintf("grid block has more than %d rows", MaxSide))
			}
			continue
		}
		if rows > 1 {
			text = append(text, '\n')
		}
		text = append(text, t...)
	}
}

// readErr returns the error of a failed read at line n: io.EOF as it is;
// an over-long line skipped (the Reader goes on) with a Record holding the
// error; anything else as the end of the input.
func (r *Reader) readErr(n int, err error) (Record, error) {
	if err == io.EOF {
		return Record{}, err
	}
	err = lines.Wrap("sudoku", err)
	if r.lr.Skip() {
		return Record{Line: n, Err: err}, err
	}
	return Record{}, err
}

// Parse parses a record read in format f into dst.
func (p *Parser) Parse(f Format, rec Record, dst *Puzzle) error {
	if rec.Err != nil {
		return rec.Err
	}
	if f == LineFormat {
		return p.ParseLine(rec.Line, rec.Text, dst)
	}
	var rows [MaxSide + 1][]byte
	k := 0
	for line := range bytes.SplitSeq(rec.Text, []byte{'\n'}) {
		if k == len(rows) {
			return lineErr(rec.Line, fmt.Sprintf("grid block has more than %d rows", MaxSide))
		}
		rows[k] = line
		k++
	}
	return p.ParseGrid(rec.Line, rows[:k], dst)
}

// ParseRegions reads a jigsaw region map and returns its shape: N lines
// (blank lines and '#' comments skipped), each either N single-character
// labels ("AAABBBCCC") or N whitespace-separated labels ("1 1 1 2 2 2 3 3
// 3"). Any N distinct labels may be used; each must mark exactly N cells.
// Regions are numbered in order of first appearance.
func ParseRegions(r io.Reader) (*Shape, error) {
	lr := lines.NewReader(r, MaxLine)
	type label struct {
		id, cells  int
		line, col0 int // where it first appears
	}
	labels := map[string]*label{}
	var order []string // labels by id
	var ids []int      // the label id of each cell
	n, rows, firstLine := 0, 0, 0
	for {
		b, line, err := lr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("sudoku: region map: %w", err)
		}
		if IsComment(b) {
			continue
		}
		var row []string
		t := bytes.TrimSpace(b)
		if bytes.ContainsAny(t, " \t") {
			for f := range fields(t) {
				row = append(row, string(f))
			}
		} else {
			for _, r := range string(t) {
				row = append(row, string(r))
			}
		}
		if n == 0 {
			n, firstLine = len(row), line
			if n > MaxSide {
				return nil, fmt.Errorf("sudoku: region map: line %d: %d labels: side %d is too large (at most %d)", line, n, n, MaxSide)
			}
		}
		if len(row) != n {
			return nil, fmt.Errorf("sudoku: region map: line %d: %d labels, but the first row (line %d) has %d: every row needs as many labels as there are rows",
				line, len(row), firstLine, n)
		}
		rows++
		if rows > n {
			return nil, fmt.Errorf("sudoku: region map: line %d: more than %d rows", line, n)
		}
		for c, l := range row {
			lb, ok := labels[l]
			if !ok {
				if len(order) == 4*n {
					return nil, fmt.Errorf("sudoku: region map: line %d, column %d: label %q: far more than %d regions", line, c+1, l, n)
				}
				lb = &label{id: len(order), line: line, col0: c + 1}
				labels[l] = lb
				order = append(order, l)
			}
			lb.cells++
			ids = append(ids, lb.id)
		}
	}
	if n == 0 {
		return nil, errors.New("sudoku: region map is empty")
	}
	if rows != n {
		return nil, fmt.Errorf("sudoku: region map has %d rows, want %d", rows, n)
	}
	if len(order) > n {
		// Too many labels: the smallest region is the likeliest stray.
		stray := order[0]
		for _, l := range order {
			if labels[l].cells < labels[stray].cells {
				stray = l
			}
		}
		lb := labels[stray]
		return nil, fmt.Errorf("sudoku: region map: line %d, column %d: label %q makes %d regions, a %dx%d grid has %d (%q has %d cells, the fewest)",
			lb.line, lb.col0, stray, len(order), n, n, n, stray, lb.cells)
	}
	region := make([]uint8, len(ids))
	for i, id := range ids {
		region[i] = uint8(id)
	}
	return NewJigsaw(region)
}
