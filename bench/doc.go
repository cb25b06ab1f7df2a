// Package bench compares a model's algorithms on the same instances: each
// algorithm that can do the job runs R times on each size, and a Report
// gives, per size and algorithm, the status, the solutions, the work
// counters the algorithm measures and the median, fastest and slowest wall
// time; with several sizes it also fits how fast each algorithm's time and
// nodes grow from one size to the next.
//
// The harness knows nothing of any model. It takes the algorithms from the
// models registry, asks each whether it can answer the request
// (models.Algorithm.Supports) and records the others as skipped, with the
// reason, rather than failing. The caller says how an instance of a given
// size is made:
//
//	rep, err := bench.Run(ctx, bench.Config{Model: "queens", Repeat: 3},
//		func(size string) (core.Problem, error) { ... }, []string{"8", "9", "10"})
//	if err != nil { ... }
//	err = bench.Write(os.Stdout, "text", rep)
//
// A model whose "size" is not one problem but a batch of them (a file of
// sudoku puzzles) passes Instances to RunInstances instead: Problems makes
// one from a slice of problems (one run solves them all, and the report
// gives problems per second), and a model with a faster batch solve of its
// own implements Instance itself; Single adapts one core.Problem.
// Config.Progress reports the runs made, for a progress bar; SkipNotes
// words the skips for people.
//
// What counts as a failure is the caller's to decide: Run returns an error
// only for a request it cannot start (no model, an unknown algorithm, an
// instance that cannot be made); a run that stops early (its own Timeout, a
// node budget, a canceled ctx) is a row with that status, and
// Report.Stopped says whether any did. The coverkit command exits 3 then.
//
// Times are wall-clock times of Algorithm.Run as the caller sees it; the
// median is gonum's empirical quantile at 0.5 (for an even number of runs,
// the lower middle run). Machine names the computer for report headers.
package bench
