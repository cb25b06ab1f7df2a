package knight

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/lines"
	"github.com/coverkit/coverkit/resource"
)

// Tour is a tour read from a file by ReadTour, not yet verified.
type Tour struct {
	// Rows and Cols are the board's sides.
	Rows, Cols int
	// Closed is true if the file says the tour is closed (JSON "closed").
	Closed bool
	// Path is the squares in visiting order (0-based indices r*Cols+c).
	Path core.Solution
}

// Problem returns the problem the tour claims to solve: its board, its first
// square as the start, and closed as given.
func (t *Tour) Problem(closed bool) *Problem {
	p := &Problem{Rows: t.Rows, Cols: t.Cols, Closed: closed}
	if len(t.Path) > 0 && t.Cols > 0 {
		p.StartRow, p.StartCol = int(t.Path[0])/t.Cols+1, int(t.Path[0])%t.Cols+1
	}
	return p
}

// ErrInvalidTour is wrapped by ReadTour's errors for input that is well
// formed but cannot be a tour of its board: a move number 0, repeated or
// beyond the squares, a square off the board, more squares than the board
// has. Other errors mean the input could not be read as a tour at all.
var ErrInvalidTour = errors.New("not a knight's tour of the board")

// ErrEmpty is the error of ReadTour on an input with nothing but white
// space: no tour to read.
var ErrEmpty = errors.New("knight: empty input: expected a JSON tour or a matrix of move numbers")

// ReadTour reads a tour in either of the forms coverkit writes: the JSON
// object of WriteJSON ({"rows","cols","closed","start","path"}, 1-based
// squares), or the text matrix of WriteMatrix (one line per row of move
// numbers 1..R·C separated by spaces or tabs; blank lines before and after
// are ignored). A UTF-8 byte order mark and Windows line endings are
// accepted. Errors name the line (and field) at fault. ReadTour checks the
// form, not the tour: pass the result to Verify.
func ReadTour(r io.Reader) (*Tour, error) {
	if r == nil {
		return nil, errors.New("knight: nil reader")
	}
	br := bufio.NewReaderSize(r, 1<<16)
	// Peek past a BOM and white space to tell JSON from a matrix, counting
	// the lines skipped so that the matrix's errors name the input's lines.
	skipped := 0
	for {
		b, err := br.Peek(1)
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil, ErrEmpty
			}
			return nil, fmt.Errorf("knight: %w", err)
		}
		switch {
		case b[0] == ' ' || b[0] == '\t' || b[0] == '\r' || b[0] == '\n':
			if c, _ := br.ReadByte(); c == '\n' {
				skipped++
			}
			continue
		case b[0] == 0xEF:
			if bom, _ := br.Peek(3); string(bom) == lines.BOM {
				br.Discard(3)
				continue
			}
		case b[0] == '{':
			return readJSONTour(br)
		}
		return readMatrix(br, skipped)
	}
}

type jsonTour struct {
	Rows   *int            `json:"rows"`
	Cols   *int            `json:"cols"`
	Closed bool            `json:"closed"`
	Start  []int64         `json:"start"`
	Path   json.RawMessage `json:"path"`
}

// capReader fails with resource.ErrTooLarge once more than left bytes are
// read: the JSON decoder holds a whole value, so a JSON tour is read only
// as far as memory allows (resource.Available, halved for the decoder's
// copy), never to the end of an endless input.
type capReader struct {
	r    io.Reader
	left int64
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		return 0, fmt.Errorf("knight: JSON tour larger than the memory available: %w", resource.ErrTooLarge)
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}

func readJSONTour(r io.Reader) (*Tour, error) {
	if avail := resource.Available(); avail > 0 {
		r = &capReader{r: r, left: int64(min(avail/2, 1<<62))}
	}
	dec := json.NewDecoder(r)
	var jt jsonTour
	if err := dec.Decode(&jt); err != nil {
		if errors.Is(err, resource.ErrTooLarge) {
			return nil, err
		}
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("knight: JSON at byte %d: %v", se.Offset, err)
		}
		return nil, fmt.Errorf("knight: JSON: %v", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("knight: JSON: unexpected data after the tour object")
	}
	if jt.Rows == nil || jt.Cols == nil {
		return nil, errors.New(`knight: JSON: "rows" and "cols" are required`)
	}
	t := &Tour{Rows: *jt.Rows, Cols: *jt.Cols, Closed: jt.Closed}
	if err := CheckSize(t.Rows, t.Cols); err != nil {
		return nil, fmt.Errorf("knight: JSON: %w", err)
	}
	if jt.Path == nil {
		return nil, errors.New(`knight: JSON: "path" is required`)
	}
	path, err := parsePath(jt.Path, t.Rows, t.Cols)
	if err != nil {
		return nil, err
	}
	t.Path = path
	if jt.Start != nil {
		if len(jt.Start) != 2 {
			return nil, fmt.Errorf(`knight: JSON: "start" is [row, col], got %d numbers`, len(jt.Start))
		}
		if len(path) == 0 || int64(path[0]) != (jt.Start[0]-1)*int64(t.Cols)+jt.Start[1]-1 ||
			jt.Start[1] < 1 || jt.Start[1] > int64(t.Cols) {
			return nil, fmt.Errorf(`knight: JSON: "start" %d,%d is not the first square of the path`, jt.Start[0], jt.Start[1])
		}
	}
	return t, nil
}

