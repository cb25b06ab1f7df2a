// Package local is coverkit's min-conflicts local search engine, for
// instances far beyond exact search: a million queens in a fraction of a
// second, a billion when memory allows.
//
// It has two parts:
//
//   - Solve, a generic min-conflicts solver (Minton et al., 1990) over the
//     small Model interface: variables with finite domains, a conflict
//     count and an assignment. It picks a random conflicted variable, gives
//     it the value with the fewest conflicts (ties broken at random), and
//     restarts from a random assignment when a try runs too long. Any model
//     can implement Model; the tests colour graphs with it.
//   - Queens, a specialized N-Queens solver in the style of Sosic and Gu's
//     QS4 (1991): a permutation board, so only diagonals can clash; a greedy
//     initialization that leaves only a few queens in conflict; swaps between
//     queens under attack and random partners; about 4.6 bytes a queen, so
//     that a billion queens fit in under 5 GiB.
//
// Both are deterministic: the same instance and seed give the same answer
// on every machine, because the random generator (wyrand) is part of this
// package. Both take a context, poll it every few thousand steps, and stop
// with core.StatusTimeout or core.StatusCanceled when it ends, or with
// core.StatusLimit when their step budget runs out. A local search never
// proves that no solution exists.
//
// The package imports only the standard library and the leaf package
// models.
package local
