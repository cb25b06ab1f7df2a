package batch

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
)

// Request is a batch solve as a front end asks for it: the algorithm by
// its name, the rest as given. The coverkit command's `solve` of a batch
// model and a Go program (sudoku.SolveBatch) ask alike, and Prepare turns
// either into the loop's Options the same way.
type Request struct {
	// Algorithm names the model's algorithm that answers every record;
	// "" is the model's choice (its Default for a count, else its first
	// algorithm).
	Algorithm string
	// Limit, if not 0, is how many solutions each answer looks for; 0 is
	// the batch's own (Batch.Limit: 2, which tells a unique solution from
	// several, or 0 for a batch that counts them all). A batch that
	// counts takes no limit.
	Limit uint64
	// MaxNodes, if not 0, is a node budget per record.
	MaxNodes uint64
	// Workers is the number of goroutines; 0 is the one worker rule's
	// default, which Run resolves (Options.Workers).
	Workers int
	// Progress, if set, is called with the number of records answered.
	Progress func(done uint64)
}

// Prepare turns q into the loop's options for the batch b of model m:
// the algorithm named (or the model's choice), the limit (q's, or the
// batch's own), the rest as given. It fails for an unknown algorithm and
// for a limit given to a batch that counts.
func Prepare(m *models.Model, b models.Batch, q Request) (Options, error) {
	if m == nil || b == nil {
		return Options{}, errors.New("batch: Prepare: no model or no batch")
	}
	name := q.Algorithm
	if name == "" && m.Default != nil {
		name = m.Default(nil, &core.Options{Mode: core.ModeCount})
	}
	if name == "" && len(m.Algorithms) > 0 {
		name = m.Algorithms[0].Name
	}
	alg, err := m.Algorithm(name)
	if err != nil {
		return Options{}, err
	}
	limit := b.Limit()
	switch {
	case limit == 0 && q.Limit > 0:
		return Options{}, fmt.Errorf("batch: %s: a batch that counts every solution (--count) takes no limit (--limit %d): the two exclude each other", m.Name, q.Limit)
	case q.Limit > 0:
		limit = q.Limit
	}
	return Options{Algorithm: alg, Limit: limit, MaxNodes: q.MaxNodes, Workers: q.Workers, Progress: q.Progress}, nil
}

// Solve is the one batch front end: it answers every record of r, the
// input of model m's batch b, as q asks (Prepare), through the one batch
// loop (Run), calling emit once per record in input order. The coverkit
// command's `solve` of a batch model runs the same two steps, writing
// each answer with report.BatchWriter, which a Go program passes as emit
// to write the same records.
func Solve(ctx context.Context, m *models.Model, b models.Batch, r io.Reader, q Request, emit func(*Answer) error) (Summary, error) {
	o, err := Prepare(m, b, q)
	if err != nil {
		return Summary{}, err
	}
	return Run(ctx, b, r, o, emit)
}
