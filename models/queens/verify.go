package queens

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/coverkit/coverkit/lines"
	"github.com/coverkit/coverkit/models/verify"
)

// StreamReport summarizes a stream of solutions checked by VerifyStream.
type StreamReport struct {
	// Lines is the number of lines read, blank and comment lines included.
	Lines int64 `json:"lines"`
	// Solutions is the number of solution lines (all but blank lines and
	// lines starting with '#').
	Solutions uint64 `json:"solutions"`
	// Valid and Invalid split Solutions.
	Valid   uint64 `json:"valid"`
	Invalid uint64 `json:"invalid"`
	// Distinct is the number of distinct valid solutions, told apart by a
	// 64-bit FNV-1a hash of their size and rows (one 32-bit symbol a row) (a collision, with
	// probability about k²/2⁶⁵ for k solutions, would undercount by one).
	Distinct uint64 `json:"distinct"`
	// FirstBad is the first invalid line, or nil if all are valid: its
	// Line, and its Msg saying what is wrong, such as "column 3: row 5
	// already has a queen" (JSON {"line":L,"error":"..."}).
	FirstBad *lines.Error `json:"first_bad,omitempty"`
}

// AllValid reports whether every solution line was valid (vacuously true
// for an input with none).
func (r StreamReport) AllValid() bool { return r.Invalid == 0 }

// VerifyStream reads solutions, one per line, and checks each one with the
// same rules as Verify. A line is either a perm line — the n 1-based rows
// of columns 1..n separated by spaces or tabs, as `queens solve` writes
// them — or a JSON object with a "solution" array of the same rows and,
// optionally, "n" (other fields are ignored), as `queens solve --format
// json` writes them — or a board of n lines of 'Q' and '.', as `queens
// solve --format board` writes them, boards separated by blank lines (a
// board's errors name its first line). Blank lines and lines starting with '#' are skipped; a
// UTF-8 byte-order mark and CRLF line ends are accepted.
//
// Lines of any length stream through a fixed buffer: numbers are parsed as
// the bytes arrive, never holding a line as a string, so memory is
// O(n) for the longest solution (4 bytes a queen for its rows and 5 bits a
// queen for the safety bitsets): a 10⁸-queen line of 900 MB needs about
// 460 MB. The returned error is only for an unreadable stream; invalid
// lines are reported in the StreamReport.
func VerifyStream(r io.Reader) (StreamReport, error) {
	if r == nil {
		return StreamReport{}, errNoInput
	}
	return newStreamVerifier(r, false).run()
}

// errNoInput is the error of a verifier given no reader.
var errNoInput = errors.New("queens: verify: no input (nil reader)")

// reader is a minimal buffered byte source for the parser's hot loops.
type reader struct {
	r        io.Reader
	buf      []byte
	pos, end int
	err      error // the first read error other than io.EOF
	eof      bool
}

// fill reads more bytes; it reports false at the end of input or on error.
func (rd *reader) fill() bool {
	if rd.eof || rd.err != nil {
		return false
	}
	for range 100 {
		n, err := rd.r.Read(rd.buf)
		rd.pos, rd.end = 0, n
		if err != nil {
			if errors.Is(err, io.EOF) {
				rd.eof = true
			} else {
				rd.err = err
			}
		}
		if n > 0 {
			return true
		}
		if err != nil {
			return false
		}
	}
	rd.err = io.ErrNoProgress
	return false
}

// peek returns the next byte without consuming it; ok is false at the end.
func (rd *reader) peek() (byte, bool) {
	if rd.pos >= rd.end && !rd.fill() {
		return 0, false
	}
	return rd.buf[rd.pos], true
}

// skipSpace consumes spaces, tabs and carriage returns (not newlines).
func (rd *reader) skipSpace() {
	for {
		b, ok := rd.peek()
		if !ok || (b != ' ' && b != '\t' && b != '\r') {
			return
		}
		rd.pos++
	}
}

// skipLine consumes the rest of the line, its newline included.
func (rd *reader) skipLine() {
	for {
		if rd.pos >= rd.end && !rd.fill() {
			return
		}
		for i := rd.pos; i < rd.end; i++ {
			if rd.buf[i] == '\n' {
				rd.pos = i + 1
				return
			}
		}
		rd.pos = rd.end
	}
}

