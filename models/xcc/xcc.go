package xcc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/resource"
)

// Cover is a model's problem as an exact cover, built for one request:
// the engine's problem, the options chosen up front, and the way back
// from a solution's options to the model's encoding. Run builds the
// engine's solver of it; Engine.Decompose splits it; Engine.WriteCover
// writes it.
type Cover struct {
	// Problem is the exact cover (built under the request's context:
	// dlx.NewWithContext).
	Problem *dlx.Problem
	// Forced lists the options (0-based) chosen before the search: the
	// givens of a puzzle.
	Forced []int
	// Decode turns a solution's options (0-based, forced ones first) into
	// the model's encoding. It may reuse one buffer: Run copies what it
	// keeps.
	Decode func(options []int) core.Solution
	// Workers, if positive, replaces the request's worker count (a model
	// whose own checks settle it).
	Workers int
}

// Engine describes a model on the exact-cover engine, for its registry
// entries: how a problem of the model becomes a Cover, and what the model
// adds to the entries' descriptions, limits, capabilities and checks.
type Engine struct {
	// Build returns the cover of p for the request o (nil: a count),
	// built under ctx: a build stopped by ctx returns an error
	// core.ErrorStatus reads (a dlx.StopError, a context error), which
	// the search reports as its status. The entries' Solve, Decompose
	// and WriteCover all start from it. (A model that answers some
	// problems without a search gives Solve instead.)
	Build func(ctx context.Context, p core.Problem, o *core.Options) (*Cover, error)
	// Solve, if set, is the model's search in place of one Run of Build's
	// cover, given the engine's method (a model whose counts go through a
	// reduction, or that builds several covers).
	Solve func(ctx context.Context, p core.Problem, o *core.Options, m dlx.Method) (core.Result, error)
	// Description says what the dlx algorithm searches ("Dancing Links on
	// numbers and positions (Knuth's Algorithm C)").
	Description string
	// Limits says what every algorithm of the model cannot hold ("N ≤
	// 4096 (MaxN)"); each adds its own.
	Limits string
	// DLXLimits is the dlx algorithm's own limits ("" for the engine's).
	DLXLimits string
	// AutoNote and MemoNote are added to the descriptions of auto and
	// memo (what they count of the model: "every tiling, no symmetry
	// reduction").
	AutoNote, MemoNote string
	// Caps are capabilities beyond the engine's (CanUnique), for auto and
	// dlx.
	Caps models.Caps
	// Methods lists the values of core.Options.Method the model's search
	// takes, the default first; MemoMethods those of the memo (nil: the
	// same).
	Methods, MemoMethods []string
	// Check, if set, refuses what the model's search cannot answer with
	// the engine algorithm named algo (Auto, DLX, Memo).
	Check func(algo string, p core.Problem, o *core.Options) error
}

// The engine's algorithms, by their registry names.
const (
	// Auto lets the engine choose: for a count, the method its samples
	// measure fastest (dlx.MethodAuto); for a listing, dlx.
	Auto = "auto"
	// DLX is Dancing Links (dlx.MethodLinks).
	DLX = "dlx"
	// Memo is the memoized count (dlx.MethodMemo).
	Memo = "memo"
	// Cells is dancing cells (dlx.MethodCells).
	Cells = "cells"
)

// Method returns the engine's method for the algorithm named name (Auto,
// DLX, Memo, Cells), and false for another name.
func Method(name string) (dlx.Method, bool) {
	switch name {
	case Auto:
		return dlx.MethodAuto, true
	case DLX:
		return dlx.MethodLinks, true
	case Memo:
		return dlx.MethodMemo, true
	case Cells:
		return dlx.MethodCells, true
	}
	return 0, false
}

// Algorithms returns the registry entries of the engine's algorithms for
// the model, in the order `coverkit algorithms` lists them: auto (the
// default of a count), dlx, memo and cells.
func (e Engine) Algorithms() []models.Algorithm {
	return []models.Algorithm{e.Algorithm(Auto), e.Algorithm(DLX), e.Algorithm(Memo), e.Algorithm(Cells)}
}

