package frontier

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"os"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// Problem is a count of knight's tours on a board swept column by column.
type Problem struct {
	// Rows and Cols are the board's sides; Rows is the side the frontier
	// spans (at most MaxRows), Cols the one it sweeps along.
	Rows, Cols int
	// Closed counts closed tours (undirected Hamiltonian cycles);
	// otherwise open tours are counted as directed paths.
	Closed bool
	// From is the row-major index r·Cols+c of the square every open tour
	// starts from, or −1 for every start. Closed counts ignore it.
	From int
}

// Options tunes a count; nil means the defaults.
type Options struct {
	// Workers is the number of goroutines of each step (0 or 1: one).
	Workers int
	// Check asks the memory policy for need bytes before memory is taken;
	// nil means resource.Check. It is asked up front for the estimate of
	// the count's peak (EstimateBytes) and before each hash table.
	Check func(what string, need uint64) error
	// Grow asks the memory policy for one step more of the levels' memory
	// (8 MiB at a time), which holds held bytes; nil means resource.Grow.
	Grow func(what string, held, step uint64) error
	// Report, if set, receives the progress of the count, about every
	// 50 ms and after each step, from the workers' goroutines (one report
	// every 50 ms wins; it must be safe for concurrent use).
	Report func(Progress)

	// Method is MethodSweep or MethodJoin; "" lets ChooseMethod choose.
	Method string

	// Checkpoint, if set, is a file the sweep saves its level to at the
	// end of a column (atomically: a temporary file renamed over it) and
	// resumes from when it exists, and removes when the count finishes. A
	// checkpoint of another count, or damaged, is an error wrapping
	// ErrCheckpoint. The join does not checkpoint: with Checkpoint set the
	// method is the sweep, and MethodJoin is refused.
	Checkpoint string
	// Every is the least time between two saves of the checkpoint, from
	// the start (or the resume) of the count: the level is saved at the
	// end of the first column after Every has passed since the last save.
	// 0 saves after every column. A stop does not save (the level then
	// is half expanded): a resumed count redoes the work since the last
	// save.
	Every time.Duration

	bucketStates int // the states a bucket aims at; 0: bucketStates (tests split small levels)
}

// Progress is a snapshot of a running count.
type Progress struct {
	// Join is set in the join's phase: Done of Of are then the left
	// groups joined, Checks the pairs of states compared so far, Step the
	// squares swept before it, States the states of the two halves.
	Join   bool
	Checks uint64
	// Step is the square being processed (0-based, sweep order), of
	// Steps; Done of Of are the states of its level expanded so far.
	Step, Steps int
	Done, Of    uint64
	// States is the number of states the step has made so far (the
	// successors of the buckets it has finished); Peak the most a level
	// has held; Estimate the estimate of the most a level of this count
	// will hold (EstimatePeak, for the method), which the memory policy
	// was asked for.
	States, Peak, Estimate uint64
	// Bytes is the memory the count holds.
	Bytes uint64
	// Elapsed is the time since the count began.
	Elapsed time.Duration
}

// Result is the outcome of a count.
type Result struct {
	// Status is core.StatusExhausted for a finished count; otherwise the
	// count stopped early and Count is what the completed part found.
	Status core.Status
	// Count is the number of tours: closed tours as undirected cycles,
	// open tours as directed paths (from From, or from every square).
	Count *big.Int
	// States is the number of frontier states after each step, Moves the
	// transitions each step made.
	States, Moves []uint64
	// Peak is the most states a level held, PeakBytes the most memory
	// the count held.
	Peak, PeakBytes uint64
	// Width is the most count words a state needed.
	Width int
	// Nodes is the number of states expanded.
	Nodes uint64
	// Resumed is the square the sweep resumed from (a checkpoint's last
	// square plus one), or 0; Saves is the number of checkpoints this
	// run saved.
	Resumed, Saves int
	// Method is the method used, JoinChecks the pairs of left and right
	// states the join compared.
	Method     string
	JoinChecks uint64
}

