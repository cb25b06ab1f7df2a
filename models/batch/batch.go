package batch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/lines"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/resource"
)

// Verdict is a batch's answer for one record, from the search's status
// and the solutions it found (VerdictOf), or Invalid for a record that is
// no instance.
type Verdict uint8

const (
	// Solved: exactly one solution was found (unique, when the search
	// looked for two and finished).
	Solved Verdict = iota
	// Multiple: two or more solutions were found.
	Multiple
	// Unsolvable: the search finished and found none.
	Unsolvable
	// Invalid: the record is no instance (or the algorithm cannot solve
	// it).
	Invalid
	// Timeout: the search stopped early (deadline, interrupt, node
	// budget) before answering; nothing is claimed.
	Timeout
)

var verdictNames = [...]string{"solved", "multiple", "unsolvable", "invalid", "timeout"}

// String returns the verdict's name: solved, multiple, unsolvable,
// invalid or timeout.
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

// Answer is one record's answer in a batch.
type Answer struct {
	// Line is the record's line.
	Line int
	// Verdict is the answer.
	Verdict Verdict
	// Err says why an invalid record is invalid.
	Err error
	// Problem is the record's problem (nil when it could not be parsed),
	// valid during the callback only.
	Problem core.Problem
	// Algorithm is the algorithm that ran: the one asked for, or the one
	// it chose (Result.Method: auto's fast or dlx); "" if none ran.
	Algorithm string
	// Result is the search's result; its First (the first solution found)
	// is valid during the callback only.
	Result core.Result
}

// Options says how Run answers.
type Options struct {
	// Algorithm solves every record.
	Algorithm models.Algorithm
	// Limit is how many solutions to look for in each; 0 counts them all.
	Limit uint64
	// MaxNodes, if not 0, is a node budget per record.
	MaxNodes uint64
	// Workers is the number of goroutines that answer records, 1 on the
	// calling goroutine; 0 is the one worker rule's default for a batch
	// (resource.Workers: runtime.GOMAXPROCS(0); the answers come in input
	// order whatever the count), which Run resolves, once. Each record is
	// searched on one worker.
	Workers int
	// Progress, if set, is called with the number of records answered,
	// from the goroutine that emits.
	Progress func(done uint64)
}

// Summary counts a batch's answers.
type Summary struct {
	// Records is the number of answers; ByVerdict counts them per verdict.
	Records   int
	ByVerdict [Timeout + 1]int
	// FirstInvalid is the line of the first invalid record (0: none).
	FirstInvalid int
	// Solutions sums the solutions found; Stats the work (Elapsed: the
	// batch's wall time).
	Solutions core.Count
	Stats     core.Stats
	// ByAlgorithm counts the records each algorithm searched, in order of
	// first use.
	ByAlgorithm []AlgorithmCount
	// Unread reports that the batch was stopped before the end of its
	// input: the records after the last answer were not read (a stop
	// ends the reading, so that an endless input ends too).
	Unread bool
	// Workers is the number of goroutines that answered: Options.Workers
	// resolved.
	Workers int
	// Algorithm is the algorithm that answered (Options.Algorithm's name;
	// ByAlgorithm names the ones it chose, for auto).
	Algorithm string
}

// AlgorithmCount is the number of records one algorithm searched.
type AlgorithmCount struct {
	Algorithm string
	Records   int
}

func (s *Summary) count(name string) {
	if name == "" {
		return
	}
	for i := range s.ByAlgorithm {
		if s.ByAlgorithm[i].Algorithm == name {
			s.ByAlgorithm[i].Records++
			return
		}
	}
	s.ByAlgorithm = append(s.ByAlgorithm, AlgorithmCount{name, 1})
}

// Status is how the batch ended: exhausted when every record of the
// input was answered, else the status that stopped the first unanswered
// one (the context's, when it is done).
func (s *Summary) Status(ctx context.Context) core.Status {
	if s.ByVerdict[Timeout] == 0 && !s.Unread {
		return core.StatusExhausted
	}
	if st, done := core.ContextStatus(ctx); done {
		return st
	}
	return core.StatusLimit
}

// chunk is a unit of work: up to BatchChunk consecutive records, their
// parser and answers, recycled through the pipeline.
type chunk struct {
	seq     int
	text    []byte
	recs    []models.BatchRecord
	parser  models.BatchParser
	answers []Answer
	sols    []int32 // the answers' first solutions, one after the other
	err     error   // a read error after the last record
	last    bool
	unread  bool // the batch was stopped: the reading ended before the input did
}

