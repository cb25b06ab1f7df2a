package dlx

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// SolveModel runs s for a coverkit model's registry entry: it maps o's mode
// (first, all, count), solution limit and node budget onto base, decodes each
// solution's option indices into the model's encoding with decode, passes it
// to o.Visit, and returns a core.Result carrying the first solution. base
// holds the engine settings the model chooses (Forced, Workers,
// TakeSingleton, Progress, Memo); SolveModel sets its Limit, MaxNodes and
// Visit, and passes the subproblems a parallel search has done on to
// o.Progress when base has no Progress of its own.
//
// The memo: base.Memo applies to counts (MemoAuto, the choice of a model's
// "dlx" algorithm, counts with the memo where a sample shows it pays;
// MemoOn, its "memo" algorithm, always), with o.Branch ("", "auto", "mrv",
// "first") and o.MemoBytes. o.Sample > 0 draws that many solutions
// uniformly at random (seeded by o.Seed) and visits them as a listing
// would. The result's Extra then holds the memo's facts (MemoFields), and
// Method is "memo" when the memo answered for MemoAuto. A count beyond
// 2^128 − 1, which core.Count cannot hold, is an error wrapping
// resource.ErrTooLarge that names the exact figure.
//
// decode may reuse one buffer: SolveModel copies what it keeps; a nil
// decode is an error.
func (s *Solver) SolveModel(ctx context.Context, o *core.Options, base Options, decode func(options []int) core.Solution) (core.Result, error) {
	switch {
	case s == nil || s.nbase == nil:
		return core.Result{}, errors.New("dlx: nil solver, or one not made by NewSolver")
	case decode == nil:
		return core.Result{}, errors.New("dlx: SolveModel needs a decode function")
	}
	o = o.OrDefault()
	if base.Progress == nil && o.Progress != nil {
		base.Progress = func(done, total int) { o.Progress(core.Progress{Done: uint64(done), Total: uint64(total)}) }
	}
	branch, err := ParseBranch(o.Branch)
	if err != nil {
		return core.Result{}, core.Wrap(core.ErrUnsupported, "%v", err)
	}
	base.Branch, base.MemoBytes = branch, o.MemoBytes
	base.MaxNodes = o.MaxNodes
	base.Limit, base.Visit = 0, nil
	switch o.Mode {
	case core.ModeFirst:
		base.Limit = 1
	case core.ModeAll:
		base.Limit = o.Limit
	}
	if o.Sample > 0 {
		base.Sample, base.Seed, base.Limit = o.Sample, o.Seed, 0
	}
	if o.Mode != core.ModeCount {
		if base.Memo == MemoOn && o.Sample == 0 {
			return core.Result{}, errMemoVisit
		}
		base.Memo = MemoOff // the memo counts; it lists nothing
	}
	var first core.Solution
	if o.Mode != core.ModeCount {
		base.Visit = func(options []int) bool {
			sol := decode(options)
			if first == nil {
				first = slices.Clone(sol)
			}
			if o.Visit != nil {
				return o.Visit(sol, core.Stats{})
			}
			return true
		}
	}
	res, err := s.Solve(ctx, &base)
	if err != nil {
		return core.Result{}, err
	}
	if first == nil && res.Solutions > 0 {
		if f := s.First(); f != nil {
			first = slices.Clone(decode(f))
		}
	}
	out := core.Result{Status: res.Status, Solutions: res.Count, First: first, Stats: res.Stats}
	if res.Big != nil && o.Sample == 0 {
		return core.Result{}, fmt.Errorf("dlx: the count %s exceeds 2^128 − 1, the most a result holds: %w", res.Big, resource.ErrTooLarge)
	}
	if o.Sample > 0 {
		out.Solutions = core.CountOf(res.Solutions)
		out.Extra = map[string]any{}
		if res.Big != nil {
			out.Extra["sampled_from"] = res.Big.String()
		} else {
			out.Extra["sampled_from"] = res.Count
		}
	}
	if res.Memo != nil {
		if out.Extra == nil {
			out.Extra = map[string]any{}
		}
		for _, f := range MemoFields(res.Memo, res.Stats) {
			out.Extra[f.Key] = f.Value
		}
		if base.Memo == MemoAuto && o.Sample == 0 {
			out.Method = "dlx"
			if res.Memo.Used {
				out.Method = "memo"
			}
		}
	}
	return out, nil
}