// ErrTooWide is returned for a board both of whose sides exceed MaxRows.
var ErrTooWide = errors.New("frontier: both sides of the board exceed the frontier's width")

// Tuning of the buckets: a bucket's successors fill a hash table of their
// own, best small enough to stay in the caches.
const (
	bucketStates = 1 << 16 // the states a bucket aims at
	maxBuckets   = 1 << 12
	sigCells     = 12 // frontier cells whose degrees make the signature
)

// Count counts the tours of p, stopping through m (nil: never).
func Count(m *core.Meter, p Problem, o *Options) (Result, error) {
	if o == nil {
		o = &Options{}
	}
	if m == nil {
		m = core.NewMeter(context.Background(), nil)
	}
	if p.Rows <= 0 || p.Cols <= 0 {
		return Result{}, fmt.Errorf("frontier: board %dx%d: sides must be positive", p.Rows, p.Cols)
	}
	if p.Rows > MaxRows {
		return Result{}, fmt.Errorf("frontier: a %dx%d board is %d rows wide, more than %d: %w", p.Rows, p.Cols, p.Rows, MaxRows, ErrTooWide)
	}
	if p.From >= p.Rows*p.Cols || p.From < -1 {
		return Result{}, fmt.Errorf("frontier: start %d is off the %dx%d board", p.From, p.Rows, p.Cols)
	}
	check := o.Check
	if check == nil {
		check = resource.Check
	}
	grow := o.Grow
	if grow == nil {
		grow = resource.Grow
	}
	b := newBoard(p.Rows, p.Cols)
	res := Result{Status: core.StatusExhausted, Count: new(big.Int), Width: 1}
	if b.n == 1 {
		if !p.Closed {
			res.Count.SetInt64(1)
		}
		return res, nil
	}
	from := -1
	if p.From >= 0 && !p.Closed {
		r, c := p.From/p.Cols, p.From%p.Cols
		from = c*p.Rows + r
	}
	method := o.Method
	switch {
	case method == "" && o.Checkpoint != "":
		method = MethodSweep
	case method == "":
		method = ChooseMethod(p.Rows, p.Cols, p.Closed)
	case method == MethodJoin && o.Checkpoint != "":
		return res, fmt.Errorf("frontier: the join does not save checkpoints (use the sweep, or no checkpoint)")
	}
	if method != MethodSweep && method != MethodJoin {
		return res, fmt.Errorf("frontier: unknown method %q (known: %s, %s)", method, MethodSweep, MethodJoin)
	}
	if method == MethodJoin && p.Cols < 4 {
		method = MethodSweep // no columns to cut between
	}
	res.Method = method
	estimate := EstimatePeak(p.Rows, p.Cols, p.Closed)
	if method == MethodJoin {
		estimate /= joinSaves
	}
	if peak := estimate; peak > 0 {
		if err := check(fmt.Sprintf("frontier: a %dx%d %s count (%s, an estimated peak of %d states)",
			p.Rows, p.Cols, kind(p.Closed), method, peak), peak*bytesPerState); err != nil {
			return res, err
		}
	}
	newCounter := func(from int) *counter {
		c := &counter{b: b, closed: p.Closed, from: from, workers: max(o.Workers, 1), check: check, m: m,
			report: o.Report, t0: time.Now(), bucketStates: bucketStates, estimate: estimate}
		c.pool = &pool{grow: func(held, step uint64) error {
			return grow(fmt.Sprintf("frontier: the states of a %dx%d board", p.Rows, p.Cols), held, step)
		}}
		if o.bucketStates > 0 {
			c.bucketStates = o.bucketStates
		}
		return c
	}
	c := newCounter(from)
	defer c.freeTables()
	stop := func() (Result, error) {
		res.Status = m.Status()
		if res.Status == core.StatusExhausted {
			res.Status = core.StatusCanceled
		}
		res.PeakBytes, res.Width, res.Nodes = c.peakBytes, c.width, c.nodes
		return res, nil
	}
	if method == MethodSweep {
		c.ckpt, c.every, c.problem = o.Checkpoint, o.Every, p
		done, ok, err := c.sweep(b.n-1, nil, &res)
		if err == nil && ok && c.ckpt != "" {
			if e := os.Remove(c.ckpt); e != nil && !errors.Is(e, os.ErrNotExist) {
				err = fmt.Errorf("frontier: checkpoint: %w", e)
			}
		}
		res.Count = words(done)
		if err != nil {
			return res, err
		}
		if !ok {
			return stop()
		}
		res.PeakBytes, res.Width, res.Nodes = c.peakBytes, c.width, c.nodes
	} else {
		// The left part's level after column cut, the right's (the
		// mirrored board's) after column C−4−cut: the same sweep for
		// closed tours and open tours from any square, a second from the
		// mirrored start for open tours from a start.
		cut := (p.Cols - 4) / 2
		deep := p.Cols - 4 - cut
		var left, right *half
		capture := func(mirrorDeep bool) func(col int, l *level) {
			return func(col int, l *level) {
				if col == cut && left == nil {
					left = newHalf(l, p.Rows, false)
				}
				if col == deep && mirrorDeep {
					right = newHalf(l, p.Rows, true)
				}
			}
		}
		sameSweep := from < 0
		depth := cut
		if sameSweep {
			depth = deep
		}
		if _, ok, err := c.sweep((depth+1)*p.Rows-1, capture(sameSweep), &res); err != nil || !ok {
			if err != nil {
				return res, err
			}
			return stop()
		}
		if !sameSweep {
			mc := newCounter(mirrorSquare(b, from))
			defer mc.freeTables()
			var mres Result
			var rh *half
			if _, ok, err := mc.sweep((deep+1)*p.Rows-1, func(col int, l *level) {
				if col == deep {
					rh = newHalf(l, p.Rows, true)
				}
			}, &mres); err != nil || !ok {
				if err != nil {
					return res, err
				}
				return stop()
			}
			right = rh
			c.nodes += mc.nodes
			c.peakBytes = max(c.peakBytes, mc.peakBytes)
			res.Peak = max(res.Peak, mres.Peak)
		}
		j := &joiner{left: left, right: right, md: newMiddle(p.Rows), rows: p.Rows, closed: p.Closed, fromCell: -1}
		if !p.Closed {
			j.wantEnds = 2
			// A start among the join's cells must end the tour there.
			if from >= 0 && from/p.Rows >= cut+1 && from/p.Rows <= cut+2 {
				j.fromCell = from - (cut+1)*p.Rows
			}
		}
		var progress func(done, of int)
		if o.Report != nil {
			var last atomic.Int64
			progress = func(done, of int) {
				now := time.Since(c.t0)
				if l := last.Load(); done < of && now-time.Duration(l) < 50*time.Millisecond || !last.CompareAndSwap(l, int64(now)) {
					return
				}
				o.Report(Progress{Join: true, Step: (depth + 1) * p.Rows, Steps: b.n, Done: uint64(done), Of: uint64(of),
					States: uint64(len(left.part) + len(right.part)), Checks: j.checks.Load(),
					Peak: res.Peak, Estimate: estimate, Bytes: left.bytes() + right.bytes(), Elapsed: now})
			}
		}
		total, ok := j.join(m, max(o.Workers, 1), progress)
		res.Count = words(total)
		res.JoinChecks = j.checks.Load()
		res.PeakBytes = max(c.peakBytes, left.bytes()+right.bytes())
		res.Width, res.Nodes = max(c.width, left.width, right.width), c.nodes
		if !ok {
			return stop()
		}
	}
	if !p.Closed && p.From < 0 {
		res.Count.Lsh(res.Count, 1) // each path, from either end
	}
	return res, nil
}

