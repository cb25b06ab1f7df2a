package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/coverkit/coverkit/bench"
	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/coverkit/coverkit/progress"
)

// searchContext returns a context that ends on an interrupt (SIGINT,
// SIGTERM: status canceled) or after timeout if it is positive (status
// timeout, through context.DeadlineExceeded).
func searchContext(parent context.Context, timeout time.Duration) (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(parent, os.Interrupt, syscall.SIGTERM)
	if timeout <= 0 {
		return ctx, stop
	}
	tctx, cancel := context.WithTimeout(ctx, timeout)
	return tctx, func() { cancel(); stop() }
}

// newProgress returns the progress display of a run on stderr for total
// units of work (-1: unknown), as --progress asks: a bar on a terminal
// (auto and always), a line every few seconds elsewhere (always), nil
// (which ignores every call) otherwise.
func newProgress(e *env, f *runFlags, total int64, description string) *progress.Bar {
	mode, _ := f.progressMode() // checked with the other flags
	switch {
	case mode == progress.Never:
		return nil
	case e.stderrTTY:
		return progress.New(e.stderr, total, description)
	case mode == progress.Always:
		return progress.NewLines(e.stderr, total, description, 0, 0)
	}
	return nil
}

// tracked returns ctx carrying a new core.Tracker, which every meter of the
// run under it reports to, and bar watching it.
func tracked(ctx context.Context, bar *progress.Bar) (context.Context, *core.Tracker) {
	if bar == nil {
		return ctx, nil
	}
	t := core.NewTracker()
	bar.Watch(t)
	return core.WithTracker(ctx, t), t
}

// reachAfter is how long a search runs before the command estimates
// whether it is within reach (bench.Reach).
const reachAfter = time.Second

// reach starts the estimate of a search that shows its progress: once it
// has run reachAfter, bench.Reach measures the algorithm's growth over
// smaller sizes and tries the model's other algorithms on the instance (a
// second at most, beside the search), and a warning says what it found
// when the run is out of reach or another algorithm answered its trial.
// The search goes on. The returned func ends the estimate (its runs stop
// at their next poll), and no warning comes after it returns. An instance read from standard input, which
// cannot be read twice, has no estimate.
func reach(ctx context.Context, e *env, f *runFlags, bar *progress.Bar, m *models.Model, alg models.Algorithm,
	opts *core.Options, args []string, what string) func() {
	if bar == nil || m == nil || m.Batch != nil || slices.Contains(args, "-") || len(args) < m.Instance.Args+m.Instance.Optional &&
		strings.Contains(m.Instance.Usage, "FILE") {
		return func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	var mu sync.Mutex
	done := false
	go func() {
		select {
		case <-ctx.Done():
			return
		case <-time.After(reachAfter):
		}
		o := *opts
		r := bench.Reach(core.WithTracker(ctx, nil), bench.ReachConfig{Model: m, Algorithm: alg, Options: &o, Args: args,
			New: func(a []string) (core.Problem, error) {
				return m.Instance.New(f.request(e, a))
			}})
		mu.Lock()
		defer mu.Unlock()
		if w := r.Words(); w != "" && !done {
			bar.Note(fmt.Sprintf("coverkit: warning: %s: still running after %s: %s; it goes on (Ctrl-C or --timeout stops it)",
				what, reachAfter, w))
		}
	}()
	return func() {
		mu.Lock()
		done = true // no warning after the search: the estimate ends at its next poll
		mu.Unlock()
		cancel()
	}
}
