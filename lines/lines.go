package lines

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// DefaultMax is the longest line a Reader accepts unless told otherwise.
const DefaultMax = 64 << 20

// BOM is the UTF-8 byte order mark that a Reader drops from the start of
// its input.
const BOM = "\uFEFF"

// ErrTooLong is wrapped by the error returned for an over-long line.
var ErrTooLong = errors.New("line too long")

// Error is an input error located at a line. It is the one located error
// type of coverkit's parsers and verifiers; each package wraps it with its
// prefix ("dlx: line 3: ..."), and errors.As finds it through the wrap.
type Error struct {
	// Line is the 1-based line number, or 0 when the input had no lines
	// (a string given on the command line, say).
	Line int `json:"line"`
	// Msg says what is wrong, and where in the line.
	Msg string `json:"error"`
	// Err is the cause, if any (ErrTooLong, a read error), for errors.Is.
	Err error `json:"-"`
}

// Error returns "line N: msg", or just msg when Line is 0.
func (e *Error) Error() string {
	if e.Line <= 0 {
		return e.Msg
	}
	return "line " + strconv.Itoa(e.Line) + ": " + e.Msg
}

// Unwrap returns the cause, if any.
func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error at line with a formatted message.
func Errorf(line int, format string, args ...any) *Error {
	return &Error{Line: line, Msg: fmt.Sprintf(format, args...)}
}

// Wrap returns err with prefix ("dlx", "sudoku") in front: "prefix: err".
// It returns nil for a nil err and err itself for an empty prefix.
func Wrap(prefix string, err error) error {
	if err == nil || prefix == "" {
		return err
	}
	return &prefixed{prefix, err}
}

// prefixed is an error with a package prefix.
type prefixed struct {
	prefix string
	err    error
}

func (p *prefixed) Error() string { return p.prefix + ": " + p.err.Error() }
func (p *prefixed) Unwrap() error { return p.err }

// Reader yields the lines of an input with their 1-based numbers, under the
// package's rules. It reads as it goes and never holds more than one line
// (at most its maximum) beside its buffer.
type Reader struct {
	r     *bufio.Reader
	max   int
	line  int
	buf   []byte
	parts [][]byte // a long line's first pieces (partBytes each), joined when it ends
	err   error
	mid   bool // an over-long line was refused before its end was read
}

// partBytes is the most a Reader copies at once while it reads a line:
// past it a long line is kept in pieces, joined once at its end, so that
// a line refused as too long (an input without line ends) is never copied
// whole, and a stop that ends a read is not kept waiting by the copy of
// tens of megabytes.
const partBytes = 1 << 20

// NewReader returns a Reader over r that accepts lines of at most max bytes
// (DefaultMax if max ≤ 0), line endings not counted. A nil r gives a Reader
// whose Next returns ErrNilReader.
func NewReader(r io.Reader, max int) *Reader {
	if max <= 0 {
		max = DefaultMax
	}
	if r == nil {
		return &Reader{max: max, err: ErrNilReader}
	}
	return &Reader{r: bufio.NewReaderSize(r, 1<<16), max: max}
}

// ErrNilReader is the error of a Reader over no input: NewReader(nil, …),
// or a zero Reader.
var ErrNilReader = errors.New("nil reader")

// Max returns the longest line r accepts.
func (r *Reader) Max() int { return r.max }

func (r *Reader) tooLong(line int) error {
	return &Error{Line: line, Msg: fmt.Sprintf("line too long (more than %d bytes)", r.max), Err: ErrTooLong}
}

// Next returns the next line without its line ending (\n or \r\n) and its
// number. It returns io.EOF after the last line; an over-long line is an
// *Error wrapping ErrTooLong, and a read error is an *Error wrapping it.
// After an error, Next returns the same error again. The returned slice is
// only valid until the next call.
func (r *Reader) Next() ([]byte, int, error) {
	if r.err == nil && r.r == nil {
		r.err = ErrNilReader
	}
	if r.err != nil {
		return nil, r.line, r.err
	}
	r.buf, r.parts = r.buf[:0], r.parts[:0]
	total := 0 // the line's bytes so far
	for {
		chunk, err := r.r.ReadSlice('\n')
		if total+len(chunk) > r.max+2 {
			r.line++
			r.mid = err == bufio.ErrBufferFull
			r.err = r.tooLong(r.line)
			clear(r.parts)
			r.parts = r.parts[:0]
			return nil, r.line, r.err
		}
		if len(r.buf)+len(chunk) > cap(r.buf) && len(r.buf) >= partBytes {
			r.parts = append(r.parts, r.buf)
			r.buf = make([]byte, 0, partBytes+len(chunk))
		}
		r.buf = append(r.buf, chunk...)
		total += len(chunk)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			r.err = &Error{Line: r.line + 1, Msg: err.Error(), Err: err}
			return nil, r.line + 1, r.err
		}
		if err == io.EOF && total == 0 {
			r.err = io.EOF
			return nil, r.line, io.EOF
		}
		break
	}
	if len(r.parts) > 0 {
		whole := make([]byte, 0, total)
		for _, p := range r.parts {
			whole = append(whole, p...)
		}
		r.buf = append(whole, r.buf...)
		clear(r.parts)
		r.parts = r.parts[:0]
	}
	r.line++
	b := r.buf
	if r.line == 1 {
		b = bytes.TrimPrefix(b, []byte(BOM))
	}
	b = TrimEnd(b)
	if len(b) > r.max {
		r.err = r.tooLong(r.line)
		return nil, r.line, r.err
	}
	return b, r.line, nil
}

// Skip drops the rest of an over-long line so that reading can go on with
// the next one: after Next returned an error wrapping ErrTooLong, Skip
// reads up to and including the next '\n' without keeping it, and clears
// the error. It reports whether there was such an error to clear. A batch
// reader uses it to mark the bad line and go on.
func (r *Reader) Skip() bool {
	if r.err == nil || !errors.Is(r.err, ErrTooLong) {
		return false
	}
	r.err = nil
	for r.mid {
		// The line was refused before its end was read: drop the rest.
		_, err := r.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			continue
		}
		r.mid = false
		if err != nil && err != io.EOF {
			r.err = &Error{Line: r.line, Msg: err.Error(), Err: err}
		}
	}
	return true
}

// Line returns the number of the last line returned.
func (r *Reader) Line() int { return r.line }

// TrimEnd drops one line ending ("\n", "\r\n" or a lone trailing "\r")
// from the end of b.
func TrimEnd(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte{'\n'})
	return bytes.TrimSuffix(b, []byte{'\r'})
}
