package queens

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// N-Queens completion: some queens are given on their squares, and the
// search must complete them to a full solution or prove that none exists.
// Gent, Jefferson and Nightingale (2017) proved the problem NP-complete; it
// is a standard benchmark for constraint solvers. Board.Given holds the
// given queens; bitwise (n ≤ 64) and dlx (n ≤ CoverMaxN, the givens forced
// options of the exact cover) complete them, on the ordinary board and on
// the torus; the other algorithms refuse givens with core.ErrUnsupported.
// Check validates the givens before any search: squares off the board or
// given twice are errors wrapping ErrGiven (a usage error), two givens that
// attack each other an *AttackError naming the pair (the instance has no
// solution; no search is needed to prove it).

// Square is a square of the board, 0-based: Row and Col in 0..N−1. It is
// written 1-based, "row,column", as givens are given.
type Square struct {
	Row, Col int
}

// String returns the square 1-based as "row,column": "1,1" is the corner.
func (s Square) String() string { return strconv.Itoa(s.Row+1) + "," + strconv.Itoa(s.Col+1) }

// MaxGivenN is the largest board that takes given queens: dlx completes up
// to CoverMaxN; bitwise up to BitwiseMaxN.
const MaxGivenN = CoverMaxN

// ErrGiven is wrapped by the errors about malformed given queens: bad
// syntax, squares off the board, a square given twice. (Givens that attack
// each other are an *AttackError instead: a valid question whose answer is
// "no solution".)
var ErrGiven = errors.New("queens: bad given queens")

// GivenError is a syntax error in a list of givens, located by line and
// column (both 1-based; the column counts bytes, a byte-order mark
// excluded). It wraps ErrGiven.
type GivenError struct {
	// Source names the input, such as "--given" or a file name; "" for
	// none.
	Source    string
	Line, Col int
	Msg       string
}

// Error returns "queens: givens: line L, column C: msg", with the source
// after "givens" when it is known: "queens: givens (g.txt): line 2, ...".
func (e *GivenError) Error() string {
	src := ""
	if e.Source != "" {
		src = " (" + e.Source + ")"
	}
	return fmt.Sprintf("queens: givens%s: line %d, column %d: %s", src, e.Line, e.Col, e.Msg)
}

// Unwrap returns ErrGiven.
func (e *GivenError) Unwrap() error { return ErrGiven }

// AttackError says that two given queens attack each other, so the
// instance has no solution.
type AttackError struct {
	// A and B are the two givens, in the order they were given.
	A, B Square
	// Line is what they share: "row", "column", "diagonal" or "toroidal
	// diagonal".
	Line string
}

// Error returns "queens: the given queens at 1,1 and 3,3 attack each other
// (same diagonal)".
func (e *AttackError) Error() string { return "queens: " + e.Reason() }

// NewCompletion returns the completion problem of the n×n board (the torus
// if torus) with the given queens, checked by Check.
func NewCompletion(n int, torus bool, given []Square) (*Board, error) {
	b := &Board{N: n, Torus: torus, Given: given}
	if err := b.Check(); err != nil {
		return nil, err
	}
	return b, nil
}

// Check validates the board and its givens in O(N + givens): N must be
// positive (and at most MaxGivenN when there are givens); a given off the
// board or given twice is an error wrapping ErrGiven; two givens that
// attack each other (on the torus, diagonals wrap) give an *AttackError
// naming the first such pair met.
func (b *Board) Check() error {
	n := b.N
	if n <= 0 {
		return fmt.Errorf("queens: board size must be positive, got %d", n)
	}
	if len(b.Given) == 0 {
		return nil
	}
	if n > MaxGivenN {
		return fmt.Errorf("queens: given queens on a board of size %d: completion goes to n = %d: %w", n, MaxGivenN, resource.ErrTooLarge)
	}
	if len(b.Given) > n*n {
		return fmt.Errorf("%w: %d queens on a board of %d squares", ErrGiven, len(b.Given), n*n)
	}
	// owner[k] is 1 + the index of the given on line k of the four kinds.
	row := make([]int32, n)
	col := make([]int32, n)
	sum := make([]int32, 2*n)
	diff := make([]int32, 2*n)
	for i, g := range b.Given {
		if g.Row < 0 || g.Row >= n || g.Col < 0 || g.Col >= n {
			return fmt.Errorf("%w: the queen at %s is off the %d×%d board", ErrGiven, g, n, n)
		}
		s, d := g.Row+g.Col, g.Row-g.Col+n-1
		line := "diagonal"
		if b.Torus {
			s, d = s%n, d%n
			line = "toroidal diagonal"
		}
		for _, l := range [...]struct {
			owner []int32
			k     int
			name  string
		}{{col, g.Col, "column"}, {row, g.Row, "row"}, {sum, s, line}, {diff, d, line}} {
			if o := l.owner[l.k]; o != 0 {
				other := b.Given[o-1]
				if other == g {
					return fmt.Errorf("%w: the queen at %s is given twice", ErrGiven, g)
				}
				return &AttackError{A: other, B: g, Line: l.name}
			}
			l.owner[l.k] = int32(i + 1)
		}
	}
	return nil
}

