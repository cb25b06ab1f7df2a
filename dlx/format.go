package dlx

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/coverkit/coverkit/lines"
	"github.com/coverkit/coverkit/resource"
)

// MaxLineLength is the longest input line Parse accepts, in bytes.
const MaxLineLength = 1 << 22

// errorf returns a located parse error, "dlx: line N: msg"; errors.As finds
// the *lines.Error inside.
func errorf(line int, format string, args ...any) error {
	return lines.Wrap("dlx", lines.Errorf(line, format, args...))
}

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
// The input is read as a stream, a line at a time (package lines): an
// over-long line is refused as soon as MaxLineLength bytes of it have been
// read, without reading the rest of the input.
//
// Errors are "dlx: line N: ..." errors wrapping a *lines.Error (find it
// with errors.As) naming the line: no item line, a duplicate
// item, an unknown item, an item twice in one option, a color on a primary
// item, a malformed name, an over-long line. An option with no primary item
// is kept, with its number, but can never be chosen; it is reported by
// Problem.Warnings. A primary item that no option covers is not an error:
// the problem then has no solution.
//
// The Problem's arrays are checked as they grow (resource.Check), so an
// input too large for the machine fails with an error wrapping
// resource.ErrTooLarge rather than crashing. ParseContext also stops when
// a context ends.
func Parse(r io.Reader) (*Problem, error) { return ParseContext(context.Background(), r, nil) }

// ParseWithText is Parse that also keeps each option's line as written
// (without its line end and trailing blanks), for OptionText: a program
// can print solutions exactly as its input spelled them without reading
// the whole input first.
func ParseWithText(r io.Reader) (*Problem, error) {
	return ParseContext(context.Background(), r, &ParseOptions{KeepText: true})
}

// ParseOptions tunes ParseContext; a nil *ParseOptions means the zero
// value.
type ParseOptions struct {
	// KeepText keeps each option's line as written, for OptionText (as
	// ParseWithText does).
	KeepText bool
}

// ParseContext is Parse (or ParseWithText, with o.KeepText) that stops
// when ctx ends: it polls ctx through a core.Meter by the lines, items and
// entries read, about once a millisecond, and reads r under ctx
// (lines.ContextReader: a read that waits for input ends with ctx); the
// error of a stopped parse wraps ErrStopped and ctx's error
// (context.DeadlineExceeded or context.Canceled). A nil ctx never ends; a
// nil r is an error.
func ParseContext(ctx context.Context, r io.Reader, o *ParseOptions) (*Problem, error) {
	if r == nil {
		return nil, errors.New("dlx: nil reader")
	}
	keepText := o != nil && o.KeepText
	lr := lines.NewReader(lines.ContextReader(ctx, r), MaxLineLength) // a stop ends a read that waits for input
	p := NewWithContext(ctx)
	p.lines = []int32{} // kept: OptionLine
	var textBytes, textRoom uint64
	if keepText {
		p.text = []string{}
	}
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
		line, n, err := lr.Next()
		if err == io.EOF {
			break
		}
		if err != nil && p.meter != nil && !p.meter.Live() {
			return nil, stoppedError(p.meter, "parsing") // the stop ended a read
		}
		if err != nil {
			return nil, lines.Wrap("dlx", err)
		}
		if err := p.tick(1 + len(line)/64); err != nil {
			return nil, err
		}
		toks = fields(toks[:0], line)
		if len(toks) == 0 || toks[0][0] == '|' {
			continue // blank or comment
		}
		if !haveItems {
			if err := p.parseItems(line, n); err != nil {
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
					return nil, errorf(n, "%q in an option (comments start a line)", "|")
				}
				return nil, errorf(n, "unknown item %q", name)
			}
			if seen[i] == optionNumber {
				return nil, errorf(n, "item %q twice in one option", name)
			}
			seen[i] = optionNumber
			c := 0
			if hasColor {
				if !p.secondary[i] {
					return nil, errorf(n, "color on primary item %q", name)
				}
				id, err := p.Color(string(color))
				if err != nil {
					return nil, errorf(n, "item %q: bad color: %s", name, strings.TrimPrefix(err.Error(), "dlx: color: "))
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
			if errors.Is(err, ErrStopped) || errors.Is(err, resource.ErrTooLarge) {
				return nil, err
			}
			return nil, errorf(n, "%s", strings.TrimPrefix(err.Error(), "dlx: "))
		}
		p.lines[k] = int32(min(n, math.MaxInt32))
		if keepText {
			text := bytes.TrimRight(line, " \t\r")
			// The text of the options, checked as it doubles.
			if textBytes += uint64(len(text)) + 16; textBytes > textRoom {
				textRoom = 2 * textBytes
				if err := resource.Check("dlx: the text of the options", textRoom); err != nil {
					return nil, err
				}
			}
			if err := room(&p.text, 1, "the text of the options"); err != nil {
				return nil, err
			}
			p.text = append(p.text, string(text))
		}
		if n := len(p.warnings); n > 0 && p.warnings[n-1].Option == k {
			p.warnings[n-1].Line = lr.Line()
		}
	}
	if !haveItems {
		return nil, errorf(max(lr.Line(), 1), "no item line (the first line that is not blank or a comment names the items)")
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
	fail := func(err error) error {
		if errors.Is(err, ErrStopped) || errors.Is(err, resource.ErrTooLarge) {
			return err
		}
		return errorf(n, "%s", strings.TrimPrefix(err.Error(), "dlx: "))
	}
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
				if errors.Is(err, ErrStopped) || errors.Is(err, resource.ErrTooLarge) {
					return err
				}
				if err != nil {
					return errorf(n, "item %q: %s", t, strings.TrimPrefix(err.Error(), "dlx: "))
				}
				break
			}
			if secondary {
				return errorf(n, "more than one '|' in the item line")
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
		return errorf(n, "no primary items in the item line")
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
// interleaved. It returns at the first error of w (a full disk, a
// writer that stops when its context ends), without formatting the
// options left.
func Write(w io.Writer, p *Problem) error {
	switch {
	case w == nil:
		return errors.New("dlx: nil writer")
	case p == nil:
		return errNil
	}
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
		if _, err := bw.WriteString(b.String()); err != nil {
			return err
		}
	}
	return bw.Flush()
}