// number reads an unsigned decimal number. It returns the value (capped
// just above math.MaxInt32), how many digits it read, and whether it
// overflowed 32 bits.
func (rd *reader) number() (v int64, digits int) {
	buf, pos, end := rd.buf, rd.pos, rd.end
	for {
		if pos >= end {
			rd.pos = pos
			if !rd.fill() {
				return v, digits
			}
			buf, pos, end = rd.buf, rd.pos, rd.end
		}
		d := buf[pos] - '0'
		if d > 9 {
			rd.pos = pos
			return v, digits
		}
		if v <= math.MaxInt32 {
			v = v*10 + int64(d)
		}
		digits++
		pos++
	}
}

// streamVerifier holds the scratch state reused from line to line.
type streamVerifier struct {
	in   reader
	rep  StreamReport
	rows rowStore
	used []uint64 // bitsets: rows, sum and difference diagonals taken
	sums []uint64
	difs []uint64
	// torus checks the diagonals mod n (VerifyStreamTorus).
	torus bool
	// board[c] is the 1-based row of column c's queen in the board being
	// read (0: none yet).
	board []int32
	// started is set once the byte-order mark has been looked for.
	started bool
}

// newStreamVerifier returns the verifier of r (torus: with the
// diagonals of the torus).
func newStreamVerifier(r io.Reader, torus bool) *streamVerifier {
	return &streamVerifier{in: reader{r: r, buf: make([]byte, 1<<20)}, torus: torus}
}

// lineErr is an invalid line's reason.
type lineErr string

func (v *streamVerifier) run() (StreamReport, error) {
	rep, err := verify.Each(context.Background(), nil, v)
	v.rep.Solutions, v.rep.Valid, v.rep.Invalid, v.rep.Distinct = rep.Solutions, rep.Valid, rep.Invalid, rep.Distinct
	if rep.FirstBad != nil {
		v.rep.FirstBad = &lines.Error{Line: rep.FirstBad.Line, Msg: rep.FirstBad.Reason}
	}
	return v.rep, err
}

// Next reads and checks one solution for verify.Each, the one
// verify loop: a parse error makes the record unreadable, a failed check
// invalid; the reader checks it itself (with bitsets, never holding the
// solution as a core.Solution) and hands the loop its hash.
func (v *streamVerifier) Next() (verify.Reading, error) {
	rd := &v.in
	if !v.started {
		v.started = true
		// A UTF-8 byte-order mark at the very start.
		if b, ok := rd.peek(); ok && b == 0xEF {
			if rd.end-rd.pos >= 3 && string(rd.buf[rd.pos:rd.pos+3]) == lines.BOM {
				rd.pos += 3
			}
		}
	}
	for {
		rd.skipSpace()
		b, ok := rd.peek()
		if !ok {
			break
		}
		v.rep.Lines++
		if b == '\n' {
			rd.pos++
			continue
		}
		if b == '#' {
			rd.skipLine()
			continue
		}
		start := int(v.rep.Lines)
		var reason lineErr
		switch b {
		case '{':
			reason = v.jsonLine()
		case 'Q', '.':
			reason = v.boardBlock() // always reads the whole board
		default:
			reason = v.permLine(-1)
		}
		if reason != "" {
			if b != 'Q' && b != '.' {
				rd.skipLine() // a parse error stops before the newline
			}
			if reason == noSolutionArray {
				// A JSON record without a solution (a listing's closing
				// record): nothing to check.
				return verify.Reading{Line: start, Skip: true}, nil
			}
			if b == 'Q' || b == '.' {
				return verify.Reading{Line: start, Checked: true, Invalid: errors.New(string(reason))}, nil
			}
			return verify.Reading{Line: start, Unreadable: errors.New(string(reason))}, nil
		}
		if reason = v.check(); reason != "" {
			return verify.Reading{Line: start, Checked: true, Invalid: errors.New(string(reason))}, nil
		}
		return verify.Reading{Line: start, Checked: true, Key: v.hash()}, nil
	}
	if rd.err != nil {
		return verify.Reading{}, fmt.Errorf("queens: line %d: reading: %w", v.rep.Lines+1, rd.err)
	}
	return verify.Reading{}, io.EOF
}

