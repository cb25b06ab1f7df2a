package progress

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/coverkit/coverkit/core"
)

// Bar is a progress bar drawn on w. Its methods are safe for concurrent
// use, on a nil *Bar and on a Bar without a writer (which draws nothing).
type Bar struct {
	mu          sync.Mutex
	w           io.Writer
	total, done int64
	description string
	start, last time.Time
	drawn       bool
}

// New returns a bar on w for total units of work (0 or less: unknown).
func New(w io.Writer, total int64, description string) *Bar {
	return &Bar{w: w, total: total, description: description, start: time.Now()}
}

// Set moves the bar to done units.
func (b *Bar) Set(done int64) {
	b.update(func() { b.done = done })
}

// SetTotal changes the total (when it becomes known).
func (b *Bar) SetTotal(total int64) {
	b.update(func() { b.total = total })
}

// Describe replaces the bar's description (for example "conflicts: 12").
func (b *Bar) Describe(s string) {
	b.update(func() { b.description = s })
}

func (b *Bar) update(change func()) {
	if b == nil {
		return
	}
	b.mu.Lock()
	change()
	b.draw()
	b.mu.Unlock()
}

// Finish clears the bar's line.
func (b *Bar) Finish() {
	if b == nil {
		return
	}
	b.mu.Lock()
	if b.drawn && b.w != nil {
		fmt.Fprint(b.w, "\r\033[K")
	}
	b.drawn = false
	b.mu.Unlock()
}

// draw redraws the line, at most every 100 ms (never on a nil writer).
func (b *Bar) draw() {
	if b.w == nil {
		return
	}
	now := time.Now()
	if now.Sub(b.last) < 100*time.Millisecond {
		return
	}
	b.last, b.drawn = now, true
	elapsed := now.Sub(b.start).Round(time.Second)
	if b.total <= 0 {
		fmt.Fprintf(b.w, "\r\033[K%s: %d [%s]", b.description, b.done, elapsed)
		return
	}
	const width = 30
	frac := min(max(float64(b.done)/float64(b.total), 0), 1)
	fill := int(frac * width)
	fmt.Fprintf(b.w, "\r\033[K%s %3.0f%% |%s%s| [%s]", b.description, 100*frac,
		strings.Repeat("█", fill), strings.Repeat(" ", width-fill), elapsed)
}

// Search returns a function for an algorithm's progress reports
// (core.Options.Progress) that moves b, a bar of 1000 steps, and
// describes it as what with the work left once the known total is done;
// nil for a nil bar.
func (b *Bar) Search(what string) func(core.Progress) {
	if b == nil {
		return nil
	}
	return func(p core.Progress) {
		if p.Total > 0 {
			b.Set(int64(p.Done * 1000 / p.Total))
		}
		if p.Remaining > 0 && p.Done >= p.Total {
			b.Describe(fmt.Sprintf("%s, left: %d", what, p.Remaining))
		}
	}
}
