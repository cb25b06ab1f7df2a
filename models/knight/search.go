package knight

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coverkit/coverkit/core"
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
	found   uint64
	flushed uint64 // nodes already added to shared.nodes
	shared  *shared
	visit   func(path []int32) bool // called per path found; false stops
	stopped bool
}

// shared is what the workers of one search have in common.
type shared struct {
	stop     atomic.Bool
	limit    atomic.Bool
	nodes    atomic.Uint64
	maxNodes uint64
}

func newEngine(g *graph, sh *shared) *engine {
	e := &engine{
		g: g, deg: make([]int8, g.n), vis: make([]bool, g.n),
		path: make([]int32, 0, g.n), end: -1, shared: sh,
	}
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
	e.stopped = false
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

// poll runs every 4096 nodes: it publishes the node count and checks for a
// stop (another worker's, the context's, the node budget's).
func (e *engine) poll() {
	sh := e.shared
	total := sh.nodes.Add(e.nodes - e.flushed)
	e.flushed = e.nodes
	if sh.maxNodes > 0 && total >= sh.maxNodes {
		sh.limit.Store(true)
		sh.stop.Store(true)
	}
	if sh.stop.Load() {
		e.stopped = true
	}
}

// dfs extends the path from its last square.
func (e *engine) dfs() {
	if e.rem == 0 {
		e.found++
		if e.visit != nil && !e.visit(e.path) {
			e.stopped = true
			e.shared.stop.Store(true)
		}
		return
	}
	e.nodes++
	if e.nodes&4095 == 0 {
		e.poll()
		if e.stopped {
			return
		}
	}
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
// on end, if ≥ 0), counted weight times.
type task struct {
	prefix []int32
	end    int32
	weight uint64
}

// tasks lists the work for p: see the comment at the top of this file.
func tasks(ctx context.Context, g *graph, p *Problem, anyStart bool, split int) []task {
	var ts []task
	switch {
	case p.Closed:
		if g.n < 2 {
			return nil
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
		if ctx.Err() != nil {
			return nil
		}
		syms := symmetries(g.rows, g.cols)
		seen := make([]bool, g.n)
		for s := range int32(g.n) {
			if s&(1<<16-1) == 0 && ctx.Err() != nil {
				return nil // stopped: the search reports ctx's status
			}
			if seen[s] {
				continue
			}
			orbit := uint64(0)
			for _, m := range syms {
				if !seen[m[s]] {
					seen[m[s]] = true
					orbit++
				}
			}
			ts = append(ts, task{prefix: []int32{s}, end: -1, weight: orbit})
		}
	default:
		ts = append(ts, task{prefix: []int32{p.Start()}, end: -1, weight: 1})
	}
	// Split into enough pieces to balance the workers: extend each prefix
	// by every possible next square, a few levels deep.
	for depth := 0; depth < 4 && len(ts) < split; depth++ {
		var next []task
		for _, t := range ts {
			last := t.prefix[len(t.prefix)-1]
			if len(t.prefix) == g.n {
				next = append(next, t)
				continue
			}
			for _, w := range g.neighbours(last) {
				if contains(t.prefix, w) || (w == t.end && len(t.prefix)+1 < g.n) {
					continue
				}
				pre := append(append(make([]int32, 0, len(t.prefix)+1), t.prefix...), w)
				next = append(next, task{prefix: pre, end: t.end, weight: t.weight})
			}
		}
		ts = next
	}
	return ts
}

func contains(s []int32, x int32) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// exact runs the pruned search on p in o.Mode: the first tour (from p's
// start, rotated there for closed tours), every tour through o.Visit, or a
// count. anyStart counts open tours from every square.
func exact(ctx context.Context, p *Problem, o *core.Options, anyStart bool) (core.Result, error) {
	t0 := time.Now()
	if err := p.Check(); err != nil {
		return core.Result{}, err
	}
	if err := checkSearchSize(p.Rows, p.Cols); err != nil {
		return core.Result{}, err
	}
	n := p.Squares()
	g := newGraph(ctx, p.Rows, p.Cols)
	if g == nil {
		st, _ := core.ContextStatus(ctx)
		return core.Result{Status: st, Stats: core.Stats{Elapsed: time.Since(t0)}}, nil
	}
	sh := &shared{maxNodes: o.MaxNodes}
	stopCtx := context.AfterFunc(ctx, func() { sh.stop.Store(true) })
	defer stopCtx()

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

	workers := o.Workers
	if o.Mode != core.ModeCount {
		workers = 1 // this search lists tours on one goroutine only
	}
	split := 0
	if o.Mode == core.ModeCount {
		split = 64 * workers
	}
	ts := tasks(ctx, g, p, anyStart && o.Mode == core.ModeCount, split)
	if st, done := core.ContextStatus(ctx); done {
		// Stopped while the work was being split: nothing searched yet.
		res.Status = st
		res.Stats = core.Stats{Elapsed: time.Since(t0)}
		return res, nil
	}

	var (
		mu       sync.Mutex
		total    core.Count
		nodes    uint64
		next     atomic.Int64
		wg       sync.WaitGroup
		last     core.Stats
		solCount uint64
		done     atomic.Uint64
		enough   bool // the solutions asked for were found
	)
	var visit func(path []int32) bool
	if o.Mode != core.ModeCount {
		visit = func(path []int32) bool {
			sol := core.Solution(path)
			if p.Closed {
				sol = rotateTo(path, p.Start())
			}
			solCount++
			if res.First == nil {
				res.First = append(core.Solution(nil), sol...)
			}
			if o.Visit != nil {
				now := core.Stats{Nodes: sh.nodes.Load(), Elapsed: time.Since(t0)}
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
		go func() {
			defer wg.Done()
			e := newEngine(g, sh)
			e.ordered = o.Mode != core.ModeCount
			e.visit = visit
			var count core.Count
			for !sh.stop.Load() {
				i := next.Add(1) - 1
				if i >= int64(len(ts)) {
					break
				}
				t := ts[i]
				e.found = 0
				if e.prepare(t.prefix, t.end) {
					if e.rem == 0 {
						e.found = 1
						if visit != nil && !visit(e.path) {
							sh.stop.Store(true)
						}
					} else {
						e.dfs()
					}
				}
				count = count.Add(core.CountOf(e.found).MulUint64(t.weight))
				if !e.stopped {
					d := done.Add(1)
					if o.Progress != nil {
						o.Progress(core.Progress{Done: d, Total: uint64(len(ts))})
					}
				}
			}
			e.poll()
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
	case sh.limit.Load():
		res.Status = core.StatusLimit
	default:
		res.Status = core.StatusCanceled
		if st, ended := core.ContextStatus(ctx); ended {
			res.Status = st
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