// kind names closed or open tours.
func kind(closed bool) string {
	if closed {
		return "closed"
	}
	return "open"
}

// peakClosed and peakOpen are the most states a level of the sweep was
// measured to hold on boards of 5 to MaxRows rows and many columns (the
// peak grows little past a square board): closed tours 5x12, 6x12, 7x8,
// 8x8; open tours 3x12, 4x10, 5x10, 6x8, and for 7 and 8 rows the closed
// peak times 12, the ratio of open to closed peaks on 5 and 6 rows
// (docs/benchmarks.md, issue 35). Boards of fewer rows hold a few
// thousand states at most (bounds, not measured).
var (
	peakClosed = [MaxRows + 1]uint64{0, 1, 4, 200, 2000, 52828, 1236278, 23598867, 679048443}
	peakOpen   = [MaxRows + 1]uint64{0, 1, 8, 727, 10441, 431548, 11220787, 12 * 23598867, 12 * 679048443}
)

// bytesPerState is the memory a state of the largest level takes at the
// peak: its entry (key and count, 16 bytes) while the level before it is
// given back bucket by bucket, and the hash tables and half-filled
// segments (about 4%).
const bytesPerState = 17

// EstimatePeak returns an estimate of the most states a level of the
// count of a rows×cols board holds (rows at most MaxRows): the peak
// measured on boards of as many rows (of as many columns, for boards of
// fewer than four), or 0 for a board it does not know.
func EstimatePeak(rows, cols int, closed bool) uint64 {
	if rows <= 0 || rows > MaxRows || cols <= 0 {
		return 0
	}
	if cols < 4 {
		rows = min(rows, cols) // a frontier of at most three columns
	}
	if closed {
		return peakClosed[rows]
	}
	return peakOpen[rows]
}

