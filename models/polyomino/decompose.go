package polyomino

import (
	"context"
	"fmt"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
)

// decompose is the model's split of a count (Model.Decompose): the
// subtrees of the very search the count makes (dlx.Subtrees). With every
// piece used once, that is the reduced search, one piece restricted to a
// representative r of each orbit of its placements, where a tiling found
// stands for |G|/|Stab(r)| tilings and, when it is the canonical one of
// its class, for one class ("polyomino-reduced-mrv/2/…", counted by dlx):
// the units' counts (tilings and classes) and work add up to those of the
// unsplit count. A set whose pieces may repeat splits the full search
// ("polyomino-mrv/2/…", counted by dlx or the memo).
func decompose(ctx context.Context, p core.Problem, units uint64) (core.Decomposition, error) {
	t, ok := p.(*Tiling)
	if !ok || t == nil {
		return nil, fmt.Errorf("polyomino: %w (got %T)", core.ErrWrongProblem, p)
	}
	if err := t.check(); err != nil {
		return nil, err
	}
	if t.repeats() {
		cover, _, err := t.CoverContext(ctx, nil)
		if err != nil {
			return nil, err
		}
		return dlx.NewSubtrees(ctx, cover, nil, units, "polyomino")
	}
	restricted, keep := t.restriction()
	cover, ids, err := t.CoverContext(ctx, keep)
	if err != nil {
		return nil, err
	}
	st, err := dlx.NewSubtrees(ctx, cover, nil, units, "polyomino")
	if err != nil {
		return nil, err
	}
	// weights[k] is |G|/|Stab(r)| for the option k placing the restricted
	// piece at r, 0 for the others: each tiling has exactly one of them.
	g := uint64(len(t.syms))
	weights := make([]uint64, len(ids))
	for k, place := range ids {
		if t.places[place].piece != restricted {
			continue
		}
		var stab uint64
		for _, m := range t.symPlace {
			if m[place] == place {
				stab++
			}
		}
		weights[k] = g / stab
	}
	// A tiling is one class when it is the canonical one of those the
	// reduced search meets in its class, as the unsplit count has it. The
	// scratch is this decomposition's: each worker of a unit makes its own.
	sol := make(core.Solution, t.Board.Rows*t.Board.Cols)
	image := make(core.Solution, len(sol))
	places := make([]int32, 0, len(t.Pieces))
	return st.Weighted("reduced", func(options []int) (weight, classes uint64) {
		places = places[:0]
		var r int32
		for _, k := range options {
			places = append(places, ids[k])
			if w := weights[k]; w != 0 {
				weight, r = w, ids[k]
			}
		}
		t.decode(places, sol)
		if t.canonical(sol, r, image) {
			classes = 1
		}
		return weight, classes
	})
}
