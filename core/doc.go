// Package core is the vocabulary every coverkit engine, model and front end
// shares, and nothing more: the Problem a model implements and the Solution
// it encodes, the Options of a search (nil means the defaults) and its
// Result, the Status that says why a search stopped, the Stats of work done,
// the exact 128-bit Count, the Meter that owns stopping (context, node
// budget, progress), the Decomposition of a count into subproblems, and the
// errors a solver returns. It has no registry and writes nothing: the model
// descriptors and their registry are package models, the result records and
// their formats package report.
//
// The engines (dlx, local) import core and the standard library only, so a
// Go program can use them for its own puzzles without any coverkit model.
//
// Every Result carries a Status. A search that did not finish (StatusLimit,
// StatusTimeout, StatusCanceled) never proves that no solution exists; only
// StatusExhausted with zero solutions does.
package core