const chunkBytes = 32 << 10

// fill reads the next records into c, or none when the batch was
// stopped (m not live): the reading ends at the stop, and a read the stop
// cut short (its error the context's) ends it as well, not as an input
// error.
func (c *chunk) fill(m *core.Meter, r models.BatchReader) {
	c.text, c.recs, c.err, c.last, c.unread = c.text[:0], c.recs[:0], nil, false, false
	if !m.Live() {
		c.last, c.unread = true, true
		return
	}
	for len(c.recs) < models.BatchChunk && len(c.text) < chunkBytes {
		start := len(c.text)
		rec, err := r.Next(c.text)
		if err != nil {
			c.last = true
			switch {
			case err == io.EOF:
			case !m.Live():
				c.unread = true
			default:
				c.err = err
			}
			return
		}
		if rec.Err != nil {
			c.recs = append(c.recs, models.BatchRecord{Line: rec.Line, Err: rec.Err})
			continue
		}
		c.text = rec.Text
		c.recs = append(c.recs, models.BatchRecord{Line: rec.Line, Text: c.text[start:len(c.text):len(c.text)]})
	}
}

// batchWorker holds one goroutine's solver.
type batchWorker struct {
	b       models.Batch
	alg     models.Algorithm
	run     core.Solver
	opts    core.Options
	class   any
	refusal error
	classOK bool
	m       *core.Meter
}

func newBatchWorker(m *core.Meter, b models.Batch, o *Options) *batchWorker {
	w := &batchWorker{b: b, alg: o.Algorithm, run: o.Algorithm.Worker(), m: m}
	w.opts = core.Options{Mode: core.ModeAll, Limit: o.Limit, MaxNodes: o.MaxNodes, Workers: 1}
	if o.Limit == 0 {
		w.opts.Mode = core.ModeCount
	}
	return w
}

// solve answers every record of c.
func (w *batchWorker) solve(ctx context.Context, c *chunk, b models.Batch) {
	if c.parser == nil {
		c.parser = b.NewParser()
	}
	c.answers, c.sols = c.answers[:0], c.sols[:0]
	for slot, rec := range c.recs {
		a := Answer{Line: rec.Line}
		p, err := c.parser.Parse(slot, rec)
		if rec.Err != nil {
			err = rec.Err
		}
		if err != nil {
			a.Verdict, a.Err = Invalid, err
			c.answers = append(c.answers, a)
			continue
		}
		a.Problem = p
		if cl := b.Class(p); !w.classOK || cl != w.class {
			w.class, w.classOK, w.refusal = cl, true, w.alg.Supports(p, &w.opts)
		}
		if w.refusal != nil {
			a.Verdict, a.Err = Invalid, w.refusal
			c.answers = append(c.answers, a)
			continue
		}
		if !w.m.Live() {
			// The batch was stopped: no record is started after that
			// (each search has a meter of its own, which polls the
			// clock; Live reads none).
			a.Verdict, a.Result.Status = Timeout, w.m.Status()
			c.answers = append(c.answers, a)
			continue
		}
		if a.Result, err = w.run(ctx, p, &w.opts); err != nil {
			a.Result = core.Result{}
			a.Verdict, a.Err = Invalid, err
			c.answers = append(c.answers, a)
			continue
		}
		a.Algorithm = w.alg.Name
		if a.Result.Method != "" {
			a.Algorithm = a.Result.Method
		}
		a.Verdict = VerdictOf(&a.Result)
		if first := a.Result.First; len(first) > 0 {
			// A copy in c.sols (the solver reuses its own); re-pointed
			// below.
			c.sols = append(c.sols, first...)
			a.Result.First = c.sols[len(c.sols)-len(first):]
		}
		c.answers = append(c.answers, a)
	}
	// c.sols may have moved while growing: point the answers at its final
	// backing array.
	off := 0
	for i := range c.answers {
		a := &c.answers[i]
		if k := len(a.Result.First); k > 0 {
			a.Result.First = c.sols[off : off+k : off+k]
			off += k
		}
	}
}

