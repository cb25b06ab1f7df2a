// Package knight is the knight's tour model: a knight visits every square of
// a rectangular board exactly once; a closed tour ends a knight's move from
// its start.
package knight
