package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
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

// progress is a progress bar on stderr, shown only when stderr is a
// terminal. Its methods are safe on a nil *progress and for concurrent use.
type progress struct {
	bar *progressbar.ProgressBar
}

// newProgress returns a bar for total work units (-1: unknown), or nil when
// stderr is not a terminal.
func newProgress(e *env, total int64, description string) *progress {
	if !e.stderrTTY {
		return nil
	}
	return &progress{bar: progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(e.stderr),
		progressbar.OptionSetDescription(description),
		progressbar.OptionShowCount(),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)}
}

// Set moves the bar to done units.
func (p *progress) Set(done int64) {
	if p != nil {
		p.bar.Set64(done)
	}
}

// Describe replaces the bar's description (for example "conflicts: 12").
func (p *progress) Describe(s string) {
	if p != nil {
		p.bar.Describe(s)
	}
}

// Finish clears the bar.
func (p *progress) Finish() {
	if p != nil {
		p.bar.Finish()
		p.bar.Clear()
	}
}
