package verify

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"strconv"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/lines"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/resource"
)

// Reading is one record of a file of solutions, as a SolutionReader reads
// it.
type Reading struct {
	// Line is the 1-based line where the record starts.
	Line int
	// Problem is what the solution claims to solve; nil means the problem
	// Each was given.
	Problem core.Problem
	// Solution is the solution read.
	Solution core.Solution
	// Unreadable, if not nil, says why the record is no solution in any
	// form solve writes (bad syntax, a number out of range, a line too
	// long): it is reported as invalid and unreadable.
	Unreadable error
	// Skip marks a record that holds no solution (a batch answer without
	// one, a listing's closing record): counted apart, not checked.
	Skip bool
	// Checked marks a record the reader checked itself (a streaming
	// checker that never holds a solution whole): Invalid is its verdict
	// and Key a 64-bit hash of the valid solution, for distinctness.
	Checked bool
	Invalid error
	Key     uint64
}

// SolutionReader reads the records of a file of solutions one by one.
// Next returns io.EOF after the last one; any other error means the input
// itself cannot be read (an I/O error), which stops the loop.
type SolutionReader interface {
	Next() (Reading, error)
}

// ReaderFunc adapts a function to SolutionReader.
type ReaderFunc func() (Reading, error)

// Next calls f (a nil f has no records).
func (f ReaderFunc) Next() (Reading, error) {
	if f == nil {
		return Reading{}, io.EOF
	}
	return f()
}

// MaxBadListed bounds the bad records a VerifyReport lists one by one
// (Bad); every one is counted.
const MaxBadListed = 1000

// Each is the one verify loop: it reads every record of r, checks
// each solution with its problem's Verify (p's when the record names
// none), and counts them: solutions read, valid, invalid (unreadable
// records among them), distinct valid ones, records without a solution.
// The bad records are listed with their lines (the first MaxBadListed)
// and the reading goes on after each. It stops early when ctx ends (the
// report so far, its Status saying why, and no error; a record whose
// reading the stop cut short is not counted) or when the input cannot be
// read (r's error, wrapped with the line after the last record).
func Each(ctx context.Context, p core.Problem, r SolutionReader) (*models.VerifyReport, error) {
	if r == nil {
		return nil, errors.New("verify: nil reader")
	}
	rep := &models.VerifyReport{}
	seen := make(map[uint64]struct{})
	var held uint64 // the bytes seen holds, about seenBytes a solution
	m := core.NewMeter(ctx, nil)
	bound, ok := m.Check(0)
	for k := uint64(0); ; k++ {
		if k >= bound || !ok {
			if bound, ok = m.Check(k); !ok {
				rep.Status = m.Status()
				return rep, nil
			}
			m.Progress(core.Progress{Done: k}) // the records read, for a run's tracker
		}
		rd, err := r.Next()
		if err == io.EOF {
			return rep, nil
		}
		if err != nil {
			// A read the stop cut short is no error: the report ends
			// before it.
			if _, ok := m.Check(k); !ok {
				rep.Status = m.Status()
				return rep, nil
			}
			return rep, err
		}
		if rd.Skip {
			rep.Skipped++
			continue
		}
		prob := rd.Problem
		if prob == nil {
			prob = p
		}
		bad, unreadable := rd.Invalid, false
		switch {
		case rd.Unreadable != nil:
			bad, unreadable = rd.Unreadable, true
		case !rd.Checked && prob == nil:
			bad, unreadable = errors.New("no problem to check the solution against"), true
		case !rd.Checked:
			bad = prob.Verify(rd.Solution)
		}
		if bad != nil {
			// A record the stop cut short is no bad record, whether
			// its reading, its decoding or its problem's Verify
			// refuses what is left of it: the report ends before it.
			if _, ok := m.Check(k); !ok {
				rep.Status = m.Status()
				return rep, nil
			}
		}
		rep.Solutions++
		if bad != nil {
			rep.Invalid++
			if unreadable {
				rep.Unreadable++
			}
			b := models.Bad{Line: rd.Line, Reason: bad.Error(), Unreadable: unreadable}
			if rep.FirstBad == nil {
				rep.FirstBad = &b
			}
			if len(rep.Bad) < MaxBadListed {
				rep.Bad = append(rep.Bad, b)
			}
			continue
		}
		rep.Valid++
		key := rd.Key
		if !rd.Checked {
			key = SolutionKey(prob, rd.Solution)
		}
		if _, dup := seen[key]; !dup && !rep.DistinctAtLeast {
			// The set grows in steps asked of the memory policy: a
			// listing of hundreds of millions of solutions is checked
			// to its end, its distinct ones counted as far as the
			// memory holds them.
			if held/seenStep != (held+seenBytes)/seenStep && growSeen("verify: the distinct solutions", held, seenStep) != nil {
				rep.DistinctAtLeast = true
				continue
			}
			held += seenBytes
			seen[key] = struct{}{}
			rep.Distinct++
		}
	}
}

