// Package models is where every coverkit problem plugs in: the model
// descriptors (Model) and the algorithm registry. The vocabulary they are
// written in (Problem, Options, Result, Status, Stats, Count) is package
// core, which the engines (dlx, local) import without this package.
//
// A model registers its algorithms from an init function:
//
//	func init() {
//		models.Register(models.Algorithm{
//			Model:       "queens",
//			Name:        "backtrack",
//			Kind:        models.Exact,
//			Caps:        models.CanFirst | models.CanAll | models.CanCount,
//			Description: "recursive backtracking, column by column",
//			Solve:       solveBacktrack,
//		})
//	}
//
// and a caller, such as the coverkit command, finds it by name and runs it:
//
//	alg, err := models.Lookup("queens", "backtrack")
//	res, err := alg.Solve(ctx, queens.New(8), &core.Options{Mode: core.ModeCount})
//
// Every Result carries a Status. A search that did not finish (StatusLimit,
// StatusTimeout, StatusCanceled) never proves that no solution exists; only
// StatusExhausted with zero solutions does.
package models
