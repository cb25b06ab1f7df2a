package knight

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// The exact search (algorithm "search" and the counter behind `knight count`)
// looks for Hamiltonian paths of the knight's graph from a prefix of squares,
// optionally to a fixed end square, pruning with what every such path must
// satisfy. Let e(x) be the number of links an unvisited square x still has:
// its unvisited neighbours, plus one if it is a knight's move from the
// current square. Every square except the path's last needs e(x) ≥ 2 (one
// way in, one way out) and the last needs e(x) ≥ 1, so
//
//   - a square with e(x) = 0 kills the branch;
//   - a square with e(x) = 1 must be the path's end: a second one, or one
//     other than a fixed end, kills the branch, and the end is entered only
//     as the last square;
//   - once the end is known, a neighbour of the current square with only one
//     other link must be entered now (two such kill the branch);
//   - on boards of up to 64 squares the unvisited squares must all be
//     reachable from the current one (a bitboard flood fill).
//
// Only squares next to the previous or the current square change their
// e(x) at a move, so each node checks at most 16 squares.
//
// A closed tour passes every square, so closed tours are searched from a
// square s of fewest neighbours: for each pair a < b of its neighbours, the
// paths s, a, ..., b. Each undirected cycle is counted once (the convention
// of A001230). Open tours are counted as directed paths (A165134); over all
// start squares only one square of each symmetry class is searched and its
// count multiplied by the size of the class.

// connectMin is the fewest unvisited squares at which the flood fill runs.
// Near the end of a path the degree rules catch almost every split first
// (on 6x6 the flood removes under 1% of the nodes below 24 squares), so
// there it costs more than it saves.
const connectMin = 24

// engine is one worker's search state. Everything is flat arrays; a node
// allocates nothing.
type engine struct {
	g       *graph
	deg     []int8 // unvisited neighbours of each square
	vis     []bool
	path    []int32
	end     int32 // the square the path must end on, or -1
	rem     int   // unvisited squares
	ordered bool  // try moves in order of fewest onward moves (Warnsdorff)

	bits    bool // the board fits a 64-bit bitboard
	free    uint64
	nbMask  []uint64
	srcMask [8]uint64
	shift   [8]int

	nodes   uint64
	bound   uint64 // nodes may reach bound before the next poll of m
	found   uint64
	m       *core.Meter
	visit   func(path []int32, nodes uint64) bool // called per path found; false stops
	stopped bool
}

// newEngine returns a worker's engine on g, stopping through m (which it
// polls at once: stopped is set if m has already stopped).
func newEngine(g *graph, m *core.Meter) *engine {
	e := &engine{
		g: g, deg: make([]int8, g.n), vis: make([]bool, g.n),
		path: make([]int32, 0, g.n), end: -1, m: m,
	}
	e.poll()
	if g.n <= 64 {
		e.bits = true
		e.nbMask = make([]uint64, g.n)
		for s := range g.n {
			for _, x := range g.neighbours(int32(s)) {
				e.nbMask[s] |= 1 << x
			}
		}
		for k, d := range MoveTable {
			e.shift[k] = d[0]*g.cols + d[1]
			for r := range g.rows {
				for c := range g.cols {
					if rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < g.rows && cc >= 0 && cc < g.cols {
						e.srcMask[k] |= 1 << (r*g.cols + c)
					}
				}
			}
		}
	}
	return e
}

// prepare sets the engine to the paths that begin with prefix and, if end ≥
// 0, end on end. It reports false if no such path can exist by the pruning
// rules.
func (e *engine) prepare(prefix []int32, end int32) bool {
	g := e.g
	e.clear(end)
	for i, s := range prefix {
		if e.vis[s] || (i > 0 && !g.adjacent(prefix[i-1], s)) || (s == end && i != g.n-1) {
			return false
		}
		e.take(s)
	}
	if e.rem == 0 {
		return true
	}
	cur := e.path[len(e.path)-1]
	for x := range int32(g.n) {
		if e.vis[x] {
			continue
		}
		links := int(e.deg[x])
		if g.adjacent(x, cur) {
			links++
			if e.deg[x] == 0 && e.rem > 1 {
				return false
			}
		}
		switch {
		case links == 0:
			return false
		case links == 1 && !g.adjacent(x, cur):
			if e.end == -1 {
				e.end = x
			} else if e.end != x {
				return false
			}
		}
	}
	return !e.bits || e.rem < connectMin || e.connected(cur)
}