// seenBytes is about what Each's set of distinct solutions holds for one
// (2,279,184 solutions of 15 queens took 103 MB); seenStep, the step it
// asks the memory policy for.
const (
	seenBytes = 48
	seenStep  = 4 << 20
)

// growSeen asks for the set's next step (resource.Grow; a variable for
// the tests).
var growSeen = resource.Grow

// SolutionKey is a 64-bit FNV-1a hash of a solution and the problem it
// solves (its model and size), which Each tells distinct solutions
// apart by (a collision, with probability about k²/2⁶⁵ for k solutions,
// would undercount by one).
func SolutionKey(p core.Problem, sol core.Solution) uint64 {
	h := fnv.New64a()
	if p != nil {
		h.Write([]byte(p.Model()))
		h.Write([]byte{0})
		h.Write([]byte(p.Size()))
		h.Write([]byte{0})
	}
	var b [4]byte
	for _, v := range sol {
		binary.LittleEndian.PutUint32(b[:], uint32(v))
		h.Write(b[:])
	}
	return h.Sum64()
}

// Record is a record of the text forms most models write, as
// TextSolutions reads them: a JSON object on one line (solve --format
// json), or the lines of one rendering (a text block).
type Record struct {
	// Line is the 1-based line where the record starts.
	Line int
	// JSON is a JSON line, nil for a text block.
	JSON []byte
	// Lines are a text block's lines (without their line ends), nil for a
	// JSON line.
	Lines [][]byte
}

// Text reports whether the record is a text block.
func (r *Record) Text() bool { return r.JSON == nil }

// Reader returns a reader of a text block's lines, each ended by a
// newline but the last, without copying them into one slice: a block of
// many megabytes (a knight's tour of millions of squares) is parsed as it
// is read, and a stop is not kept waiting by a copy.
func (r *Record) Reader() io.Reader { return &blockReader{lines: r.Lines} }

// blockReader reads lines with newlines between them.
type blockReader struct {
	lines [][]byte
	off   int // in lines[0]
}

func (b *blockReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) && len(b.lines) > 0 {
		l := b.lines[0]
		if b.off < len(l) {
			c := copy(p[n:], l[b.off:])
			n += c
			b.off += c
			continue
		}
		if len(b.lines) > 1 { // the newline between two lines
			p[n] = '\n'
			n++
		}
		b.lines, b.off = b.lines[1:], 0
	}
	if n == 0 && len(b.lines) == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// Field decodes the JSON record's field key into v, and reports whether
// the record has it (a record without it, such as a listing's closing
// record, holds no solution).
func (r *Record) Field(key string, v any) (bool, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(r.JSON, &obj); err != nil {
		return false, fmt.Errorf("not a JSON object: %v", err)
	}
	raw, ok := obj[key]
	if !ok || string(raw) == "null" {
		return false, nil
	}
	if v == nil {
		return true, nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return true, fmt.Errorf("%q: %v", key, err)
	}
	return true, nil
}

// ErrNoSolution is returned by a Decode function for a record that holds
// no solution (TextSolutions then skips it).
var ErrNoSolution = errors.New("the record holds no solution")

// TextOptions says how TextSolutions cuts an input into records.
type TextOptions struct {
	// OneLine makes every text line a record of its own (solutions
	// written one a line); otherwise a text record is a block of lines
	// ended by a blank line or a JSON line.
	OneLine bool
	// MaxLine bounds a line's length (lines.DefaultMax if 0): a longer
	// line is an unreadable record, and the reading goes on after it.
	MaxLine int
	// MaxLines bounds a text block's lines (0: no bound but memory): a
	// block of more lines than any solution has (latin: 64 rows) is an
	// unreadable record, read to its end without keeping its lines. Every
	// block also asks the memory policy (resource.Grow) as it grows past
	// 64 MiB, and one it refuses is unreadable too: a block that a blank
	// line never ends (`yes 1 | coverkit latin verify`) takes no more
	// memory than the machine allows.
	MaxLines int
	// Decode turns a record into the problem it claims to solve (nil for
	// the one Each is given) and its solution; an error makes the
	// record unreadable, ErrNoSolution skips it.
	Decode func(rec *Record) (core.Problem, core.Solution, error)
}

