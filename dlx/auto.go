package dlx

import (
	"context"
	"slices"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// How MethodAuto chooses: a race.
//
// The candidates of a count are the enumeration (Algorithm C, or M with
// multiplicities) and the memoized count by each branching rule (the
// fewest options, the first item): their costs differ by orders of
// magnitude from one instance to the next (an L-tromino board: the memo
// by the first item in 0.2 s, by the fewest options not in 300 s;
// Langford pairings: the enumeration in 3.4 s, the memo in 49 s), and no
// rule read off the instance tells them apart. So each runs, on a copy of
// the arrays of its own, in slices of work; a slice ends with the search's
// levels in place, and the next goes on from there (task.resume): a
// candidate's work is never lost, and its counters are those of one run.
// After each slice its progress (Knuth's estimate from the position of
// its stack) and the work it has done project the work it still needs: a
// memo's node weighs raceMemoNode units of the enumeration's work, in the
// slice as in the projection, and a memo is projected at the better of
// its pace so far and its last slice's (it quickens as its table fills).
// The leader, the least projected, runs slices that double, the others
// slices a sixteenth as long (the enumeration behind a memo a 64th, see
// raceMemoPace), and a candidate projected raceDrop times the leader's
// work is dropped (its copy and table freed); a memo leads on its
// projection only once its hit rate is read off enough lookups (proven).
// In the opening, a memo whose first lookups look hopeful goes on until
// its hit rate says what it is (hopeful), while the enumeration waits
// (a memo's table fills as it goes, so its first lookups understate its
// hit rate), and once a memo is hot the candidates yet to run start
// behind it, in its shares. Two readings overrule the projections. A memo whose lookups find their subproblem
// less than raceCold of the time never leads and falls back after
// raceMinSlices slices (a low hit rate is the memo's cost without its
// gain). While every projection is blind (more than raceBlind times the
// work done: the first branches of a search tell little of the rest), a
// memo whose lookups hit raceHot of the time or more leads, else the
// enumeration, the others keeping pace with it. The first candidate to
// finish answers, with its own counters; the work of the others is
// Result.Memo.Probe. Every measure is of work, none of time, so the race
// is decided the same way on every run and any number of workers: its
// counters are a function of the instance.
//
// On several workers the race is run on one, and the leader goes on on
// all of them once it is clear (raceClear ahead of every other
// candidate, or alone): the enumeration of Algorithm C from where it
// stopped, its subproblems left split among the workers (goOn: the
// counters are still those of one search), with less than half of its
// count done; the memo, or Algorithm M, from the root again (their
// counters are then those of the method on any number of workers), the
// memo only while its projection leaves most of its count to do.
const (
	// raceFirst is the first slice of each candidate, in units of work
	// (see gauge), given in order (the enumeration, the memo by the first
	// item, by the fewest options): a count that small (some 0.5 to 2 ms)
	// is the first candidate's to finish it, whatever the timing.
	raceFirst = 1 << 17
	// raceMaxSlice bounds a slice, so that the projections are checked
	// as the count goes (some 0.1 to 1 s).
	raceMaxSlice = 1 << 26
	// raceShare is the share of the leader's slice the others get.
	raceShare = 16
	// raceDrop drops a candidate projected this many times slower than
	// the leader, once it has had raceMinSlices slices.
	raceDrop      = 16
	raceMinSlices = 3
	// raceClear is the lead that ends the race: the leader goes on
	// alone, on several workers if it has them (a memo, which starts
	// again from the root there, only while it is projected to need
	// raceRestart times what it has spent); raceSwitch the lead another
	// candidate needs to take the lead.
	raceClear   = 4
	raceRestart = 8
	raceSwitch  = 1.5
	// raceBlind: while every candidate projects more than raceBlind
	// times the work it has done, the projections say little (a
	// search's first branches tell little of the rest, and a memo's pace
	// quickens): the candidates run slices of one size and none is
	// dropped.
	raceBlind = 64
	// While the projections are blind, a memo whose lookups find their
	// subproblem raceHot of the time or more leads (the best such); one
	// below raceCold gets the others' short slices. Measured on the
	// suite of testdata/auto: the memos that win (dominoes, L-trominoes)
	// find 22 to 33% after their first slices, those that lose 0 to 9%.
	raceHot  = 0.2
	raceCold = 0.1
	// raceColdLookups is the lookups a memo makes before its hit rate can
	// call it cold: an L-tromino board's memo by the first item, which
	// wins by orders of magnitude, finds 10% of its first 400.
	raceColdLookups = 2048
	// raceHopeful and raceEvidence: in the race's opening, a memo whose
	// first lookups find raceHopeful of their subproblems or more goes on
	// until it has made raceEvidence lookups (see hopeful). Measured on
	// the suite of testdata/auto: after some 400 lookups the memos that
	// win find 8 to 24%, those that lose 0 to 8%.
	raceHopeful  = 0.06
	raceEvidence = 4 * raceColdLookups
	// raceMemoNode is what a memo's node costs on top of its units of
	// work, in units of the enumeration's work: its key hashed, looked up
	// and stored, its counts summed. Measured (one worker, the suite of
	// testdata/auto) from 270 to 750 ns a node, where a unit of the
	// enumeration takes 2.5 to 5 ns: taken at the top, so that the memo
	// answers where it saves much (where it wins, it wins by orders of
	// magnitude) and the enumeration, which splits among workers without
	// a shared table, everywhere else.
	raceMemoNode = 300
	// raceMemoPace is how much more of the enumeration's work a unit of
	// a memo's weighed work stands for in time, in the slices the
	// enumeration gets behind a memo that leads: a memo's node weighs
	// raceMemoNode units and takes the time of some 50 to 300 (60 on the
	// L-tromino boards, where a memo leads).
	raceMemoPace = 4
)

// racer is one candidate of a race.
type racer struct {
	m      resumable
	r      runner
	memo   bool
	spent  float64    // the work of its slices, in units of the enumeration's
	stats  core.Stats // its counters so far
	count  count      // its solutions so far (a memo's: when done)
	p      float64    // progress at the end of its last slice
	slice  uint64     // its last slice, in units of work
	slices int
	done   bool
	// v is the nodes of the plain search's tree behind it (a memo's:
	// the virtual nodes of the subtrees it finished), lastRate those its
	// last slice added per unit of work.
	v, lastRate float64
	status      core.Status // the last slice's status
}

// remaining projects the work r still needs from its progress and its
// work so far. The enumeration's pace is steady: its work so far over
// the share done. A memo's quickens as its table fills, so it is
// projected at the better of its pace so far and its last slice's, in
// nodes of the plain search's tree (the virtual nodes of the subtrees it
// finished) per unit of work.
func (r *racer) remaining() float64 {
	if r.done {
		return 0
	}
	p := max(r.p, 1e-12)
	rest := max(r.spent, 1) * (1 - p) / p
	if r.memo && r.lastRate > 0 && r.v > 0 {
		rest = min(rest, r.v*(1-p)/p/r.lastRate)
	}
	return rest
}

// blind reports whether r's projection says nothing yet: it projects
// more than raceBlind times the work it has done.
func (r *racer) blind() bool { return !r.done && r.remaining() > raceBlind*max(r.spent, 1) }

// run runs a slice of n units of work under ctx.
func (r *racer) run(ctx context.Context, n uint64, forced []int) {
	r.r.g.reset(ctx, 0)
	r.r.g.slice = n
	if r.memo {
		r.r.g.nodeWork = raceMemoNode
	}
	var o outcome
	if r.slices == 0 {
		o = r.r.run(r.m, forced, nil, 0, nil)
	} else {
		o = r.r.resume(r.m)
	}
	// The work of the slice: all of it when the search stopped there, else
	// what its counters show (a memo's nodes weighed, as in the slice).
	w := n
	if !o.parked {
		w = min(n, r.r.g.sliceWork(o.stats.Nodes, o.stats.Updates+o.stats.Nodes))
	}
	r.spent += float64(w)
	r.r.g.end()
	r.slices++
	r.slice = n
	r.stats = r.stats.Add(o.stats)
	r.status = o.status
	if r.memo {
		r.count = o.count // a memo's count is known when it is done
	} else {
		r.count = r.count.add(o.count)
	}
	r.done = !o.parked
	r.p = r.m.progress()
	v := float64(r.stats.Nodes)
	if r.memo {
		_, mo := r.m.(memoMethod).memo()
		v = float64(mo.virtual)
	}
	r.lastRate = (v - r.v) / max(float64(w), 1)
	r.v = v
}

// race is a race of candidates for a count of opts: the candidates from
// the factory, the first on s's arrays and the others on copies.
type race struct {
	s      *Solver
	opts   *Options
	ctx    context.Context
	racers []*racer
	lead   *racer
}

// newRace returns the race of the enumeration plain (nil: none; see
// raceEnumeration) and the memo by each rule opts.Branch allows (with
// memo), on one worker, or nil with the error of a copy the resource
// policy refuses.
func (s *Solver) newRace(ctx context.Context, opts *Options, plain resumable, memo bool, budget uint64) (*race, error) {
	rc := &race{s: s, opts: opts, ctx: ctx}
	l := s.l
	meter := core.NewMeter(ctx, nil) // copying a large problem's arrays takes time
	add := func(m resumable, isMemo bool) error {
		if len(rc.racers) > 0 {
			// A copy of the arrays for each candidate after the first.
			if err := s.checkWorkers(m, 1); err != nil {
				return err
			}
			c, err := m.clone(meter)
			if err != nil {
				return err
			}
			m = c.(resumable)
		}
		rc.racers = append(rc.racers, &racer{m: m, memo: isMemo, r: runner{rec: newRecord(l.levelsM())}})
		return nil
	}
	if plain != nil {
		if err := add(plain, false); err != nil {
			return nil, err
		}
	}
	branches := []Branch{BranchFirst, BranchMRV}
	if opts.Branch != BranchAuto {
		branches = []Branch{opts.Branch}
	}
	// Each memo candidate has the table budget, unless memory is tight:
	// then they share resource.SmallBytes (the size the resource policy
	// grants a structure without reading the limits, which two tables
	// growing at once must not both take).
	share := budget
	if a := resource.Available(); a != 0 && a < 4*resource.SmallBytes {
		share = max(min(budget, resource.SmallBytes)/uint64(len(branches)), MinMemoBytes)
	}
	for _, b := range branches {
		mm := s.newMemo(share, b)
		switch m := mm.(type) {
		case *memoC:
			m.parks = true
		case *memoM:
			m.parks = true
		}
		if err := add(mm.(resumable), true); err != nil {
			return nil, err
		}
	}
	return rc, nil
}

// leader returns the racer with the least projected time: the leader so
// far (at first the first candidate) unless another is projected
// raceSwitch times faster, so that near ties are decided the same way on
// every run. A cold memo does not lead.
func (rc *race) leader() *racer {
	if !slices.Contains(rc.racers, rc.lead) || rc.lead.cold(rc) {
		rc.lead = rc.racers[0]
	}
	best := rc.lead
	for _, r := range rc.racers {
		if r.proven(rc) && r.remaining()*raceSwitch < rc.lead.remaining() && r.remaining() < best.remaining() {
			best = r
		}
	}
	rc.lead = best
	return best
}

// blind reports whether every candidate is blind (see raceBlind).
func (rc *race) blind() bool {
	for _, r := range rc.racers {
		if !r.blind() {
			return false
		}
	}
	return true
}

// cold reports whether r is a memo whose lookups (raceColdLookups of
// them at least) find their subproblem less than raceCold of the time
// while the enumeration races: it falls back to the enumeration.
func (r *racer) cold(rc *race) bool {
	return r.memo && r.lookups() >= raceColdLookups && r.hitRate() < raceCold && !rc.racers[0].memo
}

// hopeful reports whether r is a memo that goes on in the race's opening
// until its hit rate says what it is: one whose lookups have found their
// subproblem raceHopeful of the time or more, but not yet raceHot of it,
// with fewer than raceEvidence lookups, while the enumeration races and
// is blind. A hit rate read off the first few hundred lookups says
// little (a memo's table fills as it goes: an L-tromino board's memo by
// the first item finds 8% of its first 400 lookups, 18% of its first
// 2,400 and 40% in all), and a memo's node costs a fraction of the
// enumeration's slice it is weighed as: the evidence is cheaper got at
// once than by the enumeration keeping pace with it.
func (r *racer) hopeful(rc *race) bool {
	if !r.memo || r.cold(rc) {
		return false
	}
	if e := rc.racers[0]; e.memo || !e.blind() {
		return false // no enumeration races, or its pace is known
	}
	if h := rc.hot(); h != nil && h != r {
		return false // another memo leads
	}
	h := r.hitRate()
	return r.lookups() < raceEvidence && h >= raceHopeful && h < raceHot
}

// proven reports whether r may lead on its projection: the enumeration,
// a memo that is hot, or one that has made raceColdLookups lookups and
// is not cold (a memo's projection before then is of its first few
// hundred nodes, few of them hits); in a race of the memos alone, any.
func (r *racer) proven(rc *race) bool {
	if !r.memo || rc.racers[0].memo {
		return true // the enumeration, or a race of the memos alone
	}
	return r.hitRate() >= raceHot || r.lookups() >= raceColdLookups && !r.cold(rc)
}

// lookups is the number of a memo's lookups so far.
func (r *racer) lookups() uint64 {
	m, _ := r.m.(memoMethod).memo()
	if m == nil {
		return 0
	}
	return m.hits + m.misses
}

// hot returns the memo with the best hit rate if it is raceHot or more,
// else nil.
func (rc *race) hot() *racer {
	var h *racer
	for _, r := range rc.racers {
		if r.memo && r.hitRate() >= raceHot && (h == nil || r.hitRate() > h.hitRate()) {
			h = r
		}
	}
	return h
}

// hitRate is the share of a memo's lookups that found their subproblem;
// 1 for the enumeration (never cold, never hot).
func (r *racer) hitRate() float64 {
	if !r.memo {
		return 1
	}
	m, _ := r.m.(memoMethod).memo()
	if m == nil {
		return 0
	}
	return float64(m.hits) / float64(max(m.hits+m.misses, 1))
}

// drop removes r from the race.
func (rc *race) drop(r *racer) {
	rc.racers = slices.DeleteFunc(rc.racers, func(x *racer) bool { return x == r })
}

// run races until a candidate finishes or stops, or until the leader is
// clear and until (nil: never) says it goes on alone; it returns the
// racer that finished, stopped or leads, and whether it finished.
func (rc *race) run(until func(lead *racer) bool) (*racer, bool) {
	forced := rc.opts.Forced
	for _, r := range rc.racers {
		if rc.hot() != nil {
			break // a hot memo leads: the others start behind it, in its shares
		}
		r.run(rc.ctx, raceFirst, forced)
		for r.status == core.StatusLimit && !r.done && r.hopeful(rc) {
			r.run(rc.ctx, raceFirst, forced)
		}
		if r.done || r.status != core.StatusLimit {
			return r, r.done
		}
	}
	for {
		lead := rc.leader()
		blind := rc.blind()
		if blind {
			// A hot memo leads; else the enumeration, whose pace is known.
			if h := rc.hot(); h != nil {
				lead, rc.lead, blind = h, h, false
			} else if !rc.racers[0].memo {
				lead, rc.lead = rc.racers[0], rc.racers[0]
			}
		}
		clear := rc.clear(lead) && (!blind || len(rc.racers) == 1)
		for _, r := range slices.Clone(rc.racers) {
			if r != lead && (clear || r.slices >= raceMinSlices && (r.cold(rc) || !blind && r.remaining() > raceDrop*lead.remaining())) {
				rc.drop(r)
			}
		}
		if clear && until != nil && until(lead) {
			return lead, false
		}
		n := min(2*lead.slice, raceMaxSlice)
		lead.run(rc.ctx, n, forced)
		if lead.done || lead.status != core.StatusLimit {
			return lead, lead.done
		}
		for _, r := range rc.racers {
			share := rc.share(r, lead, blind)
			if r == lead || r.spent*float64(share)/2 > lead.spent {
				continue
			}
			r.run(rc.ctx, max(n/share, raceFirst/4), forced)
			if r.done || r.status != core.StatusLimit {
				return r, r.done
			}
		}
	}
}

// share returns the share of the leader's slice r gets: raceShare; while
// the projections are blind, all of it for a memo that is not cold (it
// keeps pace); behind a memo, raceMemoPace times less for the
// enumeration, so that it keeps a share of the leader's time rather
// than of its weighed work.
func (rc *race) share(r, lead *racer, blind bool) uint64 {
	switch {
	case blind && r.memo && r.hitRate() >= raceCold:
		return 1
	case lead.memo && !r.memo:
		return raceShare * raceMemoPace
	}
	return raceShare
}

// finish runs the race (see run) and returns its winner or leader,
// whether it finished, and the work of every other candidate. The first
// candidate works on the Solver's own arrays: they are left as it found
// them, unless it is Algorithm C stopped to go on on the workers (goOn);
// the copies go with their candidates.
func (rc *race) finish(commit bool) (*racer, bool, core.Stats) {
	var until func(*racer) bool
	if commit {
		until = goesOn
	}
	return rc.finishUntil(until)
}

// goesOn reports whether a clear leader goes on alone on several
// workers: Algorithm C from where it stopped, while less than half of
// its count is done; another method, which starts again from the root
// there, while it is projected to need raceRestart times what it has
// spent.
func goesOn(lead *racer) bool {
	if _, ok := lead.m.(*algoC); ok {
		return lead.p < 0.5
	}
	return lead.remaining() > raceRestart*lead.spent
}

// finishUntil is finish with run's until.
func (rc *race) finishUntil(until func(*racer) bool) (*racer, bool, core.Stats) {
	all := slices.Clone(rc.racers)
	r, done := rc.run(until)
	if _, goesOn := r.m.(*algoC); r != all[0] || done || !goesOn {
		all[0].r.settle()
	}
	var other core.Stats
	for _, x := range all {
		if x != r {
			other = other.Add(x.stats)
		}
	}
	other.Elapsed = 0
	return r, done, other
}

// clear reports whether lead is raceClear ahead of every other racer,
// each of which has had raceMinSlices slices (true when it is alone).
func (rc *race) clear(lead *racer) bool {
	for _, r := range rc.racers {
		if r != lead && (r.slices < raceMinSlices || r.remaining() < raceClear*lead.remaining()) {
			return false
		}
	}
	return true
}

// auto is Count with MethodAuto: a race of the enumeration and the memo
// (see above). A count with a node budget is the enumeration's, as is one
// the enumeration finishes in its first slice.
func (s *Solver) auto(ctx context.Context, opts *Options) (Result, error) {
	if opts.MaxNodes != 0 {
		return s.enumerate(ctx, opts)
	}
	start := time.Now()
	budget, err := memoBudget(opts)
	if err != nil {
		return Result{}, err
	}
	rc, err := s.newRace(ctx, opts, s.raceEnumeration(ctx, opts), true, budget)
	if st, ok := core.ErrorStatus(err); ok {
		return Result{Status: st, Method: MethodLinks}, nil // stopped while copying the arrays
	}
	if err != nil {
		return Result{}, err
	}
	return s.finishRace(ctx, opts, rc, budget, start), nil
}

// raceEnumeration returns the enumeration candidate of a count's race:
// Algorithm M with multiplicities; the dancing cells (their canonical
// tree) wherever they can run, unless opts asks for the links' own modes
// or the memo's branching by the first item; else Algorithm C. The cells'
// tree is Algorithm C's with the dead ends cut, and they count in 0.6 to
// 1.0 of its time on every instance measured (docs/benchmarks.md, issue
// 34, "Where auto counts with the cells").
func (s *Solver) raceEnumeration(ctx context.Context, opts *Options) resumable {
	if s.l.multi {
		return newAlgoM(s.l)
	}
	if !opts.TakeSingleton && !opts.Snapshot && opts.Branch != BranchFirst && s.cellsReady(ctx) {
		s.cl.tree = cellsCanonical
		return s.cl
	}
	c := newAlgoC(s.l)
	if opts.TakeSingleton {
		c.stopAt = 1
	}
	return c
}

// finishRace runs the race rc to its end and returns the count: the
// winner's, or on several workers the leader's, started again on them.
func (s *Solver) finishRace(ctx context.Context, opts *Options, rc *race, budget uint64, start time.Time) Result {
	r, done, probe := rc.finish(opts.Workers > 1)
	saving := rc.saving()
	var res Result
	switch {
	case !done && r.status == core.StatusLimit && r.memo:
		// The leader on the workers, from the root, as MethodMemo runs.
		probe = probe.Add(r.stats)
		probe.Elapsed = 0
		res = s.memoCount(ctx, opts, budget, r.branch(), probe, start)
	case !done && r.status == core.StatusLimit:
		// The enumeration goes on where it stopped, on the workers
		// (Algorithm C), or starts again on them (M).
		if c, ok := r.m.(*algoC); ok && c.pend.on {
			r.r.parked = nil // goOn settles it
			s.g.reset(ctx, 0)
			res = Result{Status: core.StatusExhausted, Stats: r.stats, Solutions: r.count.lo, Method: MethodLinks}
			s.rec.nfirst = -1
			if f := r.r.rec.First(); f != nil {
				s.rec.keepFirst(f)
			}
			res = s.goOn(c, opts, res)
			s.g.end()
			res.Count = core.CountOf(res.Solutions)
		} else {
			// Algorithm M or the cells, from the root on the workers.
			probe = probe.Add(r.stats)
			probe.Elapsed = 0
			o := *opts
			if r.m == resumable(s.cl) {
				o.Method = MethodCells
			}
			res, _ = s.enumerate(ctx, &o)
		}
		res.Memo = &MemoStats{Saving: saving, Probe: probe}
	case r.memo:
		res = s.memoResult(r.m.(memoMethod), probe, start)
		res.Stats = r.stats
	default:
		res = Result{Status: r.status, Stats: r.stats, Method: MethodLinks}
		if r.m == resumable(s.cl) {
			res.Method = MethodCells
		}
		res.setCount(r.count)
		res.Memo = &MemoStats{Saving: saving, Probe: probe}
		s.rec.nfirst = -1
		if f := r.r.rec.First(); f != nil {
			s.rec.keepFirst(f)
		}
	}
	if res.Memo != nil && res.Memo.Saving == 0 {
		res.Memo.Saving = saving
	}
	res.Stats.Elapsed = time.Since(start)
	return res
}

// saving returns the virtual nodes per node of the memo racer that got
// furthest, 0 without one: the share of the enumeration's work one memo
// node stands for.
func (rc *race) saving() float64 {
	best := 0.0
	for _, r := range rc.racers {
		if !r.memo {
			continue
		}
		_, o := r.m.(memoMethod).memo()
		if v := float64(o.virtual) / float64(max(r.stats.Nodes, 1)); v > best {
			best = v
		}
	}
	return best
}

// branch returns a memo racer's branching rule.
func (r *racer) branch() Branch {
	mr, _ := r.m.(memoMethod).memo()
	if mr == nil {
		return BranchMRV
	}
	return mr.branch
}

// raceMemo is the count of MethodMemo (and of Sample) with BranchAuto: a
// race of the memo by each rule, on one worker, to the end, or with
// commit to the moment the leader is clear; it returns the winner or the
// leader, whether it finished, and the work of the other.
func (s *Solver) raceMemo(ctx context.Context, opts *Options, budget uint64, commit bool) (*racer, bool, core.Stats, error) {
	rc, err := s.newRace(ctx, opts, nil, true, budget)
	if st, ok := core.ErrorStatus(err); ok {
		// Stopped while copying the arrays: a racer that never ran.
		mm := s.newMemo(budget, BranchMRV)
		switch m := mm.(type) {
		case *memoC:
			m.m, m.last = newMemoRun(s.l, len(m.choice), budget, BranchMRV), memoOutcome{status: st}
		case *memoM:
			m.m, m.last = newMemoRun(s.l, len(m.choice), budget, BranchMRV), memoOutcome{status: st}
		}
		return &racer{m: mm.(resumable), memo: true, status: st}, false, core.Stats{}, nil
	}
	if err != nil {
		return nil, false, core.Stats{}, err
	}
	r, done, other := rc.finish(commit)
	return r, done, other, nil
}