// noSolutionArray is jsonLine's reason for a JSON object without a solution.
const noSolutionArray lineErr = "JSON: no \"solution\" array"

// permLine reads the rows of a perm line up to and including its newline
// (or, inside JSON, up to and including the closing ']' when close is
// ']'). On an error it stops before the newline. The loop works on the
// buffer directly: this is the hot path for lines of millions of numbers.
func (v *streamVerifier) permLine(close int) lineErr {
	rd := &v.in
	v.rows.reset()
	after := false // just after a number: only a separator may follow
	for {
		buf, pos, end := rd.buf, rd.pos, rd.end
		for pos < end {
			b := buf[pos]
			if d := b - '0'; d <= 9 {
				if after {
					rd.pos = pos
					return lineErr(fmt.Sprintf("column %d: %s after the number", v.rows.n, printable(b)))
				}
				x := int64(0)
				for {
					if x <= math.MaxInt32 {
						x = x*10 + int64(d)
					}
					pos++
					if pos == end {
						rd.pos = pos
						if !rd.fill() {
							break
						}
						buf, pos, end = rd.buf, rd.pos, rd.end
					}
					if d = buf[pos] - '0'; d > 9 {
						break
					}
				}
				if x < 1 || x > math.MaxInt32 {
					rd.pos = pos
					return lineErr(fmt.Sprintf("column %d: row %s is off the board", v.rows.n+1, shortNumber(x)))
				}
				v.rows.push(int32(x - 1))
				after = true
				continue
			}
			switch {
			case b == ' ' || b == '\t' || b == '\r' || (b == ',' && close >= 0):
				pos++
				after = false
				continue
			case b == '\n':
				rd.pos = pos
				if close >= 0 {
					return "the \"solution\" array is not closed on its line"
				}
				rd.pos++
				return ""
			case int(b) == close:
				rd.pos = pos + 1
				return ""
			}
			rd.pos = pos
			if after {
				return lineErr(fmt.Sprintf("column %d: %s after the number", v.rows.n, printable(b)))
			}
			if b == '-' {
				return lineErr(fmt.Sprintf("column %d: negative row", v.rows.n+1))
			}
			return lineErr(fmt.Sprintf("column %d: %s is not a row number", v.rows.n+1, char(buf[:end], pos, b)))
		}
		rd.pos = pos
		if !rd.fill() {
			if close >= 0 {
				return "the \"solution\" array is not closed"
			}
			return ""
		}
	}
}

// maxBoardSide is the widest board boardBlock reads; the CLI writes boards
// only for small n.
const maxBoardSide = 1 << 16

// boardBlock reads one board as `queens solve --format board` writes it:
// n lines of n squares, 'Q' for a queen and '.' for an empty square, line r
// holding the queen of row r. The board ends before a line that does not
// start with 'Q' or '.' (a blank line between boards) or at the end of the
// input. It reads the whole board even when it finds an error, and fills
// v.rows with the rows of columns 1..n for check.
func (v *streamVerifier) boardBlock() lineErr {
	rd := &v.in
	var reason lineErr
	fail := func(format string, args ...any) {
		if reason == "" {
			reason = lineErr(fmt.Sprintf(format, args...))
		}
	}
	n, r := 0, 0
	for {
		r++
		width, queens, col := 0, 0, 0
		for {
			b, ok := rd.peek()
			if !ok || b == '\n' {
				break
			}
			rd.pos++
			switch b {
			case 'Q':
				queens++
				col = width
				width++
			case '.':
				width++
			case ' ', '\t', '\r':
			default:
				fail("board row %d: %s is not a square (Q or .)", r, char(rd.buf[:rd.end], rd.pos-1, b))
			}
		}
		if b, ok := rd.peek(); ok && b == '\n' {
			rd.pos++
		}
		switch {
		case r == 1 && width > maxBoardSide:
			fail("board row 1: %d squares, at most %d in a board", width, maxBoardSide)
		case r == 1:
			n = width
			v.board = zeroed(v.board, n)
		case width != n:
			fail("board row %d: %d squares, the first row has %d", r, width, n)
		}
		switch {
		case queens != 1:
			fail("board row %d: %d queens, want 1", r, queens)
		case r > n:
			fail("board: more than %d rows", n)
		case reason == "" && v.board[col] != 0:
			fail("board column %d: two queens (rows %d and %d)", col+1, v.board[col], r)
		case reason == "":
			v.board[col] = int32(r)
		}
		if b, ok := rd.peek(); !ok || (b != 'Q' && b != '.') {
			break
		}
		v.rep.Lines++
	}
	if r < n {
		fail("board: %d rows for %d columns", r, n)
	}
	if reason != "" {
		return reason
	}
	v.rows.reset()
	for _, row := range v.board {
		v.rows.push(row - 1)
	}
	return ""
}

