package bench

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
)

// OutOfReach is the estimated time past which a run is out of reach: Reach
// says so (ten minutes).
const OutOfReach = 10 * time.Minute

// ReachConfig is what Reach estimates: the run of Algorithm on the
// instance New makes of its arguments Args with options Options.
type ReachConfig struct {
	Model     *models.Model
	Algorithm models.Algorithm
	Options   *core.Options
	// Args are the instance's arguments; when the first is a whole
	// number N (a size: queens, knight, latin, langford), the growth of
	// the run over smaller sizes is measured.
	Args []string
	// New makes the instance of args, as the command does (a new one for
	// each trial: no problem is shared between goroutines).
	New func(args []string) (core.Problem, error)
	// Budget bounds the time the estimate takes (Reach: 1 s if 0): the
	// samples of the growth, then the trials of the other algorithms.
	Budget time.Duration
}

// ReachResult is what Reach found: the estimated time of the run where
// its growth could be measured, and the other algorithms that answered
// the same request within their trial.
type ReachResult struct {
	// Seconds is the run's estimated time, 0 when unknown; Basis says
	// how it was estimated ("by the growth of 9..12, ×4.8 a size").
	Seconds float64
	Basis   string
	// Faster are the algorithms that answered the request in a trial,
	// with their times, in the model's order.
	Faster []Trial
}

// Trial is one algorithm's trial run on the instance.
type Trial struct {
	Algorithm string
	Elapsed   time.Duration
}

// Reach estimates whether a run is within reach, from samples: the same
// algorithm on smaller sizes (its time fitted to a growth per size,
// FitGrowth, and extrapolated to the size asked; not for a first
// solution, whose time jumps from size to size), and trials of each other
// algorithm of the model that can answer the request (the constructive
// and local ones first), each stopped after its share of the budget, 0.2
// s at most. It is the estimate a long run prints at its
// start (`coverkit queens solve 100 --algo dlx`: "--algo construct answers
// in 0.0002 s"). It stops when ctx ends.
func Reach(ctx context.Context, c ReachConfig) ReachResult {
	var r ReachResult
	if c.Model == nil || c.New == nil {
		return r
	}
	budget := c.Budget
	if budget <= 0 {
		budget = time.Second
	}
	o := *c.Options.OrDefault()
	o.Visit, o.Progress = nil, nil
	deadline := time.Now().Add(budget)
	// The time to a first solution jumps from size to size (queens by
	// Dancing Links: 0.04 s at 44, 1 s at 50, past 10 s at 60): no
	// growth to go by, only the trials.
	if n, err := strconv.Atoi(firstArg(c.Args)); err == nil && n > 2 && o.Mode != core.ModeFirst {
		r.Seconds, r.Basis = growth(ctx, c, &o, n, time.Now().Add(budget/2))
	}
	// The constructions and local searches first: made to answer at
	// once, they are tried before the exact searches share what is left.
	var others []models.Algorithm
	for _, exact := range []bool{false, true} {
		for _, a := range c.Model.Algorithms {
			if a.Name != c.Algorithm.Name && a.CanDo(&o) && (a.Kind == models.Exact) == exact {
				others = append(others, a)
			}
		}
	}
	for i, a := range others {
		left := time.Until(deadline)
		if left <= 0 || ctx.Err() != nil {
			break
		}
		each := min(left/time.Duration(len(others)-i), 200*time.Millisecond)
		p, err := c.New(c.Args)
		if err != nil || a.Supports(p, &o) != nil {
			continue
		}
		tctx, cancel := context.WithTimeout(ctx, each)
		start := time.Now()
		res, err := a.Run(tctx, p, &o)
		cancel()
		if err == nil && res.Status.Finished() {
			r.Faster = append(r.Faster, Trial{Algorithm: a.Name, Elapsed: time.Since(start)})
			if a.Kind == models.Exact || i+1 < len(others) && others[i+1].Kind == models.Exact {
				break // one that answers is the news; the exact searches are not tried after it
			}
		}
	}
	return r
}