// clear empties the board for a new path to end on end (or -1).
func (e *engine) clear(end int32) {
	g := e.g
	for s := range g.n {
		e.deg[s] = int8(g.nc[s])
		e.vis[s] = false
	}
	e.free = 0
	if e.bits {
		e.free = ^uint64(0) >> (64 - g.n)
	}
	e.path = e.path[:0]
	e.rem = g.n
	e.end = end
}

// load sets the engine to the node of task t: a first task is prepared
// (it reports false if the pruning rules rule it out), a task the search
// reached by its own moves (t.reached) is restored as the search left it.
func (e *engine) load(t *task) bool {
	if !t.reached {
		return e.prepare(t.prefix, t.end)
	}
	e.clear(t.end)
	for _, s := range t.prefix {
		e.take(s)
	}
	return true
}

// adjacent reports whether a and b are a knight's move apart.
func (e *engine) adjacent(a, b int32) bool {
	if e.bits {
		return e.nbMask[a]&(1<<b) != 0
	}
	return e.g.adjacent(a, b)
}

// take moves onto s.
func (e *engine) take(s int32) {
	e.vis[s] = true
	e.free &^= 1 << (s & 63)
	e.path = append(e.path, s)
	e.rem--
	for _, x := range e.g.neighbours(s) {
		e.deg[x]--
	}
}

// untake undoes take(s).
func (e *engine) untake(s int32) {
	for _, x := range e.g.neighbours(s) {
		e.deg[x]++
	}
	e.rem++
	e.path = e.path[:len(e.path)-1]
	e.free |= 1 << (s & 63)
	e.vis[s] = false
}

// ok checks the pruning rules after the move u → w, updating e.end.
func (e *engine) ok(u, w int32) bool {
	if e.rem == 0 {
		return true
	}
	g := e.g
	for _, x := range g.neighbours(w) {
		if !e.vis[x] && e.deg[x] == 0 && e.rem > 1 {
			return false
		}
	}
	for _, x := range g.neighbours(u) {
		if e.vis[x] || e.adjacent(x, w) {
			continue
		}
		switch e.deg[x] {
		case 0:
			return false
		case 1:
			if e.end == -1 {
				e.end = x
			} else if e.end != x {
				return false
			}
		}
	}
	return !e.bits || e.rem < connectMin || e.connected(w)
}

// connected reports whether every unvisited square is reachable from cur
// through unvisited squares.
func (e *engine) connected(cur int32) bool {
	free := e.free
	reach := e.nbMask[cur] & free
	frontier := reach
	for frontier != 0 {
		var next uint64
		for k := range 8 {
			b := frontier & e.srcMask[k]
			if s := e.shift[k]; s > 0 {
				next |= b << s
			} else {
				next |= b >> -s
			}
		}
		frontier = next & free &^ reach
		reach |= frontier
	}
	return reach == free
}

// poll asks the meter whether the search may go on and sets the next
// bound; it sets stopped and reports false when it may not (another
// worker's halt, the context, the node budget).
func (e *engine) poll() bool {
	b, _, ok := e.m.Poll(e.nodes, e.nodes)
	if !ok {
		e.stopped = true
		return false
	}
	e.bound = b
	return true
}

