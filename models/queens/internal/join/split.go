package join

import (
	"context"
	"fmt"
	"sync"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// SplitName is the name (and version) of the join's decomposition of a
// count; it changes whenever the list of subproblems or their order does.
const SplitName = "queens-join/1"

// Split is the join's decomposition of the count of n × n boards into
// work units: its subproblems are the tasks of Count (a family of row
// splits and its north rows), and the list is laid out for K units so
// that unit u (the subproblems j ≡ u mod K) takes a run of consecutive
// tasks of the count — of one or two families for odd n — and so builds
// the tables of those families only. The list depends on n and K alone.
//
// Run builds what its subproblems read (the quadrant table, then each
// family's tables) once per Split and process, shared by the Splits made
// from it (Another: the workers of a unit) and freed when no subproblem
// of the unit needs them any more. The work of the tables is charged, as
// nodes, to one subproblem each (the quadrant table's to subproblem 0, a
// family's to its first task), so that the nodes of all the units add up
// to those of Count unsplit.
type Split struct {
	n, k    int
	sh      *jShared // the geometry, the families and the tasks; the quadrant table once built
	q, r    int      // the tasks: q·K + r; unit u runs q+1 of them if u < r, else q
	shared  *splitTables
	options Options
}

// splitTables are the tables a Split and its workers share.
type splitTables struct {
	mu   sync.Mutex
	quad bool               // the quadrant table is built (sh.quad)
	fams map[int32]*famTabs // the families' tables in use
}

// famTabs are one family's tables, with the Runs that hold them.
type famTabs struct {
	tabs  *jTabs
	nodes uint64 // the placements examined to build them
	refs  int
}

// NewSplit returns the join's decomposition of the count of n × n boards
// (2 ≤ n ≤ MaxIndexN) for K units. o sets the kernel and the memory check
// for tests; nil means the defaults. A unit's memory (Bytes(n, 1)) is
// checked here, and again by Run: one that does not fit is refused with
// an error wrapping resource.ErrTooLarge that names the memory.
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
	s := &Split{n: n, k: k, sh: sh, q: t / k, r: t % k, options: *o,
		shared: &splitTables{fams: map[int32]*famTabs{}}}
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

// task returns the task of subproblem j (j < Len): unit u = j mod K runs
// the tasks from u·q + min(u, r) on.
func (s *Split) task(j uint64) int {
	k := uint64(s.k)
	u, i := int(j%k), int(j/k)
	return u*s.q + min(u, s.r) + i
}

// Run counts the subproblems first, first+stride, … in order, each
// weighted by its family's symmetry (SubResult.Class is 0: the weights
// are in the counts); see core.Decomposition.
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
	held := map[int32]bool{} // the families whose tables this Run holds
	defer func() {
		for ci := range held {
			s.release(ci)
		}
	}()
	if err := s.checkMemory(); err != nil {
		return core.StatusExhausted, err
	}
	w := &jWorker{sh: s.sh, m: m, sv: newJSieve(s.sh.chunks)}
	w.sv.asm8, w.sv.asm4 = s.sh.asm8, s.sh.asm4
	if !w.poll() {
		return m.Status(), nil
	}
	for j := first; j < t; j += stride {
		ti := s.task(j)
		ci := s.sh.tasks[ti].cfg
		charged, ok := s.acquire(w, ti, ci, !held[ci])
		if !ok {
			return m.Status(), nil
		}
		held[ci] = true
		w.total, w.nodes, w.pairs = core.Count{}, 0, 0
		finished := w.run(ti)
		if left[ci]--; left[ci] == 0 {
			s.release(ci)
			delete(held, ci)
		}
		if !finished {
			return m.Status(), nil
		}
		r := core.SubResult{Count: w.total, Stats: core.Stats{Nodes: w.nodes + charged}}
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
// and one family's (two families' tables are held at once only briefly).
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

// acquire makes the tables of task ti's family ci (and the quadrant table)
// ready for w, building them with w's meter if no Run of this Split's
// process holds them (hold: this Run takes a hold on them), and returns
// the nodes charged to the task: the quadrant table's to task 0, the
// family's tables' to its first task. It reports false if the meter
// stopped the build.
func (s *Split) acquire(w *jWorker, ti int, ci int32, hold bool) (uint64, bool) {
	sh, st := s.sh, s.shared
	st.mu.Lock()
	defer st.mu.Unlock()
	if !st.quad {
		b := &jWorker{m: w.m}
		if !b.poll() {
			return 0, false
		}
		q, ok := newJQuad(b, sh.h, Placements(sh.h))
		if !ok {
			return 0, false
		}
		sh.quad, st.quad = q, true
	}
	f := st.fams[ci]
	if f == nil {
		b := &jWorker{m: w.m}
		if !b.poll() {
			return 0, false
		}
		tabs := &jTabs{cfg: -1}
		if _, ok := tabs.build(sh, int(ci), b, 1); !ok {
			return 0, false
		}
		f = &famTabs{tabs: tabs, nodes: b.nodes}
		st.fams[ci] = f
	}
	if hold {
		f.refs++
	}
	w.tabs = f.tabs
	var charged uint64
	if ti == 0 {
		charged += Placements(sh.h)
	}
	if ti == 0 || sh.tasks[ti-1].cfg != ci {
		charged += f.nodes
	}
	return charged, true
}

// release gives back a Run's hold on family ci's tables, freeing them when
// no Run holds them any more.
func (s *Split) release(ci int32) {
	st := s.shared
	st.mu.Lock()
	defer st.mu.Unlock()
	if f := st.fams[ci]; f != nil {
		if f.refs--; f.refs <= 0 {
			delete(st.fams, ci)
		}
	}
}