// growth runs the algorithm on sizes n−k, ..., n−1 (k up to 8), smallest
// first, while the deadline allows, and extrapolates its time to n from
// the growth of the last three runs that took a measurable time (a run
// the deadline stopped counts with its time so far: the estimate is then
// a lower bound).
func growth(ctx context.Context, c ReachConfig, o *core.Options, n int, deadline time.Time) (float64, string) {
	var xs, ys []float64
	atLeast := false
	for s := max(1, n-8); s < n; s++ {
		left := time.Until(deadline)
		if left <= 0 || ctx.Err() != nil {
			break
		}
		args := append([]string{strconv.Itoa(s)}, c.Args[1:]...)
		p, err := c.New(args)
		if err != nil || c.Algorithm.Supports(p, o) != nil {
			continue
		}
		tctx, cancel := context.WithTimeout(ctx, left)
		start := time.Now()
		res, err := c.Algorithm.Run(tctx, p, o)
		el := time.Since(start)
		cancel()
		if err != nil || ctx.Err() != nil {
			break
		}
		if !res.Status.Finished() {
			// Stopped by the deadline: its time is a lower bound, and so
			// is the estimate it makes.
			if res.Status == core.StatusTimeout && len(xs) > 0 {
				xs, ys, atLeast = append(xs, float64(s)), append(ys, el.Seconds()), true
			}
			break
		}
		if el >= 100*time.Microsecond { // below, start-up noise
			xs, ys = append(xs, float64(s)), append(ys, el.Seconds())
		}
	}
	if len(xs) < 2 {
		return 0, ""
	}
	if k := len(xs) - 3; k > 0 {
		xs, ys = xs[k:], ys[k:] // the growth of the largest sizes, which the next ones follow best
	}
	g, ok := FitGrowth(xs, ys)
	if !ok {
		return 0, ""
	}
	// A growth that speeds up (a search tree that widens, knight's tours)
	// is followed best by its last step.
	k := len(xs) - 1
	g = max(g, math.Pow(ys[k]/ys[k-1], 1/(xs[k]-xs[k-1])))
	if g <= 1 {
		return 0, ""
	}
	secs := ys[len(ys)-1] * math.Pow(g, float64(n)-xs[len(xs)-1])
	basis := fmt.Sprintf("by the growth of %d..%d, ×%.2g a size", int(xs[0]), int(xs[len(xs)-1]), g)
	if atLeast {
		basis = fmt.Sprintf("at least: %d..%d, ×%.2g a size or more, %d stopped after %s", int(xs[0]), int(xs[len(xs)-1]), g,
			int(xs[len(xs)-1]), Duration(ys[len(ys)-1]))
	}
	return secs, basis
}

// firstArg is args[0], or "".
func firstArg(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}

// Words says what r means for people, or "" when there is nothing to say:
// the estimate when it is out of reach (OutOfReach), and the algorithms
// that answered in a trial.
func (r ReachResult) Words() string {
	var parts []string
	if r.Seconds >= OutOfReach.Seconds() {
		parts = append(parts, "about "+Duration(r.Seconds)+" to finish, out of reach ("+r.Basis+")")
	}
	if len(r.Faster) > 0 {
		var names []string
		for _, t := range r.Faster {
			names = append(names, fmt.Sprintf("--algo %s answered in %s", t.Algorithm, Duration(t.Elapsed.Seconds())))
		}
		parts = append(parts, strings.Join(names, ", ")+" (a trial run)")
	}
	return strings.Join(parts, "; ")
}

// Duration writes a time in seconds for people, in its largest sensible
// unit: "0.0021 s", "35 s", "12 min", "5.2 h", "3.1 days", "2.4e+08 years".
func Duration(s float64) string {
	switch {
	case math.IsInf(s, 0) || math.IsNaN(s):
		return "forever"
	case s < 1:
		return fmt.Sprintf("%.2g s", s)
	case s < 120:
		return fmt.Sprintf("%.0f s", s)
	case s < 7200:
		return fmt.Sprintf("%.0f min", s/60)
	case s < 3*86400:
		return fmt.Sprintf("%.2g h", s/3600)
	case s < 2*365*86400:
		return fmt.Sprintf("%.2g days", s/86400)
	}
	return fmt.Sprintf("%.2g years", s/(365.25*86400))
}

// ReachLater starts the estimate of a search that is under way: once it
// has run after, Reach estimates c (beside the search, which goes on),
// and note receives what it found (ReachResult.Words) when the run is
// out of reach or another algorithm answered its trial. The returned func
// ends the estimate (its runs stop at their next poll); note is not
// called after it returns. The trials report to no tracker of ctx (they
// are not the search's work). A batch, and an instance read from standard
// input (an argument "-", or a FILE of the usage left out), which cannot
// be read twice, have no estimate.
func ReachLater(ctx context.Context, c ReachConfig, after time.Duration, note func(words string)) (stop func()) {
	m := c.Model
	if m == nil || note == nil || m.Batch != nil || slices.Contains(c.Args, "-") ||
		len(c.Args) < m.Instance.Args+m.Instance.Optional && strings.Contains(m.Instance.Usage, "FILE") {
		return func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	var mu sync.Mutex
	done := false
	go func() {
		select {
		case <-ctx.Done():
			return
		case <-time.After(after):
		}
		if c.Options != nil {
			o := *c.Options
			c.Options = &o
		}
		r := Reach(core.WithTracker(ctx, nil), c)
		mu.Lock()
		defer mu.Unlock()
		if w := r.Words(); w != "" && !done {
			note(w)
		}
	}()
	return func() {
		mu.Lock()
		done = true // no note after the search: the estimate ends at its next poll
		mu.Unlock()
		cancel()
	}
}
