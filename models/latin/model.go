package latin

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/verify"
	"github.com/coverkit/coverkit/models/xcc"
)

func init() {
	models.Register(models.Model{
		Name:    "latin",
		Summary: "Latin squares: count and show them (exact cover on Dancing Links)",
		Doc: `Latin squares of order N: N×N grids of the symbols 1..N, each once in every
row and every column. --reduced restricts them to reduced squares (first row
and column 1..N in order: 4, 56, 9408 for orders 4, 5, 6, OEIS A000315).
Counting all squares, --method reduced (the default) counts the reduced ones
and multiplies by N!·(N−1)!, exactly; --method direct enumerates every
square (576 of order 4, 161280 of order 5, OEIS A002860).`,
		Instance: models.Instance{Usage: "N", Args: 1, New: func(req models.Request) (core.Problem, error) {
			n, err := core.ParseSize("order N", req.Args[0], MaxOrder)
			if err != nil {
				return nil, err
			}
			return New(int(n), req.Switch("reduced"))
		}, Samples: []string{"5"}},
		Params: []models.Param{{Name: "reduced", Usage: "reduced squares only (first row and column in order)", Switch: true,
			Verbs: []string{"solve", "count", "compare", "verify"}, Samples: []string{"true"}}},
		Algorithms: engine.Algorithms(),
		Default:    xcc.Default,
		Decompose:  decompose,
		Formats:    []string{"text", "json", "svg"},
		Blocks:     []string{"text", "svg"},
		Verify:     verifySquares,
		Fields: func(p core.Problem, res *core.Result) []models.Field {
			sq := p.(*Square)
			fs := []models.Field{{Key: "n", Value: sq.N}, {Key: "reduced", Value: sq.Reduced}}
			// A count keeps the first square it met, as it always has.
			var b bytes.Buffer
			if res != nil && res.First != nil && sq.Render(&b, res.First, "json") == nil {
				fs = append(fs, models.Field{Key: "square", Value: json.RawMessage(bytes.TrimSpace(b.Bytes()))})
			}
			return fs
		},
		SolutionKey: "square",

		Stops: stops,
		Examples: map[string]string{
			"count": `  coverkit latin count 5
  coverkit latin count 6 --reduced --format json`,
			"solve":   `  coverkit latin solve 4`,
			"verify":  `  coverkit latin solve 4 --all --reduced | coverkit latin verify --reduced`,
			"compare": `  coverkit latin compare 5 --repeat 3`,
		},
	})
}

// verifySquares checks the squares of r, as solve writes them: N lines of
// N symbols, a blank line between squares, or JSON records with the
// square under "square" (reduced when the record or --reduced says so),
// through the one verify loop (verify.Each).
func verifySquares(ctx context.Context, req models.Request, r io.Reader) (*models.VerifyReport, error) {
	return verify.Each(ctx, nil, verify.TextSolutions(r, verify.TextOptions{MaxLines: MaxOrder,
		Decode: func(rec *verify.Record) (core.Problem, core.Solution, error) {
			var rows [][]int32
			reduced := req.Switch("reduced")
			if rec.Text() {
				for i, l := range rec.Lines {
					row, err := verify.Ints(l)
					if err != nil {
						return nil, nil, fmt.Errorf("latin: row %d: %v", i+1, err)
					}
					rows = append(rows, row)
				}
			} else {
				if ok, err := rec.Field("square", &rows); err != nil {
					return nil, nil, fmt.Errorf("latin: %v", err)
				} else if !ok {
					return nil, nil, verify.ErrNoSolution
				}
				var red bool
				if _, err := rec.Field("reduced", &red); err == nil && red {
					reduced = true
				}
			}
			n := len(rows)
			if n > MaxOrder {
				return nil, nil, fmt.Errorf("latin: %d rows: the order is at most %d", n, MaxOrder)
			}
			sol := make(core.Solution, 0, n*n)
			for i, row := range rows {
				if len(row) != n {
					return nil, nil, fmt.Errorf("latin: row %d has %d symbols, a square of %d rows %d", i+1, len(row), n, n)
				}
				sol = append(sol, row...)
			}
			sq, err := New(n, reduced)
			if err != nil {
				return nil, nil, err
			}
			return sq, sol, nil
		}}))
}
