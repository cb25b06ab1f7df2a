package sudoku

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/lines"
	"github.com/coverkit/coverkit/models/verify"
	"github.com/coverkit/coverkit/resource"
)

// ParseSolution reads a solution of p in the one-line format (N² symbols
// 1–9 then A–Z; a UTF-8 BOM and surrounding whitespace are ignored). It
// checks only the form: Verify and VerifyGrid check the solution. An empty
// cell ('.' or '0') is read as 0, which VerifyGrid then reports.
func ParseSolution(p *Puzzle, text []byte) ([]uint8, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	text = bytes.TrimSpace(bytes.TrimPrefix(text, bom))
	if len(text) != p.Shape.Cells() {
		return nil, fmt.Errorf("sudoku: solution has %d symbols, want %d for a %s grid", len(text), p.Shape.Cells(), p.Shape)
	}
	sol := make([]uint8, len(text))
	for i, b := range text {
		v, ok := symbolValue(b)
		if !ok || int(v) > p.Shape.N {
			return nil, fmt.Errorf("sudoku: solution: position %d: bad symbol %q", i+1, b)
		}
		sol[i] = v
	}
	return sol, nil
}

// DecodeJSONSolution reads a "solution" field as SolveBatch's JSON records
// and Render's json format write it: a string in the one-line format, or an
// array of N rows of N numbers.
func DecodeJSONSolution(p *Puzzle, raw []byte) ([]uint8, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return ParseSolution(p, []byte(s))
	}
	var rows [][]int
	if err := json.Unmarshal(raw, &rows); err != nil {
		return nil, errors.New("sudoku: solution is neither a string nor an array of rows")
	}
	n := p.Shape.N
	if len(rows) != n {
		return nil, fmt.Errorf("sudoku: solution has %d rows, want %d", len(rows), n)
	}
	sol := make([]uint8, 0, n*n)
	for r, row := range rows {
		if len(row) != n {
			return nil, fmt.Errorf("sudoku: solution row %d has %d numbers, want %d", r+1, len(row), n)
		}
		for c, v := range row {
			if v < 0 || v > n {
				return nil, fmt.Errorf("sudoku: solution row %d, column %d: %d is out of range (1..%d)", r+1, c+1, v, n)
			}
			sol = append(sol, uint8(v))
		}
	}
	return sol, nil
}

// VerifyOptions configures VerifyBatch.
type VerifyOptions struct {
	// Layout reads the puzzles (variant, box shape, region map).
	Layout Layout
	// Puzzles, if set, is the puzzle file that JSON records answer, read
	// in PuzzleFormat; a record is matched to its puzzle by its "line".
	Puzzles io.Reader
	// PuzzleFormat is the format of Puzzles: one a line, or grid blocks.
	PuzzleFormat Format
}

// Check is VerifyBatch's finding about one record that holds a solution.
type Check struct {
	// Line is the record's 1-based line.
	Line int
	// Err is nil for a valid solution; otherwise it says what is wrong: with
	// the solution (Malformed false), or with the record (Malformed true).
	Err error
	// Malformed marks a record that could not be checked: not a
	// puzzle-solution pair, bad JSON, a puzzle that is not valid or not in
	// the puzzle file, a solution of the wrong form, a line too long.
	Malformed bool
}

// VerifySummary counts what VerifyBatch found.
type VerifySummary struct {
	// Checked counts the solutions checked; Invalid those that are wrong.
	Checked, Invalid int
	// Skipped counts the records without a solution (unsolvable, invalid,
	// timeout answers).
	Skipped int
	// Malformed counts the records that could not be checked; FirstMalformed
	// locates the first.
	Malformed      int
	FirstMalformed *lines.Error
}

// ErrNeedPuzzles is wrapped, with the line, when VerifyBatch meets a JSON
// record but was given no puzzle file (VerifyOptions.Puzzles).
var ErrNeedPuzzles = errors.New("sudoku: JSON records need the puzzle file they answer")

// jsonAnswer is the part of a SolveBatch JSON record that VerifyBatch reads.
type jsonAnswer struct {
	Line     int             `json:"line"`
	Solution json.RawMessage `json:"solution"`
}

