package join

import (
	"cmp"
	"context"
	"fmt"
	"math/bits"
	"slices"
	"sync"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// SplitName is the name (and version) of the join's decomposition of a
// count; it changes whenever the list of subproblems or their order does.
// Version 2 orders a family's tasks by the number of their north rows.
const SplitName = "queens-join/2"

// Split is the join's decomposition of the count of n × n boards into
// work units: its subproblems are the tasks of Count (a family of row
// splits and the north rows of its east half), listed family by family
// and, within a family, by the number of north rows in the east (then as
// Count lists them), and laid out for K units so that unit u (the
// subproblems j ≡ u mod K) takes a run of consecutive tasks of that list.
// The list depends on n and K alone.
//
// A unit builds only what its tasks read: the rows of the quadrant table
// that its families' tables are made of, and of each family's four tables
// the row sets its tasks look up (the north rows of its tasks and their
// complements; the south row sets of the sizes they pair with), so that a
// unit whose tasks share a few row counts builds a fraction of the
// tables. The tables are built once a process, shared by the Splits made
// from the same one (Another: the workers of a unit), and freed when no
// task of the unit needs them any more. The work of the tables is charged,
// as nodes, to one subproblem each — the whole quadrant table's to
// subproblem 0, a family's four whole tables' to its first task, as Count
// builds them — so that the nodes of all the units add up to those of
// Count unsplit, whatever each unit built.
type Split struct {
	n, k    int
	sh      *jShared // the geometry, the families and the tasks
	order   []int32  // the tasks of the list, indices into sh.tasks
	q, r    int      // the tasks: q·K + r; unit u runs q+1 of them if u < r, else q
	shared  *splitTables
	options Options
}

// splitTables are the tables a Split and its workers share.
type splitTables struct {
	mu    sync.Mutex
	units map[int]*unitTables // the tables of the units under way
	hist  []uint64            // the quadrant placements by column set, once needed
}

// unitTables are the tables of one unit, with the Runs that hold them.
type unitTables struct {
	refs  int
	needs map[int32]*[4]rowSet // each family's row sets: east N, east S, west N, west S
	quad  *jQuad               // the rows of the quadrant table the families' tables read
	fams  map[int32]*famTabs   // the families' tables in use
}

// famTabs are one family's tables, with the Runs that hold them.
type famTabs struct {
	tabs *jTabs
	refs int
}

// NewSplit returns the join's decomposition of the count of n × n boards
// (2 ≤ n ≤ MaxIndexN) for K units. o sets the kernel and the memory check
// for tests; nil means the defaults. A unit's memory (at most Bytes(n, 1):
// the whole tables) is checked here, and again by Run: one that does not
// fit is refused with an error wrapping resource.ErrTooLarge that names
// the memory.
func NewSplit(n, k int, o *Options) (*Split, error) {
	if n < 2 || n > MaxIndexN {
		return nil, fmt.Errorf("queens: join split: n = %d out of range 2..%d", n, MaxIndexN)
	}
	if k < 1 {
		return nil, fmt.Errorf("queens: join split: %d units", k)
	}
	if o == nil {
		o = &Options{}
	}
	sh := jGeometry(n)
	sh.listTasks()
	t := len(sh.tasks)
	order := make([]int32, t)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(a, b int32) int {
		ta, tb := sh.tasks[a], sh.tasks[b]
		return cmp.Or(cmp.Compare(ta.cfg, tb.cfg), cmp.Compare(bits.OnesCount32(ta.r1), bits.OnesCount32(tb.r1)))
	})
	s := &Split{n: n, k: k, sh: sh, order: order, q: t / k, r: t % k, options: *o,
		shared: &splitTables{units: map[int]*unitTables{}}}
	// A unit that cannot hold its tables is refused before anything is
	// built or counted.
	if err := s.checkMemory(); err != nil {
		return nil, err
	}
	sh.asm8, sh.asm4 = o.Kernel.resolve()
	return s, nil
}

// Another returns a Split of the same count that shares s's tables, for
// another worker of the same unit (core.Decomposition's Run is not safe
// for concurrent use; Splits made by Another may run at once).
func (s *Split) Another() *Split {
	c := *s
	return &c
}

// Name returns SplitName.
func (s *Split) Name() string { return SplitName }

// Algorithm names the algorithm that counts the subproblems: "join".
func (s *Split) Algorithm() string { return "join" }

// Len returns the number of subproblems: the tasks of Count.
func (s *Split) Len(context.Context) (uint64, error) { return uint64(len(s.sh.tasks)), nil }

// pos returns the place in the list of the task of subproblem j (j <
// Len): unit u = j mod K runs the list's tasks from u·q + min(u, r) on.
func (s *Split) pos(j uint64) int {
	k := uint64(s.k)
	u, i := int(j%k), int(j/k)
	return s.unitStart(u) + i
}

