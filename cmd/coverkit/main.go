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
	"os/signal"
	"syscall"

	_ "github.com/coverkit/coverkit/models/all" // every model, through the one import list
)

func main() {
	// The stop is caught here once, from main's first step: a signal while
	// the commands are built, the flags read, the output opened or the
	// search runs ends the run through the context (exit 3; every
	// searchContext derives from it), and a second one is caught too, so
	// that none kills the process half-way.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], newEnv(os.Stdin, os.Stdout, os.Stderr))
	stop()
	os.Exit(code)
}