// dfs extends the path from its last square.
func (e *engine) dfs() {
	if e.rem == 0 {
		e.found++
		if e.visit != nil && !e.visit(e.path, e.nodes) {
			e.stopped = true
			e.m.Halt(core.StatusFound)
		}
		return
	}
	if e.nodes == e.bound && !e.poll() {
		return
	}
	e.nodes++
	// The candidates, as candidates() lists them, written out here: the
	// call and the copy of its array cost 2% of the search.
	u := e.path[len(e.path)-1]
	var cand [8]int32
	nc := 0
	forced := int32(-1)
	for _, w := range e.g.neighbours(u) {
		if e.vis[w] || (w == e.end && e.rem > 1) {
			continue
		}
		if e.deg[w] == 1 && e.end >= 0 {
			// w has one link besides u: unless entered now it would have to
			// be the end, which is another square.
			if forced >= 0 {
				return
			}
			forced = w
		}
		cand[nc] = w
		nc++
	}
	if forced >= 0 {
		cand[0], nc = forced, 1
	}
	if e.ordered {
		// Fewest onward moves first, ties in move-table order.
		for i := 1; i < nc; i++ {
			for j := i; j > 0 && e.deg[cand[j]] < e.deg[cand[j-1]]; j-- {
				cand[j], cand[j-1] = cand[j-1], cand[j]
			}
		}
	}
	for _, w := range cand[:nc] {
		end := e.end
		e.take(w)
		if e.ok(u, w) {
			e.dfs()
		}
		e.untake(w)
		e.end = end
		if e.stopped {
			return
		}
	}
}

// task is a unit of parallel work: the paths that begin with prefix (and end
// on end, if ≥ 0), counted weight times. A first task (reached false) is one
// the search starts from, checked by prepare; the split makes the others
// from the moves the search itself makes, so that a task stands for one
// node of the sequential search, and pre is the number of nodes of the
// sequential search above the split's last level that are attributed to it
// (those before it in search order that no earlier task took), so that the
// tasks' nodes add up to the sequential search's.
type task struct {
	prefix  []int32
	end     int32
	weight  uint64
	reached bool
	pre     uint64
}

// taskBytes is the memory of a task besides its prefix.
const taskBytes = 48

// splitLevels is how many levels below its first tasks the split extends
// the work list at most.
const splitLevels = 4

// firstTasks lists the tasks a search of p starts from: see the comment at
// the top of this file. It reports false if m stopped it.
func firstTasks(m *core.Meter, g *graph, p *Problem, anyStart bool) ([]task, bool) {
	var ts []task
	switch {
	case p.Closed:
		if g.n < 2 {
			return nil, true
		}
		s := int32(0)
		for x := range int32(g.n) {
			if g.nc[x] < g.nc[s] {
				s = x
			}
		}
		nb := g.neighbours(s)
		for i := range nb {
			for j := i + 1; j < len(nb); j++ {
				ts = append(ts, task{prefix: []int32{s, nb[i]}, end: nb[j], weight: 1})
			}
		}
	case anyStart:
		syms, ok := symmetries(m, g.rows, g.cols)
		if !ok {
			return nil, false
		}
		seen := make([]bool, g.n)
		bound, ok := uint64(firstCheck), true
		for s := range int32(g.n) {
			if uint64(s) >= bound {
				if bound, ok = m.Check(uint64(s)); !ok {
					return nil, false
				}
			}
			if seen[s] {
				continue
			}
			orbit := uint64(0)
			for _, sym := range syms {
				if !seen[sym[s]] {
					seen[sym[s]] = true
					orbit++
				}
			}
			ts = append(ts, task{prefix: []int32{s}, end: -1, weight: orbit})
		}
	default:
		ts = append(ts, task{prefix: []int32{p.Start()}, end: -1, weight: 1})
	}
	return ts, true
}

