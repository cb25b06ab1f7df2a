package queens

import (
	"context"
	"fmt"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens/internal/join"
	"github.com/coverkit/coverkit/resource"
)

// JoinMaxN is the largest board the join counts: its quadrant table is
// indexed with 32-bit offsets, which n = 26 would overflow (and its
// patterns hold n ≤ 33). Memory refuses far earlier (see JoinBytes).
const JoinMaxN = join.MaxIndexN

// JoinMinN is the least n from which the join counts faster than bitwise
// on one worker (measured in docs/benchmarks.md). Below it, and for
// fundamental counts (Options.Unique), bitwise is the counter to use.
const JoinMinN = 13

// JoinFaster reports whether the join counts n × n boards faster than
// bitwise (where its memory fits: JoinBytes).
func JoinFaster(n int) bool { return n >= JoinMinN && n <= JoinMaxN }

// JoinBytes returns the bytes the join needs at least to count n × n
// boards on the given workers, beyond the Go runtime: its tables (exact)
// and each worker's sieve. It is known at once, before any work; 0 for n
// outside 2..JoinMaxN.
func JoinBytes(n, workers int) uint64 { return join.Bytes(n, workers) }

var joinAlgorithm = models.Algorithm{
	Name: "join",
	Kind: models.Exact,
	Caps: models.CanCount | models.CanParallel | models.CanBudget,
	Description: "quadrant join (Kluev): counts pairs of compatible half-boards per row split " +
		"in a bit-sliced sieve",
	Limits: "count only; the ordinary board (no --torus, --given); n ≤ 25 (JoinMaxN: its quadrant index), " +
		"and its tables grow about 9× every two n (JoinBytes: 0.8 GiB at n = 20, 6.8 GiB at n = 22, 64 GiB at n = 24), " +
		"checked before any work",
	Solve: solveJoin,
	Check: func(p core.Problem, _ *core.Options) error {
		if b, ok := p.(*Board); ok && b != nil {
			return plainOnly("join", b)
		}
		return nil
	},
}

// solveJoin is the registry entry point of the join algorithm: ModeCount
// only, on Options.Workers goroutines, under a meter of ctx and opts.
// Stats.Nodes counts the half-boards built, the same for any number of
// workers; Extra["pairs"] is the number of east–west pairs the sieve
// decided.
func solveJoin(ctx context.Context, p core.Problem, opts *core.Options) (core.Result, error) {
	o := opts.OrDefault()
	b, workers, err := input(p, o, "join") // refuses a torus and givens
	if err != nil {
		return core.Result{}, err
	}
	n := b.N
	switch {
	case o.Mode != core.ModeCount:
		return core.Result{}, fmt.Errorf("queens: join: counts only (mode %d): %w", o.Mode, core.ErrUnsupported)
	case o.Unique:
		return core.Result{}, fmt.Errorf("queens: join: no fundamental count (use bitwise): %w", core.ErrUnsupported)
	case o.Method != "":
		return core.Result{}, fmt.Errorf("queens: join: unknown method %q: %w", o.Method, core.ErrUnsupported)
	case n > JoinMaxN:
		return core.Result{}, fmt.Errorf("queens: join: n = %d is beyond its quadrant index (n ≤ %d; use bitwise): %w",
			n, JoinMaxN, resource.ErrTooLarge)
	}
	start := time.Now()
	m := core.NewMeter(ctx, o)
	r, err := join.Count(m, n, workers, nil)
	if err != nil {
		return core.Result{}, err
	}
	res := core.Result{
		Status:    m.Status(),
		Solutions: r.Solutions,
		Stats:     core.Stats{Nodes: r.Nodes, Elapsed: time.Since(start)},
	}
	if n > 1 {
		res.Extra = map[string]any{"workers": r.Workers, "tasks": r.Tasks, "pairs": r.Pairs,
			"quadrant_placements": r.Placements, "table_bytes": r.TableBytes}
	}
	finalProgress(o, res.Status, uint64(r.Tasks))
	return res, nil
}
