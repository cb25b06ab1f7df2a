package sudoku

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/resource"
)

// Verdict is a batch's answer for one puzzle, derived from the search's
// core.Status and the number of solutions it found (see VerdictOf), or
// Invalid for input that is not a puzzle.
type Verdict uint8

const (
	// Solved: exactly one solution was found (unique, if the search looked
	// for two and finished).
	Solved Verdict = iota
	// Multiple: two or more solutions were found.
	Multiple
	// Unsolvable: the search finished and found none.
	Unsolvable
	// Invalid: the input is not a puzzle (wrong length, bad symbol, a
	// symbol twice in a unit, a line too long) or the algorithm does not
	// handle its grid.
	Invalid
	// Timeout: the search stopped early (deadline, interrupt or node
	// budget) before answering; nothing is claimed.
	Timeout
)

var verdictNames = [...]string{"solved", "multiple", "unsolvable", "invalid", "timeout"}

// String returns the verdict's name: solved, multiple, unsolvable, invalid
// or timeout.
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// MarshalText encodes the verdict as its name.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// VerdictOf turns a search result into a verdict: a search that did not
// finish is a Timeout whatever it found; otherwise 0, 1 or more solutions
// make Unsolvable, Solved or Multiple.
func VerdictOf(res *core.Result) Verdict {
	switch {
	case res == nil:
		return Invalid
	case res.Status.Partial():
		return Timeout
	case res.Solutions.IsZero():
		return Unsolvable
	case res.Solutions == core.CountOf(1):
		return Solved
	}
	return Multiple
}

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
	// Workers is the number of solving goroutines; 0 or 1 solves on the
	// calling goroutine. A negative count or one above resource.Cap() is
	// refused (wrapping resource.ErrWorkers).
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
}

// AlgorithmCount is the number of puzzles one algorithm searched.
type AlgorithmCount struct {
	Algorithm string
	Puzzles   int
}

// count adds one puzzle searched by algorithm name ("" for none).
func (s *Summary) count(name string) {
	if name == "" {
		return
	}
	for i := range s.ByAlgorithm {
		if s.ByAlgorithm[i].Algorithm == name {
			s.ByAlgorithm[i].Puzzles++
			return
		}
	}
	s.ByAlgorithm = append(s.ByAlgorithm, AlgorithmCount{name, 1})
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
		if err != nil && rec.Err == nil {
			c.last = true
			if err != io.EOF {
				c.err = err
			}
			return
		}
		if rec.Err != nil {
			// An over-long line: answered invalid, and the batch goes on.
			c.recs = append(c.recs, Record{Line: rec.Line, Err: rec.Err})
			continue
		}
		c.text = rec.Text
		c.recs = append(c.recs, Record{Line: rec.Line, Text: c.text[start:len(c.text):len(c.text)]})
	}
}

// worker holds one goroutine's parser and solver.
type worker struct {
	parser  *Parser
	format  Format
	alg     models.Algorithm
	run     core.Solver
	puzzle  Puzzle
	opts    core.Options
	shape   *Shape      // the shape last checked with Supports
	refusal error       // and the algorithm's refusal of it
	m       *core.Meter // the batch's stop, checked before each puzzle
}

func newWorker(m *core.Meter, alg models.Algorithm, o *BatchOptions) *worker {
	w := &worker{parser: NewParser(o.Layout), format: o.Format, alg: alg, run: alg.Worker(), m: m}
	w.opts = core.Options{Mode: core.ModeAll, Limit: o.Limit, MaxNodes: o.MaxNodes, Workers: 1}
	if o.Limit == 0 {
		w.opts.Mode = core.ModeCount
	}
	return w
}