// joinSaves is the least ratio measured of the sweep's peak states to the
// join's (6x8 closed: 974,579 against 51,025; 7x8: 23,598,867 against
// 1,146,615), rounded down.
const joinSaves = 8

// EstimateBytes returns the memory EstimatePeak's states take.
func EstimateBytes(rows, cols int, closed bool) uint64 {
	return EstimatePeak(rows, cols, closed) * bytesPerState
}

// Methods of Count.
const (
	// MethodSweep sweeps the board from its first column to its last.
	MethodSweep = "sweep"
	// MethodJoin sweeps both halves (the same sweep, mirrored) to the
	// middle and joins them there.
	MethodJoin = "join"
)

// ChooseMethod returns the method Count uses for a board of rows rows (at
// most MaxRows) and cols columns: for closed tours the join where it was
// measured faster (CPU time, one worker; docs/benchmarks.md, issue 35):
// 6x7 (0.18 s against 0.82 s), 6x8 (0.81 s against 1.97 s), 6x9 (3.1 s against
// 4.1 s), 7x8 (43 s against 50 s, two workers); else the sweep (6x10: 5.1 s
// against 9.4 s). The join compares the pairs of states of matching
// groups, which grow with the square of the groups: on eight rows (8x8:
// 17.8 million states in 804,579 groups) it loses to the sweep by orders
// of magnitude. Open tours go to the sweep: the join's pairs of open
// paths did not finish 7x7 in 9 minutes.
func ChooseMethod(rows, cols int, closed bool) string {
	switch {
	case !closed:
	case rows == 6 && cols >= 7 && cols <= 9, rows == 7 && cols >= 6 && cols <= 8:
		return MethodJoin
	}
	return MethodSweep
}

// mirrorSquare returns the square (sweep order) of the mirror image of v
// across the board's middle column.
func mirrorSquare(b board, v int) int {
	r, c := v%b.rows, v/b.rows
	return (b.cols-1-c)*b.rows + r
}