// Algorithm returns the registry entry of one engine algorithm (Auto, DLX,
// Memo or Cells), for a model that offers some of them beside its own.
func (e Engine) Algorithm(name string) models.Algorithm {
	m, ok := Method(name)
	if !ok {
		// A programming error in a model's descriptor: an entry that
		// refuses every request says so.
		return models.Algorithm{Name: name, Kind: models.Exact, Description: "unknown engine algorithm",
			Check: func(core.Problem, *core.Options) error {
				return fmt.Errorf("xcc: no engine algorithm %q (auto, dlx, memo, cells): %w", name, core.ErrUnsupported)
			}}
	}
	a := models.Algorithm{
		Name:    name,
		Kind:    models.Exact,
		Methods: e.Methods,
		Solve:   e.solver(m),
	}
	switch m {
	case dlx.MethodAuto:
		a.Caps = models.CanFirst | models.CanAll | models.CanCount | models.CanParallel | models.CanParallelList |
			models.CanSample | models.CanBudget | e.Caps
		a.Description = autoDescription
		if e.AutoNote != "" {
			a.Description += "; " + e.AutoNote
		}
		a.Limits = join(e.Limits, autoLimits)
		a.Branches = MemoBranches // read in a sample, from the memo
		a.Check = e.check(name, checkBranch)
	case dlx.MethodLinks:
		a.Caps = models.CanFirst | models.CanAll | models.CanCount | models.CanParallel | models.CanParallelList |
			models.CanBudget | e.Caps
		a.Description = e.Description
		if a.Description == "" {
			a.Description = dlxDescription
		}
		a.Limits = join(e.Limits, e.DLXLimits)
		if e.DLXLimits == "" {
			a.Limits = join(e.Limits, dlxLimits)
		}
		a.Check = e.check(name, nil)
	case dlx.MethodMemo:
		a.Caps = models.CanCount | models.CanParallel | models.CanSample | models.CanBudget | models.CanMemo
		if e.MemoMethods != nil {
			a.Methods = e.MemoMethods
		}
		a.Description = memoDescription
		if e.MemoNote != "" {
			a.Description += "; " + e.MemoNote
		}
		a.Limits = join(e.Limits, memoLimits)
		a.Branches = MemoBranches
		a.Check = e.check(name, checkMemo)
	case dlx.MethodCells:
		a.Caps = models.CanFirst | models.CanAll | models.CanCount | models.CanParallel | models.CanParallelList |
			models.CanBudget | models.CanBranch | e.Caps
		a.Description = cellsDescription
		a.Limits = join(e.Limits, cellsLimits)
		a.Branches = CellsBranches
		a.Check = e.check(name, CheckCells)
	}
	return a
}

// join joins two limits with "; ", leaving out an empty one.
func join(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}

// check returns the Check of the entry named algo: the engine's own (nil:
// none), then the model's.
func (e Engine) check(algo string, own func(*core.Options) error) func(core.Problem, *core.Options) error {
	if own == nil && e.Check == nil {
		return nil
	}
	return func(p core.Problem, o *core.Options) error {
		if own != nil {
			if err := own(o.OrDefault()); err != nil {
				return err
			}
		}
		if e.Check != nil {
			return e.Check(algo, p, o)
		}
		return nil
	}
}

// solver returns the entry's Solve: the model's search with method m.
func (e Engine) solver(m dlx.Method) core.Solver {
	return func(ctx context.Context, p core.Problem, o *core.Options) (core.Result, error) {
		if e.Solve != nil {
			return e.Solve(ctx, p, o, m)
		}
		if e.Build == nil {
			return core.Result{}, errors.New("xcc: the model builds no cover")
		}
		c, err := e.Build(ctx, p, o)
		if err != nil {
			return Stopped(err)
		}
		return Run(ctx, c, o, m)
	}
}

// Stopped is the answer to a build (of a cover, of the engine's solver)
// that failed with err: a build stopped by its context (an error
// core.ErrorStatus reads: a dlx.StopError, a context error) is the result
// of a search stopped before its first node, status timeout or canceled,
// with no error; any other error stays one.
func Stopped(err error) (core.Result, error) {
	if st, ok := core.ErrorStatus(err); ok {
		return core.Result{Status: st}, nil
	}
	return core.Result{}, err
}

// BuildStopped is the error of a model's cover whose build the meter m
// stopped: a dlx.StopError ("building the cover") whose cause is the
// context error of m's status, which Stopped and core.ErrorStatus read.
func BuildStopped(m *core.Meter) error {
	cause := context.Canceled
	if m != nil && m.Status() == core.StatusTimeout {
		cause = context.DeadlineExceeded
	}
	return &dlx.StopError{Phase: "building the cover", Cause: cause}
}