// VerifyBatch checks solutions read from r independently of every solver,
// calling emit once per record that holds a solution, in input order. Each
// line (comments and blank lines skipped) is either "PUZZLE SOLUTION"
// (separated by whitespace, a comma or a semicolon) or a JSON record written
// for SolveBatch's answers ({"line":L,...,"solution":...}), checked against
// puzzle L of o.Puzzles; records without a solution are counted as skipped.
// A record that cannot be checked, a line longer than MaxLine among them, is
// reported Malformed and the batch goes on.
//
// It returns the summary and an error only for what stops the whole batch:
// a JSON record without o.Puzzles (ErrNeedPuzzles; a line that is not
// JSON is malformed, not a record), a failed read, an
// error from emit, or ctx ending.
func VerifyBatch(ctx context.Context, r io.Reader, o VerifyOptions, emit func(*Check) error) (VerifySummary, error) {
	var sum VerifySummary
	if emit == nil {
		return sum, errors.New("sudoku: VerifyBatch: nil emit")
	}
	// The input and the puzzles are read under ctx: a stop ends a read
	// that waits for input.
	r = lines.ContextReader(ctx, r)
	if o.Puzzles != nil {
		o.Puzzles = lines.ContextReader(ctx, o.Puzzles)
	}
	c, err := newChecker(r, o)
	if err != nil {
		return sum, err
	}
	m := core.NewMeter(ctx, nil)
	bound, ok := m.Check(0)
	var check Check
	for k := uint64(0); ; k++ {
		if k >= bound || !ok {
			if bound, ok = m.Check(k); !ok {
				return sum, fmt.Errorf("sudoku: verify: %w", stopError(m.Status()))
			}
		}
		rd, err := c.Next()
		switch {
		case err == io.EOF:
			return sum, nil
		case err != nil:
			return sum, err
		case rd.Skip:
			sum.Skipped++
			continue
		case rd.Unreadable != nil:
			sum.Malformed++
			if sum.FirstMalformed == nil {
				sum.FirstMalformed = &lines.Error{Line: rd.Line, Msg: errMsg(rd.Unreadable)}
			}
			check = Check{Line: rd.Line, Err: rd.Unreadable, Malformed: true}
		default:
			sum.Checked++
			if rd.Invalid != nil {
				sum.Invalid++
			}
			check = Check{Line: rd.Line, Err: rd.Invalid}
		}
		if err := emit(&check); err != nil {
			return sum, err
		}
	}
}

// checker reads and checks the records of VerifyBatch one by one, for it
// and for the one verify loop (verify.Each): a record that cannot
// be checked is unreadable, a wrong solution invalid, a record without a
// solution skipped.
type checker struct {
	rd        *Reader
	parser    *Parser
	byLine    map[int]*Puzzle
	byLineErr map[int]error
	lastShape string // the shape of the last puzzle checked
}

