package sudoku

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/lines"
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

// BatchOptions configures SolveBatch.
type BatchOptions struct {
	// Layout reads each puzzle (variant, box shape, region map).
	Layout Layout
	// Format is the input format: one puzzle per line, or grid blocks.
	Format Format
	// Algorithm is the registered sudoku algorithm that solves each puzzle
	// ("" for DefaultAlgorithm, auto).
	Algorithm string
	// Limit is how many solutions to look for per puzzle; 0 counts them
	// all. Callers wanting the default uniqueness check pass 2.
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

// Answer is one puzzle's result in a batch.
type Answer struct {
	// Line is the puzzle's 1-based input line (a grid block's first line).
	Line int
	// Verdict is the answer: solved, multiple, unsolvable, invalid or
	// timeout.
	Verdict Verdict
	// Err says what is wrong with an invalid puzzle.
	Err error
	// Shape is the puzzle's shape (nil when invalid before it was known).
	Shape *Shape
	// Algorithm is the algorithm that ran: the one asked for, or for auto
	// the one it chose (fast or dlx); "" if none ran.
	Algorithm string
	// Result is the search's result: status, solutions found, work. Its
	// First is nil: see Solution. Zero for an invalid puzzle.
	Result core.Result
	// Solution is the first solution found, N² symbols row-major, or nil;
	// Givens are the puzzle's givens (0 for an empty cell) when there is a
	// solution. Both are only valid during the callback.
	Solution, Givens []uint8
}

// Summary counts a batch's answers.
type Summary struct {
	// Puzzles is the number of answers given.
	Puzzles int
	// ByVerdict counts the answers per verdict.
	ByVerdict [Timeout + 1]int
	// Stats is the search work summed over the puzzles; Elapsed is the
	// batch's wall time.
	Stats core.Stats
	// ByAlgorithm counts the puzzles each algorithm searched (auto's
	// choices named: fast, dlx), in order of first use.
	ByAlgorithm []AlgorithmCount
	// Unread reports that ctx ended before the end of the input: the
	// puzzles after the last answer were not read.
	Unread bool
}

// AlgorithmCount is the number of puzzles one algorithm searched.
type AlgorithmCount struct {
	Algorithm string
	Puzzles   int
}

// SolveBatch reads puzzles from r and answers each one with the registered
// algorithm o.Algorithm, calling emit once per puzzle in input order
// (comments and blank lines are skipped), through the one batch loop
// (batch.Run, which `coverkit sudoku solve` runs too). Invalid
// puzzles, lines longer than MaxLine among them, get the verdict Invalid
// and the batch goes on. When ctx ends, the reading ends (also a read
// waiting for input), the puzzles read and not yet solved get the verdict
// Timeout, and the summary says the rest of the input was not read
// (Unread). With Workers > 1, that many goroutines solve chunks of
// consecutive puzzles, and the answers are emitted in order.
//
// SolveBatch fails at once, before reading, for an unknown algorithm or one
// that cannot solve any grid of the layout (CheckLayout). Otherwise it
// returns the summary and the first error from reading the input (an I/O
// error) or from emit; after such an error it stops early.
func SolveBatch(ctx context.Context, r io.Reader, o BatchOptions, emit func(*Answer) error) (Summary, error) {
	var sum Summary
	switch {
	case r == nil:
		return sum, errors.New("sudoku: SolveBatch: nil reader")
	case emit == nil:
		return sum, errors.New("sudoku: SolveBatch: nil emit")
	}
	alg, err := Algorithm(o.Algorithm)
	if err != nil {
		return sum, err
	}
	var ans Answer
	var sol, givens []uint8
	s, err := batch.Run(ctx, &puzzleBatch{layout: o.Layout, format: o.Format, limit: 2}, r,
		batch.Options{Algorithm: alg, Limit: o.Limit, MaxNodes: o.MaxNodes, Workers: o.Workers, Progress: o.Progress},
		func(a *batch.Answer) error {
			ans = Answer{Line: a.Line, Verdict: a.Verdict, Algorithm: a.Algorithm, Result: a.Result}
			if ans.Err = a.Err; a.Err != nil && !errors.As(a.Err, new(*lines.Error)) {
				// A refusal of the algorithm's: located on its line.
				ans.Err = lineErr(a.Line, trimPrefix(a.Err))
			}
			ans.Result.First = nil
			if p, ok := a.Problem.(*Puzzle); ok && p != nil {
				ans.Shape = p.Shape
				if len(a.Result.First) > 0 {
					sol, givens = sol[:0], append(givens[:0], p.Givens...)
					for _, v := range a.Result.First {
						sol = append(sol, uint8(v))
					}
					ans.Solution, ans.Givens = sol, givens
				}
			}
			return emit(&ans)
		})
	sum.Puzzles, sum.ByVerdict, sum.Stats, sum.Unread = s.Records, s.ByVerdict, s.Stats, s.Unread
	for _, c := range s.ByAlgorithm {
		sum.ByAlgorithm = append(sum.ByAlgorithm, AlgorithmCount{c.Algorithm, c.Records})
	}
	return sum, err
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
