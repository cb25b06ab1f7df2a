package knight

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// Render writes sol in one of the formats "text" (or ""): the board as a
// matrix of move numbers 1..R·C, right-aligned, as in the source text;
// "json": the path, a JSON array of 1-based [row,col] squares (WriteJSON
// writes the whole record); "svg": a picture of the board with the tour
// drawn.
func (p *Problem) Render(w io.Writer, sol core.Solution, format string) error {
	if err := checkDraw(w, p.Rows, p.Cols, nil); err != nil { // each writer checks the squares
		return err
	}
	if len(sol) != p.Squares() {
		return fmt.Errorf("knight: cannot render %d squares as a tour of a %s board", len(sol), p.Size())
	}
	switch format {
	case "", "text":
		return WriteMatrix(w, p.Rows, p.Cols, sol)
	case "json":
		if err := checkDraw(w, p.Rows, p.Cols, sol); err != nil {
			return err
		}
		b := newWriter(w, len(sol))
		b.path(p, sol)
		return b.flush()
	case "svg":
		return WriteSVG(w, p.Rows, p.Cols, p.Closed, sol)
	}
	return fmt.Errorf("knight: unknown format %q (text, json, svg)", format)
}

// MaxSVGSquares is the largest board WriteSVG draws (2048×2048): its
// picture takes about 40 bytes a square, and no viewer shows more.
const MaxSVGSquares = 1 << 22

// checkDraw refuses what the writers cannot write: a nil writer, a board
// whose sides are not positive or whose squares int32 cannot index, and,
// unless sol is nil, a square off the board.
func checkDraw(w io.Writer, rows, cols int, sol core.Solution) error {
	if w == nil {
		return errors.New("knight: nil writer")
	}
	if err := divCheck(rows, cols); err != nil {
		return err
	}
	n := int32(rows * cols)
	for i, s := range sol {
		if s < 0 || s >= n {
			return fmt.Errorf("knight: move %d: square index %d is off the %dx%d board", i+1, s, rows, cols)
		}
	}
	return nil
}

// flushAt is the size at which the writers hand their buffer on.
const flushAt = 1 << 20

// writer batches output in one large buffer, with no allocation per square.
type writer struct {
	w   io.Writer
	buf []byte
	err error
}

// newWriter returns a writer for the drawing of a board of squares
// squares: its buffer holds the drawing (about 48 bytes a square at
// most) up to flushAt. A listing draws small tours by the million: a
// buffer of flushAt each time cost 90 µs a tour.
func newWriter(w io.Writer, squares int) *writer {
	return &writer{w: w, buf: make([]byte, 0, min(flushAt, 48*max(squares, 0))+256)}
}

// maybeFlush hands the buffer on once it is full; it reports whether a
// write has failed, after which the writers stop (a stopped or closed
// output must not cost the formatting of the rest of a huge tour).
func (b *writer) maybeFlush() bool {
	if len(b.buf) >= flushAt {
		b.flush()
	}
	return b.err != nil
}

func (b *writer) flush() error {
	if b.err == nil && len(b.buf) > 0 {
		_, b.err = b.w.Write(b.buf)
	}
	b.buf = b.buf[:0]
	return b.err
}

// WriteMatrix writes the tour as the source text prints it: Rows lines of
// Cols move numbers (1 for the start, R·C for the last square), right-aligned
// in columns as wide as the largest number and separated by one space. It
// streams through one buffer and needs 4 bytes a square for the matrix.
func WriteMatrix(w io.Writer, rows, cols int, sol core.Solution) error {
	if err := checkDraw(w, rows, cols, nil); err != nil { // the squares are checked below
		return err
	}
	n := rows * cols
	if len(sol) != n {
		return fmt.Errorf("knight: %d squares in the tour for a %dx%d board", len(sol), rows, cols)
	}
	num := make([]int32, n)
	for i, s := range sol {
		// The inversion writes nothing: a zero-length write asks a
		// stoppable writer (outfile.Stoppable) whether to go on, every
		// 2^20 squares (36 million take a second on a loaded machine).
		if i&(1<<20-1) == 0 && i > 0 {
			if _, err := w.Write(nil); err != nil {
				return err
			}
		}
		if s < 0 || int(s) >= n {
			return fmt.Errorf("knight: move %d: square index %d is off the board", i+1, s)
		}
		num[s] = int32(i + 1)
	}
	width := len(strconv.Itoa(n))
	b := newWriter(w, n)
	var digits [12]byte
	for r := range rows {
		for c := range cols {
			if c > 0 {
				b.buf = append(b.buf, ' ')
			}
			d := strconv.AppendInt(digits[:0], int64(num[r*cols+c]), 10)
			for range width - len(d) {
				b.buf = append(b.buf, ' ')
			}
			b.buf = append(b.buf, d...)
			if b.maybeFlush() {
				return b.err
			}
		}
		b.buf = append(b.buf, '\n')
	}
	return b.flush()
}

