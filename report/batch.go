package report

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/lines"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/batch"
)

// Appender is implemented by problems that append a solution's rendering
// to a buffer, as Render writes it, without allocating: the batch writer
// uses it, where a model has it, to keep up with solvers that answer a
// puzzle in microseconds.
type Appender interface {
	AppendSolution(b []byte, sol core.Solution, format string) ([]byte, error)
}

// BatchWriter is the one writer of a batch's answers (batch.Run),
// one answer per record in input order:
//
//   - text: the solution of a solved record in the batch's text format
//     (Batch.Formats), else "line L: <verdict>" and why ("line 3:
//     multiple: at least 2 solutions", "line 6: invalid: ..."); with
//     Count every answer is "line L: <verdict>: K solutions"; answers
//     whose solutions span several lines are each followed by a blank
//     line;
//   - json: one record a line, the common fields of Record (the search's
//     status, its solutions and work), then "line", "verdict" and the
//     solution found ("solution", in the batch's JSON format); an invalid
//     record, which no search ran on, has "model", "line", "verdict" and
//     "error";
//   - any other format is the model's picture of each solution (Render:
//     sudoku's pretty and svg), an svg comment or the text line for an
//     answer without one.
type BatchWriter struct {
	W      io.Writer
	Format string
	Batch  models.Batch
	Model  string
	// Count makes every text answer give its count.
	Count bool

	buf []byte
	// size is the size of every record answered so far ("" when none was
	// or when two differ), for the record of a batch written out on the
	// command line (Size).
	size   string
	sizes  int
	header bool // the CSV header is written
}

// Size returns the size of every record answered, when they share one
// ("9x9"), else "".
func (w *BatchWriter) Size() string {
	if w.sizes == 1 {
		return w.size
	}
	return ""
}

// Write writes one answer.
func (w *BatchWriter) Write(a *batch.Answer) error {
	if a == nil || w.W == nil || w.Batch == nil {
		return errors.New("report: BatchWriter: no answer, writer or batch")
	}
	if a.Problem != nil {
		if sz := a.Problem.Size(); w.sizes == 0 || sz != w.size && w.sizes == 1 {
			w.size = sz
			w.sizes++
		}
	}
	text, jsonFormat, block := w.Batch.Formats()
	b := w.buf[:0]
	var err error
	switch {
	case w.Format == "none":
		return nil
	case w.Format == "csv":
		return w.writeCSV(a, jsonFormat)
	case w.Format == "json":
		b, err = w.appendJSON(b, a, jsonFormat)
	case w.Format == "text" || w.Format == "":
		if a.Verdict == batch.Solved && !w.Count && len(a.Result.First) > 0 {
			b, err = appendSolution(b, a.Problem, a.Result.First, text)
		} else {
			b = w.appendText(b, a)
		}
		if block {
			b = append(b, '\n')
		}
	case len(a.Result.First) > 0:
		b, err = appendSolution(b, a.Problem, a.Result.First, w.Format)
		if w.Format != "svg" {
			b = append(b, '\n') // a blank line between pictures
		}
	case w.Format == "svg":
		b = append(strconv.AppendInt(append(b, "<!-- line "...), int64(a.Line), 10), ": "...)
		b = append(append(b, a.Verdict.String()...), " -->\n"...)
	default:
		b = w.appendText(b, a)
	}
	w.buf = b
	if err != nil {
		return err
	}
	_, err = w.W.Write(b)
	return err
}

// appendSolution appends p's rendering of sol in format: through Appender
// where p has it, else through Render.
func appendSolution(b []byte, p core.Problem, sol core.Solution, format string) ([]byte, error) {
	if ap, ok := p.(Appender); ok {
		return ap.AppendSolution(b, sol, format)
	}
	if p == nil {
		return b, errors.New("report: a solution without its problem")
	}
	var sb strings.Builder
	if err := p.Render(&sb, sol, format); err != nil {
		return b, err
	}
	return append(b, sb.String()...), nil
}

// appendText appends an answer's text line.
func (w *BatchWriter) appendText(b []byte, a *batch.Answer) []byte {
	b = strconv.AppendInt(append(b, "line "...), int64(a.Line), 10)
	b = append(append(b, ": "...), a.Verdict.String()...)
	switch {
	case a.Verdict == batch.Invalid:
		b = append(append(b, ": "...), ErrorMessage(w.Model, a.Err)...)
	case a.Verdict == batch.Timeout:
		b = appendCount(append(b, " ("...), a.Result.Solutions)
		b = append(b, " solution(s) found before stopping)"...)
	case w.Count || a.Verdict == batch.Multiple:
		b = append(b, ": "...)
		if a.Result.Status == core.StatusFound {
			b = append(b, "at least "...)
		}
		b = append(appendCount(b, a.Result.Solutions), " solutions"...)
	}
	return append(b, '\n')
}