// unitStart returns the place in the list of unit u's first task.
func (s *Split) unitStart(u int) int { return u*s.q + min(u, s.r) }

// task returns the task (an index into sh.tasks) of subproblem j.
func (s *Split) task(j uint64) int { return int(s.order[s.pos(j)]) }

// Run counts the subproblems first, first+stride, … in order, each
// weighted by its family's symmetry (SubResult.Class is 0: the weights
// are in the counts); see core.Decomposition. Its subproblems are those of
// unit first mod K (stride a multiple of K, as the units' workers run
// them), whose tables it builds or shares.
func (s *Split) Run(ctx context.Context, first, stride uint64, done func(j uint64, r core.SubResult) bool) (core.Status, error) {
	if s == nil || s.sh == nil {
		return core.StatusExhausted, fmt.Errorf("queens: join split: not made by NewSplit: %w", core.ErrWrongProblem)
	}
	if done == nil {
		return core.StatusExhausted, fmt.Errorf("queens: join split: no function to take the results: %w", core.ErrUnsupported)
	}
	if stride == 0 {
		stride = 1
	}
	t := uint64(len(s.sh.tasks))
	if first >= t {
		return core.StatusExhausted, nil
	}
	if err := s.checkMemory(); err != nil {
		return core.StatusExhausted, err
	}
	m := core.NewMeter(ctx, nil)
	// How many of this Run's subproblems each family has: its tables are
	// released after the last.
	left := map[int32]int{}
	for j := first; j < t; j += stride {
		left[s.sh.tasks[s.task(j)].cfg]++
		if j+stride < j {
			break
		}
	}
	u := int(first % uint64(s.k))
	ut := s.enter(u)
	held := map[int32]bool{} // the families whose tables this Run holds
	defer func() {
		for ci := range held {
			s.release(ut, ci)
		}
		s.leave(u)
	}()
	w := &jWorker{sh: s.sh, m: m, sv: newJSieve(s.sh.chunks)}
	w.sv.asm8, w.sv.asm4 = s.sh.asm8, s.sh.asm4
	if !w.poll() {
		return m.Status(), nil
	}
	for j := first; j < t; j += stride {
		p := s.pos(j)
		ti := int(s.order[p])
		ci := s.sh.tasks[ti].cfg
		ok := s.acquire(w, ut, ci, !held[ci])
		if !ok {
			return m.Status(), nil
		}
		held[ci] = true
		w.total, w.nodes, w.pairs = core.Count{}, 0, 0
		finished := w.run(ti)
		if left[ci]--; left[ci] == 0 {
			s.release(ut, ci)
			delete(held, ci)
		}
		if !finished {
			return m.Status(), nil
		}
		r := core.SubResult{Count: w.total, Stats: core.Stats{Nodes: w.nodes + s.charged(p)}}
		if !done(j, r) {
			return core.StatusExhausted, nil
		}
		if j+stride < j {
			break
		}
	}
	return core.StatusExhausted, nil
}

// checkMemory refuses a unit whose tables do not fit: the quadrant table
// and one family's, whole (a unit builds a part of them; two families'
// tables are held at once only briefly).
func (s *Split) checkMemory() error {
	need := Bytes(s.n, 1)
	if s.options.Available != nil {
		if avail := s.options.Available(); avail > 0 && need > avail {
			return fmt.Errorf("queens: join split: n = %d needs about %s of memory, more than the %s available: %w",
				s.n, resource.FormatBytes(need), resource.FormatBytes(avail), resource.ErrTooLarge)
		}
		return nil
	}
	return resource.Check(fmt.Sprintf("queens: join split: n = %d", s.n), need)
}

// enter returns the tables of unit u, made (their row sets listed, nothing
// built) if no Run of the unit holds them, and takes a hold on them.
func (s *Split) enter(u int) *unitTables {
	st := s.shared
	st.mu.Lock()
	defer st.mu.Unlock()
	ut := st.units[u]
	if ut == nil {
		ut = &unitTables{needs: s.needs(u), fams: map[int32]*famTabs{}}
		st.units[u] = ut
	}
	ut.refs++
	return ut
}

// leave gives back a Run's hold on unit u's tables, freeing them when no
// Run holds them any more.
func (s *Split) leave(u int) {
	st := s.shared
	st.mu.Lock()
	defer st.mu.Unlock()
	if ut := st.units[u]; ut != nil {
		if ut.refs--; ut.refs <= 0 {
			delete(st.units, u)
		}
	}
}

