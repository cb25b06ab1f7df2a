package latin

import (
	"bytes"
	"encoding/json"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
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
			Samples: []string{"true"}}},
		Algorithms: []models.Algorithm{autoAlgorithm, dlxAlgorithm, memoAlgorithm},
		Default:    dlx.DefaultAlgorithm,
		Decompose:  decompose,
		Formats:    []string{"text", "json"},
		Without:    []string{"verify"},
		Fields: func(p core.Problem, res *core.Result) []models.Field {
			sq := p.(*Square)
			fs := []models.Field{{Key: "n", Value: sq.N}, {Key: "reduced", Value: sq.Reduced}}
			// A count keeps the first square it met, as it always has.
			var b bytes.Buffer
			if res.First != nil && sq.Render(&b, res.First, "json") == nil {
				fs = append(fs, models.Field{Key: "square", Value: json.RawMessage(bytes.TrimSpace(b.Bytes()))})
			}
			return fs
		},
		SolutionKey: "square",

		Examples: map[string]string{
			"count": `  coverkit latin count 5
  coverkit latin count 6 --reduced --format json`,
			"solve":   `  coverkit latin solve 4`,
			"compare": `  coverkit latin compare 5 --repeat 3`,
		},
	})
}
