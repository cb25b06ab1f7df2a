// Package verify is the one verify loop of every model: a model's Verify
// (models.Model.Verify) reads the records of a file of solutions through a
// SolutionReader (its own, or TextSolutions for the JSON lines and text
// blocks most models write) and hands them to Each, which checks each one
// independently of every solver and keeps the accounts in a
// models.VerifyReport: a record that cannot be read is reported on its
// line and the records after it are still checked, so every verify verb
// reports and exits alike (docs/cli.md: 0 every solution valid, 1 some
// solution invalid or unreadable, or none at all; 2 only when the input
// itself cannot be read, with nothing written).
//
//	func verifyPairings(ctx context.Context, req models.Request, r io.Reader) (*models.VerifyReport, error) {
//		return verify.Each(ctx, nil, verify.TextSolutions(r, verify.TextOptions{OneLine: true,
//			Decode: func(rec *verify.Record) (core.Problem, core.Solution, error) { ... }}))
//	}
//
// Request is the verify verb's way in: a request's instance and input
// (a file, standard input or the model's Literal), read under ctx into
// the model's Verify.
//
// A stop (ctx) ends the report with the records read before it, marked by
// its Status. The package imports models (for the report), core and lines.
package verify
