package models

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// Setting is a part of a request whose effect depends on the algorithm: a
// field of core.Options beyond the mode. Every algorithm honours the mode
// it can do (Caps), the stop (the context) and the progress callback; a
// setting it does not honour it refuses (Supports), never ignores. The
// capabilities an algorithm declares (Caps, Methods) say which settings it
// honours in which mode (Algorithm.Honours), so a front end built from the
// registry refuses a flag the chosen algorithm would ignore without
// knowing the algorithm, and lists in help only what applies.
type Setting int

const (
	// SetWorkers is Options.Workers above 1: a search on several
	// goroutines. One worker is what every algorithm does.
	SetWorkers Setting = iota
	// SetMaxNodes is Options.MaxNodes, a budget of search nodes (local
	// search: steps).
	SetMaxNodes
	// SetLimit is Options.Limit, the most solutions a listing visits.
	SetLimit
	// SetUnique is Options.Unique: fundamental solutions.
	SetUnique
	// SetSample is Options.Sample: solutions drawn uniformly at random.
	SetSample
	// SetSeed is Options.Seed other than 0 (the documented default).
	SetSeed
	// SetMethod is Options.Method: an algorithm's variant.
	SetMethod
	// SetBranch is Options.Branch other than "" and "auto": a memoized
	// count's branching rule.
	SetBranch
	// SetMemoBytes is Options.MemoBytes: a memoized count's memory.
	SetMemoBytes
	// SetCheckpoint is Options.Checkpoint (with Options.CheckpointEvery):
	// a count's progress saved in a file and resumed from it.
	SetCheckpoint
)

// Settings lists every setting, in the order refusals name them.
var Settings = []Setting{SetWorkers, SetMaxNodes, SetLimit, SetUnique, SetSample, SetSeed, SetMethod, SetBranch, SetMemoBytes, SetCheckpoint}

var settingNames = [...]string{"workers", "max-nodes", "limit", "unique", "sample", "seed", "method", "branch", "memo-bytes", "checkpoint"}

// String returns the setting's name, which is also its flag in the
// coverkit command: workers, max-nodes, limit, unique, sample, seed,
// method, branch, memo-bytes, checkpoint.
func (s Setting) String() string {
	if s < 0 || int(s) >= len(settingNames) {
		return "setting?"
	}
	return settingNames[s]
}

// Asked reports whether o asks for the setting: a value other than the one
// every algorithm honours (no workers beyond one, no budget, no limit, the
// default seed, method and branching rule).
func (s Setting) Asked(o *core.Options) bool {
	o = o.OrDefault()
	switch s {
	case SetWorkers:
		return o.Workers > 1
	case SetMaxNodes:
		return o.MaxNodes > 0
	case SetLimit:
		return o.Limit > 0
	case SetUnique:
		return o.Unique
	case SetSample:
		return o.Sample > 0
	case SetSeed:
		return o.Seed != 0
	case SetMethod:
		return o.Method != ""
	case SetBranch:
		return o.Branch != "" && o.Branch != "auto"
	case SetMemoBytes:
		return o.MemoBytes > 0
	case SetCheckpoint:
		return o.Checkpoint != ""
	}
	return false
}

// Honours reports whether a reads setting s in a request with options o,
// from what a declares:
//
//   - workers: CanParallel in a count, CanParallelList in a listing (a
//     random sample is drawn on one worker);
//   - max-nodes: CanBudget;
//   - limit: a listing of every solution (ModeAll) by an algorithm with
//     CanAll, not a random sample (which draws Sample solutions);
//   - unique: CanUnique, not in a random sample;
//   - sample: CanSample;
//   - seed: CanSeed, or CanSample in a random sample;
//   - method: a has Methods, o.Method among them;
//   - branch, memo-bytes: CanMemo in a count, CanSample in a random sample
//     (both read the memo); branch also CanBranch, in every mode, and
//     only a rule among a.Branches (when a lists them);
//   - checkpoint: CanCheckpoint in a count.
//
// Whether o asks for s does not matter: Honours answers for the mode and
// the sample of o.
func (a Algorithm) Honours(s Setting, o *core.Options) bool {
	o = o.OrDefault()
	c := a.Caps
	sampling := o.Sample > 0
	counting := !sampling && o.Mode == core.ModeCount
	listing := !sampling && !counting
	switch s {
	case SetWorkers:
		return counting && c.Has(CanParallel) || listing && c.Has(CanParallelList)
	case SetMaxNodes:
		return c.Has(CanBudget)
	case SetLimit:
		return o.Mode == core.ModeAll && !sampling && c.Has(CanAll)
	case SetUnique:
		return !sampling && c.Has(CanUnique)
	case SetSample:
		return c.Has(CanSample)
	case SetSeed:
		return c.Has(CanSeed) || sampling && c.Has(CanSample)
	case SetMethod:
		return slices.Contains(a.Methods, o.Method) || o.Method == "" && len(a.Methods) > 0
	case SetBranch:
		takes := len(a.Branches) == 0 || o.Branch == "" || o.Branch == "auto" || slices.Contains(a.Branches, o.Branch)
		return takes && (c.Has(CanBranch) || counting && c.Has(CanMemo) || sampling && c.Has(CanSample))
	case SetMemoBytes:
		return counting && c.Has(CanMemo) || sampling && c.Has(CanSample)
	case SetCheckpoint:
		return counting && c.Has(CanCheckpoint)
	}
	return false
}

