package dlx

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// MaxLineLength is the longest input line Parse accepts, in bytes.
const MaxLineLength = 1 << 22

// ParseError is an error in the text format, with its 1-based line.
type ParseError struct {
	Line int
	Msg  string
}

// Error returns "dlx: line N: msg".
func (e *ParseError) Error() string { return fmt.Sprintf("dlx: line %d: %s", e.Line, e.Msg) }

var bom = []byte{0xEF, 0xBB, 0xBF}

// isSpace reports whether b separates names.
func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\v' || b == '\f' || b == '\r' }

// fields appends the space-separated fields of line to dst.
func fields(dst [][]byte, line []byte) [][]byte {
	for i := 0; i < len(line); {
		for i < len(line) && isSpace(line[i]) {
			i++
		}
		j := i
		for j < len(line) && !isSpace(line[j]) {
			j++
		}
		if j > i {
			dst = append(dst, line[i:j])
		}
		i = j
	}
	return dst
}

// lineReader yields numbered lines without their endings, the BOM dropped.
type lineReader struct {
	r   *bufio.Reader
	n   int
	buf []byte
}

func (lr *lineReader) next() ([]byte, error) {
	lr.buf = lr.buf[:0]
	for {
		chunk, err := lr.r.ReadSlice('\n')
		if len(lr.buf)+len(chunk) > MaxLineLength+2 {
			lr.n++
			return nil, &ParseError{lr.n, fmt.Sprintf("line too long (more than %d bytes)", MaxLineLength)}
		}
		lr.buf = append(lr.buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF {
			if len(lr.buf) == 0 {
				return nil, io.EOF
			}
		} else if err != nil {
			return nil, fmt.Errorf("dlx: line %d: %w", lr.n+1, err)
		}
		break
	}
	lr.n++
	b := lr.buf
	if lr.n == 1 {
		b = bytes.TrimPrefix(b, bom)
	}
	b = bytes.TrimSuffix(b, []byte{'\n'})
	b = bytes.TrimSuffix(b, []byte{'\r'})
	if len(b) > MaxLineLength {
		return nil, &ParseError{lr.n, fmt.Sprintf("line too long (more than %d bytes)", MaxLineLength)}
	}
	return b, nil
}

// Parse reads a problem in the text format of Knuth's dlx1 and dlx2:
//
//	| comment lines start with a bar
//	a b c d e f g | x y
//	a c x:red
//	b d y
//	...
//
// The first line that is neither blank nor a comment names the items: the
// primary ones, then '|', then the secondary ones. Every later non-blank,
// non-comment line is an option: the names of its items, a secondary item
// optionally written "name:color". Names are runs of printable non-space
// characters without ':' and '|'. A UTF-8 byte order mark, Windows line
// endings and trailing spaces are accepted.
//
// Errors are *ParseError values naming the line: no item line, a duplicate
// item, an unknown item, an item twice in one option, a color on a primary
// item, a malformed name, an over-long line. An option with no primary item
// is kept, with its number, but can never be chosen; it is reported by
// Problem.Warnings. A primary item that no option covers is not an error:
// the problem then has no solution.
func Parse(r io.Reader) (*Problem, error) {
	lr := &lineReader{r: bufio.NewReaderSize(r, 1<<16)}
	p := New()
	var (
		toks         [][]byte
		items        []int
		colors       []int
		haveItems    bool
		anyColor     bool
		seen         []int32 // seen[i] == option number + 1 when item i is in the current option
		optionNumber int32
	)
	for {
		line, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		toks = fields(toks[:0], line)
		if len(toks) == 0 || toks[0][0] == '|' {
			continue // blank or comment
		}
		if !haveItems {
			if err := p.parseItems(line, lr.n); err != nil {
				return nil, err
			}
			haveItems = true
			seen = make([]int32, len(p.names))
			continue
		}
		items, colors, anyColor = items[:0], colors[:0], false
		optionNumber++
		for _, t := range toks {
			name, color, hasColor := bytes.Cut(t, []byte{':'})
			i, ok := p.byName[string(name)]
			if !ok {
				if bytes.IndexByte(t, '|') >= 0 {
					return nil, &ParseError{lr.n, fmt.Sprintf("%q in an option (comments start a line)", "|")}
				}
				return nil, &ParseError{lr.n, fmt.Sprintf("unknown item %q", name)}
			}
			if seen[i] == optionNumber {
				return nil, &ParseError{lr.n, fmt.Sprintf("item %q twice in one option", name)}
			}
			seen[i] = optionNumber
			c := 0
			if hasColor {
				if !p.secondary[i] {
					return nil, &ParseError{lr.n, fmt.Sprintf("color on primary item %q", name)}
				}
				id, err := p.Color(string(color))
				if err != nil {
					return nil, &ParseError{lr.n, fmt.Sprintf("item %q: bad color: %s", name, strings.TrimPrefix(err.Error(), "dlx: color: "))}
				}
				c, anyColor = id, true
			}
			items = append(items, i)
			colors = append(colors, c)
		}
		cs := colors
		if !anyColor {
			cs = nil
		}
		k, err := p.AddOptionIndex(items, cs)
		if err != nil {
			return nil, &ParseError{lr.n, strings.TrimPrefix(err.Error(), "dlx: ")}
		}
		p.lines[k] = int32(lr.n)
		if n := len(p.warnings); n > 0 && p.warnings[n-1].Option == k {
			p.warnings[n-1].Line = lr.n
		}
	}
	if !haveItems {
		return nil, &ParseError{max(lr.n, 1), "no item line (the first line that is not blank or a comment names the items)"}
	}
	return p, nil
}

// parseItems reads the item line: primary names, '|', secondary names. A
// primary name may carry bounds as in Knuth's dlx3: "lo:hi|name" (covered
// between lo and hi times) or "n|name" (exactly n times). A '|' may be glued
// to names ("a b|x"): a token is a bounded item when what comes before its
// first '|' is a number or a "lo:hi" pair, and an item then a separator
// otherwise.
func (p *Problem) parseItems(line []byte, n int) error {
	secondary := false
	fail := func(err error) error { return &ParseError{n, strings.TrimPrefix(err.Error(), "dlx: ")} }
	for _, t := range fields(nil, line) {
		for len(t) > 0 {
			bar := bytes.IndexByte(t, '|')
			if bar < 0 {
				if _, err := p.addItem(string(t), secondary); err != nil {
					return fail(err)
				}
				break
			}
			if bar > 0 && !secondary && isBound(t[:bar]) {
				lo, hi, err := parseBounds(t[:bar])
				if err == nil && bar == len(t)-1 {
					err = errors.New("empty name")
				}
				if err == nil {
					_, err = p.AddPrimaryBounds(string(t[bar+1:]), lo, hi)
				}
				if err != nil {
					return &ParseError{n, fmt.Sprintf("item %q: %s", t, strings.TrimPrefix(err.Error(), "dlx: "))}
				}
				break
			}
			if secondary {
				return &ParseError{n, "more than one '|' in the item line"}
			}
			if bar > 0 {
				if _, err := p.addItem(string(t[:bar]), false); err != nil {
					return fail(err)
				}
			}
			secondary = true
			t = t[bar+1:]
		}
	}
	if p.primaries == 0 {
		return &ParseError{n, "no primary items in the item line"}
	}
	return nil
}

// isBound reports whether b looks like a bound prefix: digits, or digits,
// ':' and digits.
func isBound(b []byte) bool {
	lo, hi, pair := bytes.Cut(b, []byte{':'})
	return allDigits(lo) && (!pair || allDigits(hi))
}

func allDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

// parseBounds reads "n" or "lo:hi" (checked by isBound).
func parseBounds(b []byte) (lo, hi int, err error) {
	num := func(d []byte) int {
		v := 0
		for _, c := range d {
			if v > MaxBound {
				break
			}
			v = 10*v + int(c-'0')
		}
		return v
	}
	l, h, pair := bytes.Cut(b, []byte{':'})
	if !pair {
		h = l
	}
	lo, hi = num(l), num(h)
	if hi > MaxBound || lo > MaxBound {
		return 0, 0, fmt.Errorf("bound exceeds %d", MaxBound)
	}
	return lo, hi, checkBounds(lo, hi)
}

// Write writes p in the text format read by Parse (and by Knuth's dlx1 and
// dlx2): the item line, then one option per line. Parse(Write(p)) gives
// back p, with the items renumbered primary first if they were added
// interleaved.
func Write(w io.Writer, p *Problem) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	sep := ""
	for i, name := range p.names {
		if !p.secondary[i] {
			bw.WriteString(sep)
			if lo, hi := p.Bounds(i); lo != hi {
				fmt.Fprintf(bw, "%d:%d|", lo, hi)
			} else if hi != 1 {
				fmt.Fprintf(bw, "%d|", hi)
			}
			bw.WriteString(name)
			sep = " "
		}
	}
	if p.primaries < len(p.names) {
		bw.WriteString(" |")
		for i, name := range p.names {
			if p.secondary[i] {
				bw.WriteByte(' ')
				bw.WriteString(name)
			}
		}
	}
	bw.WriteByte('\n')
	var b strings.Builder
	for k := range p.NumOptions() {
		b.Reset()
		p.appendOption(&b, k)
		b.WriteByte('\n')
		bw.WriteString(b.String())
	}
	return bw.Flush()
}
