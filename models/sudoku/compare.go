package sudoku

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/resource"
)

// Batch is a file of puzzles held in memory as one instance for comparing
// algorithms: it implements the bench package's Instance and Batch
// interfaces, so `compare` on a batch file runs every algorithm over every
// puzzle and reports puzzles per second. Each run solves every valid
// puzzle with the uniqueness check (two solutions searched; the first
// solution only when the options ask for ModeFirst); invalid lines are
// skipped and counted.
type Batch struct {
	name    string
	data    []byte
	layout  Layout
	format  Format
	puzzles uint64
	skipped uint64
}

// NewBatch reads the puzzles of r (in format f, under layout l) into a
// Batch named name (a file's base name, for reports). It fails only when r
// cannot be read; invalid puzzles are counted by Skipped.
func NewBatch(name string, r io.Reader, l Layout, f Format) (*Batch, error) {
	if r == nil {
		return nil, fmt.Errorf("sudoku: %s: nil reader", name)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("sudoku: %s: %w", name, err)
	}
	b := &Batch{name: name, data: data, layout: l, format: f}
	rd := NewReader(bytes.NewReader(data), f)
	pr := NewParser(l)
	var p Puzzle
	for {
		rec, err := rd.Next(nil)
		if err != nil && rec.Err == nil {
			if err == io.EOF {
				return b, nil
			}
			return nil, fmt.Errorf("sudoku: %s: %w", name, err)
		}
		if pr.Parse(f, rec, &p) != nil {
			b.skipped++
		} else {
			b.puzzles++
		}
	}
}

// Size returns the batch's name.
func (b *Batch) Size() string { return b.name }

// Items returns the number of valid puzzles.
func (b *Batch) Items() uint64 { return b.puzzles }

// Skipped returns the number of invalid puzzles (lines that are not a
// puzzle), which every run skips.
func (b *Batch) Skipped() uint64 { return b.skipped }

// Supports refuses an algorithm of another model, or one that cannot solve
// the batch's layout (CheckLayout).
func (b *Batch) Supports(a models.Algorithm, o *core.Options) error {
	if a.Model != "sudoku" {
		return core.Wrap(core.ErrWrongProblem, "sudoku: %s/%s cannot solve a sudoku batch", a.Model, a.Name)
	}
	return CheckLayout(a, b.layout)
}

// Run solves the whole batch with a. The result's Solutions sums the
// solutions found over the puzzles, its Stats the work; its status is
// exhausted, or the status that stopped a puzzle early (timeout, canceled,
// limit). o.Workers goroutines share the puzzles (0: GOMAXPROCS).
func (b *Batch) Run(ctx context.Context, a models.Algorithm, o *core.Options) (core.Result, error) {
	o = o.OrDefault()
	workers, err := resource.Workers(o.Workers, false) // a batch: GOMAXPROCS by default
	if err != nil {
		return core.Result{}, fmt.Errorf("sudoku: %w", err)
	}
	limit := uint64(2)
	if o.Mode == core.ModeFirst {
		limit = 1
	}
	res := core.Result{Status: core.StatusExhausted}
	sum, err := SolveBatch(ctx, bytes.NewReader(b.data), BatchOptions{Layout: b.layout, Format: b.format, Algorithm: a.Name,
		Limit: limit, MaxNodes: o.MaxNodes, Workers: workers}, func(ans *Answer) error {
		res.Solutions = res.Solutions.Add(ans.Result.Solutions)
		if ans.Verdict == Timeout && res.Status == core.StatusExhausted {
			res.Status = ans.Result.Status
		}
		return nil
	})
	if err != nil {
		return core.Result{}, err
	}
	res.Stats = sum.Stats
	return res, nil
}

// Fields returns the batch's own facts about a run: the puzzles and the
// invalid lines skipped.
func (b *Batch) Fields(*core.Result) []models.Field {
	return []models.Field{{Key: "puzzles", Value: b.puzzles}, {Key: "skipped", Value: b.skipped}}
}
