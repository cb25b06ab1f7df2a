// Package progress draws a one-line progress bar for long runs: a bar and
// percentage (or a count when the total is unknown), the elapsed time and
// a description, redrawn at most ten times a second. Callers create a Bar
// only when the output is a terminal; every method is safe on a nil *Bar,
// so code that reports progress need not check.
//
// It is written here in a few lines rather than taken from a library: the
// progress-bar libraries pull in net/http and its package inits, which the
// start-up of every coverkit command would pay.
package progress
