package progress

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/coverkit/coverkit/core"
)

// Mode says when a run shows its progress: Auto, a bar when the output is
// a terminal; Always, also a line every few seconds on other outputs (the
// logs of batch systems); Never.
type Mode int

const (
	// Auto shows a bar on a terminal and nothing elsewhere.
	Auto Mode = iota
	// Always shows a bar on a terminal and a line every LineEvery
	// elsewhere.
	Always
	// Never shows nothing.
	Never
)

// Modes are the modes' names, in order: auto, always, never.
var Modes = []string{"auto", "always", "never"}

// ParseMode reads a mode's name.
func ParseMode(s string) (Mode, error) {
	for i, name := range Modes {
		if s == name {
			return Mode(i), nil
		}
	}
	return Auto, fmt.Errorf("progress: unknown mode %q (auto, always, never)", s)
}

// String returns the mode's name.
func (m Mode) String() string {
	if m < 0 || int(m) >= len(Modes) {
		return fmt.Sprintf("Mode(%d)", int(m))
	}
	return Modes[m]
}

// LineEvery is how often a bar of lines (NewLines) writes one; the first
// comes after FirstLine, so that a short run writes none.
const (
	LineEvery = 5 * time.Second
	FirstLine = time.Second
)

// Bar is a progress display on w: a bar redrawn in place on a terminal
// (New), or lines written from time to time for a log (NewLines). Its
// methods are safe for concurrent use, on a nil *Bar and on a Bar without
// a writer (which draws nothing).
type Bar struct {
	mu          sync.Mutex
	w           io.Writer
	total, done int64
	description string
	start, last time.Time
	drawn       bool
	// lines: write a line every every (after first) instead of redrawing.
	lines        bool
	first, every time.Duration
	wrote        bool
	// tracker is what Watch draws; stop ends its goroutine.
	tracker  *core.Tracker
	stop     chan struct{}
	wg       sync.WaitGroup
	lastSeen core.Progress
	lastAt   time.Duration
	rate     float64
}

// New returns a bar on w for total units of work (0 or less: unknown).
func New(w io.Writer, total int64, description string) *Bar {
	return &Bar{w: w, total: total, description: description, start: time.Now()}
}

// NewLines returns a display that writes a line on w every every (the
// first after first), for an output that is no terminal; 0 durations are
// LineEvery and FirstLine.
func NewLines(w io.Writer, total int64, description string, first, every time.Duration) *Bar {
	if every <= 0 {
		every = LineEvery
	}
	if first <= 0 {
		first = FirstLine
	}
	return &Bar{w: w, total: total, description: description, start: time.Now(), lines: true, first: first, every: every}
}

// For returns the display mode asks for on w, for total units of work
// (-1 or 0: unknown): a bar when w is a terminal (Auto and Always), lines
// every few seconds elsewhere (Always: NewLines), nil otherwise (a nil
// *Bar ignores every call).
func For(w io.Writer, terminal bool, mode Mode, total int64, description string) *Bar {
	switch {
	case mode == Never:
		return nil
	case terminal:
		return New(w, total, description)
	case mode == Always:
		return NewLines(w, total, description, 0, 0)
	}
	return nil
}

// Track returns ctx carrying a new core.Tracker, which every meter of the
// run under it reports to, and that b watches (Watch); a nil b returns
// ctx and no tracker.
func (b *Bar) Track(ctx context.Context) (context.Context, *core.Tracker) {
	if b == nil {
		return ctx, nil
	}
	t := core.NewTracker()
	b.Watch(t)
	return core.WithTracker(ctx, t), t
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
	b.draw(time.Now())
	b.mu.Unlock()
}

// Watch draws the progress t gathers (core.Tracker: the nodes of every
// search of the run, the work done of a known total) from a goroutine of
// its own, ten times a second on a terminal and every LineEvery in lines,
// until Finish: the nodes, their rate and the elapsed time, with the
// share done where a total is known and the states held where a search
// reports them.
func (b *Bar) Watch(t *core.Tracker) {
	if b == nil || t == nil || b.w == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.tracker != nil {
		return
	}
	b.tracker, b.stop = t, make(chan struct{})
	tick := 100 * time.Millisecond
	if b.lines {
		tick = min(b.first, b.every)
	}
	b.wg.Add(1)
	stop := b.stop
	go func() {
		defer b.wg.Done()
		tk := time.NewTicker(tick)
		defer tk.Stop()
		for {
			select {
			case <-stop:
				return
			case now := <-tk.C:
				b.mu.Lock()
				b.draw(now)
				b.mu.Unlock()
			}
		}
	}()
}

// Note writes a line of its own on the display's writer (a warning), the
// bar's line cleared first and redrawn at its next tick.
func (b *Bar) Note(line string) {
	if b == nil || b.w == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.drawn {
		fmt.Fprint(b.w, "\r\033[K")
		b.drawn = false
		b.last = time.Time{}
	}
	fmt.Fprintln(b.w, line)
}