// Run answers every record of r with o.Algorithm, calling emit once
// per record in input order: the one batch loop. A record that is no
// instance (or a line too long) is answered Invalid and the batch goes on.
// When ctx ends, the reading ends (r is read under ctx, as
// lines.ContextReader reads: also a read waiting for input), the records
// already read and not yet solved are answered Timeout, and the summary
// says that the rest of the input was not read (Unread): an endless or
// idle input ends with the stop, with the answers given so far.
//
// Each goroutine solves with its own worker of the algorithm
// (Algorithm.Worker), which keeps its buffers from one record to the
// next, and each chunk of records its own parser, so that a batch
// allocates nothing per record. With Workers resolved to more than one
// (0: GOMAXPROCS), that many goroutines answer chunks of consecutive records while the input is read, and the
// answers are emitted in order through a bounded reorder buffer, so that
// memory stays constant however long the input is.
//
// Run fails at once, before reading, for a worker count the one worker
// rule refuses (an error wrapping resource.ErrWorkers) and for an
// algorithm that b refuses (Batch.Supports). Otherwise it returns the summary and the first
// error from reading the input (an I/O error) or from emit, after which it
// stops early.
func Run(ctx context.Context, b models.Batch, r io.Reader, o Options, emit func(*Answer) error) (Summary, error) {
	start := time.Now()
	var sum Summary
	if ctx == nil {
		ctx = context.Background()
	}
	switch {
	case b == nil:
		return sum, errors.New("batch: Run: no batch")
	case r == nil:
		return sum, errors.New("batch: Run: nil reader")
	case emit == nil:
		return sum, errors.New("batch: Run: nil emit")
	case o.Algorithm.Solve == nil:
		return sum, errors.New("batch: Run: no algorithm")
	}
	workers, err := resource.Workers(o.Workers, false) // the one resolution of a batch's count
	if err != nil {
		return sum, fmt.Errorf("batch: %w", err)
	}
	o.Workers, sum.Workers, sum.Algorithm = workers, workers, o.Algorithm.Name
	opts := core.Options{Mode: core.ModeAll, Limit: o.Limit, Workers: 1}
	if err := b.Supports(o.Algorithm, &opts); err != nil {
		return sum, err
	}
	rd := b.NewReader(lines.ContextReader(ctx, r))
	record := func(c *chunk) error {
		for i := range c.answers {
			a := &c.answers[i]
			sum.Records++
			sum.ByVerdict[a.Verdict]++
			if a.Verdict == Invalid && sum.FirstInvalid == 0 {
				sum.FirstInvalid = a.Line
			}
			sum.Solutions = sum.Solutions.Add(a.Result.Solutions)
			sum.Stats = sum.Stats.Add(a.Result.Stats)
			sum.count(a.Algorithm)
			if err := emit(a); err != nil {
				return err
			}
		}
		if o.Progress != nil && len(c.answers) > 0 {
			o.Progress(uint64(sum.Records))
		}
		sum.Unread = sum.Unread || c.unread
		return c.err
	}
	m := core.NewMeter(ctx, nil)
	if o.Workers == 1 {
		w := newBatchWorker(m, b, &o)
		c := new(chunk)
		for {
			c.fill(m, rd)
			w.solve(ctx, c, b)
			if err = record(c); err != nil || c.last {
				break
			}
		}
	} else {
		err = runParallel(ctx, m, rd, b, &o, record)
	}
	sum.Stats.Elapsed = time.Since(start)
	return sum, err
}

func runParallel(ctx context.Context, m *core.Meter, rd models.BatchReader, b models.Batch, o *Options, record func(*chunk) error) error {
	workers := o.Workers
	inFlight := 4 * workers
	free := make(chan *chunk, inFlight)
	for range inFlight {
		free <- new(chunk)
	}
	work := make(chan *chunk, inFlight)
	done := make(chan *chunk, inFlight)
	abort := make(chan struct{})

	// The reader fills free chunks in order; at most inFlight chunks
	// exist, which bounds both the work queue and the reorder buffer.
	go func() {
		defer close(work)
		for seq := 0; ; seq++ {
			var c *chunk
			select {
			case c = <-free:
			case <-abort:
				return
			}
			c.fill(m, rd)
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
			w := newBatchWorker(wm, b, o)
			for c := range work {
				select {
				case <-abort:
					c.answers = c.answers[:0]
				default:
					w.solve(ctx, c, b)
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
					err = errBatchDone
				}
				close(abort)
				break
			}
			free <- c
		}
	}
	if errors.Is(err, errBatchDone) {
		return nil
	}
	return err
}