// solve answers every record of c.
func (w *worker) solve(ctx context.Context, c *chunk) {
	c.answers = c.answers[:0]
	c.sols = c.sols[:0]
	for _, rec := range c.recs {
		a := Answer{Line: rec.Line}
		if err := w.parser.Parse(w.format, rec, &w.puzzle); err != nil {
			a.Verdict, a.Err = Invalid, err
			c.answers = append(c.answers, a)
			continue
		}
		sh := w.puzzle.Shape
		a.Shape = sh
		if sh != w.shape {
			w.shape, w.refusal = sh, w.alg.Supports(&w.puzzle, &w.opts)
		}
		if w.refusal != nil {
			a.Verdict, a.Err = Invalid, lineErr(rec.Line, trimPrefix(w.refusal))
			c.answers = append(c.answers, a)
			continue
		}
		if _, ok := w.m.Check(0); !ok {
			// The batch was stopped: no puzzle is started after that, and
			// each puzzle's search has a meter of its own.
			a.Verdict = Timeout
			a.Result.Status = w.m.Status()
			c.answers = append(c.answers, a)
			continue
		}
		var err error
		if a.Result, err = w.run(ctx, &w.puzzle, &w.opts); err != nil {
			a.Result = core.Result{}
			a.Verdict, a.Err = Invalid, lineErr(rec.Line, trimPrefix(err))
			c.answers = append(c.answers, a)
			continue
		}
		a.Algorithm = w.alg.Name
		if a.Result.Method != "" {
			a.Algorithm = a.Result.Method
		}
		a.Verdict = VerdictOf(&a.Result)
		if first := a.Result.First; len(first) > 0 {
			// The solution, then the givens, in c.sols.
			k := len(first)
			start := len(c.sols)
			c.sols = slices.Grow(c.sols, 2*k)[:start+2*k]
			sol := c.sols[start : start+k : start+k]
			for j, v := range first {
				sol[j] = uint8(v)
			}
			a.Solution = sol
			a.Givens = c.sols[start+k : start+2*k : start+2*k]
			copy(a.Givens, w.puzzle.Givens)
			a.Result.First = nil
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
			a.Givens = c.sols[off+k : off+2*k : off+2*k]
			off += 2 * k
		}
	}
}

// SolveBatch reads puzzles from r and answers each one with the registered
// algorithm o.Algorithm, calling emit once per puzzle in input order
// (comments and blank lines are skipped). Invalid puzzles, lines longer
// than MaxLine among them, get the verdict Invalid and the batch goes on.
// When ctx ends, the puzzles not yet solved get the verdict Timeout, and the
// rest of the input is still read so that every puzzle has its answer.
//
// Each goroutine solves with its own worker of the algorithm
// (models.Algorithm.NewWorker), which keeps its matrices and buffers from
// one puzzle to the next: a batch allocates nothing per puzzle. With
// Workers > 1, that many goroutines solve chunks of consecutive puzzles
// while the input is read and the answers are emitted in order through a
// bounded reorder buffer (a few chunks per worker), so memory stays
// constant however long the input is.
//
// SolveBatch fails at once, before reading, for an unknown algorithm or one
// that cannot solve any grid of the layout (CheckLayout). Otherwise it
// returns the summary and the first error from reading the input (an I/O
// error) or from emit; after such an error it stops early.
func SolveBatch(ctx context.Context, r io.Reader, o BatchOptions, emit func(*Answer) error) (Summary, error) {
	start := time.Now()
	var sum Summary
	if ctx == nil {
		ctx = context.Background()
	}
	switch {
	case r == nil:
		return sum, errors.New("sudoku: SolveBatch: nil reader")
	case emit == nil:
		return sum, errors.New("sudoku: SolveBatch: nil emit")
	}
	if _, err := resource.CheckWorkers(o.Workers); err != nil {
		return sum, fmt.Errorf("sudoku: %w", err)
	}
	alg, err := Algorithm(o.Algorithm)
	if err != nil {
		return sum, err
	}
	if err := CheckLayout(alg, o.Layout); err != nil {
		return sum, err
	}
	rd := NewReader(r, o.Format)
	record := func(c *chunk) error {
		for i := range c.answers {
			a := &c.answers[i]
			sum.Puzzles++
			sum.ByVerdict[a.Verdict]++
			sum.Stats = sum.Stats.Add(a.Result.Stats)
			sum.count(a.Algorithm)
			if err := emit(a); err != nil {
				return err
			}
		}
		if o.Progress != nil && len(c.answers) > 0 {
			o.Progress(uint64(sum.Puzzles))
		}
		return c.err
	}
	m := core.NewMeter(ctx, nil)
	if o.Workers <= 1 {
		w := newWorker(m, alg, &o)
		c := new(chunk)
		for {
			c.fill(rd)
			w.solve(ctx, c)
			if err = record(c); err != nil || c.last {
				break
			}
		}
	} else {
		err = solveParallel(ctx, m, rd, alg, &o, record)
	}
	sum.Stats.Elapsed = time.Since(start)
	return sum, err
}

func solveParallel(ctx context.Context, m *core.Meter, rd *Reader, alg models.Algorithm, o *BatchOptions, record func(*chunk) error) error {
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
		wm := m.Fork()
		go func() {
			defer wg.Done()
			w := newWorker(wm, alg, o)
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
