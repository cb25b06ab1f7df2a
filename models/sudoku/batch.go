package sudoku

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/resource"
)

// BatchOptions configures SolveBatch.
type BatchOptions struct {
	// Layout reads each puzzle (variant, box shape, region map).
	Layout Layout
	// Format is the input format: one puzzle per line, or grid blocks.
	Format Format
	// Algo is the search (Auto by default).
	Algo Algo
	// Limit is how many solutions to look for per puzzle; 0 counts them
	// all. Callers wanting the default uniqueness check pass 2.
	Limit uint64
	// MaxNodes, if not 0, is a node budget per puzzle (DLX only).
	MaxNodes uint64
	// Workers is the number of solving goroutines; 0 or 1 solves on the
	// calling goroutine. A negative count or one above resource.Cap() is
	// refused (wrapping models.ErrWorkers).
	Workers int
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
	// Outcome is the search's result (zero for an invalid puzzle).
	Outcome Outcome
	// Solution is the first solution found, N² symbols row-major, or nil.
	// It is only valid during the callback.
	Solution []uint8
}

// Summary counts a batch's answers.
type Summary struct {
	// Puzzles is the number of answers given.
	Puzzles int
	// ByVerdict counts the answers per verdict.
	ByVerdict [Timeout + 1]int
	// Stats is the search work summed over the puzzles; Elapsed is the
	// batch's wall time.
	Stats models.Stats
}

// chunk is a unit of work: up to chunkRecords consecutive records, their
// answers, and the buffers they live in, recycled through the pipeline.
type chunk struct {
	seq     int
	text    []byte
	recs    []Record
	answers []Answer
	sols    []uint8
	err     error // read error after the last record of this chunk
	last    bool  // no chunk follows
}

const (
	chunkRecords = 64
	chunkBytes   = 32 << 10
)

// fill reads records into c until it is full or the input ends.
func (c *chunk) fill(r *Reader) {
	c.text, c.recs, c.err, c.last = c.text[:0], c.recs[:0], nil, false
	for len(c.recs) < chunkRecords && len(c.text) < chunkBytes {
		start := len(c.text)
		rec, err := r.Next(c.text)
		if err != nil && rec.Err != nil {
			// An over-long line: answered invalid, and the batch goes on.
			c.recs = append(c.recs, Record{Line: rec.Line, Err: rec.Err})
			continue
		}
		if err != nil {
			c.last = true
			if err != io.EOF {
				c.err = err
			}
			return
		}
		c.text = rec.Text
		c.recs = append(c.recs, Record{Line: rec.Line, Text: c.text[start:len(c.text):len(c.text)]})
	}
}

// worker holds one goroutine's parser and solver.
type worker struct {
	parser *Parser
	solver *Solver
	puzzle Puzzle
	opts   *BatchOptions
}

func newWorker(o *BatchOptions) *worker {
	return &worker{parser: NewParser(o.Layout), solver: NewSolver(o.Algo, o.MaxNodes), opts: o}
}

// solve answers every record of c.
func (w *worker) solve(ctx context.Context, c *chunk) {
	c.answers = c.answers[:0]
	c.sols = c.sols[:0]
	for _, rec := range c.recs {
		a := Answer{Line: rec.Line}
		if err := w.parser.Parse(w.opts.Format, rec, &w.puzzle); err != nil {
			a.Verdict, a.Err = Invalid, err
			c.answers = append(c.answers, a)
			continue
		}
		sh := w.puzzle.Shape
		a.Shape = sh
		if ctx.Err() != nil {
			a.Verdict = Timeout
			a.Outcome.Status, _ = models.ContextStatus(ctx)
			c.answers = append(c.answers, a)
			continue
		}
		start, k := len(c.sols), sh.Cells()
		c.sols = slices.Grow(c.sols, k)
		sol := c.sols[start : start+k]
		out, err := w.solver.Solve(ctx, &w.puzzle, w.opts.Limit, sol)
		if err != nil {
			a.Verdict, a.Err = Invalid, lineErr(rec.Line, trimPrefix(err))
			c.answers = append(c.answers, a)
			continue
		}
		a.Outcome = out
		a.Verdict = out.Verdict()
		if out.Found > 0 {
			c.sols = c.sols[:start+k]
			a.Solution = sol[:k:k]
		}
		c.answers = append(c.answers, a)
	}
	// c.sols may have moved while growing: point the answers at its final
	// backing array.
	off := 0
	for i := range c.answers {
		a := &c.answers[i]
		if a.Solution != nil {
			k := len(a.Solution)
			a.Solution = c.sols[off : off+k : off+k]
			off += k
		}
	}
}