// errBatchDone marks the end of the last chunk inside runParallel.
var errBatchDone = errors.New("done")

// Instance is a batch held in memory as one instance, for comparing
// algorithms (package bench): Run answers every valid record with an
// algorithm and sums the results; invalid records are counted apart and
// skipped.
type Instance struct {
	name         string
	data         [][]byte // the input, in blocks
	b            models.Batch
	items, skips uint64
	firsts       []models.BatchRecord // the first record of each class
}

// MaxBytes is the most input Load holds: a batch compared in
// memory is at most 1 GiB (and what the resource policy allows);
// a larger one is split into several.
const MaxBytes = 1 << 30

// Load reads r (named in reports by name's base name) into a
// Instance. It fails when r cannot be read (a read under a context
// that ended: the context's error) or holds more than MaxBytes or
// than the resource policy allows (an error wrapping
// resource.ErrTooLarge), which each growth of its buffer asks.
func Load(name string, b models.Batch, r io.Reader) (*Instance, error) {
	if b == nil || r == nil {
		return nil, fmt.Errorf("batch: %s: nothing to read", name)
	}
	data, err := readBatch(name, r)
	if err != nil {
		return nil, err
	}
	bi := &Instance{name: filepath.Base(name), data: data, b: b}
	rd := b.NewReader(blocksReader(data))
	p := b.NewParser()
	seen := map[any]bool{}
	for {
		rec, err := rd.Next(nil)
		if err == io.EOF {
			return bi, nil
		}
		if err != nil {
			return nil, fmt.Errorf("batch: %s: %w", name, err)
		}
		prob, perr := p.Parse(0, rec)
		if perr != nil || rec.Err != nil {
			bi.skips++
			continue
		}
		bi.items++
		if cl := b.Class(prob); !seen[cl] {
			seen[cl] = true
			bi.firsts = append(bi.firsts, models.BatchRecord{Line: rec.Line, Text: bytes.Clone(rec.Text)})
		}
	}
}

// batchBlock is the size of the blocks a batch is held in.
const batchBlock = 4 << 20

// readBatch reads r to its end in blocks (never copied: a stop is not
// kept waiting by a copy of what was read), asking the resource policy
// before each, up to MaxBytes.
func readBatch(name string, r io.Reader) ([][]byte, error) {
	var blocks [][]byte
	held := 0
	for {
		if len(blocks) == 0 || len(blocks[len(blocks)-1]) == cap(blocks[len(blocks)-1]) {
			if held >= MaxBytes {
				return nil, fmt.Errorf("batch: %s: more than %s of input, the most a batch held in memory takes (MaxBytes): split it: %w",
					name, resource.FormatBytes(MaxBytes), resource.ErrTooLarge)
			}
			size := min(max(held, 64<<10), batchBlock) // small inputs, small blocks
			if err := resource.Grow(fmt.Sprintf("batch: %s", name), uint64(held), uint64(size)); err != nil {
				return nil, err
			}
			blocks = append(blocks, make([]byte, 0, size))
		}
		b := blocks[len(blocks)-1]
		n, err := r.Read(b[len(b):cap(b)])
		blocks[len(blocks)-1] = b[:len(b)+n]
		held += n
		switch {
		case err == io.EOF:
			return blocks, nil
		case err != nil:
			return nil, fmt.Errorf("batch: %s: %w", name, err)
		}
	}
}

// blocksReader reads blocks one after the other.
func blocksReader(blocks [][]byte) io.Reader {
	if len(blocks) == 1 {
		return bytes.NewReader(blocks[0]) // read without a goroutine under a context
	}
	rs := make([]io.Reader, len(blocks))
	for i, b := range blocks {
		rs[i] = bytes.NewReader(b)
	}
	return io.MultiReader(rs...)
}

// errNoBatch is the error of a Instance not made by Load.
var errNoBatch = errors.New("batch: no batch loaded (use Load)")

// Size returns the batch's name.
func (bi *Instance) Size() string {
	if bi == nil {
		return ""
	}
	return bi.name
}

// Items returns the number of valid records.
func (bi *Instance) Items() uint64 {
	if bi == nil {
		return 0
	}
	return bi.items
}

// Skipped returns the number of invalid records, which every run skips.
func (bi *Instance) Skipped() uint64 {
	if bi == nil {
		return 0
	}
	return bi.skips
}