// appendJSON appends an answer's record.
func (w *BatchWriter) appendJSON(b []byte, a *batch.Answer, format string) ([]byte, error) {
	b = appendQuote(append(b, `{"model":`...), w.Model)
	if a.Verdict == batch.Invalid {
		b = strconv.AppendInt(append(b, `,"line":`...), int64(a.Line), 10)
		b = append(b, `,"verdict":"invalid","error":`...)
		b = strconv.AppendQuote(b, ErrorMessage(w.Model, a.Err))
		return append(b, "}\n"...), nil
	}
	size := ""
	if a.Problem != nil {
		size = a.Problem.Size()
	}
	r := &a.Result
	b = appendQuote(append(b, `,"size":`...), size)
	b = appendQuote(append(b, `,"algorithm":`...), a.Algorithm)
	b = append(append(append(b, `,"status":"`...), r.Status.String()...), `","partial":`...)
	b = strconv.AppendBool(b, r.Status.Partial())
	b = appendCount(append(b, `,"solutions":`...), r.Solutions)
	for _, c := range [...]struct {
		key string
		v   uint64
	}{{`,"nodes":`, r.Stats.Nodes}, {`,"checks":`, r.Stats.Checks}, {`,"updates":`, r.Stats.Updates}, {`,"steps":`, r.Stats.Steps}} {
		if c.v != 0 {
			b = strconv.AppendUint(append(b, c.key...), c.v, 10)
		}
	}
	b = appendSeconds(append(b, `,"elapsed_seconds":`...), r.Stats.Elapsed)
	b = strconv.AppendInt(append(b, `,"line":`...), int64(a.Line), 10)
	b = append(append(append(b, `,"verdict":"`...), a.Verdict.String()...), '"')
	var err error
	if len(r.First) > 0 {
		b = append(b, `,"solution":`...)
		if b, err = appendSolution(b, a.Problem, r.First, format); err != nil {
			return b, err
		}
		b = trimNewline(b)
	}
	return append(b, "}\n"...), nil
}

// batchCSV are the columns of a batch's CSV: the common ones of every
// record, then the answer's.
var batchCSV = append(append([]string(nil), csvCommon...), "line", "verdict", "solution", "error")

// writeCSV writes an answer as a CSV row (the header before the first):
// the common columns of a record, then its line, verdict, solution (in the
// batch's JSON format) and the error of an invalid record.
func (w *BatchWriter) writeCSV(a *batch.Answer, format string) error {
	row := make([]string, len(batchCSV))
	row[0], row[12], row[13] = w.Model, strconv.Itoa(a.Line), a.Verdict.String()
	if a.Verdict == batch.Invalid {
		row[15] = ErrorMessage(w.Model, a.Err)
	} else {
		rec := NewRecord(a.Problem, a.Algorithm, &a.Result, false, 0)
		cells, err := rec.csvCells()
		if err != nil {
			return err
		}
		for i, c := range csvCommon {
			row[i] = cells[c]
		}
		if len(a.Result.First) > 0 {
			b, err := appendSolution(nil, a.Problem, a.Result.First, format)
			if err != nil {
				return err
			}
			row[14] = jsonCell(trimNewline(b))
		}
	}
	cw := csv.NewWriter(w.W)
	if !w.header {
		w.header = true
		if err := cw.Write(batchCSV); err != nil {
			return err
		}
	}
	if err := cw.Write(row); err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}

// appendQuote is strconv.AppendQuote, which a record's names ("sudoku",
// "9x9", "fast") pass through unchanged between their quotes: those are
// appended at once, without strconv's rune by rune look at each.
func appendQuote(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' || c == '"' || c == '\\' {
			return strconv.AppendQuote(b, s)
		}
	}
	return append(append(append(b, '"'), s...), '"')
}

// trimNewline drops a newline a rendering ends with.
func trimNewline(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}

// appendCount appends a count, without allocating when it fits 64 bits.
func appendCount(b []byte, c core.Count) []byte {
	if x, ok := c.Uint64(); ok {
		return strconv.AppendUint(b, x, 10)
	}
	return append(b, c.String()...)
}

// appendSeconds appends d.Seconds() in the one form of numbers
// (AppendNumber).
func appendSeconds(b []byte, d time.Duration) []byte { return AppendNumber(b, d.Seconds()) }

// ErrorMessage is err's message for a record that already names its
// model and its line: the message of a located error (lines.Error)
// alone, else without the "model: " or "models: " prefix. "" for nil.
func ErrorMessage(model string, err error) string {
	if err == nil {
		return ""
	}
	var le *lines.Error
	if errors.As(err, &le) {
		return le.Msg
	}
	s := err.Error()
	for _, p := range []string{model + ": ", "models: "} {
		s = strings.TrimPrefix(s, p)
	}
	return s
}

// BatchFormats are the output formats of a batch's answers: text, json,
// csv, none, then the model's pictures of a solution (its render formats
// but line and json).
func BatchFormats(render []string) []string {
	formats := slices.Clone(ResultFormats)
	for _, f := range render {
		if f != "line" && f != "json" {
			formats = append(formats, f)
		}
	}
	return formats
}