// Ignores returns the settings o asks for that a would ignore, in the
// order of Settings (none: a honours the whole request).
func (a Algorithm) Ignores(o *core.Options) []Setting {
	var out []Setting
	for _, s := range Settings {
		if s.Asked(o) && !a.Honours(s, o) {
			out = append(out, s)
		}
	}
	return out
}

// Honouring returns the names of m's algorithms that can answer a request
// like o (its mode, a sample) and honour setting s in it, in the model's
// order: the algorithms a refusal of s names.
func (m *Model) Honouring(s Setting, o *core.Options) []string {
	o = o.OrDefault()
	var names []string
	for _, a := range m.Algorithms {
		if a.Honours(s, o) && a.CanDo(o) {
			names = append(names, a.Name)
		}
	}
	return names
}

// CanDo reports whether a can answer a request like o: its mode (a count
// by enumerating included) and a random sample, whatever the settings.
func (a Algorithm) CanDo(o *core.Options) bool { return a.modeOK(o.OrDefault()) == "" }

// modeOK returns "" if a can do the mode of o (a count by enumerating
// included), else what it cannot do.
func (a Algorithm) modeOK(o *core.Options) string {
	listing := o.Sample == 0 // a sample is drawn in place of a listing
	switch {
	case o.Sample > 0 && !a.Caps.Has(CanSample):
		return "draw solutions at random"
	case listing && o.Mode == core.ModeFirst && !a.Caps.Has(CanFirst):
		return "find a solution"
	case listing && o.Mode == core.ModeAll && !a.Caps.Has(CanAll):
		return "list all solutions"
	case o.Mode == core.ModeCount && !a.Caps.Has(CanCount) && !a.Caps.Has(CanAll):
		return "count solutions"
	}
	return ""
}

// ignoredError is the refusal of a setting that a would ignore in o,
// naming the algorithms of m that honour it (m may be nil).
func ignoredError(m *Model, a Algorithm, s Setting, o *core.Options) error {
	var why string
	switch s {
	case SetWorkers:
		why = "runs on one worker here"
	case SetLimit:
		if o.Sample > 0 {
			return core.Wrap(core.ErrUnsupported, "models: --limit does not apply to a random sample: --sample K draws K solutions")
		}
		why = "does not list every solution"
	case SetUnique:
		if o.Sample > 0 {
			return core.Wrap(core.ErrUnsupported, "models: --unique does not apply to a random sample (every solution is drawn with the same chance)")
		}
		why = "does not tell solutions apart up to symmetry"
	case SetSample:
		why = "does not draw solutions at random"
	case SetCheckpoint:
		why = "does not save checkpoints"
	case SetBranch:
		return branchError(m, a, o)
	case SetMethod:
		why = "has no methods"
		if len(a.Methods) > 0 {
			msg := fmt.Sprintf("models: %s algorithm %s: unknown method %q (known: %s)", a.Model, a.Name, o.Method, strings.Join(a.Methods, ", "))
			if m != nil {
				if names := m.Honouring(s, o); len(names) > 0 {
					msg += "; --method " + o.Method + " needs --algo " + orList(names)
				}
			}
			return core.Wrap(core.ErrUnsupported, "%s", msg)
		}
	default:
		why = "does not read it"
	}
	msg := "models: --" + s.String() + " needs "
	var names []string
	if m != nil {
		names = m.Honouring(s, o)
	}
	if len(names) == 0 {
		msg = "models: --" + s.String() + " does not apply here: no " + a.Model + " algorithm reads it " + modeWords(o)
	} else {
		msg += "--algo " + orList(names)
	}
	return core.Wrap(core.ErrUnsupported, "%s (%s algorithm %s %s)", msg, a.Model, a.Name, why)
}