func newChecker(r io.Reader, o VerifyOptions) (*checker, error) {
	if r == nil {
		return nil, errors.New("sudoku: VerifyBatch: nil reader")
	}
	c := &checker{rd: NewReader(r, LineFormat), parser: NewParser(o.Layout)}
	if o.Puzzles != nil {
		var err error
		if c.byLine, c.byLineErr, err = readPuzzles(o.Puzzles, o.Layout, o.PuzzleFormat); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// Next reads and checks the next record.
func (c *checker) Next() (verify.Reading, error) {
	rec, err := c.rd.Next(nil)
	switch {
	case err == io.EOF:
		return verify.Reading{}, io.EOF
	case rec.Err != nil:
		return verify.Reading{Line: rec.Line, Unreadable: errors.New(errMsg(rec.Err))}, nil
	case err != nil:
		return verify.Reading{}, err
	}
	bad := func(msg string) (verify.Reading, error) {
		// The verify loop names the line.
		return verify.Reading{Line: rec.Line, Unreadable: errors.New(msg)}, nil
	}
	text := bytes.TrimSpace(bytes.TrimPrefix(rec.Text, bom))
	var p *Puzzle
	var sol []uint8
	if len(text) > 0 && text[0] == '{' {
		// A line that is not JSON is one unreadable record, puzzle file
		// or not; a record of SolveBatch needs the file it answers.
		var a jsonAnswer
		if uerr := json.Unmarshal(text, &a); uerr != nil {
			return bad("malformed JSON: " + uerr.Error())
		}
		if c.byLine == nil {
			return verify.Reading{}, fmt.Errorf("sudoku: line %d: %w", rec.Line, ErrNeedPuzzles)
		}
		if len(a.Solution) == 0 || string(a.Solution) == "null" {
			return verify.Reading{Line: rec.Line, Skip: true}, nil
		}
		if p = c.byLine[a.Line]; p == nil {
			if perr := c.byLineErr[a.Line]; perr != nil {
				return bad("puzzle line " + strconv.Itoa(a.Line) + " is invalid: " + errMsg(perr))
			}
			return bad("no puzzle on line " + strconv.Itoa(a.Line) + " of the puzzle file")
		}
		if sol, err = DecodeJSONSolution(p, a.Solution); err != nil {
			return bad(errMsg(err))
		}
	} else {
		f := bytes.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ';' || r == ' ' || r == '\t' })
		if len(f) != 2 {
			return bad(fmt.Sprintf("want PUZZLE SOLUTION, got %d fields", len(f)))
		}
		p = new(Puzzle)
		if err := c.parser.ParseLine(rec.Line, f[0], p); err != nil {
			return bad("puzzle: " + errMsg(err))
		}
		if sol, err = ParseSolution(p, f[1]); err != nil {
			return bad(errMsg(err))
		}
	}
	c.lastShape = p.Size()
	rd := verify.Reading{Line: rec.Line, Checked: true, Invalid: VerifyGrid(p, sol)}
	if rd.Invalid == nil {
		key := make(core.Solution, len(sol))
		for i, v := range sol {
			key[i] = int32(v)
		}
		rd.Key = verify.SolutionKey(p, key)
	} else {
		rd.Invalid = errors.New(errMsg(rd.Invalid))
	}
	return rd, nil
}

// puzzleBytes is about what readPuzzles holds for a record besides a
// puzzle's cells: the Puzzle (some 180 bytes), or the error, and its map
// entry (1,000,000 9×9 puzzles took 350 MB).
const puzzleBytes = 256

// growPuzzles asks the memory policy for the next step of the puzzles
// readPuzzles holds (resource.Grow; a variable for the tests).
var growPuzzles = resource.Grow

// readPuzzles reads a puzzle file into puzzles and errors by line. They
// are held to the end, each step of 4 MiB asked of the memory policy: a
// file too large for the memory is refused naming the limit
// (resource.ErrTooLarge), where it ran the process out of memory.
func readPuzzles(r io.Reader, l Layout, f Format) (map[int]*Puzzle, map[int]error, error) {
	byLine, byLineErr := map[int]*Puzzle{}, map[int]error{}
	rd := NewReader(r, f)
	parser := NewParser(l)
	var held uint64
	hold := func(n uint64) error {
		const step = 4 << 20
		if held/step != (held+n)/step {
			if err := growPuzzles("sudoku: the puzzle file (--puzzles)", held, step); err != nil {
				return fmt.Errorf("sudoku: puzzle file: %d puzzles read: %w", len(byLine)+len(byLineErr), err)
			}
		}
		held += n
		return nil
	}
	for {
		rec, err := rd.Next(nil)
		switch {
		case err == io.EOF:
			return byLine, byLineErr, nil
		case rec.Err != nil:
			if err := hold(puzzleBytes); err != nil {
				return nil, nil, err
			}
			byLineErr[rec.Line] = rec.Err
			continue
		case err != nil:
			return nil, nil, fmt.Errorf("sudoku: puzzle file: %w", err)
		}
		p := new(Puzzle)
		err = parser.Parse(f, rec, p)
		if herr := hold(puzzleBytes + uint64(len(p.Givens))); herr != nil {
			return nil, nil, herr
		}
		if err != nil {
			byLineErr[rec.Line] = err
			continue
		}
		byLine[rec.Line] = p
	}
}

// errMsg is err's message without the "sudoku: " prefix, and without the
// line of an *Error: the record carries the line.
func errMsg(err error) string {
	var e *lines.Error
	if errors.As(err, &e) {
		return e.Msg
	}
	return trimPrefix(err)
}

// stopError is the context's error for a meter's stop status: a timeout
// is context.DeadlineExceeded, anything else context.Canceled.
func stopError(st core.Status) error {
	if st == core.StatusTimeout {
		return context.DeadlineExceeded
	}
	return context.Canceled
}