// Decompose returns the model's split of a count (models.Model.Decompose)
// made from Build's cover of the count: the subtrees of its search
// (dlx.Subtrees, the options Build forces kept), named
// PREFIX-mrv/2/d=D, or PREFIX-m/2/d=D with multiplicities.
func (e Engine) Decompose(prefix string) func(ctx context.Context, p core.Problem, units uint64) (core.Decomposition, error) {
	return func(ctx context.Context, p core.Problem, units uint64) (core.Decomposition, error) {
		c, err := e.cover(ctx, p, &core.Options{Mode: core.ModeCount})
		if err != nil {
			return nil, err
		}
		return dlx.NewSubtrees(ctx, c.Problem, c.Forced, units, prefix)
	}
}

// WriteCover writes Build's cover of p in the dlx text format (Knuth's
// dlx1/dlx2, docs/formats.md): the model's Cover (models.Model.Cover). A
// cover with forced options is refused, the format having no way to say
// them. The build stops when ctx ends (a nil ctx never ends).
func (e Engine) WriteCover(ctx context.Context, p core.Problem, w io.Writer) error {
	if ctx == nil {
		ctx = context.Background()
	}
	c, err := e.cover(ctx, p, &core.Options{Mode: core.ModeAll})
	switch {
	case err != nil:
		return err
	case len(c.Forced) > 0:
		return core.Wrap(core.ErrUnsupported, "xcc: the cover format has no forced options (%d of them)", len(c.Forced))
	}
	return dlx.Write(w, c.Problem)
}

// cover is Build's cover of p for o; an error if there is none.
func (e Engine) cover(ctx context.Context, p core.Problem, o *core.Options) (*Cover, error) {
	if e.Build == nil {
		return nil, errors.New("xcc: the model builds no cover")
	}
	c, err := e.Build(ctx, p, o)
	switch {
	case err != nil:
		return nil, err
	case c == nil || c.Problem == nil:
		return nil, fmt.Errorf("xcc: the model built no cover of %s", core.Describe(p))
	}
	return c, nil
}

// Default is the Default of a model whose algorithms are the engine's: "auto" for a count or a random sample, "dlx" for a listing (whose
// solutions the memo does not list).
func Default(_ core.Problem, o *core.Options) string {
	if o = o.OrDefault(); o.Mode == core.ModeCount || o.Sample > 0 {
		return Auto
	}
	return DLX
}

// The entries' descriptions and limits.
const (
	autoDescription = "Dancing Links, its counts by a race of cells (dlx where they cannot run) and memo by either branching rule, " +
		"each going on where it stopped, the leader by the work its progress projects; listings as dlx; the default of a count"
	autoLimits      = "as dlx, and as memo where it memoizes"
	dlxDescription  = "Dancing Links (Knuth's Algorithm C, M with multiplicities)"
	dlxLimits       = "counts in 64 bits; the nodes are checked against the memory available"
	memoDescription = "Dancing Links with a memo of the count of each remaining subproblem " +
		"(Knuth's Algorithm 7.2.2.1Z, his DLX6): counts, and random solutions with --sample; --branch mrv|first, --memo-bytes"
	cellsDescription = "Dancing cells: Algorithm C on sparse sets instead of linked lists (Knuth's SSXCC); " +
		"nodes as SSXCC counts them (levels entered: an option that leaves an item without options is dropped " +
		"at once, not a node); --branch ssxcc for SSXCC's tree exactly (one worker)"
	cellsLimits = "exact cover with colors: multiplicities and --max-options refused (dlx); counts in 64 bits"
	memoLimits  = "the table grows with the subproblems met, up to --memo-bytes (default: a quarter of the memory " +
		"available), then evicts (on several workers, which share it, stops storing); multiplicities on one worker; counts exact " +
		"at any size, those past 2^128 − 1 named in an error"
)

// The branching rules the engine's algorithms take besides auto
// (models.Algorithm.Branches): the memo's (and auto's, in a sample, from
// the memo), the fewest options first or the items in input order; the
// cells', the fewest options first or Knuth's SSXCC's tree.
var (
	MemoBranches  = []string{"mrv", "first"}
	CellsBranches = []string{"mrv", "ssxcc"}
)