// Reason returns the reason of the result that answers an attack: "the
// given queens at 1,1 and 3,3 attack each other (same diagonal)".
func (e *AttackError) Reason() string {
	return fmt.Sprintf("the given queens at %s and %s attack each other (same %s)", e.A, e.B, e.Line)
}

// settled answers b without a search where that is possible: givens that
// Check rejects are an error, givens that attack each other and a torus
// without solutions (Pólya) a result with status exhausted, 0 solutions and
// the reason in Result.Reason (none is true). Every algorithm that handles
// the torus or givens calls it first.
func settled(b *Board) (res core.Result, none bool, err error) {
	if err := b.Check(); err != nil {
		var ae *AttackError
		if errors.As(err, &ae) {
			return core.Result{Status: core.StatusExhausted, Reason: ae.Reason()}, true, nil
		}
		return core.Result{}, false, err
	}
	if res, ok := torusNone(b); ok {
		return res, true, nil
	}
	return core.Result{}, false, nil
}

// verifyGiven checks that sol has a queen on every given square.
func verifyGiven(given []Square, sol core.Solution) error {
	for _, g := range given {
		if g.Col < 0 || g.Col >= len(sol) {
			return fmt.Errorf("queens: the given queen at %s is off the board of size %d", g, len(sol))
		}
		if int(sol[g.Col]) != g.Row {
			return fmt.Errorf("queens: column %d: the given queen in row %d is missing (the queen is in row %d)", g.Col+1, g.Row+1, sol[g.Col]+1)
		}
	}
	return nil
}

// ParseGiven parses givens from a string (see ReadGiven).
func ParseGiven(s string, n int) ([]Square, error) { return ReadGiven(strings.NewReader(s), n) }

// ReadGiven reads given queens as 1-based "row,column" pairs separated by
// blanks, newlines or semicolons, such as "1,1 3,2; 5,3"; blanks around the
// comma are allowed, '#' starts a comment to the end of the line, and a
// UTF-8 byte-order mark and CRLF line ends are accepted. It streams: memory
// is the givens themselves. With n > 0 a square off the n×n board is an
// error at its place in the input; with n ≤ 0 the board is not checked.
// Errors are *GivenError (wrapping ErrGiven) naming the line and column, or
// the reader's error. Duplicates and attacks are left to Board.Check.
func ReadGiven(r io.Reader, n int) ([]Square, error) {
	if r == nil {
		return nil, fmt.Errorf("%w: no input to read the givens from (nil reader)", ErrGiven)
	}
	p := givenParser{in: reader{r: r, buf: make([]byte, 64<<10)}, line: 1, col: 1, n: n}
	return p.run()
}

// maxGivens bounds the number of givens read, so that an endless input
// ends in an error rather than in memory exhaustion: a board of MaxGivenN
// holds at most MaxGivenN queens.
const maxGivens = MaxGivenN

type givenParser struct {
	in        reader
	line, col int // the position of the next byte
	n         int
	out       []Square
}