// needs returns the row sets the tasks of unit u read in each of their
// families' four tables. A task (family c, north rows r1 in the east)
// reads r1 in the north-east table and its complement in the north-west
// one, and pairs with every south set r2 of the east of the size left
// (c.kE − |r1|) and its complement in the south-west.
func (s *Split) needs(u int) map[int32]*[4]rowSet {
	sh := s.sh
	h := sh.h
	from := s.unitStart(u)
	to := s.unitStart(u + 1)
	needs := map[int32]*[4]rowSet{}
	sizes := map[[2]int32]bool{} // (family, south size) listed
	for p := from; p < to; p++ {
		t := sh.tasks[s.order[p]]
		c := &sh.cfgs[t.cfg]
		nd := needs[t.cfg]
		if nd == nil {
			nd = &[4]rowSet{newRowSet(h), newRowSet(h), newRowSet(h), newRowSet(h)}
			needs[t.cfg] = nd
		}
		nd[0].add(t.r1)
		nd[2].add(c.rowsN &^ t.r1)
		kS := c.kE - bits.OnesCount32(t.r1)
		if sizes[[2]int32{t.cfg, int32(kS)}] {
			continue
		}
		sizes[[2]int32{t.cfg, int32(kS)}] = true
		for r2 := c.rowsS; ; r2 = (r2 - 1) & c.rowsS {
			if bits.OnesCount32(r2) == kS {
				nd[1].add(r2)
				nd[3].add(c.rowsS &^ r2)
			}
			if r2 == 0 {
				break
			}
		}
	}
	return needs
}

// acquire makes the tables of family ci ready for w in unit ut, building
// them (and first the unit's rows of the quadrant table) with w's meter
// if no Run of the unit holds them (hold: this Run takes a hold on them).
// It reports false if the meter stopped the build.
func (s *Split) acquire(w *jWorker, ut *unitTables, ci int32, hold bool) bool {
	sh, st := s.sh, s.shared
	st.mu.Lock()
	defer st.mu.Unlock()
	if ut.quad == nil {
		b := &jWorker{m: w.m}
		if !b.poll() {
			return false
		}
		all := newRowSet(sh.h)
		for _, nd := range ut.needs {
			for _, r := range nd {
				all.union(r)
			}
		}
		q, ok := newJQuadRows(b, sh.h, 0, all)
		if !ok {
			return false
		}
		ut.quad = q
	}
	f := ut.fams[ci]
	if f == nil {
		b := &jWorker{m: w.m}
		if !b.poll() {
			return false
		}
		shq := *sh
		shq.quad = ut.quad
		c := &sh.cfgs[ci]
		nd := ut.needs[ci]
		tabs := &jTabs{cfg: int(ci)}
		for _, ok := range []func() bool{
			func() bool { return tabs.eastN.fillRows(b, &shq, c.colsE, 0, c.preSE, c.preDE, true, nd[0]) },
			func() bool { return tabs.eastS.fillRows(b, &shq, c.colsE, sh.off, c.preSE, c.preDE, true, nd[1]) },
			func() bool { return tabs.westN.fillRows(b, &shq, c.colsW, 0, c.preSW, c.preDW, false, nd[2]) },
			func() bool { return tabs.westS.fillRows(b, &shq, c.colsW, sh.off, c.preSW, c.preDW, false, nd[3]) },
		} {
			if !ok() {
				return false
			}
		}
		f = &famTabs{tabs: tabs}
		ut.fams[ci] = f
	}
	if hold {
		f.refs++
	}
	w.tabs = f.tabs
	return true
}

// release gives back a Run's hold on family ci's tables in unit ut,
// freeing them when no Run holds them any more.
func (s *Split) release(ut *unitTables, ci int32) {
	st := s.shared
	st.mu.Lock()
	defer st.mu.Unlock()
	if f := ut.fams[ci]; f != nil {
		if f.refs--; f.refs <= 0 {
			delete(ut.fams, ci)
		}
	}
}

// charged returns the nodes of the tables charged to the task at place p
// of the list, as Count builds them whole: the quadrant table's
// placements to the first task, the placements a family's four tables
// examine (those on the columns the family leaves free) to its first.
func (s *Split) charged(p int) uint64 {
	sh := s.sh
	var nodes uint64
	if p == 0 {
		nodes += Placements(sh.h)
	}
	ci := sh.tasks[s.order[p]].cfg
	if p == 0 || sh.tasks[s.order[p-1]].cfg != ci {
		c := &sh.cfgs[ci]
		nodes += 2*s.onColumns(c.colsE) + 2*s.onColumns(c.colsW)
	}
	return nodes
}

// onColumns returns the number of quadrant placements on the columns
// cols (all of them for every column).
func (s *Split) onColumns(cols uint32) uint64 {
	h := s.sh.h
	all := uint32(1)<<uint(h) - 1
	if cols == all {
		return Placements(h)
	}
	st := s.shared
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.hist == nil {
		st.hist = jQuadColumns(h)
	}
	var n uint64
	for c := cols; ; c = (c - 1) & cols {
		n += st.hist[c]
		if c == 0 {
			break
		}
	}
	return n
}