// Finish stops watching and clears the bar's line; a display of lines
// that wrote one writes a last line, with the totals.
func (b *Bar) Finish() {
	if b == nil {
		return
	}
	b.mu.Lock()
	stop := b.stop
	b.stop = nil
	b.mu.Unlock()
	if stop != nil {
		close(stop)
		b.wg.Wait()
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case b.w == nil:
	case b.lines && b.wrote:
		fmt.Fprintf(b.w, "coverkit: progress: %s: end: %s\n", b.description, b.status(time.Now(), true))
	case b.drawn:
		fmt.Fprint(b.w, "\r\033[K")
	}
	b.drawn = false
}

// draw redraws the bar, at most every 100 ms, or writes a line when one
// is due (never on a nil writer).
func (b *Bar) draw(now time.Time) {
	if b.w == nil {
		return
	}
	if b.lines {
		due := b.first
		if b.wrote {
			due = b.every
		}
		if since := now.Sub(b.last); b.wrote && since < due || !b.wrote && now.Sub(b.start) < due {
			return
		}
		b.last, b.wrote = now, true
		fmt.Fprintf(b.w, "coverkit: progress: %s: %s\n", b.description, b.status(now, false))
		return
	}
	if now.Sub(b.last) < 100*time.Millisecond {
		return
	}
	b.last, b.drawn = now, true
	total, done := b.total, b.done
	if b.tracker != nil {
		if p, _ := b.tracker.Snapshot(); p.Total > 0 {
			total, done = int64(min(p.Total, 1<<62)), int64(min(p.Done, 1<<62))
		}
	}
	if total <= 0 {
		fmt.Fprintf(b.w, "\r\033[K%s: %s", b.description, b.status(now, false))
		return
	}
	const width = 30
	frac := min(max(float64(done)/float64(total), 0), 1)
	fill := int(frac * width)
	fmt.Fprintf(b.w, "\r\033[K%s %3.0f%% |%s%s| %s", b.description, 100*frac,
		strings.Repeat("█", fill), strings.Repeat(" ", width-fill), b.status(now, false))
}

// status says how far the run is: the work done of its total where one is
// known, the states a search holds and their expected peak where it
// reports them (a frontier count), the nodes and their rate where the
// tracker counts them, and the elapsed time ("120/512 done, 1.24G nodes,
// 35.1M nodes/s, 35s"; "37/64 done, 412M states (peak ~679M), 5.12G
// nodes, 2.81M nodes/s, 31m2s"; "[0s]" for a bar that has only its own
// count).
func (b *Bar) status(now time.Time, final bool) string {
	elapsed := now.Sub(b.start)
	var parts []string
	if b.tracker == nil {
		switch {
		case b.lines:
		case b.total <= 0:
			return fmt.Sprintf("%d [%s]", b.done, elapsed.Round(time.Second))
		default:
			return fmt.Sprintf("[%s]", elapsed.Round(time.Second))
		}
		if b.total > 0 {
			parts = append(parts, fmt.Sprintf("%d/%d done", b.done, b.total))
		} else {
			parts = append(parts, fmt.Sprintf("%d done", b.done))
		}
	} else {
		p, el := b.tracker.Snapshot()
		switch {
		case p.Total > 0:
			parts = append(parts, fmt.Sprintf("%d/%d done", p.Done, p.Total))
		case b.total > 0:
			parts = append(parts, fmt.Sprintf("%d/%d done", b.done, b.total))
		case b.done > 0:
			parts = append(parts, fmt.Sprintf("%d done", b.done))
		case p.Done > 0:
			parts = append(parts, fmt.Sprintf("%d done", p.Done))
		}
		if p.Remaining > 0 {
			parts = append(parts, fmt.Sprintf("%d left", p.Remaining))
		}
		if p.States > 0 {
			states := Count(p.States) + " states"
			if p.Peak > 0 {
				states += " (peak ~" + Count(p.Peak) + ")"
			}
			parts = append(parts, states)
		}
		if p.Nodes > 0 {
			parts = append(parts, Count(p.Nodes)+" nodes")
			if d := el - b.lastAt; !final && d >= 50*time.Millisecond && p.Nodes >= b.lastSeen.Nodes {
				b.rate = float64(p.Nodes-b.lastSeen.Nodes) / d.Seconds()
				b.lastSeen, b.lastAt = p, el
			}
			rate := b.rate
			if final && el > 0 {
				rate = float64(p.Nodes) / el.Seconds()
			}
			if rate > 0 {
				parts = append(parts, Count(uint64(rate))+" nodes/s")
			}
		}
		elapsed = el
	}
	parts = append(parts, elapsed.Round(time.Second).String())
	if b.lines {
		return strings.Join(parts, ", ")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " [" + parts[len(parts)-1] + "]"
}

// Count writes a count for people: 987, 12.3K, 4.56M, 7.89G, 1.23T.
func Count(n uint64) string {
	const units = "KMGTPE"
	if n < 1000 {
		return fmt.Sprint(n)
	}
	f, i := float64(n), -1
	for f >= 1000 && i < len(units)-1 {
		f /= 1000
		i++
	}
	switch {
	case f >= 100:
		return fmt.Sprintf("%.0f%c", f, units[i])
	case f >= 10:
		return fmt.Sprintf("%.1f%c", f, units[i])
	}
	return fmt.Sprintf("%.2f%c", f, units[i])
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