// MemoField is one fact about a memo, for records.
type MemoField struct {
	Key   string
	Value any
}

// MemoFields are the facts of a memo for a result's record: when the memo
// answered, memo_entries, memo_hits, memo_misses, memo_hit_rate (to three
// decimals), memo_bytes (the table at its largest), memo_evicted (when
// the budget was reached), branch (mrv or first) and tree_nodes (the
// nodes of the plain search's tree, from the memo's virtual nodes); when
// MemoAuto sampled the memo and kept the plain search, memo_sample_saving
// (the sample's virtual nodes per node: the memo goes on from 4) and
// memo_probe_nodes (the work the decision took, not in the counters).
func MemoFields(m *MemoStats, stats core.Stats) []MemoField {
	if m == nil {
		return nil
	}
	var fs []MemoField
	if !m.Used {
		return append(fs, MemoField{"memo_sample_saving", math.Round(m.Saving*10) / 10}, MemoField{"memo_probe_nodes", m.Probe.Nodes})
	}
	fs = append(fs,
		MemoField{"memo_entries", m.Entries},
		MemoField{"memo_hits", m.Hits},
		MemoField{"memo_misses", m.Misses},
		MemoField{"memo_hit_rate", math.Round(m.HitRate()*1000) / 1000},
		MemoField{"memo_bytes", m.Bytes},
		MemoField{"branch", m.Branch.String()},
	)
	if m.Full {
		fs = append(fs, MemoField{"memo_evicted", m.Evicted})
	}
	if m.Virtual > 0 {
		fs = append(fs, MemoField{"tree_nodes", m.Virtual})
	}
	if m.Probe.Nodes > 0 {
		fs = append(fs, MemoField{"memo_probe_nodes", m.Probe.Nodes})
	}
	return fs
}

// AutoDescription describes the "auto" algorithm of a model on this
// engine, for its registry entry: the default of a count.
const AutoDescription = "Dancing Links, its counts memoized where a sample shows subproblems repeat (the memo " +
	"algorithm) and plain elsewhere (the dlx algorithm); listings as dlx; the default of a count"

// AutoLimits says what "auto" cannot hold.
const AutoLimits = "as dlx, and as memo where it memoizes"

// DefaultAlgorithm is the Default of a model on this engine with the
// algorithms auto, dlx and memo: "auto" for a count or a random sample,
// "dlx" for a listing (whose solutions the memo does not list).
func DefaultAlgorithm(_ core.Problem, o *core.Options) string {
	if o = o.OrDefault(); o.Mode == core.ModeCount || o.Sample > 0 {
		return "auto"
	}
	return "dlx"
}

// MemoDescription describes the "memo" algorithm of a model on this
// engine, for its registry entry.
const MemoDescription = "Dancing Links with a memo of the count of each remaining subproblem " +
	"(Knuth's Algorithm 7.2.2.1Z, his DLX6): counts, and random solutions with --sample; --branch mrv|first, --memo-bytes"

// MemoLimits says what the memo cannot hold, for its registry entry.
const MemoLimits = "the table grows with the subproblems met, up to --memo-bytes (default: a quarter of the memory " +
	"available), then evicts (on several workers, which share it, stops storing); multiplicities on one worker; counts exact " +
	"at any size, those past 2^128 − 1 named in an error"

// CheckMemo is the Check of a model's "memo" algorithm: it counts, and
// lists solutions only as a random sample (Options.Sample).
func CheckMemo(_ core.Problem, o *core.Options) error {
	if o = o.OrDefault(); o.Mode != core.ModeCount && o.Sample == 0 {
		return core.Wrap(core.ErrUnsupported, "dlx: the memo counts solutions; it lists them only as a random sample (--sample K)")
	}
	if _, err := ParseBranch(o.Branch); err != nil {
		return core.Wrap(core.ErrUnsupported, "%v", err)
	}
	return nil
}
