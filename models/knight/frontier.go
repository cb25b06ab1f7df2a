package knight

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/knight/internal/frontier"
	"github.com/coverkit/coverkit/resource"
)

// FrontierMaxSide is the widest board side the frontier algorithm sweeps
// along: it counts the tours of any board whose shorter side is at most
// this.
const FrontierMaxSide = frontier.MaxRows

// frontierAlgorithm counts tours by the frontier dynamic program
// (models/knight/internal/frontier): the board is swept square by square
// along its longer side, the state being the degrees of the squares the
// frontier spans and the pairing of path ends.
var frontierAlgorithm = models.Algorithm{
	Name: "frontier", Kind: models.Exact,
	Caps: models.CanCount | models.CanParallel | models.CanBudget | models.CanCheckpoint,
	Description: fmt.Sprintf("frontier dynamic program (transfer matrix) across the board's shorter side, at most %d: counts without listing, "+
		"closed and open tours, any start; a checkpoint at the end of a column", FrontierMaxSide),
	Limits: fmt.Sprintf("counts only; the shorter side at most %d; memory grows with the states of the frontier "+
		"(8x8 closed: see docs/benchmarks.md, issue 35); a count past 128 bits is refused with its figure", FrontierMaxSide),
	Check: func(mp core.Problem, _ *core.Options) error {
		p, ok := mp.(*Problem)
		if !ok || p == nil {
			return fmt.Errorf("knight: got %s: %w", core.Describe(mp), core.ErrWrongProblem)
		}
		return checkFrontier(p)
	},
	Solve: solver(solveFrontier, true),
}

// checkFrontier refuses boards both of whose sides exceed FrontierMaxSide.
func checkFrontier(p *Problem) error {
	if min(p.Rows, p.Cols) > FrontierMaxSide {
		return fmt.Errorf("knight: the frontier algorithm counts boards whose shorter side is at most %d; %s is %d wide (use --algo search): %w",
			FrontierMaxSide, p.Size(), min(p.Rows, p.Cols), core.ErrUnsupported)
	}
	return nil
}

// frontierProblem returns p as the kernel's problem: the frontier spans
// the shorter side, so a board with more rows than columns is transposed
// (with its start square).
func frontierProblem(p *Problem) frontier.Problem {
	fp := frontier.Problem{Rows: p.Rows, Cols: p.Cols, Closed: p.Closed, From: -1}
	r, c := p.start()
	if p.Rows > p.Cols {
		fp.Rows, fp.Cols = p.Cols, p.Rows
		r, c = c, r
	}
	if !p.AnyStart && !p.Closed {
		fp.From = r*fp.Cols + c
	}
	return fp
}

// solveFrontier counts p's tours with the frontier kernel.
func solveFrontier(ctx context.Context, p *Problem, o *core.Options) (core.Result, error) {
	t0 := time.Now()
	if o.Mode != core.ModeCount {
		return core.Result{}, fmt.Errorf("knight: the frontier algorithm counts tours; it cannot find or list them: %w", core.ErrUnsupported)
	}
	if err := checkFrontier(p); err != nil {
		return core.Result{}, err
	}
	m := core.NewMeter(ctx, o)
	fp := frontierProblem(p)
	steps := uint64(fp.Rows) * uint64(fp.Cols)
	fo := &frontier.Options{
		Workers:    max(o.Workers, 1),
		Check:      checkMemory,
		Grow:       growMemory,
		Checkpoint: o.Checkpoint,
		Every:      o.CheckpointEvery,
		// The squares swept of all (the join's phase counts for the
		// squares left, in the share of its groups joined), the states of
		// the level being built (the join's: of its two halves), and the
		// estimated peak (or the most held so far, where that is more).
		Report: func(pr frontier.Progress) {
			done := uint64(pr.Step)
			switch {
			case pr.Join && pr.Of > 0:
				done += (steps - done) * pr.Done / pr.Of
			case pr.Done >= pr.Of:
				done++ // the step's report at its end
			}
			m.Progress(core.Progress{Done: done, Total: steps, States: pr.States, Peak: max(pr.Estimate, pr.Peak)})
		},
	}
	r, err := frontier.Count(m, fp, fo)
	if err != nil {
		if errors.Is(err, frontier.ErrTooWide) {
			return core.Result{}, fmt.Errorf("knight: %w: %w", err, core.ErrUnsupported)
		}
		return core.Result{}, err
	}
	res := core.Result{Status: r.Status, Stats: core.Stats{Nodes: r.Nodes, Elapsed: time.Since(t0)}}
	n, ok := countOf(r.Count)
	if !ok {
		what := "tours"
		if r.Status.Partial() {
			what = fmt.Sprintf("tours found before the count stopped (%s)", r.Status)
		}
		return core.Result{}, fmt.Errorf("knight: %s: %s %s, more than a 128-bit count holds: %w",
			p.Size(), r.Count, what, resource.ErrTooLarge)
	}
	res.Solutions = n
	res.Extra = map[string]any{
		"peak_states": r.Peak,
		"peak_bytes":  r.PeakBytes,
		"count_bits":  64 * r.Width,
	}
	if o.Checkpoint != "" {
		// The column the count resumed after (0: from the start, no
		// checkpoint found) and the checkpoints this run saved.
		res.Extra["resumed_columns"] = r.Resumed / fp.Rows
		res.Extra["checkpoints_saved"] = r.Saves
	}
	return res, nil
}

// countOf returns x as a core.Count, and whether it fits.
func countOf(x *big.Int) (core.Count, bool) {
	if x.Sign() < 0 || x.BitLen() > 128 {
		return core.Count{}, false
	}
	lo := new(big.Int).And(x, new(big.Int).SetUint64(^uint64(0)))
	return core.Count{Hi: new(big.Int).Rsh(x, 64).Uint64(), Lo: lo.Uint64()}, true
}