// SolveBatch reads puzzles from r and answers each one, calling emit once
// per puzzle in input order (comments and blank lines are skipped). Invalid
// puzzles get the verdict Invalid and the batch goes on. When ctx ends, the
// puzzles not yet solved get the verdict Timeout, and the rest of the input
// is still read so that every puzzle has its answer.
//
// With Workers > 1, that many goroutines solve chunks of consecutive
// puzzles while the input is read and the answers are emitted in order
// through a bounded reorder buffer (a few chunks per worker), so memory
// stays constant however long the input is.
//
// SolveBatch returns the summary and the first error from reading the input
// (an over-long line, an I/O error) or from emit; after such an error it
// stops early.
func SolveBatch(ctx context.Context, r io.Reader, o BatchOptions, emit func(*Answer) error) (Summary, error) {
	start := time.Now()
	var sum Summary
	if _, err := resource.CheckWorkers(o.Workers); err != nil {
		return sum, fmt.Errorf("sudoku: %w", err)
	}
	rd := NewReader(r, o.Format)
	record := func(c *chunk) error {
		for i := range c.answers {
			a := &c.answers[i]
			sum.Puzzles++
			sum.ByVerdict[a.Verdict]++
			sum.Stats = sum.Stats.Add(a.Outcome.Stats)
			if err := emit(a); err != nil {
				return err
			}
		}
		return c.err
	}
	var err error
	if o.Workers <= 1 {
		w := newWorker(&o)
		c := new(chunk)
		for {
			c.fill(rd)
			w.solve(ctx, c)
			if err = record(c); err != nil || c.last {
				break
			}
		}
	} else {
		err = solveParallel(ctx, rd, &o, record)
	}
	sum.Stats.Elapsed = time.Since(start)
	return sum, err
}

func solveParallel(ctx context.Context, rd *Reader, o *BatchOptions, record func(*chunk) error) error {
	workers := o.Workers
	inFlight := 4 * workers
	free := make(chan *chunk, inFlight)
	for range inFlight {
		free <- new(chunk)
	}
	work := make(chan *chunk, inFlight)
	done := make(chan *chunk, inFlight)
	abort := make(chan struct{})

	// The reader fills free chunks in order; at most inFlight chunks exist,
	// which bounds both the work queue and the reorder buffer.
	go func() {
		defer close(work)
		for seq := 0; ; seq++ {
			var c *chunk
			select {
			case c = <-free:
			case <-abort:
				return
			}
			c.fill(rd)
			c.seq = seq
			work <- c
			if c.last {
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker(o)
			for c := range work {
				select {
				case <-abort:
					c.answers = c.answers[:0]
				default:
					w.solve(ctx, c)
				}
				done <- c
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()

	// Emit in order: chunk seq waits in slot seq % inFlight until every
	// earlier chunk has been emitted.
	pending := make([]*chunk, inFlight)
	next := 0
	var err error
	for c := range done {
		if err != nil {
			continue // draining after an error
		}
		pending[c.seq%inFlight] = c
		for pending[next%inFlight] != nil {
			c := pending[next%inFlight]
			pending[next%inFlight] = nil
			next++
			if err = record(c); err != nil || c.last {
				if err == nil {
					err = errDone
				}
				close(abort)
				break
			}
			free <- c
		}
	}
	if errors.Is(err, errDone) {
		return nil
	}
	return err
}

// errDone marks the end of the last chunk inside solveParallel.
var errDone = errors.New("done")
