// Package models is where every coverkit problem plugs in: the model
// descriptor (Model), the single declaration of a model with its
// algorithms, its decomposition, its parameters and its verbs, and the one
// registry of descriptors. The vocabulary they are written in (Problem,
// Options, Result, Status, Stats, Count) is package core, which the engines
// (dlx, local) import without this package.
//
// A model registers its descriptor from an init function:
//
//	var backtrack = models.Algorithm{
//		Name:        "backtrack",
//		Kind:        models.Exact,
//		Caps:        models.CanFirst | models.CanAll | models.CanCount,
//		Description: "recursive backtracking, column by column",
//		Solve:       solveBacktrack,
//	}
//
//	func init() {
//		models.Register(models.Model{
//			Name:       "queens",
//			Summary:    "N-Queens: solve, count, compare algorithms, verify solutions",
//			Instance:   models.Instance{Usage: "N", Args: 1, New: newBoard},
//			Algorithms: []models.Algorithm{backtrack},
//		})
//	}
//
// and a caller, such as the coverkit command, finds it by name and runs it:
//
//	m, err := models.Lookup("queens")
//	alg, err := m.Algorithm("backtrack")
//	res, err := alg.Run(ctx, queens.New(8), &core.Options{Mode: core.ModeCount})
//
// Every Result carries a Status. A search that did not finish (StatusLimit,
// StatusTimeout, StatusCanceled) never proves that no solution exists; only
// StatusExhausted with zero solutions does.
package models
