package sudoku

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/batch"
)

// Verdict is a batch's answer for one puzzle (batch.Verdict, the one
// batch loop's): solved, multiple, unsolvable, invalid or timeout.
type Verdict = batch.Verdict

// The verdicts of a batch's answers.
const (
	Solved     = batch.Solved
	Multiple   = batch.Multiple
	Unsolvable = batch.Unsolvable
	Invalid    = batch.Invalid
	Timeout    = batch.Timeout
)

// VerdictOf turns a search result into a verdict (batch.VerdictOf).
func VerdictOf(res *core.Result) Verdict { return batch.VerdictOf(res) }

// BatchOptions configures SolveBatch: the layout and input format of the
// puzzles, and the request of the one batch front end (batch.Request).
type BatchOptions struct {
	// Layout reads each puzzle (variant, box shape, region map).
	Layout Layout
	// Format is the input format: one puzzle per line, or grid blocks.
	Format Format
	// Algorithm is the registered sudoku algorithm that solves each puzzle
	// ("" for DefaultAlgorithm, auto).
	Algorithm string
	// Count counts every solution of each puzzle (`sudoku solve
	// --count`); otherwise each search looks for Limit solutions.
	Count bool
	// Limit is how many solutions to look for per puzzle; 0 is the
	// batch's own, 2, which tells a unique solution from several. It does
	// not go with Count.
	Limit uint64
	// MaxNodes, if not 0, is a node budget per puzzle (status limit,
	// verdict timeout, when it runs out).
	MaxNodes uint64
	// Workers is the number of solving goroutines, 1 on the calling
	// goroutine; 0 is the one worker rule's default for a batch
	// (runtime.GOMAXPROCS(0): batch.Options.Workers). A negative count or
	// one above resource.Cap() is refused (wrapping resource.ErrWorkers).
	Workers int
	// Progress, if set, is called with the number of puzzles answered so
	// far, every few dozen puzzles, from the goroutine that calls emit. The
	// total is unknown until the input ends.
	Progress func(done uint64)
}

// Batch returns the sudoku model's batch capability for o's layout,
// input format and Count: what SolveBatch answers with, and what
// report.BatchWriter writes its answers by.
func (o BatchOptions) Batch() models.Batch {
	b := &puzzleBatch{layout: o.Layout, format: o.Format, limit: 2}
	if o.Count {
		b.limit = 0
	}
	return b
}

// SolveBatch reads puzzles from r and answers each one with the registered
// algorithm o.Algorithm, calling emit once per puzzle in input order
// (comments and blank lines are skipped): a call of the one batch front
// end (batch.Solve), which `coverkit sudoku solve` runs too, so that the
// answers are the command's and report.BatchWriter, given as emit (or
// called from it), writes the command's records. An answer's Problem is
// the puzzle (a *Puzzle, nil when it could not be read) and its
// Result.First the first solution found (row-major symbols, 1-based);
// both are valid during the call of emit only.
//
// Invalid puzzles, lines longer than MaxLine among them, get the verdict
// Invalid and the batch goes on. When ctx ends, the reading ends (also a
// read waiting for input), the puzzles read and not yet solved get the
// verdict Timeout, and the summary says the rest of the input was not
// read (Unread). With several workers, goroutines solve chunks of
// consecutive puzzles, and the answers are emitted in order.
//
// SolveBatch fails at once, before reading, for an unknown algorithm, one
// that cannot solve any grid of the layout (CheckLayout), or a limit with
// Count. Otherwise it returns the summary and the first error from reading
// the input (an I/O error) or from emit; after such an error it stops
// early.
func SolveBatch(ctx context.Context, r io.Reader, o BatchOptions, emit func(*batch.Answer) error) (batch.Summary, error) {
	switch {
	case r == nil:
		return batch.Summary{}, errors.New("sudoku: SolveBatch: nil reader")
	case emit == nil:
		return batch.Summary{}, errors.New("sudoku: SolveBatch: nil emit")
	}
	m, err := models.Lookup("sudoku")
	if err != nil {
		return batch.Summary{}, err
	}
	if _, err := Algorithm(o.Algorithm); err != nil {
		return batch.Summary{}, err // the error that lists sudoku's algorithms
	}
	return batch.Solve(ctx, m, o.Batch(), r, batch.Request{Algorithm: o.Algorithm, Limit: o.Limit, MaxNodes: o.MaxNodes,
		Workers: o.Workers, Progress: o.Progress}, emit)
}

// puzzleBatch is the sudoku model's batch capability (models.Batch): puzzles
// one a line (or grid blocks) under a layout.
type puzzleBatch struct {
	layout Layout
	format Format
	limit  uint64 // 2, or 0 with --count
}

// newBatch is the descriptor's Batch: the layout and input format of the
// request's flags, and --count.
func newBatch(req models.Request) (models.Batch, error) {
	l, format, err := callLayout(req)
	if err != nil {
		return nil, err
	}
	b := &puzzleBatch{layout: l, format: format, limit: 2}
	if req.Switch("count") {
		b.limit = 0
	}
	return b, nil
}

// NewReader cuts r into puzzles.
func (b *puzzleBatch) NewReader(r io.Reader) models.BatchReader {
	return batchReader{NewReader(r, b.format)}
}

type batchReader struct{ rd *Reader }

func (r batchReader) Next(buf []byte) (models.BatchRecord, error) {
	rec, err := r.rd.Next(buf)
	if err != nil && rec.Err == nil {
		return models.BatchRecord{}, err
	}
	return models.BatchRecord{Line: rec.Line, Text: rec.Text, Err: rec.Err}, nil
}

// NewParser returns a parser that owns a puzzle for each slot.
func (b *puzzleBatch) NewParser() models.BatchParser {
	return &batchParser{p: NewParser(b.layout), format: b.format}
}

type batchParser struct {
	p       *Parser
	format  Format
	puzzles [models.BatchChunk]Puzzle
}

func (bp *batchParser) Parse(slot int, rec models.BatchRecord) (core.Problem, error) {
	if slot < 0 || slot >= len(bp.puzzles) {
		return nil, fmt.Errorf("sudoku: slot %d out of range", slot)
	}
	dst := &bp.puzzles[slot]
	if err := bp.p.Parse(bp.format, Record{Line: rec.Line, Text: rec.Text, Err: rec.Err}, dst); err != nil {
		return nil, err
	}
	return dst, nil
}

// Class is the puzzle's shape.
func (b *puzzleBatch) Class(p core.Problem) any {
	if pz, ok := p.(*Puzzle); ok && pz != nil {
		return pz.Shape
	}
	return nil
}

// Supports refuses an algorithm of another model, or one that cannot
// solve the layout's grids (CheckLayout).
func (b *puzzleBatch) Supports(a models.Algorithm, _ *core.Options) error {
	if a.Model != "sudoku" {
		return core.Wrap(core.ErrWrongProblem, "sudoku: %s/%s cannot solve a sudoku batch", a.Model, a.Name)
	}
	return CheckLayout(a, b.layout)
}

// Limit is 2 (uniqueness known), 0 with --count.
func (b *puzzleBatch) Limit() uint64 { return b.limit }

// Formats are line and json, or grid and rows (blocks) for grid input.
func (b *puzzleBatch) Formats() (text, json string, block bool) {
	if b.format == GridFormat {
		return "grid", "rows", true
	}
	return "line", "json", false
}

// Noun is "puzzles".
func (b *puzzleBatch) Noun() string { return "puzzles" }