// sweep runs the steps from the empty frontier through square last,
// calling capture with the level after each column; it returns the tours
// completed and false if the meter stopped it.
func (c *counter) sweep(last int, capture func(col int, l *level), res *Result) ([]uint64, bool, error) {
	b := c.b
	var src *level
	done := []uint64{0}
	res.States = make([]uint64, 0, b.n)
	res.Moves = make([]uint64, 0, b.n)
	first := 0
	lastSave := time.Now() // the last save, or the start
	if c.ckpt != "" {
		l, sv, err := c.loadCheckpoint(c.ckpt, c.problem, func() bool { return !c.m.Live() })
		if errors.Is(err, errLoadStopped) {
			return done, false, nil
		}
		if err != nil {
			return done, false, err
		}
		if l != nil {
			src, done, first = l, sv.done, sv.last+1
			res.States, res.Moves = append(res.States, sv.states...), append(res.Moves, sv.move...)
			c.nodes, c.peak, res.Peak = sv.nodes, sv.peak, sv.peak
			res.Resumed = first
		}
	}
	if src == nil {
		src = &level{buckets: make([]bucket, 1), sig: c.signature(0, 1)}
		w := newWriter(c.pool, 1)
		w.add(0, 0, []uint64{1}) // the empty frontier, once
		src.join([]*writer{w})
	}
	for v := first; v <= last; v++ {
		dst, d, moves, err := c.step(v, src)
		done = addInto(done, d)
		if err != nil {
			return done, false, err
		}
		if dst == nil {
			return done, false, nil
		}
		res.States = append(res.States, dst.n)
		res.Moves = append(res.Moves, moves)
		res.Peak = max(res.Peak, dst.n)
		if capture != nil && (v+1)%b.rows == 0 {
			capture(v/b.rows, dst)
		}
		if c.ckpt != "" && (v+1)%b.rows == 0 && v < last && time.Since(lastSave) >= c.every {
			sv := &saved{last: v, nodes: c.nodes, peak: c.peak, done: done, states: res.States, move: res.Moves}
			if err := saveCheckpoint(c.ckpt, c.problem, sv, dst, func() bool { return !c.m.Live() }); err != nil {
				if errors.Is(err, errSaveStopped) {
					return done, false, nil // stopped: the last save stands
				}
				return done, false, err
			}
			lastSave = time.Now()
			res.Saves++
		}
		src = dst
	}
	return done, true, nil
}

// counter runs the steps of one count.
type counter struct {
	b            board
	closed       bool
	from         int
	workers      int
	check        func(string, uint64) error
	m            *core.Meter
	report       func(Progress)
	t0           time.Time
	pool         *pool
	tables       []*table // one a worker, kept from step to step
	bucketStates int
	nodes        uint64
	peak         uint64
	peakBytes    uint64
	width        int
	ratio        []float64     // states made per state expanded, by row, the last column's
	ckpt         string        // the checkpoint file of the sweep, or ""
	every        time.Duration // the least time between two saves
	estimate     uint64        // the estimated peak of states
	lastReport   atomic.Int64  // when a step last reported, since t0
	wm           []*core.Meter // a worker's meter, kept from step to step
	wnodes       []uint64      // a worker's nodes, all steps
	problem      Problem       // the count's problem, for the checkpoint
}

func (c *counter) freeTables() {
	for _, t := range c.tables {
		t.free()
	}
}

