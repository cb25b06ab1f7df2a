package units

import (
	"context"
	"errors"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
)

// Decompose splits p into k units with decompose (a model's
// decomposition) and, for a decomposition whose subproblems another
// algorithm can count (dlx.Subtrees: dlx or memo), with the algorithm
// algo ("", "auto", "dlx" or its own keep it as it is). again makes the
// same decomposition anew, for each run of a unit.
func Decompose(ctx context.Context, decompose func(context.Context, core.Problem, uint64) (core.Decomposition, error),
	p core.Problem, k uint64, algo string) (dec core.Decomposition, again func() (core.Decomposition, error), err error) {
	if decompose == nil {
		return nil, nil, errors.New("units: no decomposition")
	}
	if dec, err = decompose(ctx, p, k); err != nil {
		return nil, nil, err
	}
	again = func() (core.Decomposition, error) { return decompose(ctx, p, k) }
	st, ok := dec.(*dlx.Subtrees)
	if !ok || algo == "" || algo == AlgorithmOf(dec) || algo == "auto" || algo == "dlx" {
		return dec, again, nil
	}
	if dec, err = st.WithAlgorithm(algo); err != nil {
		return nil, nil, err
	}
	again = func() (core.Decomposition, error) {
		d, err := decompose(ctx, p, k)
		if err != nil {
			return nil, err
		}
		if st, ok := d.(*dlx.Subtrees); ok {
			return st.WithAlgorithm(algo)
		}
		return nil, errors.New("units: the decomposition changed between two runs")
	}
	return dec, again, nil
}