// TextSolutions reads the records of r in the forms most models' solve
// writes: JSON lines, text blocks separated by blank lines (or single
// lines with OneLine); lines starting with '#' are comments, a UTF-8 BOM
// and CRLF line ends are accepted.
func TextSolutions(r io.Reader, o TextOptions) SolutionReader {
	max := o.MaxLine
	if max <= 0 {
		max = lines.DefaultMax
	}
	return &textReader{lr: lines.NewReader(r, max), o: o}
}

type textReader struct {
	lr      *lines.Reader
	o       TextOptions
	pending *Record // a JSON line met while reading a block
	done    bool
	err     error
}

func (t *textReader) Next() (Reading, error) {
	if t.o.Decode == nil {
		return Reading{}, errors.New("verify: TextSolutions: no Decode function")
	}
	rec, unreadable, err := t.record()
	switch {
	case err != nil:
		return Reading{}, err
	case unreadable != nil:
		return Reading{Line: rec.Line, Unreadable: unreadable}, nil
	}
	p, sol, derr := t.o.Decode(&rec)
	var inv *invalidError
	switch {
	case errors.Is(derr, ErrNoSolution):
		return Reading{Line: rec.Line, Skip: true}, nil
	case errors.As(derr, &inv):
		return Reading{Line: rec.Line, Checked: true, Invalid: inv.err}, nil
	case derr != nil:
		return Reading{Line: rec.Line, Unreadable: derr}, nil
	}
	return Reading{Line: rec.Line, Problem: p, Solution: sol}, nil
}

// record returns the next record; a line too long makes its record (the
// block it is in, or itself) unreadable.
func (t *textReader) record() (Record, error, error) {
	if t.pending != nil {
		r := *t.pending
		t.pending = nil
		return r, nil, nil
	}
	var block Record
	var held uint64   // the bytes the block's lines hold
	var dropped error // why the block's lines are no longer kept
	end := func() (Record, error, error) {
		if dropped != nil {
			return Record{Line: block.Line}, dropped, nil
		}
		return block, nil, nil
	}
	for {
		if t.done {
			if block.Lines != nil && t.err == nil {
				return end()
			}
			// A block that a failed read (a stop) cut short is not
			// decoded: its error ends the reading.
			if t.err != nil {
				return Record{}, nil, t.err
			}
			return Record{}, nil, io.EOF
		}
		text, n, err := t.lr.Next()
		if err == io.EOF {
			t.done = true
			continue
		}
		if errors.Is(err, lines.ErrTooLong) && t.lr.Skip() {
			if block.Lines == nil {
				block.Line = n
			}
			return block, fmt.Errorf("line %d too long (more than %d bytes)", n, t.lr.Max()), nil
		}
		if err != nil {
			t.done, t.err = true, err
			continue
		}
		s := bytes.TrimSpace(text)
		switch {
		case len(s) > 0 && s[0] == '#':
			continue
		case len(s) == 0:
			if block.Lines != nil {
				return end()
			}
			continue
		case s[0] == '{':
			rec := Record{Line: n, JSON: append([]byte(nil), s...)}
			if block.Lines != nil {
				t.pending = &rec
				return end()
			}
			return rec, nil, nil
		}
		if block.Lines == nil {
			block.Line = n
		}
		if dropped != nil {
			continue // read to the block's end, its lines not kept
		}
		// A line costs its bytes and a slice header, rounded up.
		step := uint64(len(s)) + 32
		if blockStep := uint64(4 << 20); held/blockStep != (held+step)/blockStep {
			if err := resource.Grow("verify: a text block", held, max(step, blockStep)); err != nil {
				dropped = fmt.Errorf("lines %d to %d, a text block with no blank line: %w", block.Line, n, err)
			}
		}
		if t.o.MaxLines > 0 && len(block.Lines) == t.o.MaxLines {
			dropped = fmt.Errorf("a text block of more than %d lines (line %d), more than a solution has", t.o.MaxLines, n)
		}
		if dropped != nil {
			block.Lines = [][]byte{nil} // still in a block, nothing kept
			continue
		}
		held += step
		block.Lines = append(block.Lines, append([]byte(nil), s...))
		if t.o.OneLine {
			return block, nil, nil
		}
	}
}

