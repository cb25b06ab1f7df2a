package report

import (
	"slices"

	"github.com/coverkit/coverkit/models"
)

// The one format vocabulary of every verb and model (issue 31): text,
// json, csv and none everywhere; svg for every model with a picture; the
// model's own forms of a solution (queens' perm and board, sudoku's grid)
// as named extras.
//
//   - text is for people: a count's line, a verify report, a comparison's
//     table, a solution in the model's first render format (queens: the
//     permutation; pieces: the board);
//   - json is one record a line (docs/cli.md);
//   - csv has one header shape, model,size,algorithm,…, a row a record or
//     a solution (its JSON value in the last column);
//   - none writes nothing on standard output (the exit code, and --stats
//     on standard error, answer).

// ResultFormats are the formats of a verb whose output is a record (count,
// verify), the default first.
var ResultFormats = []string{"text", "json", "csv", "none"}

// SolveFormats are the formats of m's solve: text, json, csv, none, then
// the model's other render formats (models.Model.Formats); those of a
// batch's answers (BatchFormats) for a model whose input is a batch
// (models.Model.Batch).
func SolveFormats(m *models.Model) []string {
	out := slices.Clone(ResultFormats)
	if m == nil {
		return out
	}
	if m.Batch != nil {
		return BatchFormats(m.Formats)
	}
	for _, f := range m.Formats {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// RenderFormat is the format of Problem.Render that solve's format
// writes a solution in: text is the model's first render format (its
// default: queens' perm, pieces' board) unless the model has a "text" of
// its own; the others are themselves.
func RenderFormat(m *models.Model, format string) string {
	if format != "text" || m == nil || len(m.Formats) == 0 || slices.Contains(m.Formats, "text") {
		return format
	}
	return m.Formats[0]
}