// rowStore holds one line's rows in chunks of 1M entries, reused from line
// to line, so that a line of 10⁸ rows is never copied while it grows.
type rowStore struct {
	chunks [][]int32
	n      int
}

const rowChunk = 1 << 20

func (s *rowStore) reset() {
	s.n = 0
	for i := range s.chunks {
		s.chunks[i] = s.chunks[i][:0]
	}
}

func (s *rowStore) push(r int32) {
	k := s.n / rowChunk
	if k == len(s.chunks) {
		s.chunks = append(s.chunks, make([]int32, 0, rowChunk))
	}
	s.chunks[k] = append(s.chunks[k], r)
	s.n++
}

// jsonLine reads one JSON object {"n":N,"solution":[...],...} and its
// newline.
func (v *streamVerifier) jsonLine() lineErr {
	rd := &v.in
	rd.pos++ // '{'
	n := int64(-1)
	haveSol := false
	for first := true; ; first = false {
		skipJSONSpace(rd)
		b, ok := rd.peek()
		if !ok {
			return "unterminated JSON object"
		}
		if b == '}' && first {
			rd.pos++
			break
		}
		if !first {
			if b == '}' {
				rd.pos++
				break
			}
			if b != ',' {
				return lineErr(fmt.Sprintf("JSON: %s where ',' or '}' was expected", printable(b)))
			}
			rd.pos++
			skipJSONSpace(rd)
		}
		key, err := jsonString(rd)
		if err != "" {
			return err
		}
		skipJSONSpace(rd)
		if b, ok := rd.peek(); !ok || b != ':' {
			return "JSON: ':' expected after a key"
		}
		rd.pos++
		skipJSONSpace(rd)
		switch key {
		case "solution":
			if b, ok := rd.peek(); !ok || b != '[' {
				return "JSON: \"solution\" is not an array"
			}
			rd.pos++
			if err := v.permLine(']'); err != "" {
				return err
			}
			haveSol = true
		case "n":
			x, digits := rd.number()
			if digits == 0 {
				return "JSON: \"n\" is not a positive whole number"
			}
			if b, ok := rd.peek(); ok && (b == '.' || b == 'e' || b == 'E') {
				return "JSON: \"n\" is not a whole number"
			}
			n = x
		default:
			if err := skipJSONValue(rd); err != "" {
				return err
			}
		}
	}
	skipJSONSpace(rd)
	b, ok := rd.peek()
	if ok && b != '\n' {
		return lineErr(fmt.Sprintf("JSON: %s after the object", printable(b)))
	}
	if !haveSol {
		return noSolutionArray
	}
	if n >= 0 && n != int64(v.rows.n) {
		return lineErr(fmt.Sprintf("\"n\" is %s but the solution has %d entries", shortNumber(n), v.rows.n))
	}
	if ok {
		rd.pos++
	}
	return ""
}

func skipJSONSpace(rd *reader) {
	for {
		b, ok := rd.peek()
		if !ok || (b != ' ' && b != '\t' && b != '\r') {
			return
		}
		rd.pos++
	}
}

// jsonString reads a JSON string, returning at most its first 64 bytes
// (keys that matter are short).
func jsonString(rd *reader) (string, lineErr) {
	if b, ok := rd.peek(); !ok || b != '"' {
		return "", "JSON: a key string was expected"
	}
	rd.pos++
	var s []byte
	for {
		b, ok := rd.peek()
		if !ok || b == '\n' {
			return "", "JSON: unterminated string"
		}
		rd.pos++
		switch b {
		case '"':
			return string(s), ""
		case '\\':
			e, ok := rd.peek()
			if !ok || e == '\n' {
				return "", "JSON: unterminated string"
			}
			rd.pos++
			b = e | 0x80 // an escaped key never equals a plain one
		}
		if len(s) < 64 {
			s = append(s, b)
		}
	}
}