// WriteJSON writes the tour as one JSON object on one line:
//
//	{"rows":R,"cols":C,"closed":false,"start":[r,c],"algorithm":"...","path":[[r,c],...]}
//
// with 1-based rows and columns and the R·C squares in visiting order. The
// "algorithm" field is left out when algorithm is "". It streams through one
// buffer with no allocation per square. The path may be partial, but its
// squares must be on the board.
func WriteJSON(w io.Writer, p *Problem, sol core.Solution, algorithm string) error {
	if p == nil {
		return errors.New("knight: nil problem")
	}
	if err := checkDraw(w, p.Rows, p.Cols, sol); err != nil {
		return err
	}
	cols := p.Cols
	b := newWriter(w, len(sol))
	b.buf = append(b.buf, `{"rows":`...)
	b.buf = strconv.AppendInt(b.buf, int64(p.Rows), 10)
	b.buf = append(b.buf, `,"cols":`...)
	b.buf = strconv.AppendInt(b.buf, int64(cols), 10)
	b.buf = append(b.buf, `,"closed":`...)
	b.buf = strconv.AppendBool(b.buf, p.Closed)
	start := p.Start()
	if len(sol) > 0 {
		start = sol[0]
	}
	b.buf = append(b.buf, `,"start":[`...)
	b.buf = strconv.AppendInt(b.buf, int64(start)/int64(cols)+1, 10)
	b.buf = append(b.buf, ',')
	b.buf = strconv.AppendInt(b.buf, int64(start)%int64(cols)+1, 10)
	b.buf = append(b.buf, ']')
	if algorithm != "" {
		b.buf = append(b.buf, `,"algorithm":`...)
		b.buf = strconv.AppendQuote(b.buf, algorithm)
	}
	b.buf = append(b.buf, `,"path":`...)
	b.path(p, sol)
	b.buf = append(b.buf, "}\n"...)
	return b.flush()
}

// path appends sol as a JSON array of 1-based [row,col] squares.
func (b *writer) path(p *Problem, sol core.Solution) {
	cols := p.Cols
	b.buf = append(b.buf, '[')
	if p.Rows <= tableMax && cols <= tableMax {
		// "[r," and "c]" from tables: no formatting and one 32-bit division
		// a square.
		rowText, rowOff := numberTable(p.Rows, "[", ",")
		colText, colOff := numberTable(cols, "", "]")
		uc := uint32(cols)
		for i, s := range sol {
			if i > 0 {
				b.buf = append(b.buf, ',')
			}
			r, c := uint32(s)/uc, uint32(s)%uc
			b.buf = append(b.buf, rowText[rowOff[r]:rowOff[r+1]]...)
			b.buf = append(b.buf, colText[colOff[c]:colOff[c+1]]...)
			if b.maybeFlush() {
				return
			}
		}
	} else {
		for i, s := range sol {
			if i > 0 {
				b.buf = append(b.buf, ',')
			}
			b.buf = append(b.buf, '[')
			b.buf = strconv.AppendInt(b.buf, int64(s)/int64(cols)+1, 10)
			b.buf = append(b.buf, ',')
			b.buf = strconv.AppendInt(b.buf, int64(s)%int64(cols)+1, 10)
			b.buf = append(b.buf, ']')
			if b.maybeFlush() {
				return
			}
		}
	}
	b.buf = append(b.buf, ']')
}

// tableMax is the longest side for which WriteJSON tabulates the text of
// its row and column numbers (at most 12 bytes each).
const tableMax = 1 << 20

