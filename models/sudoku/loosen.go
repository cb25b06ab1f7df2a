package sudoku

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/lines"
)

// LoosenOptions configures Loosen.
type LoosenOptions struct {
	// Layout reads the puzzles (variant, box shape, region map), one per
	// line.
	Layout Layout
	// Seed chooses the given removed from each puzzle: the same seed and
	// input give the same puzzles. 0 is the default seed 1.
	Seed uint64
	// Count stops after that many puzzles kept; 0 reads the whole input.
	Count int
	// Algorithm is the registered sudoku algorithm that counts the
	// solutions ("" for DefaultAlgorithm, auto). It never changes the
	// puzzles kept.
	Algorithm string
}

// Loosen makes puzzles with two or more solutions out of puzzles with one,
// the benchmark set of issue 24: it reads puzzles (one per line) from r,
// removes one given from each, the k-th given in row-major order with k
// drawn uniformly by a PCG generator seeded from o.Seed (one draw per
// puzzle read, whether kept or not), and passes to keep, in input order,
// the puzzles that then have at least two solutions (searched with a limit
// of 2). From a file of minimal puzzles, such as the 17-clue collection,
// every puzzle is kept. Comment lines, invalid puzzles and puzzles without
// givens are skipped (and take no draw). A line takes at most MaxLine
// bytes: a longer one is no puzzle line (a 64×64 grid on one line is
// 4,096 cells), and it ends the reading with an error naming it, after
// MaxLine bytes, so that an input without line ends (/dev/zero) is
// refused at once.
//
// r is read under ctx (lines.ContextReader): when ctx ends, also while a
// read waits for input (an idle pipe or FIFO), Loosen returns the number
// of puzzles kept and the status timeout or canceled (the puzzles kept so
// far were passed to keep); otherwise exhausted. It stops early with the
// error of keep or of reading r. A nil r or keep is an error; a nil ctx
// never ends.
func Loosen(ctx context.Context, r io.Reader, o LoosenOptions, keep func(*Puzzle) error) (int, core.Status, error) {
	switch {
	case r == nil:
		return 0, core.StatusExhausted, errors.New("sudoku: loosen: nil reader")
	case keep == nil:
		return 0, core.StatusExhausted, errors.New("sudoku: loosen: nil keep")
	case ctx == nil:
		ctx = context.Background()
	}
	seed := o.Seed
	if seed == 0 {
		seed = 1
	}
	if o.Count < 0 {
		return 0, core.StatusExhausted, fmt.Errorf("sudoku: loosen: count %d is negative", o.Count)
	}
	alg, err := Algorithm(o.Algorithm)
	if err != nil {
		return 0, core.StatusExhausted, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	m := core.NewMeter(ctx, nil)
	// A line reader of its own, not Reader: an over-long line ends the
	// reading here (Reader reads past it to go on, and a line without an
	// end has none).
	rd := lines.NewReader(lines.ContextReader(ctx, r), MaxLine)
	pr := NewParser(o.Layout)
	solve := alg.Worker()
	opts := &core.Options{Mode: core.ModeAll, Limit: 2, Workers: 1}
	var p Puzzle
	kept := 0
	for o.Count == 0 || kept < o.Count {
		text, line, err := rd.Next()
		switch {
		case err == io.EOF:
			return kept, core.StatusExhausted, nil
		case err != nil && !m.Live():
			return kept, m.Status(), nil // the stop cut a read short
		case err != nil:
			return kept, core.StatusExhausted, fmt.Errorf("sudoku: loosen: %w", err)
		case IsComment(text):
			continue
		}
		if pr.Parse(LineFormat, Record{Line: line, Text: text}, &p) != nil || p.Check() != nil || alg.Supports(&p, opts) != nil {
			continue
		}
		n := p.Count()
		if n == 0 {
			continue
		}
		k := rng.IntN(n)
		for i, v := range p.Givens {
			if v == 0 {
				continue
			}
			if k == 0 {
				p.Givens[i] = 0
				break
			}
			k--
		}
		res, err := solve(ctx, &p, opts)
		if err != nil {
			return kept, core.StatusExhausted, err
		}
		if res.Status == core.StatusTimeout || res.Status == core.StatusCanceled {
			return kept, res.Status, nil
		}
		if res.Solutions.Cmp(core.CountOf(2)) < 0 {
			continue
		}
		if err := keep(&p); err != nil {
			return kept, core.StatusExhausted, err
		}
		kept++
	}
	return kept, core.StatusExhausted, nil
}
