// Package xcc is the one place where a model meets the exact-cover engine
// (package dlx): from a build function and a decode function it makes the
// model's registry entries for the engine's algorithms — auto (the
// default of a count: the method the engine's samples of the instance
// measure fastest), dlx (Dancing Links) and memo (the memoized count,
// with random samples) — with their capabilities, descriptions, limits
// and checks, and runs them (Run: a request's mode, limit, budget,
// workers and sample mapped onto the engine, each solution decoded into
// the model's encoding, the memo's facts put in the record).
//
// A model on the engine declares itself with an Engine:
//
//	var engine = xcc.Engine{
//		Build: func(ctx context.Context, p core.Problem, o *core.Options) (*xcc.Cover, error) {
//			pr := p.(*Pairing)
//			c, err := pr.CoverContext(ctx)   // its exact cover, a *dlx.Problem
//			...
//			return &xcc.Cover{Problem: c, Decode: func(options []int) core.Solution { ... }}, nil
//		},
//		Description: "Dancing Links on numbers and positions (Knuth's Algorithm C)",
//		Limits:      "N ≤ 4096 (MaxN)",
//	}
//
// and its descriptor takes the rest from it: engine.Algorithms() with
// xcc.Default as its Default, engine.Decompose("langford") as its split
// of a count, engine.WriteCover as its cover verb. The engine knows
// nothing of the registry or the command line; this package is where the
// two meet.
//
// (A method added to the engine, such as dancing cells, becomes one more
// name here — Method and Engine.Algorithm — and every model on the engine
// offers it.)
package xcc