// lineErr returns a located error, "knight: line N: msg"; errors.As finds
// the *lines.Error, and errors.Is the cause (ErrInvalidTour) if format
// wraps one with %w.
func lineErr(line int, format string, args ...any) error {
	e := fmt.Errorf(format, args...)
	return lines.Wrap("knight", &lines.Error{Line: line, Msg: e.Error(), Err: errors.Unwrap(e)})
}

// readMatrix reads the text form; skipped lines were read before r.
func readMatrix(r io.Reader, skipped int) (*Tour, error) {
	lr := lines.NewReader(r, 0)
	var nums []int32
	rows, cols := 0, 0
	blankAfter := 0 // line number of a blank line after the matrix began
	for {
		line, ln, err := lr.Next()
		ln += skipped
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var le *lines.Error
			if errors.As(err, &le) {
				le.Line += skipped
			}
			return nil, lines.Wrap("knight", err)
		}
		fields := bytes.Fields(line)
		if len(fields) == 0 {
			if rows > 0 && blankAfter == 0 {
				blankAfter = ln
			}
			continue
		}
		if blankAfter != 0 {
			return nil, lineErr(blankAfter, "blank line inside the matrix")
		}
		if rows == 0 {
			cols = len(fields)
		} else if len(fields) != cols {
			return nil, lineErr(ln, "%d numbers, but the first row has %d", len(fields), cols)
		}
		for i, f := range fields {
			v, err := strconv.ParseInt(string(f), 10, 32)
			if err != nil {
				return nil, lineErr(ln, "field %d: %q is not a move number (1, 2, ...)", i+1, f)
			}
			if v < 1 {
				return nil, lineErr(ln, "field %d: move number %d: moves are numbered from 1: %w", i+1, v, ErrInvalidTour)
			}
			nums = append(nums, int32(v))
		}
		rows++
		if err := CheckSize(rows, cols); err != nil {
			return nil, lineErr(ln, "%w", err)
		}
	}
	if rows == 0 {
		return nil, errors.New("knight: no rows: expected a JSON tour or a matrix of move numbers")
	}
	n := rows * cols
	path := make(core.Solution, n)
	for i := range path {
		path[i] = -1
	}
	for s, v := range nums {
		r, c := s/cols+1, s%cols+1
		if int(v) > n {
			return nil, fmt.Errorf("knight: row %d, column %d: move number %d is larger than the %d squares of the %dx%d board: %w", r, c, v, n, rows, cols, ErrInvalidTour)
		}
		if prev := path[v-1]; prev >= 0 {
			return nil, fmt.Errorf("knight: row %d, column %d: move number %d appears twice (also at row %d, column %d): %w",
				r, c, v, int(prev)/cols+1, int(prev)%cols+1, ErrInvalidTour)
		}
		path[v-1] = int32(s)
	}
	return &Tour{Rows: rows, Cols: cols, Path: path}, nil
}

// parsePath reads the JSON array [[r,c],...] of 1-based squares without
// building a value per square: a hand scanner over the raw bytes, 4 bytes
// of output a square.
func parsePath(raw []byte, rows, cols int) (core.Solution, error) {
	i := 0
	skip := func() {
		for i < len(raw) && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\n' || raw[i] == '\r') {
			i++
		}
	}
	expect := func(c byte, what string) error {
		skip()
		if i >= len(raw) || raw[i] != c {
			return fmt.Errorf("knight: JSON: path: expected %s at byte %d of the path", what, i)
		}
		i++
		return nil
	}
	number := func() (int64, error) {
		skip()
		j := i
		for i < len(raw) && (raw[i] >= '0' && raw[i] <= '9' || raw[i] == '-') {
			i++
		}
		v, err := strconv.ParseInt(string(raw[j:i]), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("knight: JSON: path: expected a whole number at byte %d of the path", j)
		}
		return v, nil
	}
	if string(bytes.TrimSpace(raw)) == "null" {
		return nil, errors.New(`knight: JSON: "path" is required`)
	}
	if err := expect('[', "'['"); err != nil {
		return nil, err
	}
	path := make(core.Solution, 0, min(rows*cols, 1<<20))
	skip()
	if i < len(raw) && raw[i] == ']' {
		return path, nil
	}
	for k := 0; ; k++ {
		if err := expect('[', "'[' opening a square [row, col]"); err != nil {
			return nil, err
		}
		r, err := number()
		if err != nil {
			return nil, err
		}
		if err := expect(',', "',' in a square [row, col]"); err != nil {
			return nil, err
		}
		c, err := number()
		if err != nil {
			return nil, err
		}
		if err := expect(']', "']' closing a square [row, col]"); err != nil {
			return nil, err
		}
		if r < 1 || r > int64(rows) || c < 1 || c > int64(cols) {
			return nil, fmt.Errorf("knight: JSON: path[%d]: square %d,%d is off the %dx%d board: %w", k, r, c, rows, cols, ErrInvalidTour)
		}
		if len(path) >= rows*cols {
			return nil, fmt.Errorf("knight: JSON: path: more than the %d squares of the %dx%d board: %w", rows*cols, rows, cols, ErrInvalidTour)
		}
		path = append(path, int32((r-1)*int64(cols)+c-1))
		skip()
		if i < len(raw) && raw[i] == ']' {
			return path, nil
		}
		if err := expect(',', "',' or ']' after a square"); err != nil {
			return nil, err
		}
	}
}
