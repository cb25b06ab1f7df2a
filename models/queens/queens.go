package queens

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/coverkit/coverkit/core"
)

// Board is the N-Queens problem of size N: place N queens on an N×N board so
// that no two share a row, a column or a diagonal. It implements
// core.Problem.
//
// A solution is encoded as sol[c] = the 0-based row of the queen in column c;
// it is printed 1-based, as Wirth's vector (column i = 1..N holds a queen in
// row sol[i-1]+1).
type Board struct {
	// N is the side of the board.
	N int
	// Torus makes the board toroidal: diagonals wrap around the edges, so
	// two queens attack each other when their rows, their columns, their
	// row+column (mod N) or their row−column (mod N) agree (torus.go).
	Torus bool
	// Given are queens placed in advance (0-based squares): a solution
	// must contain them; the N-Queens completion problem (given.go).
	Given []Square
}

// New returns the N-Queens problem of size n.
func New(n int) *Board { return &Board{N: n} }

// Model returns "queens".
func (b *Board) Model() string { return "queens" }

// Size returns N in decimal, followed by " torus" on a toroidal board
// ("17 torus") and by the given queens as they were given ("8 given 1,1
// 5,2"; "20 given 9 queens" beyond four), so that no label of a
// constrained count reads as the ordinary board's.
func (b *Board) Size() string {
	s := strconv.Itoa(b.N)
	if b.Torus {
		s += " torus"
	}
	switch g := len(b.Given); {
	case g > sizeGivens:
		s += " given " + strconv.Itoa(g) + " queens"
	case g > 0:
		s += " given"
		for _, q := range b.Given {
			s += " " + q.String()
		}
	}
	return s
}

// sizeGivens is the most givens Size lists; beyond, it says how many.
const sizeGivens = 4

// Verify checks sol independently of any solver, in O(N) time and memory:
// N entries, every row in 0..N-1 used once, no two queens on a diagonal
// (wrapping around on a torus, VerifyTorus), and every given queen in place.
func (b *Board) Verify(sol core.Solution) error {
	if b == nil {
		return fmt.Errorf("queens: nil board: %w", core.ErrWrongProblem)
	}
	var err error
	if b.Torus {
		err = VerifyTorus(b.N, sol)
	} else {
		err = Verify(b.N, sol)
	}
	if err != nil {
		return err
	}
	return verifyGiven(b.Given, sol)
}

// Verify checks that sol places n non-attacking queens (see Board), in
// O(n) time, with one bit for each row and diagonal: under one byte a
// queen (5n bits), so that checking a solution of a billion queens costs
// less than a tenth of the solution itself.
func Verify(n int, sol core.Solution) error {
	if n <= 0 {
		return fmt.Errorf("queens: board size must be positive, got %d", n)
	}
	if len(sol) != n {
		return fmt.Errorf("queens: %d entries for a board of size %d", len(sol), n)
	}
	rows := newBits(n)
	sum := newBits(2 * n)
	diff := newBits(2 * n)
	for c, r32 := range sol {
		r := int(r32)
		if r < 0 || r >= n {
			return fmt.Errorf("queens: column %d: row %d is off the board (1..%d)", c+1, int64(r)+1, n)
		}
		if rows.has(r) {
			return fmt.Errorf("queens: column %d: row %d already has a queen", c+1, r+1)
		}
		if sum.has(r+c) || diff.has(r-c+n) {
			return fmt.Errorf("queens: column %d: the queen in row %d is attacked on a diagonal", c+1, r+1)
		}
		rows.set(r)
		sum.set(r + c)
		diff.set(r - c + n)
	}
	return nil
}

// bitSet is a set of small integers, one bit each.
type bitSet []uint64

// newBits returns an empty set of 0..n−1.
func newBits(n int) bitSet { return make(bitSet, (n+63)/64) }

// has reports whether i is in the set.
func (b bitSet) has(i int) bool { return b[i>>6]>>(uint(i)&63)&1 != 0 }

// set adds i to the set.
func (b bitSet) set(i int) { b[i>>6] |= 1 << (uint(i) & 63) }

// Render writes sol in format "perm" (or ""): the N 1-based rows on one line,
// space-separated; "board": N lines of 'Q' and '.', row 1 first; "svg": a
// picture of the board; or "json": the 1-based rows as a JSON array. board
// and svg refuse N above MaxBoardN.
func (b *Board) Render(w io.Writer, sol core.Solution, format string) error {
	if w == nil {
		return errNoWriter
	}
	switch format {
	case "", "perm":
		return WritePerm(w, sol)
	case "board":
		if len(sol) > MaxBoardN {
			return fmt.Errorf("queens: --format board for N = %d would write %d×%d characters a solution (at most N = %d); use perm or json",
				len(sol), len(sol), len(sol), MaxBoardN)
		}
		return WriteBoard(w, sol)
	case "svg":
		return writeSVG(w, sol)
	case "json":
		return writeJSON(w, sol)
	}
	return fmt.Errorf("queens: unknown format %q (perm, board, svg, json)", format)
}

// errNoWriter is the error of a writer of solutions given none.
var errNoWriter = errors.New("queens: no writer (nil io.Writer)")

// WritePerm writes sol as one line of 1-based rows without allocating per
// entry, so a billion-queen solution streams at the writer's speed.
func WritePerm(w io.Writer, sol core.Solution) error {
	if w == nil {
		return errNoWriter
	}
	buf := renderBuffer(len(sol))
	for i, r := range sol {
		if i > 0 {
			buf = append(buf, ' ')
		}
		buf = strconv.AppendInt(buf, int64(r)+1, 10)
		if len(buf) > 60<<10 {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	buf = append(buf, '\n')
	_, err := w.Write(buf)
	return err
}

// renderBuffer is the buffer of a solution of n queens written as numbers:
// its size (up to 11 bytes a queen and a bracket), at most 64 KiB, which
// a larger solution is written through. A listing writes a small
// solution millions of times: a 64 KiB buffer each time cost 25 µs.
func renderBuffer(n int) []byte {
	return make([]byte, 0, min(64<<10, 11*n+2))
}

// WriteBoard writes sol as N lines of 'Q' and '.', row 1 first.
func WriteBoard(w io.Writer, sol core.Solution) error {
	if w == nil {
		return errNoWriter
	}
	n := len(sol)
	line := make([]byte, n+1)
	line[n] = '\n'
	for r := range n {
		for c := range n {
			line[c] = '.'
			if int(sol[c]) == r {
				line[c] = 'Q'
			}
		}
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}