// skipJSONValue consumes one JSON value of any kind on the current line.
func skipJSONValue(rd *reader) lineErr {
	depth := 0
	for {
		b, ok := rd.peek()
		if !ok || b == '\n' {
			if depth == 0 {
				return ""
			}
			return "JSON: unterminated value"
		}
		switch b {
		case '"':
			if _, err := jsonString(rd); err != "" {
				return err
			}
			if depth == 0 {
				return ""
			}
			continue
		case '[', '{':
			depth++
		case ']', '}':
			if depth == 0 {
				return ""
			}
			depth--
			if depth == 0 {
				rd.pos++
				return ""
			}
		case ',':
			if depth == 0 {
				return ""
			}
		}
		rd.pos++
	}
}

// check verifies the line's rows with reusable bitsets, with Verify's
// messages.
func (v *streamVerifier) check() lineErr {
	n := v.rows.n
	if n == 0 {
		return "no rows"
	}
	words := (2*n + 63) / 64
	v.used = zeroed(v.used, words)
	v.sums = zeroed(v.sums, words)
	v.difs = zeroed(v.difs, words)
	used, sums, difs := v.used, v.sums, v.difs
	c := 0
	for _, chunk := range v.rows.chunks {
		for _, r32 := range chunk {
			r := int(r32)
			if r >= n {
				return lineErr(fmt.Sprintf("column %d: row %d is off the board (1..%d)", c+1, r+1, n))
			}
			if used[r>>6]&(1<<(r&63)) != 0 {
				return lineErr(fmt.Sprintf("column %d: row %d already has a queen", c+1, r+1))
			}
			s, d := r+c, r-c+n
			if v.torus {
				s, d = s%n, d%n
			}
			if sums[s>>6]&(1<<(s&63)) != 0 || difs[d>>6]&(1<<(d&63)) != 0 {
				if v.torus {
					return lineErr(fmt.Sprintf("column %d: the queen in row %d is attacked on a toroidal diagonal", c+1, r+1))
				}
				return lineErr(fmt.Sprintf("column %d: the queen in row %d is attacked on a diagonal", c+1, r+1))
			}
			used[r>>6] |= 1 << (r & 63)
			sums[s>>6] |= 1 << (s & 63)
			difs[d>>6] |= 1 << (d & 63)
			c++
		}
	}
	return ""
}

// zeroed returns b resized to n zeroed entries, reusing its memory.
func zeroed[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n)
	}
	b = b[:n]
	clear(b)
	return b
}

// FNV-1a 64-bit parameters; hash applies them a 32-bit row at a time.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// hash is an FNV-1a-style 64-bit hash of the solution's size and rows,
// taking each 32-bit row as one symbol.
func (v *streamVerifier) hash() uint64 {
	h := uint64(fnvOffset)
	h = (h ^ uint64(v.rows.n)) * fnvPrime
	for _, chunk := range v.rows.chunks {
		for _, r := range chunk {
			h = (h ^ uint64(uint32(r))) * fnvPrime
		}
	}
	return h
}

// shortNumber writes x, or "> 2147483647" for values capped by number.
func shortNumber(x int64) string {
	if x > math.MaxInt32 {
		return "> " + strconv.Itoa(math.MaxInt32)
	}
	return strconv.FormatInt(x, 10)
}

// printable quotes a byte for a message: 'x', '\x00'.
func printable(b byte) string {
	if b < utf8.RuneSelf {
		return strconv.QuoteRune(rune(b))
	}
	return fmt.Sprintf("'\\x%02x'", b)
}

// char names the byte b found at buf[i] for an error message: the whole
// character when b starts a UTF-8 character held whole in buf ('ü'), else
// printable(b).
func char(buf []byte, i int, b byte) string {
	if b >= utf8.RuneSelf && i >= 0 && i < len(buf) && buf[i] == b {
		if r, _ := utf8.DecodeRune(buf[i:]); r != utf8.RuneError {
			return strconv.QuoteRune(r)
		}
	}
	return printable(b)
}
