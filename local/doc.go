// Package local is coverkit's min-conflicts local search engine, for
// instances far beyond exact search.
//
// Solve is a generic min-conflicts solver (Minton et al., 1990) over the
// small Model interface: variables with finite domains, a conflict count
// and an assignment. It picks a random conflicted variable, gives it the
// value with the fewest conflicts (ties broken at random), and restarts
// from a random assignment when a try runs too long. Any model can
// implement Model; the tests colour graphs with it. (The specialized
// N-Queens solver in the style of Sosic and Gu's QS4 lives with its model,
// in models/queens.)
//
// It is deterministic: the same instance and seed give the same answer on
// every machine, because the random generator (wyrand) is part of this
// package. It takes a context, polls it every few thousand steps, and
// stops with core.StatusTimeout or core.StatusCanceled when it ends, or
// with core.StatusLimit when its step budget runs out. A local search
// never proves that no solution exists.
//
// The package imports only the standard library and core.
package local
