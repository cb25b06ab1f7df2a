package units

import (
	"context"
	"errors"
	"fmt"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
)

// Alternate is a decomposition that has another one of the same count for
// some other algorithm (the queens join's split has the coronal one):
// Alternate returns the decomposition whose unit lines name algo, or nil
// if there is none.
type Alternate interface {
	Alternate(algo string) (core.Decomposition, error)
}

// Decompose splits p into k units with decompose (a model's
// decomposition) and, for a decomposition whose subproblems another
// algorithm can count (dlx.Subtrees: dlx or memo), with the algorithm
// algo ("", "auto", "dlx" or its own keep it as it is); a decomposition
// with an Alternate for algo is replaced by it. Otherwise the
// decomposition is returned as it is, and the caller refuses an algo that
// is not AlgorithmOf it. again makes the same decomposition anew, for
// each run of a unit.
func Decompose(ctx context.Context, decompose func(context.Context, core.Problem, uint64) (core.Decomposition, error),
	p core.Problem, k uint64, algo string) (dec core.Decomposition, again func() (core.Decomposition, error), err error) {
	if decompose == nil {
		return nil, nil, errors.New("units: no decomposition")
	}
	if dec, err = decompose(ctx, p, k); err != nil {
		return nil, nil, err
	}
	again = func() (core.Decomposition, error) { return decompose(ctx, p, k) }
	if alt, ok := dec.(Alternate); ok && algo != "" && algo != "auto" && algo != AlgorithmOf(dec) {
		d, err := alt.Alternate(algo)
		if err != nil || d == nil {
			return dec, again, err // nil: the caller refuses algo
		}
		again = func() (core.Decomposition, error) {
			d, err := decompose(ctx, p, k)
			if err != nil {
				return nil, err
			}
			if alt, ok := d.(Alternate); ok {
				if d, err := alt.Alternate(algo); err != nil || d != nil {
					return d, err
				}
			}
			return nil, errors.New("units: the decomposition changed between two runs")
		}
		return d, again, nil
	}
	st, ok := dec.(*dlx.Subtrees)
	if !ok || algo == "" || algo == AlgorithmOf(dec) || algo == "auto" || algo == "dlx" {
		return dec, again, nil
	}
	if dec, err = st.WithAlgorithm(algo); err != nil {
		return nil, nil, fmt.Errorf("units: --algo %s: %w", algo, err)
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
