package units

import (
	"context"
	"errors"
	"fmt"

	"github.com/coverkit/coverkit/core"
)

// Alternate is a decomposition that has another one of the same count for
// some other algorithm: the queens join's split has the coronal one, and
// dlx.Subtrees the same subtrees counted by dlx or the memo. Alternate
// returns the decomposition whose unit lines name algo, nil if there is
// none, or an error saying why algo cannot count it.
type Alternate interface {
	Alternate(algo string) (core.Decomposition, error)
}

// Decompose splits p into k units with decompose (a model's
// decomposition) and, where algo ("" or "auto": the default) names
// another algorithm than the decomposition's, replaces it with its
// Alternate for algo if it has one. Otherwise the decomposition is
// returned as it is, and the caller refuses an algo that is not
// AlgorithmOf it. again makes the same decomposition anew, for each run of
// a unit.
func Decompose(ctx context.Context, decompose func(context.Context, core.Problem, uint64) (core.Decomposition, error),
	p core.Problem, k uint64, algo string) (dec core.Decomposition, again func() (core.Decomposition, error), err error) {
	if decompose == nil {
		return nil, nil, errors.New("units: no decomposition")
	}
	if dec, err = decompose(ctx, p, k); err != nil {
		return nil, nil, err
	}
	again = func() (core.Decomposition, error) { return decompose(ctx, p, k) }
	alt, ok := dec.(Alternate)
	if !ok || algo == "" || algo == "auto" || algo == AlgorithmOf(dec) {
		return dec, again, nil
	}
	d, err := alt.Alternate(algo)
	switch {
	case err != nil:
		return nil, nil, fmt.Errorf("units: --algo %s: %w", algo, err)
	case d == nil:
		return dec, again, nil // the caller refuses algo
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

// AlgorithmOf is the algorithm the unit lines of decomposition d name: its
// Algorithm method's answer if it has one, else "units".
func AlgorithmOf(d core.Decomposition) string {
	if a, ok := d.(interface{ Algorithm() string }); ok {
		return a.Algorithm()
	}
	return "units"
}