// split extends the work list ts level by level, at most splitLevels
// levels, until it holds at least want tasks: each task is replaced by the
// nodes the search visits next below it (the search's own moves and
// pruning, so a task is a node of the sequential search). The nodes it
// visits on the way are e's (counted and metered as the search's own) and
// are attributed to the tasks through pre. It reports false when e's meter
// stopped it, or an error when the list would not fit in memory.
func (e *engine) split(ts []task, want int) ([]task, bool, error) {
	for level := 0; level < splitLevels && len(ts) > 0 && len(ts) < want; level++ {
		if err := resource.Check("knight: the work list of a parallel search",
			resource.Bytes(uint64(len(ts)), 8*(taskBytes+4*uint64(len(ts[0].prefix)+1)))); err != nil {
			return nil, false, err
		}
		next := make([]task, 0, 2*len(ts))
		pending := uint64(0) // nodes not yet attributed to a task
		for i := range ts {
			t := &ts[i]
			pending += t.pre
			if !e.load(t) {
				continue
			}
			if e.rem == 0 {
				// A whole path: it stays a task of its own.
				t.pre = pending
				pending = 0
				next = append(next, *t)
				continue
			}
			if e.nodes == e.bound && !e.poll() {
				return nil, false, nil
			}
			e.nodes++
			pending++
			u := e.path[len(e.path)-1]
			cand, nc := e.candidates(u)
			for _, w := range cand[:nc] {
				end := e.end
				e.take(w)
				if e.ok(u, w) {
					pre := append(make([]int32, 0, len(e.path)), e.path...)
					next = append(next, task{prefix: pre, end: e.end, weight: t.weight, reached: true, pre: pending})
					pending = 0
				}
				e.untake(w)
				e.end = end
			}
		}
		if len(next) > 0 {
			next[len(next)-1].pre += pending
		}
		ts = next
	}
	return ts, true, nil
}

// candidates returns the moves dfs tries from u at the current node (nc
// 0 when a forced-move rule kills the node), in dfs's order; dfs has the
// same code written out (TestCountersIndependentOfWorkers checks that the
// split, which calls this, and dfs agree).
func (e *engine) candidates(u int32) (cand [8]int32, nc int) {
	forced := int32(-1)
	for _, w := range e.g.neighbours(u) {
		if e.vis[w] || (w == e.end && e.rem > 1) {
			continue
		}
		if e.deg[w] == 1 && e.end >= 0 {
			if forced >= 0 {
				return cand, 0
			}
			forced = w
		}
		cand[nc] = w
		nc++
	}
	if forced >= 0 {
		cand[0], nc = forced, 1
	}
	if e.ordered {
		for i := 1; i < nc; i++ {
			for j := i; j > 0 && e.deg[cand[j]] < e.deg[cand[j-1]]; j-- {
				cand[j], cand[j-1] = cand[j-1], cand[j]
			}
		}
	}
	return cand, nc
}

// runTask searches the paths of task t and returns how many it found
// (unweighted); e.stopped says whether the meter stopped it.
func (e *engine) runTask(t *task) uint64 {
	e.found = 0
	if e.load(t) {
		if e.rem == 0 {
			e.found = 1
			if e.visit != nil && !e.visit(e.path, e.nodes) {
				e.stopped = true
				e.m.Halt(core.StatusFound)
			}
		} else {
			e.dfs()
		}
	}
	return e.found
}