// BatchRecord is a batch's record (the --stats of solve): how it ended,
// the solutions found and the work summed over its records, then its
// facts (batch.Fields); the base name of name names the input.
func BatchRecord(model, name, algorithm string, b models.Batch, s *batch.Summary, st core.Status) Record {
	if s == nil {
		s = &batch.Summary{}
	}
	res := core.Result{Status: st, Solutions: s.Solutions, Stats: s.Stats}
	rec := NewRecord(nil, algorithm, &res, false, 0)
	rec.Model, rec.Size, rec.Fields = model, filepath.Base(name), batch.Fields(b, s)
	return rec
}

// BatchFailure says why a batch does not exit 0: when it stopped early,
// how many records it answered, those read and left unanswered (verdict
// timeout) and whether the rest of the input was left unread; else the
// invalid ones (every other record was answered); "" when every record
// was answered.
func BatchFailure(b models.Batch, s *batch.Summary, st core.Status) string {
	switch {
	case b == nil || s == nil:
		return ""
	case s.ByVerdict[batch.Timeout] > 0 || s.Unread:
		msg := fmt.Sprintf("%s after %d %s answered", st, s.Records-s.ByVerdict[batch.Timeout], b.Noun())
		if n := s.ByVerdict[batch.Timeout]; n > 0 {
			msg += fmt.Sprintf("; %d read and not answered (verdict timeout)", n)
		}
		if s.Unread {
			msg += "; the rest of the input was not read"
		}
		return msg
	case s.ByVerdict[batch.Invalid] > 0:
		one := strings.TrimSuffix(b.Noun(), "s")
		return fmt.Sprintf("%d invalid %s(s), the first on line %d (every other %s was answered)", s.ByVerdict[batch.Invalid], one, s.FirstInvalid, one)
	}
	return ""
}

// BatchSolve is a solve of a batch model's input (models.Model.Batch) as
// the coverkit command runs it: every record answered in input order by
// the one batch loop and written by the one batch writer.
type BatchSolve struct {
	Model   *models.Model
	Request models.Request
	// Algorithm names the algorithm; "" is the model's default.
	Algorithm string
	// Limit, if not 0, is how many solutions each answer looks for (the
	// batch's own limit otherwise); MaxNodes a node budget per record.
	Limit, MaxNodes uint64
	// Workers is the number of goroutines, 0 for the one worker rule's
	// default (batch.Options.Workers: resolved by batch.Run).
	Workers int
	// Format is the output format (BatchFormats).
	Format string
	// Progress, if set, is called with the number of records answered.
	Progress func(done uint64)
	// Stats, if set, receives the batch's record (BatchRecord), as a JSON
	// line, once every answer is written (--stats).
	Stats io.Writer
}

// BatchResult is how a batch solve ended.
type BatchResult struct {
	// Record is the batch's record (BatchRecord), for --stats.
	Record Record
	// Status is exhausted when every record was answered.
	Status core.Status
	// Answered says whether some record was answered (a partial result
	// that holds something).
	Answered bool
	// Failure says why the command does not exit 0 (BatchFailure).
	Failure string
}

// Run answers the input of the request (its first argument: a file, "-"
// or none for standard input, or the model's Literal) and writes the
// answers to w. An error means a bad request or an input that cannot be
// read: the answers written so far are no result.
func (s *BatchSolve) Run(ctx context.Context, w io.Writer) (BatchResult, error) {
	m := s.Model
	if m == nil || m.Batch == nil || w == nil {
		return BatchResult{}, errors.New("report: BatchSolve: no batch model or no writer")
	}
	req := s.Request
	if req.Context == nil {
		req.Context = ctx // the inputs (a region map, the batch) are read under the stop
	}
	b, err := m.Batch(req)
	if err != nil {
		return BatchResult{}, err
	}
	o, err := batch.Prepare(m, b, batch.Request{Algorithm: s.Algorithm, Limit: s.Limit, MaxNodes: s.MaxNodes,
		Workers: s.Workers, Progress: s.Progress}) // the one front end's rules, as batch.Solve
	if err != nil {
		return BatchResult{}, err
	}
	if o.Limit == 0 && s.Format != "text" && s.Format != "json" {
		return BatchResult{}, fmt.Errorf("%s solve: --format %s draws solutions; --count keeps none (use text or json)", m.Name, s.Format)
	}
	in, input, err := m.OpenInput(req, 0)
	if err != nil {
		return BatchResult{}, err
	}
	defer in.Close()
	bw := &BatchWriter{W: w, Format: s.Format, Batch: b, Model: m.Name, Count: o.Limit == 0}
	sum, err := batch.Run(ctx, b, in, o, bw.Write)
	if err != nil {
		return BatchResult{}, err
	}
	st := sum.Status(ctx)
	if sz := bw.Size(); input == models.ArgumentsInput && sz != "" {
		input = sz // puzzles on the command line: their size, not "arguments"
	}
	r := BatchResult{Record: BatchRecord(m.Name, input, sum.Algorithm, b, &sum, st), Status: st,
		Answered: sum.Records > sum.ByVerdict[batch.Timeout], Failure: BatchFailure(b, &sum, st)}
	if s.Stats != nil {
		return r, WriteJSON(s.Stats, r.Record)
	}
	return r, nil
}
