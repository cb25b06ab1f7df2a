package main

import (
	"context"
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

// newProgress returns a progress bar on stderr for total units of work
// (-1: unknown), or nil (which ignores every call) when stderr is not a
// terminal.
func newProgress(e *env, total int64, description string) *progress.Bar {
	if !e.stderrTTY {
		return nil
	}
	return progress.New(e.stderr, total, description)
}
