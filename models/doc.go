// Package models holds what every coverkit problem and algorithm shares: the
// Problem interface, the algorithm Registry, the search Status, the Stats of
// work done, and the exact 128-bit Count used for solution counts.
//
// It is a leaf package: it imports nothing else of coverkit, so the engines
// (dlx, local) may use its types without depending on any model, and every
// model in models/<name> plugs into the same registry.
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
//	res, err := alg.Solve(ctx, queens.New(8), &models.Options{Mode: models.ModeCount})
//
// Every Result carries a Status. A search that did not finish (StatusLimit,
// StatusTimeout, StatusCanceled) never proves that no solution exists; only
// StatusExhausted with zero solutions does.
package models
