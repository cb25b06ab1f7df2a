// Package lines reads text input line by line the way every coverkit parser
// wants it: a UTF-8 byte order mark at the start is dropped, Windows line
// endings are accepted, lines are numbered from 1, and a line longer than a
// set maximum is an error naming its line number rather than a silent cut.
package lines

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// DefaultMax is the longest line a Reader accepts unless told otherwise.
const DefaultMax = 64 << 20

var bom = []byte{0xEF, 0xBB, 0xBF}

// Reader yields the lines of an input with their 1-based numbers.
type Reader struct {
	r    *bufio.Reader
	max  int
	line int
	buf  []byte
	err  error
	rest bool // the over-long line that set err is not read to its end
}

// NewReader returns a Reader over r that accepts lines of at most max bytes
// (DefaultMax if max ≤ 0).
func NewReader(r io.Reader, max int) *Reader {
	if max <= 0 {
		max = DefaultMax
	}
	return &Reader{r: bufio.NewReaderSize(r, 1<<16), max: max}
}

// ErrTooLong is wrapped by the error returned for an over-long line.
var ErrTooLong = errors.New("line too long")

// Next returns the next line without its line ending (\n or \r\n) and its
// number. It returns io.EOF after the last line. The returned slice is only
// valid until the next call.
func (r *Reader) Next() ([]byte, int, error) {
	if r.err != nil {
		return nil, r.line, r.err
	}
	r.buf = r.buf[:0]
	for {
		chunk, err := r.r.ReadSlice('\n')
		if len(r.buf)+len(chunk) > r.max+2 {
			r.err = fmt.Errorf("line %d: %w (more than %d bytes)", r.line+1, ErrTooLong, r.max)
			r.rest = err == bufio.ErrBufferFull
			r.line++
			return nil, r.line, r.err
		}
		r.buf = append(r.buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			r.err = err
			return nil, r.line, err
		}
		if err == io.EOF && len(r.buf) == 0 {
			r.err = io.EOF
			return nil, r.line, io.EOF
		}
		break
	}
	r.line++
	b := r.buf
	if r.line == 1 {
		b = bytes.TrimPrefix(b, bom)
	}
	b = bytes.TrimSuffix(b, []byte{'\n'})
	b = bytes.TrimSuffix(b, []byte{'\r'})
	if len(b) > r.max {
		r.err = fmt.Errorf("line %d: %w (more than %d bytes)", r.line, ErrTooLong, r.max)
		return nil, r.line, r.err
	}
	return b, r.line, nil
}

// SkipLong, after Next returned an error wrapping ErrTooLong, drops the rest
// of that line so that Next goes on with the following one: a batch can
// mark the over-long line and answer the lines after it. It returns the
// error that stopped the skip (nil, or an I/O error that Next returns next);
// after any other error it does nothing.
func (r *Reader) SkipLong() error {
	if !errors.Is(r.err, ErrTooLong) {
		return nil
	}
	r.err = nil
	for r.rest {
		_, err := r.r.ReadSlice('\n')
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err != nil && err != io.EOF:
			r.err = err
		}
		r.rest = false
	}
	return r.err
}

// Line returns the number of the last line returned.
func (r *Reader) Line() int { return r.line }
