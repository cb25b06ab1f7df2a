// Command coverkit solves combinatorial placement problems — N-Queens,
// knight's tours, sudoku-like puzzles, any exact cover — and compares
// algorithms on them.
//
// Usage:
//
//	coverkit <model> <verb> [args] [flags]
//
// Results go to stdout; diagnostics and progress to stderr. Exit codes: 0
// success, 1 the problem has no solution, 2 bad input or usage, 3 stopped
// early by --timeout or an interrupt (the partial result is printed). See
// docs/cli.md for every command, flag and JSON field.
package main

import (
	"context"
	"os"

	_ "github.com/coverkit/coverkit/models/all" // every model, through the one import list
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], newEnv(os.Stdin, os.Stdout, os.Stderr)))
}