func (p *givenParser) fail(line, col int, format string, args ...any) error {
	return &GivenError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// next consumes one byte; ok is false at the end of input.
func (p *givenParser) next() (byte, bool) {
	b, ok := p.in.peek()
	if !ok {
		return 0, false
	}
	p.in.pos++
	if b == '\n' {
		p.line, p.col = p.line+1, 1
	} else {
		p.col++
	}
	return b, true
}

// blanks skips spaces, tabs and carriage returns on the current line.
func (p *givenParser) blanks() {
	for {
		b, ok := p.in.peek()
		if !ok || (b != ' ' && b != '\t' && b != '\r') {
			return
		}
		p.next()
	}
}

// number reads a decimal number of at most 9 digits.
func (p *givenParser) number(what string) (int, error) {
	line, col := p.line, p.col
	v, digits := 0, 0
	for {
		b, ok := p.in.peek()
		if !ok || b < '0' || b > '9' {
			break
		}
		p.next()
		digits++
		if digits > 9 {
			return 0, p.fail(line, col, "the %s is too large", what)
		}
		v = v*10 + int(b-'0')
	}
	if digits == 0 {
		b, ok := p.in.peek()
		switch {
		case !ok:
			return 0, p.fail(line, col, "the input ends where a %s should be", what)
		case b == '\n':
			return 0, p.fail(line, col, "the line ends where a %s should be", what)
		case b == '-':
			return 0, p.fail(line, col, "a %s must be at least 1 (rows and columns are 1-based)", what)
		}
		return 0, p.fail(line, col, "expected a %s (a number from 1), found %s", what, p.quotePeeked(b))
	}
	if v == 0 {
		return 0, p.fail(line, col, "a %s must be at least 1 (rows and columns are 1-based)", what)
	}
	return v, nil
}

func quoteByte(b byte) string {
	if b < 0x20 || b >= 0x7f {
		return fmt.Sprintf("byte 0x%02x", b)
	}
	return strconv.QuoteRune(rune(b))
}

// quotePeeked names the byte b just peeked: the whole character when it
// starts one held in the buffer ('ü'), else quoteByte(b).
func (p *givenParser) quotePeeked(b byte) string {
	if b >= utf8.RuneSelf {
		if s := char(p.in.buf[:p.in.end], p.in.pos, b); s[1] != '\\' {
			return s
		}
	}
	return quoteByte(b)
}

func (p *givenParser) run() ([]Square, error) {
	// A byte-order mark at the very start.
	if b, ok := p.in.peek(); ok && b == 0xEF {
		p.next()
		for _, want := range [...]byte{0xBB, 0xBF} {
			if c, ok := p.next(); !ok || c != want {
				return nil, p.fail(1, 1, "the input starts with byte 0xef but not with a UTF-8 byte-order mark")
			}
		}
		p.col = 1
	}
	for {
		b, ok := p.in.peek()
		if !ok {
			break
		}
		switch {
		case b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == ';':
			p.next()
			continue
		case b == '#':
			for {
				c, ok := p.next()
				if !ok || c == '\n' {
					break
				}
			}
			continue
		}
		line, col := p.line, p.col
		r, err := p.number("row")
		if err != nil {
			return nil, err
		}
		p.blanks()
		if c, ok := p.in.peek(); !ok || c != ',' {
			l, cc := p.line, p.col
			if !ok {
				return nil, p.fail(l, cc, "the input ends after row %d: a given is row,column", r)
			}
			return nil, p.fail(l, cc, "expected ',' after row %d (a given is row,column), found %s", r, p.quotePeeked(c))
		}
		p.next()
		p.blanks()
		c, err := p.number("column")
		if err != nil {
			return nil, err
		}
		if nb, ok := p.in.peek(); ok && nb != ' ' && nb != '\t' && nb != '\r' && nb != '\n' && nb != ';' && nb != '#' {
			return nil, p.fail(p.line, p.col, "expected a blank, ';' or a line end after %d,%d, found %s", r, c, p.quotePeeked(nb))
		}
		if p.n > 0 && (r > p.n || c > p.n) {
			return nil, p.fail(line, col, "the given queen at %d,%d is off the %d×%d board", r, c, p.n, p.n)
		}
		if len(p.out) >= maxGivens {
			return nil, p.fail(line, col, "more than %d givens", len(p.out))
		}
		p.out = append(p.out, Square{Row: r - 1, Col: c - 1})
	}
	if p.in.err != nil {
		return nil, fmt.Errorf("queens: givens: %w", p.in.err)
	}
	return p.out, nil
}
