package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
)

// SolutionWriter writes solutions of one problem in one of its render
// formats, streaming: a billion-queen solution never becomes a string. In a
// text format, renderings of several lines (boards, grids) are separated by
// a blank line; "none" writes nothing; "json" writes one JSON object per
// solution: the head fields (or the first solution's record), the solution
// under Key, and with Stats the work since the previous solution; "csv"
// writes the same as a header and a row per solution, the solution's JSON
// value in the last column.
type SolutionWriter struct {
	W       io.Writer
	Problem core.Problem
	Format  string
	// Head are the fields of every JSON line but the one carrying a record.
	Head models.Fields
	// Key is the solution's JSON key ("solution" if empty).
	Key string
	// Stats adds the work since the previous solution to JSON lines.
	Stats bool
	// Block says that every solution is a block of lines
	// (models.Model.Blocks): solutions are separated by a blank line
	// even where one takes one line. Otherwise a blank line separates
	// them when the first took several.
	Block bool

	written uint64
	lines   int // lines in the first solution's rendering
}

// NewSolutionWriter is the writer of solve's solutions of p, found by
// algorithm, to w in solve's format (SolveFormats): the model's rendering
// (RenderFormat) and its solution key, a blank line between blocks
// (models.Model.Blocks), and a head of the model, the size, the algorithm
// and the instance's own fields (models.Model.Fields, no result's; none
// when p is not one of m's problems).
func NewSolutionWriter(w io.Writer, m *models.Model, p core.Problem, algorithm, format string, stats bool) *SolutionWriter {
	if m == nil || p == nil {
		return &SolutionWriter{W: w, Problem: p, Format: format, Stats: stats}
	}
	render := RenderFormat(m, format)
	sw := &SolutionWriter{W: w, Problem: p, Format: render, Stats: stats, Key: m.SolutionKey,
		Block: slices.Contains(m.Blocks, render),
		Head:  models.Fields{{Key: "model", Value: p.Model()}, {Key: "size", Value: p.Size()}, {Key: "algorithm", Value: algorithm}}}
	if owns(m, p) && m.Fields != nil {
		sw.Head = append(sw.Head, m.Fields(p, nil)...) // the instance's facts, no result's
	}
	return sw
}

// WriteSolveEnd writes to w what solve writes after its search in format,
// the solutions listed (all) or not: the model's headline (WriteHeadline),
// then the first solution with its record rec through sw, or, for json
// and csv, the record of a search that stopped or found nothing, so that
// a reader sees how the search ended.
func WriteSolveEnd(w io.Writer, sw *SolutionWriter, format string, m *models.Model, res *core.Result, rec *Record, all bool) error {
	if sw == nil || res == nil || rec == nil {
		return fmt.Errorf("report: WriteSolveEnd: %w", core.ErrUnsupported)
	}
	if err := WriteHeadline(w, format, m, sw.Problem, res); err != nil {
		return err
	}
	switch {
	case !all && res.First != nil:
		return sw.Write(res.First, res.Stats, rec)
	case format == "json" && (res.Status.Partial() || (!all && res.First == nil)):
		return WriteJSON(w, *rec)
	case format == "csv" && (!all && res.First == nil || all && res.Solutions.IsZero()):
		return WriteCSV(w, []Record{*rec})
	}
	return nil
}

// lineCounter counts the lines written through it.
type lineCounter struct {
	w     io.Writer
	lines int
}

func (l *lineCounter) Write(p []byte) (int, error) {
	l.lines += bytes.Count(p, []byte{'\n'})
	return l.w.Write(p)
}

// Write writes sol; since is the work done since the previous solution.
// In json, rec (if not nil) replaces the head fields. A writer without W
// or Problem (but in "none") is an error.
func (s *SolutionWriter) Write(sol core.Solution, since core.Stats, rec *Record) error {
	switch {
	case s.Format == "none":
		s.written++
		return nil
	case s.W == nil:
		return errNilWriter
	case isNil(s.Problem):
		return errors.New("report: a SolutionWriter without a Problem")
	}
	defer func() { s.written++ }()
	switch s.Format {
	case "json":
		return s.writeJSON(sol, since, rec)
	case "csv":
		return s.writeCSV(sol, since, rec)
	}
	if s.lines > 1 || s.Block && s.written > 0 {
		if _, err := io.WriteString(s.W, "\n"); err != nil {
			return err
		}
	}
	if s.written > 0 {
		return s.Problem.Render(s.W, sol, s.Format)
	}
	lc := &lineCounter{w: s.W}
	err := s.Problem.Render(lc, sol, s.Format)
	s.lines = lc.lines
	return err
}

func (s *SolutionWriter) writeJSON(sol core.Solution, since core.Stats, rec *Record) error {
	key := s.Key
	if key == "" {
		key = "solution"
	}
	var head []byte
	var err error
	if rec != nil {
		// The solution is written under key: a field of that key (a
		// count's example solution) would say it twice.
		r := *rec
		r.Fields = slices.DeleteFunc(slices.Clone(r.Fields), func(f models.Field) bool { return f.Key == key })
		head, err = json.Marshal(r)
	} else {
		head, err = json.Marshal(s.Head)
	}
	if err != nil {
		return err
	}
	if len(head) > 2 {
		head = append(head[:len(head)-1], ',')
	} else {
		head = head[:1]
	}
	head = strconv.AppendQuote(head, key)
	if _, err := s.W.Write(append(head, ':')); err != nil {
		return err
	}
	if err := s.Problem.Render(s.W, sol, "json"); err != nil {
		return err
	}
	var tail []byte
	if s.Stats && rec == nil {
		for _, c := range []struct {
			k string
			v uint64
		}{{"nodes", since.Nodes}, {"checks", since.Checks}, {"updates", since.Updates}, {"steps", since.Steps}} {
			if c.v > 0 {
				tail = strconv.AppendUint(fmt.Appendf(tail, `,%q:`, c.k), c.v, 10)
			}
		}
	}
	_, err = s.W.Write(append(tail, "}\n"...))
	return err
}

// writeCSV writes sol as a CSV row: the header first (the record's columns
// and its fields, or the head fields, then the work counters with Stats,
// then Key), then the row.
func (s *SolutionWriter) writeCSV(sol core.Solution, since core.Stats, rec *Record) error {
	key := s.Key
	if key == "" {
		key = "solution"
	}
	var b bytes.Buffer
	if err := s.Problem.Render(&b, sol, "json"); err != nil {
		return err
	}
	var cols, row []string
	if rec != nil {
		cells, err := rec.csvCells()
		if err != nil {
			return err
		}
		cols = append(cols, csvCommon...)
		for _, f := range rec.Fields {
			if f.Key != key && !slices.Contains(cols, f.Key) {
				cols = append(cols, f.Key)
			}
		}
		for _, c := range cols {
			row = append(row, cells[c])
		}
	} else {
		for _, f := range s.Head {
			v, err := csvValue(f.Value)
			if err != nil {
				return err
			}
			cols, row = append(cols, f.Key), append(row, v)
		}
		if s.Stats {
			cols = append(cols, "nodes", "checks", "updates", "steps")
			row = append(row, counter(since.Nodes), counter(since.Checks), counter(since.Updates), counter(since.Steps))
		}
	}
	cols, row = append(cols, key), append(row, jsonCell(bytes.TrimSpace(b.Bytes())))
	cw := csv.NewWriter(s.W)
	if s.written == 0 {
		if err := cw.Write(cols); err != nil {
			return err
		}
	}
	if err := cw.Write(row); err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}