// branchError is the refusal of the branching rule o names by a, which
// does not take it in o's mode: the rules a takes, if it reads one here,
// and the algorithms of m that take that rule here, or else those that
// read another rule here and those that take it in a count.
func branchError(m *Model, a Algorithm, o *core.Options) error {
	flag := "--branch " + o.Branch
	rules := func(b Algorithm) string { return "takes --branch " + orList(b.Branches) }
	anyRule := &core.Options{Mode: o.Mode, Sample: o.Sample}
	why := "does not read --branch"
	if len(a.Branches) > 0 && a.Honours(SetBranch, anyRule) {
		why = rules(a)
	}
	var here, others, count []string
	if m != nil {
		here = m.Honouring(SetBranch, o)
		for _, b := range m.Algorithms {
			if b.Name != a.Name && len(b.Branches) > 0 && b.CanDo(o) && b.Honours(SetBranch, anyRule) {
				others = append(others, "--algo "+b.Name+" "+rules(b))
			}
		}
		if o.Mode != core.ModeCount || o.Sample > 0 {
			count = m.Honouring(SetBranch, &core.Options{Mode: core.ModeCount, Branch: o.Branch})
		}
	}
	if len(here) > 0 {
		return core.Wrap(core.ErrUnsupported, "models: %s needs --algo %s (%s algorithm %s %s)", flag, orList(here), a.Model, a.Name, why)
	}
	msg := "models: " + flag + " does not apply " + modeWords(o)
	if len(count) > 0 {
		others = append(others, "--algo "+orList(count)+" takes "+o.Branch+" in a count")
	}
	if len(others) > 0 {
		msg += ": " + strings.Join(others, "; ")
	}
	return core.Wrap(core.ErrUnsupported, "%s (%s algorithm %s %s)", msg, a.Model, a.Name, why)
}

// modeWords names the mode of o for a refusal.
func modeWords(o *core.Options) string {
	switch {
	case o.Sample > 0:
		return "in a random sample"
	case o.Mode == core.ModeCount:
		return "in a count"
	case o.Mode == core.ModeAll:
		return "in a listing"
	}
	return "when it finds one solution"
}

// orList joins names as "a", "a or b", "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// model returns the registered model that lists a, or nil (a test's own
// registry, an algorithm not registered).
func (a Algorithm) model() *Model {
	m, err := Lookup(a.Model)
	if err != nil || !slices.ContainsFunc(m.Algorithms, func(b Algorithm) bool { return b.Name == a.Name }) {
		return nil
	}
	return m
}

// Given is what a command line gives for the settings of a request, each
// read by the flag the setting names (String): counts as text for the one
// parser of sizes and counts (core.ParseSize: 1e6, 1_000_000), a memory
// as text for core.ParseBytes (512MiB, 2GB), the rest as they are.
type Given struct {
	Workers                 int
	Seed                    uint64
	Unique                  bool
	Method, Branch          string
	MaxNodes, Limit, Sample string
	MemoBytes               string
}

// Branches are the branching rules a request may name (Options.Branch):
// auto, the algorithm's own choice, then those an algorithm declares it
// takes (CanBranch, CanMemo).
var Branches = []string{"auto", "mrv", "first", "ssxcc"}

// Options checks g and returns the options of a request in mode. A count
// up to a limit enumerates (ModeAll). The worker count stays as given (0:
// the one worker rule's default, which Algorithm.Run resolves), so that
// an algorithm that runs on one worker refuses only more asked for, never
// the default of a count; it is checked here (resource.CheckWorkers).
func (g Given) Options(mode core.Mode) (*core.Options, error) {
	if _, err := resource.CheckWorkers(g.Workers); err != nil {
		return nil, fmt.Errorf("--%w", err)
	}
	o := &core.Options{Mode: mode, Workers: g.Workers, Seed: g.Seed, Unique: g.Unique, Method: g.Method}
	var err error
	if o.MaxNodes, err = parseCount("--max-nodes", g.MaxNodes); err != nil {
		return nil, err
	}
	if o.Limit, err = parseCount("--limit", g.Limit); err != nil {
		return nil, err
	}
	if mode == core.ModeCount && o.Limit > 0 {
		o.Mode = core.ModeAll // counting up to the limit enumerates
	}
	if o.Sample, err = parseCount("--sample", g.Sample); err != nil {
		return nil, err
	}
	if g.Branch != "" && !slices.Contains(Branches, g.Branch) {
		return nil, fmt.Errorf("unknown --branch %q (choose %s)", g.Branch, strings.Join(Branches, ", "))
	}
	o.Branch = g.Branch
	if o.MemoBytes, err = core.ParseBytes("--memo-bytes", g.MemoBytes); err != nil {
		return nil, err
	}
	return o, nil
}

// parseCount reads a positive count given to the flag name ("": none, 0).
func parseCount(name, s string) (uint64, error) {
	if s == "" {
		return 0, nil
	}
	v, err := core.ParseSize(name, s, math.MaxInt64)
	return uint64(v), err
}
