package bench

import (
	"context"
	"fmt"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/batch"
)

// RunRequest compares the algorithms of m as a command line asks, on
// the instance that req names: made by the model (Instance.New) from
// req.Args, or from each size of sizes (the --sizes flag) standing as the
// first argument (RunArgs), or, for a model whose input is a batch
// (models.Model.Batch), the batch that req names, held as one instance
// (batch.LoadRequest; sizes must then be empty), which is returned too,
// with the invalid lines it left out (Skipped). Every instance is read
// and built under ctx bounded by cfg.Timeout, as each run is (an input
// that never comes ends).
func RunRequest(ctx context.Context, cfg Config, m *models.Model, sizes string, req models.Request) (*Report, *batch.Instance, error) {
	if m != nil && m.Batch != nil {
		return runBatch(ctx, cfg, m, sizes, req)
	}
	rep, err := RunArgs(ctx, cfg, m, sizes, req.Args, func(ctx context.Context, args []string) (core.Problem, error) {
		r := req
		r.Args, r.Context = args, ctx
		return m.Instance.New(r)
	})
	return rep, nil, err
}

// runBatch is RunRequest for a model whose input is a batch.
func runBatch(ctx context.Context, cfg Config, m *models.Model, sizes string, req models.Request) (*Report, *batch.Instance, error) {
	if sizes != "" && m != nil {
		return nil, nil, fmt.Errorf("%s compare: --sizes does not apply to a batch", m.Name)
	}
	req.Context = ctx
	if cfg.Timeout > 0 {
		var cancel context.CancelFunc
		req.Context, cancel = context.WithTimeout(ctx, cfg.Timeout)
		defer cancel()
	}
	bi, err := batch.LoadRequest(m, req)
	if err != nil {
		return nil, nil, err
	}
	rep, err := RunInstances(ctx, cfg, func(string) (Instance, error) { return bi, nil }, []string{bi.Size()})
	return rep, bi, err
}

// Problems returns the Instance named name that stands for every problem
// in ps (a file of puzzles, say): an algorithm supports it if it supports
// each problem, and one run solves them all in turn, summing solutions,
// fundamental solutions and work. The run's status is the first partial
// status (the run stops there), else exhausted if every search was, else
// found. Fields are the given ones; Items is len(ps), so reports give the
// problems solved per second.
func Problems(name string, ps []core.Problem, fields ...models.Field) Instance {
	return &problems{name: name, ps: ps, fields: fields}
}

type problems struct {
	name   string
	ps     []core.Problem
	fields []models.Field
}

func (b *problems) Size() string                       { return b.name }
func (b *problems) Items() uint64                      { return uint64(len(b.ps)) }
func (b *problems) Fields(*core.Result) []models.Field { return b.fields }

func (b *problems) Supports(a models.Algorithm, o *core.Options) error {
	if len(b.ps) == 0 {
		return fmt.Errorf("bench: batch %s holds no problems", quote(b.name))
	}
	for _, p := range b.ps {
		if err := a.Supports(p, o); err != nil {
			return err
		}
	}
	return nil
}

func (b *problems) Run(ctx context.Context, a models.Algorithm, o *core.Options) (core.Result, error) {
	total := core.Result{Status: core.StatusExhausted}
	var elapsed time.Duration
	for _, p := range b.ps {
		res, err := a.Run(ctx, p, o)
		if err != nil {
			return core.Result{}, err
		}
		total.Solutions = total.Solutions.Add(res.Solutions)
		total.Fundamental = total.Fundamental.Add(res.Fundamental)
		total.Stats = total.Stats.Add(res.Stats)
		elapsed += res.Stats.Elapsed
		if res.Status.Partial() {
			total.Status = res.Status
			break
		}
		if res.Status == core.StatusFound {
			total.Status = core.StatusFound
		}
	}
	total.Stats.Elapsed = elapsed
	return total, nil
}
