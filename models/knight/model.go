package knight

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/lines"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/verify"
)

func init() {
	models.Register(models.Model{
		Name:    "knight",
		Summary: "Knight's tours: find, count and verify them",
		Doc: `Knight's tours on rectangular boards: a knight visits every square exactly
once; a closed tour ends a knight's move from its start. SIZE is RxC with an
ASCII x (5x6) or one number for a square board (8); squares are ROW,COL from
1,1 (the top left corner).

A tour is found from --from (default 1,1); the default algorithm, auto, asks
theory first, then the fastest method for the board, kind and start.
Counts are exact: open tours as directed paths from every square or from
--from (5x5: 1728, OEIS A165134), closed tours as undirected cycles (6x6:
9862, OEIS A001230; 8x8: 13,267,364,410,532). Boards whose shorter side is
at most 8 are counted by the frontier algorithm, without listing a tour,
from 40 squares on; smaller boards by the pruned search. A frontier count
with --checkpoint FILE saves its progress at the end of a column (at most
every --checkpoint-every) and, stopped, resumes from it when run again.

Formats: text, the board as a matrix of move numbers; json, a record with
the path as 1-based [row,col] squares; svg, a picture of the tour.`,
		Instance: models.Instance{Usage: "SIZE", Args: 1, New: newInstance, Samples: []string{"5x5"}},
		Params: []models.Param{
			{Name: "from", Usage: "start square ROW,COL, 1-based (solve: default 1,1; count: default every square)",
				Samples: []string{"1,1", "2,3"}},
			{Name: "closed", Usage: "a closed tour: the last square a knight's move from the first", Switch: true,
				Verbs: []string{"solve", "count", "compare", "verify"}, Samples: []string{"true"}},
		},
		Algorithms:  algorithms,
		Decompose:   decompose,
		Formats:     []string{"text", "json", "svg"},
		Blocks:      []string{"text", "svg"},
		Verbs:       map[string]string{"solve": "tour"},
		SolutionKey: "path",
		Default: func(mp core.Problem, o *core.Options) string {
			switch {
			case o.OrDefault().Mode == core.ModeFirst:
				return "auto"
			case o.OrDefault().Mode == core.ModeCount && countsByFrontier(mp):
				return "frontier"
			}
			return "search"
		},
		Fields: func(mp core.Problem, res *core.Result) []models.Field {
			p := mp.(*Problem)
			fields := []models.Field{{Key: "rows", Value: p.Rows}, {Key: "cols", Value: p.Cols}, {Key: "closed", Value: p.Closed}}
			// A tour found or listed starts from --from (default 1,1); a
			// count without --from counts from every square (null). nil
			// res: the lines of a listing.
			var from *[2]int
			if !p.AnyStart || res == nil || len(res.First) > 0 {
				r, c := p.start()
				from = &[2]int{r + 1, c + 1}
			}
			if res != nil && len(res.First) > 0 {
				s := int(res.First[0])
				fields = append(fields, models.Field{Key: "start", Value: [2]int{s/p.Cols + 1, s%p.Cols + 1}})
			}
			fields = append(fields, models.Field{Key: "from", Value: from})
			if res == nil {
				return fields
			}
			return append(fields, models.Field{Key: "tours", Value: res.Solutions})
		},
		CountText: func(mp core.Problem, _ *core.Result, count string) string {
			p := mp.(*Problem)
			what, where := "open tours (directed)", "from every square"
			if !p.AnyStart {
				r, c := p.start()
				where = fmt.Sprintf("from %d,%d", r+1, c+1)
			}
			if p.Closed {
				what, where = "closed tours (undirected)", "through every square"
			}
			return fmt.Sprintf("%s %s %s: %s", p.Size(), what, where, count)
		},
		NoSolution: func(mp core.Problem, res *core.Result) string {
			return "no tour exists: " + res.Why()
		},
		Verify:      verifyTour,
		VerifyUsage: "[FILE|-]",
		Stops:       stops,
		Examples: map[string]string{
			"solve": `  coverkit knight solve 8
  coverkit knight solve 6 --closed --format svg --out tour.svg
  coverkit knight solve 300 --algo divide --out tour.txt`,
			"count": `  coverkit knight count 5
  coverkit knight count 6 --closed
  coverkit knight count 5x10 --closed --checkpoint 5x10.ck`,
			"verify":  `  coverkit knight solve 8 --format json | coverkit knight verify`,
			"compare": `  coverkit knight compare 3x4 --algos search,backtrack`,
		},
	})
}