// signature returns the split of the states before square v into about
// buckets parts: the degrees of the frontier cells that the moves of v do
// not touch (v's own cell and its later neighbours' are touched), those
// nearest the middle of the frontier.
func (c *counter) signature(v, buckets int) signature {
	s := signature{buckets: max(1, buckets), w: c.b.w}
	if s.buckets == 1 || v >= c.b.n {
		s.buckets = 1
		return s
	}
	off, n := c.b.later(v)
	touched := uint32(1)
	for i := range n {
		touched |= 1 << off[i]
	}
	var free []int
	for i := 1; i < c.b.w; i++ {
		if touched&(1<<i) == 0 {
			free = append(free, i)
		}
	}
	mid := c.b.w / 2
	sort.SliceStable(free, func(a, b int) bool { return abs(free[a]-mid) < abs(free[b]-mid) })
	for _, i := range free[:min(len(free), sigCells)] {
		s.cells |= 1 << i
	}
	return s
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// step expands the level src, the states before square v, into the level
// after v. It returns a nil level if the meter stopped it, with the tours
// completed so far.
func (c *counter) step(v int, src *level) (dst *level, done []uint64, moves uint64, err error) {
	g := c.b.step(v, c.closed)
	ratio := 2.0
	if c.ratio != nil && c.ratio[v%c.b.rows] > 0 {
		ratio = c.ratio[v%c.b.rows]
	}
	want := float64(src.n) * ratio
	buckets := 1
	if want > float64(c.bucketStates)/4 {
		buckets = min(maxBuckets, max(4*c.workers, int(want/float64(c.bucketStates))+1))
	}
	dst = &level{buckets: make([]bucket, buckets), sig: c.signature(v+1, buckets)}

	// Buckets in decreasing size, so that the workers finish together.
	order := make([]int, 0, len(src.buckets))
	for i := range src.buckets {
		if src.buckets[i].n > 0 {
			order = append(order, i)
		}
	}
	sort.Slice(order, func(a, b int) bool { return src.buckets[order[a]].n > src.buckets[order[b]].n })

	for len(c.tables) < c.workers {
		c.tables = append(c.tables, &table{})
	}
	var (
		next     atomic.Int64
		expanded atomic.Uint64
		made     atomic.Uint64 // the successors of the buckets finished
		wg       sync.WaitGroup
		errOnce  sync.Once
		stopped  atomic.Bool
	)
	ws := make([]*writer, c.workers)
	ex := make([]*expander, c.workers)
	for w := range c.workers {
		ws[w] = newWriter(c.pool, buckets)
		ex[w] = &expander{b: c.b, g: &g, closed: c.closed, from: c.from, done: []uint64{0}}
		ex[w].grow = func(t *table) error {
			if err := c.check(fmt.Sprintf("frontier: a bucket of the states after square %d", v), tableBytes(t.bits+1, t.width)); err != nil {
				return err
			}
			return t.grow()
		}
	}
	fail := func(e error) {
		errOnce.Do(func() { err = e })
		stopped.Store(true)
	}
	work := func(w int, m *core.Meter) {
		defer wg.Done()
		x, t, wr := ex[w], c.tables[w], ws[w]
		// A worker's meter and nodes go on from step to step, so that a
		// node budget is spent once.
		nodes := c.wnodes[w]
		start := nodes
		defer func() {
			c.wnodes[w] = nodes
			atomic.AddUint64(&c.nodes, nodes-start)
		}()
		bound, _, ok := m.Poll(nodes, nodes)
		if !ok {
			// Stopped between two steps: the step must not pass for
			// done (an empty level would count nothing, exhausted).
			stopped.Store(true)
			return
		}
		for !stopped.Load() {
			i := next.Add(1) - 1
			if i >= int64(len(order)) {
				break
			}
			bk := &src.buckets[order[i]]
			width := 1
			for _, s := range bk.segs {
				width = max(width, s.width)
			}
			for {
				// Expand the bucket into t; on an overflow, again wider.
				bitsNeed := bitsFor(uint64(float64(bk.n)*ratio*1.1) + 16)
				if need := tableBytes(bitsNeed, width); uint64(len(t.s))*8 < need {
					if e := c.check(fmt.Sprintf("frontier: a bucket of the states after square %d", v), need); e != nil {
						fail(e)
						return
					}
				}
				if e := t.reset(bitsNeed, width); e != nil {
					fail(e)
					return
				}
				x.out, x.over, x.moves = t, false, 0
				before := x.done
				x.done = []uint64{0}
				for _, s := range bk.segs {
					x.src, x.width = s.w, s.width
					st := 1 + s.width
					for p := 0; p < s.used; p += st {
						x.at = uint64(p + 1)
						x.expand(s.w[p])
						// The meter at its bound, state by state: a node
						// budget is spent exactly (a poll a segment spent
						// it a segment at a time, past the grants).
						if nodes++; nodes >= bound {
							if bound, _, ok = m.Poll(nodes, nodes); !ok {
								stopped.Store(true)
								x.done = before
								return
							}
						}
					}
					x.flush()
					if x.err != nil {
						fail(x.err)
						return
					}
					expanded.Add(uint64(s.entries()))
					if c.report != nil {
						c.tell(v, expanded.Load(), src.n, made.Load())
					}
				}
				if !x.over {
					x.done = addInto(before, x.done)
					break
				}
				x.done = before
				width++
			}
			atomic.AddUint64(&moves, x.moves)
			// Move the bucket's successors to the next level, split by
			// the next step's signature.
			t.each(func(key uint64, cnt []uint64) {
				wr.add(dst.sig.bucketOf(key), key, cnt)
			})
			made.Add(uint64(t.n))
			c.pool.put(bk.segs)
			bk.segs = nil
			if e := c.pool.failed(); e != nil {
				fail(e)
				return
			}
		}
	}
	for len(c.wm) < c.workers {
		wm := c.m
		if c.workers > 1 {
			wm = c.m.Fork()
		}
		c.wm = append(c.wm, wm)
		c.wnodes = append(c.wnodes, 0)
	}
	for w := range c.workers {
		wg.Add(1)
		go work(w, c.wm[w])
	}
	wg.Wait()
	done = []uint64{0}
	for _, x := range ex {
		done = addInto(done, x.done)
	}
	dst.join(ws)
	if err != nil || stopped.Load() {
		return nil, done, moves, err
	}
	for _, bk := range dst.buckets {
		for _, s := range bk.segs {
			c.width = max(c.width, s.width)
		}
	}
	if c.ratio == nil {
		c.ratio = make([]float64, c.b.rows)
	}
	if src.n > 0 {
		c.ratio[v%c.b.rows] = float64(dst.n) / float64(src.n)
	}
	c.peak = max(c.peak, dst.n)
	bytes := c.pool.bytes()
	for _, t := range c.tables {
		bytes += uint64(len(t.s)) * 8
	}
	c.peakBytes = max(c.peakBytes, bytes)
	if c.report != nil {
		now := time.Since(c.t0)
		c.lastReport.Store(int64(now))
		c.report(Progress{Step: v, Steps: c.b.n, Done: src.n, Of: src.n, States: dst.n,
			Peak: c.peak, Estimate: c.estimate, Bytes: bytes, Elapsed: now})
	}
	return dst, done, moves, nil
}

// reportEvery is how often a step reports its progress (Options.Report)
// while it runs.
const reportEvery = 50 * time.Millisecond

// tell reports the progress of step v, done of its of states expanded and
// made states made, if reportEvery has passed since the last report; one
// worker wins the report.
func (c *counter) tell(v int, done, of, made uint64) {
	now := time.Since(c.t0)
	last := c.lastReport.Load()
	if now-time.Duration(last) < reportEvery || !c.lastReport.CompareAndSwap(last, int64(now)) {
		return
	}
	c.report(Progress{Step: v, Steps: c.b.n, Done: done, Of: of, States: made,
		Peak: max(c.peak, made), Estimate: c.estimate, Bytes: c.pool.bytes(), Elapsed: now})
}

// addInto returns x + y (little-endian words), growing x as needed.
func addInto(x, y []uint64) []uint64 {
	for len(x) < len(y) {
		x = append(x, 0)
	}
	var carry uint64
	for j := range x {
		var yj uint64
		if j < len(y) {
			yj = y[j]
		}
		x[j], carry = bits.Add64(x[j], yj, carry)
	}
	if carry != 0 {
		x = append(x, carry)
	}
	return x
}

// words returns the little-endian words x as a big.Int.
func words(x []uint64) *big.Int {
	r := new(big.Int)
	for j := len(x) - 1; j >= 0; j-- {
		r.Lsh(r, 64)
		r.Or(r, new(big.Int).SetUint64(x[j]))
	}
	return r
}
