// Package queens is the N-Queens model: place N queens on an N×N board so
// that none attacks another. It registers the classic exact algorithms
// (recursive backtracking, an explicit-stack search, permutation search,
// bitwise counting), the explicit constructions, and formulations on the
// dlx and local engines, all in the models registry.
package queens