// numberTable returns prefix+k+suffix for k = 1..n, concatenated, and the
// offset of each (entry i is k = i+1), so entry i is text[off[i]:off[i+1]].
func numberTable(n int, prefix, suffix string) ([]byte, []int32) {
	text := make([]byte, 0, n*(len(prefix)+len(suffix)+7))
	off := make([]int32, n+1)
	for i := range n {
		text = append(text, prefix...)
		text = strconv.AppendInt(text, int64(i+1), 10)
		text = append(text, suffix...)
		off[i+1] = int32(len(text))
	}
	return text, off
}

// WriteSVG draws the board (light and dark squares) with the tour as one
// polyline through the square centres, the start marked by a filled circle
// and the end by a ring. Coordinates are integers: each square is 2 units
// wide, so centres fall on odd numbers. Boards of more than MaxSVGSquares
// squares are refused with an error wrapping resource.ErrTooLarge.
func WriteSVG(w io.Writer, rows, cols int, closed bool, sol core.Solution) error {
	if err := checkDraw(w, rows, cols, sol); err != nil {
		return err
	}
	if rows*cols > MaxSVGSquares {
		return fmt.Errorf("knight: a picture of a %dx%d board would take about %d MB; svg draws boards of at most %d squares: %w",
			rows, cols, uint64(rows)*uint64(cols)*40>>20, MaxSVGSquares, resource.ErrTooLarge)
	}
	b := newWriter(w, rows*cols)
	cell := 24
	if m := max(rows, cols); m > 40 {
		cell = max(1, 960/m)
	}
	b.buf = fmt.Appendf(b.buf, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n",
		cols*cell, rows*cell, 2*cols, 2*rows)
	b.buf = fmt.Appendf(b.buf, `<title>knight's tour %dx%d</title>`+"\n", rows, cols)
	b.buf = fmt.Appendf(b.buf, `<rect width="%d" height="%d" fill="#f0d9b5"/>`+"\n", 2*cols, 2*rows)
	// Dark squares: one path of unit squares, row by row.
	b.buf = append(b.buf, `<path fill="#b58863" d="`...)
	for r := range rows {
		for c := (r + 1) % 2; c < cols; c += 2 {
			b.buf = append(b.buf, 'M')
			b.buf = strconv.AppendInt(b.buf, int64(2*c), 10)
			b.buf = append(b.buf, ' ')
			b.buf = strconv.AppendInt(b.buf, int64(2*r), 10)
			b.buf = append(b.buf, "h2v2h-2z"...)
			if b.maybeFlush() {
				return b.err
			}
		}
	}
	b.buf = append(b.buf, "\"/>\n"...)
	if len(sol) > 0 {
		tag := "polyline"
		if closed {
			tag = "polygon"
		}
		b.buf = append(b.buf, '<')
		b.buf = append(b.buf, tag...)
		b.buf = append(b.buf, ` fill="none" stroke="#1f4e9c" stroke-width="0.12" stroke-linejoin="round" points="`...)
		for i, s := range sol {
			if i > 0 {
				b.buf = append(b.buf, ' ')
			}
			b.buf = strconv.AppendInt(b.buf, 2*(int64(s)%int64(cols))+1, 10)
			b.buf = append(b.buf, ',')
			b.buf = strconv.AppendInt(b.buf, 2*(int64(s)/int64(cols))+1, 10)
			if b.maybeFlush() {
				return b.err
			}
		}
		b.buf = append(b.buf, "\"/>\n"...)
		first, last := sol[0], sol[len(sol)-1]
		b.buf = fmt.Appendf(b.buf, `<circle cx="%d" cy="%d" r="0.45" fill="#2e8b57"/>`+"\n",
			2*(int(first)%cols)+1, 2*(int(first)/cols)+1)
		b.buf = fmt.Appendf(b.buf, `<circle cx="%d" cy="%d" r="0.45" fill="none" stroke="#b22222" stroke-width="0.15"/>`+"\n",
			2*(int(last)%cols)+1, 2*(int(last)/cols)+1)
	}
	b.buf = append(b.buf, "</svg>\n"...)
	return b.flush()
}