// Supports is the batch's Supports, then the algorithm's for one record
// of each class (sudoku: each shape) of the batch: an algorithm that
// cannot solve every valid record is refused, rather than compared on
// fewer records than the others.
func (bi *Instance) Supports(a models.Algorithm, o *core.Options) error {
	if bi == nil || bi.b == nil {
		return errNoBatch
	}
	if err := bi.b.Supports(a, o); err != nil {
		return err
	}
	for _, rec := range bi.firsts {
		p, err := bi.b.NewParser().Parse(0, rec)
		if err == nil {
			err = a.Supports(p, o)
		}
		if err != nil {
			return fmt.Errorf("line %d: %w", rec.Line, err)
		}
	}
	return nil
}

// Run answers the whole batch with a: the uniqueness check (the batch's
// Limit), or the first solution only with ModeFirst. The result sums the
// solutions and the work; its status is exhausted, or the status that
// stopped a record early. o.Workers goroutines share the records (0: the
// one worker rule's default, GOMAXPROCS, resolved by Run).
func (bi *Instance) Run(ctx context.Context, a models.Algorithm, o *core.Options) (core.Result, error) {
	if bi == nil || bi.b == nil {
		return core.Result{}, errNoBatch
	}
	o = o.OrDefault()
	limit := bi.b.Limit()
	if o.Mode == core.ModeFirst {
		limit = 1
	}
	res := core.Result{Status: core.StatusExhausted}
	sum, err := Run(ctx, bi.b, blocksReader(bi.data), Options{Algorithm: a, Limit: limit, MaxNodes: o.MaxNodes, Workers: o.Workers},
		func(ans *Answer) error {
			if ans.Verdict == Timeout && res.Status == core.StatusExhausted {
				res.Status = ans.Result.Status
			}
			return nil
		})
	if err != nil {
		return core.Result{}, err
	}
	if sum.Unread && res.Status == core.StatusExhausted {
		res.Status = sum.Status(ctx) // stopped between two records
	}
	res.Solutions, res.Stats = sum.Solutions, sum.Stats
	return res, nil
}

// Fields returns the batch's own facts about a run: the records (named by
// the batch's noun) and the invalid ones skipped.
func (bi *Instance) Fields(*core.Result) []models.Field {
	if bi == nil || bi.b == nil {
		return nil
	}
	return []models.Field{{Key: bi.b.Noun(), Value: bi.items}, {Key: "skipped", Value: bi.skips}}
}

// Fields are a batch's own facts in its record (the --stats of
// solve): the records and their verdicts (named by the batch's noun),
// whether a stop left the rest of the input unread, records a second, the
// records each algorithm searched and the workers.
func Fields(b models.Batch, s *Summary) []models.Field {
	if b == nil || s == nil {
		return nil
	}
	rate := 0.0
	if secs := s.Stats.Elapsed.Seconds(); secs > 0 {
		rate = float64(s.Records) / secs
	}
	by := models.Fields{}
	for _, a := range s.ByAlgorithm {
		by = append(by, models.Field{Key: a.Algorithm, Value: a.Records})
	}
	noun := b.Noun()
	return []models.Field{{Key: noun, Value: s.Records}, {Key: "solved", Value: s.ByVerdict[Solved]},
		{Key: "multiple", Value: s.ByVerdict[Multiple]}, {Key: "unsolvable", Value: s.ByVerdict[Unsolvable]},
		{Key: "invalid", Value: s.ByVerdict[Invalid]}, {Key: "timeout", Value: s.ByVerdict[Timeout]}, {Key: "unread", Value: s.Unread},
		{Key: noun + "_per_second", Value: rate}, {Key: "by_algorithm", Value: by}, {Key: "workers", Value: s.Workers}}
}

// LoadRequest reads the batch a request names (the model's Batch over the
// input of its first argument, models.Model.OpenInput) into a
// Instance.
func LoadRequest(m *models.Model, req models.Request) (*Instance, error) {
	switch {
	case m == nil:
		return nil, errors.New("batch: LoadRequest on a nil model")
	case m.Batch == nil:
		return nil, fmt.Errorf("batch: %s reads no batch", m.Name)
	}
	b, err := m.Batch(req)
	if err != nil {
		return nil, err
	}
	in, name, err := m.OpenInput(req, 0)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	return Load(name, b, in)
}