// NotValid marks an error of a Decode function as the verdict on a record
// that is well formed but no valid solution (a move number twice in a
// tour): the record is invalid, not unreadable.
func NotValid(err error) error {
	if err == nil {
		return nil
	}
	return &invalidError{err}
}

type invalidError struct{ err error }

func (e *invalidError) Error() string { return e.err.Error() }
func (e *invalidError) Unwrap() error { return e.err }

// Ints reads a line of whole numbers separated by blanks, such as a row
// of a text rendering ("1 2 3 4"), each in the 32-bit range.
func Ints(line []byte) ([]int32, error) {
	fields := bytes.Fields(line)
	out := make([]int32, len(fields))
	for i, f := range fields {
		v, err := strconv.ParseInt(string(f), 10, 32)
		if err != nil {
			return nil, fmt.Errorf("entry %d: %s is not a whole number", i+1, strconv.QuoteToGraphic(string(f)))
		}
		out[i] = int32(v)
	}
	return out, nil
}

// Request checks the solutions of a verify request of model m, as the
// verify verb reads them: the request's first m.VerifyArgs arguments
// (m.VerifyInput's count) name the instance, the next the input
// (models.Model.OpenInput: a file, "-" or none for standard input, or the
// model's Literal), read under ctx. name names the input in messages; an
// error is a bad request or an input that cannot be read. When ctx ends
// and opening the input or the model's reader stops with an error first,
// the report is one of the stop's status and no solution, without an
// error.
func Request(ctx context.Context, m *models.Model, req models.Request) (rep *models.VerifyReport, name string, err error) {
	if m == nil || m.Verify == nil {
		return nil, "", errors.New("verify: Request: a model without verify")
	}
	defer func() {
		if st, stopped := core.ErrorStatus(err); stopped && ctx != nil && ctx.Err() != nil {
			rep, err = &models.VerifyReport{Status: st}, nil // opening or reading stopped first
		}
	}()
	args := req.Args
	at := m.VerifyArgs
	if m.VerifyInput != nil {
		at = m.VerifyInput(args)
	}
	at = min(max(at, 0), len(args))
	in, name, err := m.OpenInput(req, at)
	if err != nil {
		return nil, name, err
	}
	defer in.Close()
	req.Args = args[:at]
	rep, err = m.Verify(ctx, req, &formatGuard{r: lines.ContextReader(ctx, in)})
	return rep, name, err
}

// ErrCSV refuses a listing in CSV (solve --format csv): its columns carry no
// types, so verify reads solutions back only in the forms that do (JSON
// lines, the model's text).
var ErrCSV = errors.New("verify: the input is CSV (solve --format csv), which verify does not read back: list the solutions with --format json or text")

// ErrSVG refuses a picture (solve --format svg): it draws a solution, and
// verify reads solutions back only in the forms that list them (JSON
// lines, the model's text).
var ErrSVG = errors.New("verify: the input is SVG (solve --format svg), a picture, which verify does not read back: list the solutions with --format json or text")

// notReadBack are the outputs of solve that verify does not read back,
// each known by the start of its first line (after a UTF-8 BOM, if any):
// a CSV listing's header, an SVG picture's element.
var notReadBack = []struct {
	start string
	err   error
}{{"model,size,", ErrCSV}, {"<svg", ErrSVG}, {"<?xml", ErrSVG}}

// formatGuard reads r, failing with the error of notReadBack when r starts
// with one of its outputs (ErrCSV, ErrSVG). It reads nothing before its
// first Read, and then no more than the longest start's length, after a
// BOM, up to the first line's end.
type formatGuard struct {
	r       io.Reader
	head    []byte // read ahead, not yet returned
	checked bool
}

// guardBytes is how much formatGuard reads ahead: the longest start of
// notReadBack, after a BOM.
var guardBytes = len(lines.BOM) + len("model,size,")

func (g *formatGuard) Read(p []byte) (int, error) {
	if !g.checked {
		g.checked = true
		buf := make([]byte, 0, guardBytes)
		var err error
		for len(buf) < cap(buf) && bytes.IndexByte(buf, '\n') < 0 && err == nil {
			var n int
			n, err = g.r.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
		}
		b := bytes.TrimPrefix(buf, []byte(lines.BOM))
		for _, f := range notReadBack {
			if bytes.HasPrefix(b, []byte(f.start)) {
				return 0, f.err
			}
		}
		g.head = buf
		if len(buf) == 0 && err != nil {
			return 0, err
		}
	}
	if len(g.head) > 0 {
		n := copy(p, g.head)
		g.head = g.head[n:]
		return n, nil
	}
	return g.r.Read(p)
}