// checkBranch refuses a branching rule the engine does not know, and
// ssxcc, the dancing cells' own.
func checkBranch(o *core.Options) error {
	b, err := dlx.ParseBranch(o.Branch)
	if err != nil {
		return core.Wrap(core.ErrUnsupported, "%v", err)
	}
	if b == dlx.BranchSSXCC {
		return core.Wrap(core.ErrUnsupported, "xcc: --branch ssxcc is the branching of the cells algorithm (Knuth's SSXCC's tree)")
	}
	return nil
}

// CheckCells is the check of a cells algorithm (models that run the
// cells outside Engine call it too): the cells branch on the item with
// the fewest options (mrv, auto: the same), or in Knuth's SSXCC's order
// (ssxcc), which depends on the order of the search and so runs on one
// worker.
func CheckCells(o *core.Options) error {
	o = o.OrDefault()
	b, err := dlx.ParseBranch(o.Branch)
	switch {
	case err != nil:
		return core.Wrap(core.ErrUnsupported, "%v", err)
	case b == dlx.BranchFirst:
		return core.Wrap(core.ErrUnsupported, "xcc: the cells take --branch mrv (the fewest options first) "+
			"or ssxcc (Knuth's SSXCC's tree); --branch first is the memo's, in a count")
	case b == dlx.BranchSSXCC && o.Workers > 1:
		return core.Wrap(core.ErrUnsupported, "xcc: the cells with --branch ssxcc search on one worker: Knuth's "+
			"SSXCC tries options in an order that depends on the subtrees searched before (got --workers %d)", o.Workers)
	case b == dlx.BranchSSXCC && o.Sample > 0:
		return core.Wrap(core.ErrUnsupported, "xcc: random samples come from the memo")
	}
	return nil
}

// checkMemo is the memo's check: it counts, and lists solutions only as a
// random sample (Options.Sample).
func checkMemo(o *core.Options) error {
	if o.Mode != core.ModeCount && o.Sample == 0 {
		return core.Wrap(core.ErrUnsupported, "xcc: the memo counts solutions; it lists them only as a random sample (--sample K)")
	}
	return checkBranch(o)
}

// EngineOptions returns the engine's options for the request o with the
// method m, as Run passes them on: the workers, the node budget, the
// method and its branching rule, the memo's budget, the seed and progress
// (a search with the cells and --branch ssxcc runs on one worker: their
// check refuses more, asked for). A model that runs the engine itself
// (a weighted search) starts from them.
func EngineOptions(o *core.Options, m dlx.Method) (dlx.Options, error) {
	o = o.OrDefault()
	branch, err := dlx.ParseBranch(o.Branch)
	if err != nil {
		return dlx.Options{}, core.Wrap(core.ErrUnsupported, "%v", err)
	}
	base := dlx.Options{Workers: o.Workers, MaxNodes: o.MaxNodes, Method: m, Branch: branch,
		MemoBytes: o.MemoBytes, Seed: o.Seed}
	if m == dlx.MethodCells && branch == dlx.BranchSSXCC {
		base.Workers = 1
	}
	if o.Progress != nil {
		base.Progress = func(done, total int) { o.Progress(core.Progress{Done: uint64(done), Total: uint64(total)}) }
	}
	return base, nil
}

