package main

import (
	"context"
	"fmt"
	"time"

	"github.com/coverkit/coverkit/bench"
	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/progress"
)

// searchContext returns a context that ends with parent, which main's
// signal.NotifyContext ends on an interrupt (SIGINT, SIGTERM: status
// canceled, and a second signal is caught too), or after timeout if it is
// positive (status timeout, through context.DeadlineExceeded), which
// stops the run's streams as a signal does (outfile.Streams.StopAt).
func (e *env) searchContext(parent context.Context, timeout time.Duration) (context.Context, context.CancelFunc) {
	if timeout <= 0 {
		return context.WithCancel(parent)
	}
	ctx, cancel := context.WithTimeout(parent, timeout)
	e.streams.StopAt(ctx)
	return ctx, cancel
}

// newProgress returns the progress display of a run on stderr for total
// units of work (-1: unknown), as --progress asks (progress.For; nil for
// none), and ctx tracked by it (progress.Bar.Track: core.TrackerOf).
func newProgress(ctx context.Context, e *env, f *runFlags, total int64, description string) (context.Context, *progress.Bar) {
	mode, _ := f.progressMode() // checked with the other flags
	bar := progress.For(e.stderr, e.stderrTTY, mode, total, description)
	ctx, _ = bar.Track(ctx)
	return ctx, bar
}

// reachAfter is how long a search that shows its progress runs before
// the command estimates whether it is within reach (bench.Reach).
const reachAfter = time.Second

// search runs alg under ctx with its progress shown as --progress asks
// (the nodes of every meter of the run, the work done of a known total),
// and once it has run reachAfter, a warning says what the estimate of its
// reach found (bench.ReachLater).
func search(ctx context.Context, e *env, f *runFlags, m *models.Model, alg models.Algorithm, p core.Problem, opts *core.Options, args []string) (core.Result, error) {
	what := p.Model() + " " + p.Size() + " (" + alg.Name + ")"
	ctx, bar := newProgress(ctx, e, f, 0, what) // every meter of the search reports to it
	defer bar.Finish()
	if bar != nil {
		opts.Progress = core.TrackerOf(ctx).Report
		defer bench.ReachLater(ctx, bench.ReachConfig{Model: m, Algorithm: alg, Options: opts, Args: args,
			New: func(a []string) (core.Problem, error) { return m.Instance.New(f.request(context.Background(), e, a)) }}, reachAfter, func(w string) {
			bar.Note(fmt.Sprintf("coverkit: warning: %s: still running after %s: %s; it goes on (Ctrl-C or --timeout stops it)",
				what, reachAfter, w))
		})()
	}
	return alg.Run(ctx, p, opts)
}