// exact runs the pruned search on p in o.Mode: the first tour (from p's
// start, rotated there for closed tours), every tour through o.Visit, or a
// count. anyStart counts open tours from every square. Its nodes are those
// of the sequential search whatever the number of workers: the split into
// parallel tasks is made by the search's own moves, and each node is
// counted once, above the split or in its task.
func exact(ctx context.Context, p *Problem, o *core.Options, anyStart bool) (core.Result, error) {
	t0 := time.Now()
	if err := p.Check(); err != nil {
		return core.Result{}, err
	}
	if err := checkSearchSize(p.Rows, p.Cols); err != nil {
		return core.Result{}, err
	}
	m := core.NewMeter(ctx, o)
	stopped := func(nodes uint64) (core.Result, error) {
		return core.Result{Status: m.Status(), Stats: core.Stats{Nodes: nodes, Elapsed: time.Since(t0)}}, nil
	}
	n := p.Squares()
	g, ok := newGraph(m, p.Rows, p.Cols)
	if !ok {
		return stopped(0)
	}

	var res core.Result
	if n == 1 {
		// The lone square is an open tour of itself and no closed one.
		if !p.Closed {
			res.Solutions = core.CountOf(1)
			res.First = core.Solution{0}
			if o.Mode != core.ModeCount && o.Visit != nil {
				o.Visit(res.First, core.Stats{Nodes: 1})
			}
		}
		res.Status = core.StatusExhausted
		if o.Mode == core.ModeFirst && res.First != nil {
			res.Status = core.StatusFound
		}
		res.Stats = core.Stats{Nodes: 1, Elapsed: time.Since(t0)}
		return res, nil
	}

	workers := max(o.Workers, 1) // resolved by Algorithm.Run
	if o.Mode != core.ModeCount {
		workers = 1 // this search lists tours on one goroutine only
	}
	ts, ok := firstTasks(m, g, p, anyStart && o.Mode == core.ModeCount)
	if !ok {
		return stopped(0)
	}
	var splitNodes uint64
	if o.Mode == core.ModeCount && workers > 1 {
		// Enough tasks to balance the workers.
		e := newEngine(g, m)
		var err error
		if ts, ok, err = e.split(ts, 64*workers); err != nil {
			return core.Result{}, err
		} else if !ok {
			return stopped(e.nodes)
		}
		splitNodes = e.nodes
	}
	// The tasks to do, from the start: a progress line shows "0/N done"
	// before the first task ends (on one worker, a count of 6x6 from
	// every start runs 6 tasks of seconds each).
	m.Progress(core.Progress{Total: uint64(len(ts))})

	var (
		mu       sync.Mutex
		total    core.Count
		nodes    = splitNodes
		next     atomic.Int64
		wg       sync.WaitGroup
		last     core.Stats
		solCount uint64
		done     atomic.Uint64
		enough   bool // the solutions asked for were found
	)
	var visit func(path []int32, nodes uint64) bool
	if o.Mode != core.ModeCount {
		visit = func(path []int32, nodes uint64) bool {
			sol := core.Solution(path)
			if p.Closed {
				sol = rotateTo(path, p.Start())
			}
			solCount++
			if res.First == nil {
				res.First = append(core.Solution(nil), sol...)
			}
			if o.Visit != nil {
				now := core.Stats{Nodes: nodes, Elapsed: time.Since(t0)}
				if !o.Visit(sol, now.Sub(last)) {
					enough = true
					return false
				}
				last = now
			}
			if o.Mode == core.ModeFirst || (o.Limit > 0 && solCount >= o.Limit) {
				enough = true
				return false
			}
			return true
		}
	}
	for range workers {
		wg.Add(1)
		// After a split every worker has a fork: a meter's grant of the
		// budget counts its own nodes (the split's are the root meter's).
		wm := m
		if workers > 1 {
			wm = m.Fork()
		}
		go func() {
			defer wg.Done()
			e := newEngine(g, wm)
			e.ordered = o.Mode != core.ModeCount
			e.visit = visit
			var count core.Count
			for !e.stopped {
				i := next.Add(1) - 1
				if i >= int64(len(ts)) {
					break
				}
				t := &ts[i]
				found := e.runTask(t)
				count = count.Add(core.CountOf(found).MulUint64(t.weight))
				if !e.stopped {
					d := done.Add(1)
					wm.Progress(core.Progress{Done: d, Total: uint64(len(ts))})
				}
			}
			wm.Release(e.nodes) // the rest of its grant of the budget, for the others
			mu.Lock()
			total = total.Add(count)
			nodes += e.nodes
			mu.Unlock()
		}()
	}
	wg.Wait()

	res.Solutions = total
	res.Stats = core.Stats{Nodes: nodes, Elapsed: time.Since(t0)}
	switch {
	case enough:
		res.Status = core.StatusFound
	case done.Load() == uint64(len(ts)):
		res.Status = core.StatusExhausted
	default:
		res.Status = m.Status()
		if res.Status == core.StatusExhausted {
			res.Status = core.StatusCanceled
		}
	}
	return res, nil
}

// rotateTo returns the closed tour path rotated (a new slice) to begin at s.
func rotateTo(path []int32, s int32) core.Solution {
	out := make(core.Solution, 0, len(path))
	for i, x := range path {
		if x == s {
			out = append(out, path[i:]...)
			return append(out, path[:i]...)
		}
	}
	return append(out, path...)
}