// Run solves c as o asks with the engine's method m, on a solver of
// c.Problem built under ctx (a build stopped by ctx is the result's
// status, with no error): o's mode (first,
// all, count), solution limit, node budget and workers go to the engine,
// each solution's options are decoded into the model's encoding and
// passed to o.Visit, and the result carries the first solution. A count
// runs dlx's Count with m (the memo with o.Branch and o.MemoBytes); a
// listing runs Solve (the memo lists nothing: an error); o.Sample > 0
// draws that many solutions uniformly at random (seeded by o.Seed) and
// visits them as a listing would. The result's Extra then holds the
// memo's facts (see memoFields), and Method is "memo" or "cells" when
// the memo or the dancing cells answered for auto, else "dlx". A count beyond 2^128 − 1, which
// core.Count cannot hold, is an error wrapping resource.ErrTooLarge that
// names the exact figure.
func Run(ctx context.Context, c *Cover, o *core.Options, m dlx.Method) (core.Result, error) {
	switch {
	case c == nil || c.Problem == nil:
		return core.Result{}, errors.New("xcc: no cover to solve")
	case c.Decode == nil:
		return core.Result{}, errors.New("xcc: a cover needs a decode function")
	}
	o = o.OrDefault()
	base, err := EngineOptions(o, m)
	if err != nil {
		return core.Result{}, err
	}
	base.Forced = c.Forced
	if c.Workers > 0 && !(m == dlx.MethodCells && base.Branch == dlx.BranchSSXCC) {
		base.Workers = c.Workers
	}
	s, err := dlx.NewSolverContext(ctx, c.Problem)
	if err != nil {
		return Stopped(err)
	}
	var first core.Solution
	base.Visit = func(options []int) bool {
		sol := c.Decode(options)
		if first == nil {
			first = slices.Clone(sol)
		}
		if o.Visit != nil {
			return o.Visit(sol, core.Stats{})
		}
		return true
	}
	var res dlx.Result
	switch {
	case o.Sample > 0:
		res, err = s.Sample(ctx, o.Sample, &base)
	case o.Mode == core.ModeCount:
		base.Visit = nil
		res, err = s.Count(ctx, &base)
	case m == dlx.MethodMemo:
		return core.Result{}, core.Wrap(core.ErrUnsupported, "xcc: the memo counts solutions; it lists them only as a random sample (--sample K)")
	default:
		if m != dlx.MethodCells {
			base.Method = dlx.MethodLinks
		}
		base.Limit = o.Limit
		if o.Mode == core.ModeFirst {
			base.Limit = 1
		}
		res, err = s.Solve(ctx, &base)
	}
	if err != nil {
		return core.Result{}, err
	}
	if first == nil && res.Solutions > 0 {
		if f := s.First(); f != nil {
			first = slices.Clone(c.Decode(f))
		}
	}
	out := core.Result{Status: res.Status, Solutions: res.Count, First: first, Stats: res.Stats}
	if res.Big != nil && o.Sample == 0 {
		return core.Result{}, fmt.Errorf("xcc: the count %s exceeds 2^128 − 1, the most a result holds: %w", res.Big, resource.ErrTooLarge)
	}
	if o.Sample > 0 {
		// The draws made; sampled_from only once the count is known (a
		// sample stopped while counting drew nothing, from nothing known).
		out.Solutions = core.CountOf(res.Solutions)
		out.Extra = map[string]any{}
		switch {
		case res.Big != nil:
			out.Extra["sampled_from"] = res.Big.String()
		case !res.Count.IsZero() || !res.Status.Partial():
			out.Extra["sampled_from"] = res.Count
		}
	}
	if res.Memo != nil {
		if out.Extra == nil {
			out.Extra = map[string]any{}
		}
		memoFields(out.Extra, res.Memo)
		if m == dlx.MethodAuto && o.Sample == 0 {
			switch res.Method {
			case dlx.MethodMemo:
				out.Method = Memo
			case dlx.MethodCells:
				out.Method = Cells
			default:
				out.Method = DLX
			}
		}
	}
	return out, nil
}

// memoFields puts the facts of a memo in a result's record: when the memo
// answered, memo_entries, memo_hits, memo_misses, memo_hit_rate (to three
// decimals), memo_bytes (the table at its largest), memo_evicted (when
// the budget was reached), branch (mrv or first) and tree_nodes (the
// nodes of the plain search's tree, from the memo's virtual nodes; beyond
// 2^64 − 1, tree_nodes_at_least with that number instead); when auto
// sampled the memo and kept the plain search, memo_sample_saving
// (the sample's virtual nodes per node) and memo_probe_nodes (the work
// the decision took, not in the counters).
func memoFields(x map[string]any, m *dlx.MemoStats) {
	if !m.Used {
		x["memo_sample_saving"] = math.Round(m.Saving*10) / 10
		x["memo_probe_nodes"] = m.Probe.Nodes
		return
	}
	x["memo_entries"] = m.Entries
	x["memo_hits"] = m.Hits
	x["memo_misses"] = m.Misses
	x["memo_hit_rate"] = math.Round(m.HitRate()*1000) / 1000
	x["memo_bytes"] = m.Bytes
	x["branch"] = m.Branch.String()
	if m.Full {
		x["memo_evicted"] = m.Evicted
	}
	switch {
	case m.Virtual == math.MaxUint64:
		// Saturated: at least that many, never a wrong number.
		x["tree_nodes_at_least"] = m.Virtual
	case m.Virtual > 0:
		x["tree_nodes"] = m.Virtual
	}
	if m.Probe.Nodes > 0 {
		x["memo_probe_nodes"] = m.Probe.Nodes
	}
}