// newInstance reads SIZE, --from and --closed. Without --from a count is
// made from every start square and a tour starts at 1,1.
func newInstance(req models.Request) (core.Problem, error) {
	rows, cols, err := ParseSize(req.Args[0])
	if err != nil {
		return nil, err
	}
	p := &Problem{Rows: rows, Cols: cols, Closed: req.Switch("closed"), AnyStart: req.Param("from") == ""}
	if from := req.Param("from"); from != "" {
		if p.StartRow, p.StartCol, err = ParseSquare(from); err != nil {
			return nil, fmt.Errorf("--from: %w", err)
		}
	}
	if err := p.Check(); err != nil {
		return nil, err
	}
	return p, nil
}

// verifyTour checks the tours of r as solve writes them (matrices of move
// numbers, a blank line between them, or JSON records with the path)
// through the one verify loop (verify.Each). A tour is closed when
// --closed or its record says so. For an input of one tour, the report
// says what it is, in knight's words.
func verifyTour(ctx context.Context, req models.Request, r io.Reader) (*models.VerifyReport, error) {
	closed := req.Switch("closed")
	var last *Problem
	rep, err := verify.Each(ctx, nil, verify.TextSolutions(r, verify.TextOptions{
		Decode: func(rec *verify.Record) (core.Problem, core.Solution, error) {
			var t *Tour
			var err error
			if rec.Text() {
				// A tour of millions of squares parses for seconds: a
				// stop cuts it short (verify.Each then ends the report).
				t, err = readMatrix(lines.ContextReader(ctx, rec.Reader()), rec.Line-1)
			} else if ok, ferr := rec.Field("path", nil); ferr != nil {
				return nil, nil, fmt.Errorf("knight: JSON: %v", ferr)
			} else if !ok {
				return nil, nil, verify.ErrNoSolution
			} else {
				t, err = readJSONTour(bytes.NewReader(rec.JSON))
			}
			if errors.Is(err, ErrInvalidTour) {
				last = &Problem{Closed: closed}
				return nil, nil, verify.NotValid(err)
			}
			if err != nil {
				return nil, nil, err
			}
			last = t.Problem(closed || t.Closed)
			return last, t.Path, nil
		}}))
	if err != nil || rep.Solutions != 1 || last == nil {
		return rep, err
	}
	p := last
	rep.Summary = fmt.Sprintf("valid %s knight's tour of %s from %d,%d", p.Kind(), p.Size(), p.StartRow, p.StartCol)
	fields := []models.Field{{Key: "rows", Value: p.Rows}, {Key: "cols", Value: p.Cols}, {Key: "closed", Value: p.Closed},
		{Key: "start", Value: [2]int{p.StartRow, p.StartCol}}}
	if rep.FirstBad != nil {
		rep.Summary = "invalid: " + rep.FirstBad.Reason
		fields = append(fields, models.Field{Key: "error", Value: rep.FirstBad.Reason})
	}
	rep.Fields = fields
	return rep, nil
}

// FindTour finds one knight's tour of a rows×cols board from the corner 1,1
// (closed if asked), as `coverkit knight tour` does: theory first, then the
// fastest method for the board (the "auto" algorithm). A nil o uses the
// defaults. Result.Reason says why there is none when a theorem proves it.
func FindTour(ctx context.Context, rows, cols int, closed bool, o *core.Options) (core.Result, error) {
	opts := core.Options{}
	if o != nil {
		opts = *o
	}
	opts.Mode = core.ModeFirst
	alg, err := models.LookupAlgorithm("knight", "auto")
	if err != nil {
		return core.Result{}, err
	}
	return alg.Run(ctx, &Problem{Rows: rows, Cols: cols, Closed: closed}, &opts)
}
