package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"
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
// terminal: a bar, the percentage or the count, the elapsed time and a
// description, redrawn at most ten times a second. Its methods are safe on
// a nil *progress and for concurrent use. It is written here, in a few
// lines, rather than taken from a library: the libraries pull in net/http
// and its package inits, which every start-up would pay.
type progress struct {
	mu          sync.Mutex
	w           io.Writer
	total, done int64
	description string
	start, last time.Time
	drawn       bool
}

// newProgress returns a bar for total work units (-1: unknown), or nil when
// stderr is not a terminal.
func newProgress(e *env, total int64, description string) *progress {
	if !e.stderrTTY {
		return nil
	}
	return &progress{w: e.stderr, total: total, description: description, start: time.Now()}
}

// Set moves the bar to done units.
func (p *progress) Set(done int64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.done = done
	p.draw(false)
	p.mu.Unlock()
}

// Describe replaces the bar's description (for example "conflicts: 12").
func (p *progress) Describe(s string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.description = s
	p.draw(false)
	p.mu.Unlock()
}

// Finish clears the bar.
func (p *progress) Finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
	}
	p.drawn = false
	p.mu.Unlock()
}

// draw redraws the line, at most every 100 ms unless forced.
func (p *progress) draw(force bool) {
	now := time.Now()
	if !force && now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last, p.drawn = now, true
	elapsed := now.Sub(p.start).Round(time.Second)
	if p.total <= 0 {
		fmt.Fprintf(p.w, "\r\033[K%s: %d [%s]", p.description, p.done, elapsed)
		return
	}
	const width = 30
	frac := min(max(float64(p.done)/float64(p.total), 0), 1)
	fill := int(frac * width)
	fmt.Fprintf(p.w, "\r\033[K%s %3.0f%% |%s%s| [%s]", p.description, 100*frac,
		strings.Repeat("█", fill), strings.Repeat(" ", width-fill), elapsed)
}
