package sudoku

import (
	"context"

	"github.com/coverkit/coverkit/core"
)

// SolveOptions configures Solve. A nil *SolveOptions means the defaults: a
// classic grid whose side comes from the puzzle's length, the auto
// algorithm, and the uniqueness check.
type SolveOptions struct {
	// Layout reads the puzzle (variant, box shape, region map).
	Layout Layout
	// Algorithm is the registered sudoku algorithm ("" for auto).
	Algorithm string
	// Limit is how many solutions to look for; 0 means 2, which tells
	// whether the solution is unique.
	Limit uint64
	// MaxNodes, if not 0, is a node budget (verdict timeout when it runs
	// out).
	MaxNodes uint64
}

// Solve is the short entry point for one puzzle: a puzzle in the one-line
// format in ("53..7....6..195...", '.' or '0' for an empty cell), its first
// solution in the same format and the verdict out: solved (unique, with the
// default limit), multiple, unsolvable, or timeout when ctx ended first. A
// puzzle that cannot be read returns the verdict invalid and an error that
// says where it is wrong.
func Solve(ctx context.Context, puzzle string, o *SolveOptions) (solution string, v Verdict, err error) {
	if o == nil {
		o = &SolveOptions{}
	}
	p, err := ParseLine(o.Layout, puzzle)
	if err != nil {
		return "", Invalid, err
	}
	alg, err := Algorithm(o.Algorithm)
	if err != nil {
		return "", Invalid, err
	}
	limit := o.Limit
	if limit == 0 {
		limit = 2
	}
	res, err := alg.Run(ctx, p, &core.Options{Mode: core.ModeAll, Limit: limit, MaxNodes: o.MaxNodes, Workers: 1})
	if err != nil {
		return "", Invalid, err
	}
	if len(res.First) > 0 {
		cells := make([]uint8, len(res.First))
		for i, x := range res.First {
			cells[i] = uint8(x)
		}
		solution = string(AppendLine(nil, cells))
	}
	return solution, VerdictOf(&res), nil
}
