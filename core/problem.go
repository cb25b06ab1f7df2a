package core

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"
)

// Solution is a candidate solution in the model's own encoding, documented by
// each model (for N-Queens, the 0-based row of the queen in each column; for
// a knight's tour, the squares in visiting order; for exact cover, the chosen
// option indices). int32 keeps a billion-queen solution at 4 bytes a queen.
type Solution []int32

// WriteRow writes sol in the forms of a model whose solution is one row of
// whole numbers (langford's pairing): "" or "text", the numbers separated
// by blanks on one line; "json", a JSON array ("null" for a nil sol, as
// encoding/json writes it). It reports whether it knows the format: any
// other (a picture) is the model's to write.
func WriteRow(w io.Writer, sol Solution, format string) (bool, error) {
	var b []byte
	switch format {
	case "", "text":
		for i, v := range sol {
			if i > 0 {
				b = append(b, ' ')
			}
			b = strconv.AppendInt(b, int64(v), 10)
		}
		b = append(b, '\n')
	case "json":
		if sol == nil {
			b = append(b, "null"...)
			break
		}
		b = append(b, '[')
		for i, v := range sol {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(v), 10)
		}
		b = append(b, ']')
	default:
		return false, nil
	}
	if w == nil {
		return true, errors.New("core: WriteRow: nil writer")
	}
	_, err := w.Write(b)
	return true, err
}

// Problem is one instance of a model: N-Queens of size 8, a 5x6 knight's
// tour, a sudoku grid. Every model implements it.
type Problem interface {
	// Model is the registry name of the model, such as "queens".
	Model() string
	// Size describes the instance for people and outputs, such as "8" or
	// "5x6".
	Size() string
	// Verify checks a candidate solution independently of any solver and
	// returns nil if it is valid, else an error saying what is wrong where.
	Verify(sol Solution) error
	// Render writes sol in the named format (each model documents its
	// formats; "" is the model's default text form).
	Render(w io.Writer, sol Solution, format string) error
}

// Mode says what a search is asked for.
type Mode int

const (
	// ModeFirst stops at the first solution.
	ModeFirst Mode = iota
	// ModeAll visits every solution (up to Options.Limit) through
	// Options.Visit.
	ModeAll
	// ModeCount counts every solution without materializing them.
	ModeCount
)

// Options tunes a search. A nil *Options means the defaults: the first
// solution, no limits, one worker, the algorithm's fixed seed.
type Options struct {
	// Mode says what is wanted: the first solution, all, or a count.
	Mode Mode
	// Limit stops ModeAll after this many solutions (status found). 0 means
	// no limit.
	Limit uint64
	// MaxNodes is a work budget (nodes for exact search, steps for local
	// search); when it runs out the status is limit. 0 means none.
	MaxNodes uint64
	// Workers is the number of goroutines for algorithms that can split
	// their work; 0 means the default of the one worker rule
	// (resource.Workers): runtime.GOMAXPROCS(0) for a count, one for a
	// listing (ModeFirst, ModeAll). models.Algorithm.Run resolves it, so a
	// solver sees 1 or more.
	Workers int
	// Seed seeds randomized algorithms; 0 means the algorithm's documented
	// default seed, so runs are reproducible.
	Seed uint64
	// Unique asks for fundamental solutions too: classes under the model's
	// symmetries (ModeCount counts them, ModeAll visits one per class).
	Unique bool
	// Method picks an algorithm-specific variant (for example a
	// construction method); "" is the algorithm's default.
	Method string
	// Branch names the rule by which a search that offers several chooses
	// what to branch on (the exact-cover engine's memoized counts: "mrv",
	// the item with the fewest options, or "first", the first item in
	// input order); "" or "auto" is the algorithm's choice.
	Branch string
	// MemoBytes bounds the memory of an algorithm's memo of subproblems
	// (the exact-cover engine's memoized counts); 0 is the algorithm's
	// default, a share of what the resource policy allows.
	MemoBytes uint64
	// Sample, if positive, asks ModeAll for that many solutions drawn
	// uniformly at random among all (independently, so one may come
	// twice), seeded by Seed, instead of a listing; only algorithms that
	// can (models.CanSample) accept it.
	Sample uint64
	// Checkpoint, if set, asks a count that can (models.CanCheckpoint) to
	// save its progress in this file and to resume from it when it exists:
	// a count stopped early (a timeout, a signal, a budget) and run again
	// with the same request goes on from the last save. A file of another
	// count, or a damaged one, is refused.
	Checkpoint string
	// CheckpointEvery is the least time between two saves of the
	// checkpoint (each algorithm saves where its work allows: the knight
	// frontier at the end of a column); 0 saves at every chance.
	CheckpointEvery time.Duration
	// Visit, if set, receives each solution found in ModeFirst and ModeAll,
	// with the work done since the previous solution. sol is only valid
	// during the call. Returning false stops the search (status found).
	Visit func(sol Solution, since Stats) bool
	// Progress, if set, is called from time to time (never per node) from
	// the searching goroutine(s); it must be cheap and safe for concurrent
	// use.
	Progress func(p Progress)
}

// Progress is a snapshot of a running search, for progress displays.
type Progress struct {
	// Done and Total measure completed work units (for example subtrees of
	// a parallel count); Total is 0 when unknown.
	Done, Total uint64
	// Remaining is an algorithm-specific measure still to go, such as the
	// conflicts left in a local search.
	Remaining uint64
	// Nodes, in a report to a Tracker, are nodes visited since the last
	// report; in a Tracker's Snapshot, the nodes of every search so far.
	Nodes uint64
	// States is the size of the working set of a search that keeps one
	// (a frontier count: the states of the level being built), and Peak
	// the most it is expected to hold at once (an estimate, or the most
	// held so far where that is more); 0 when the search keeps none.
	States, Peak uint64
}

// Result is the outcome of a search.
type Result struct {
	// Status says why the search stopped.
	Status Status
	// Solutions is the number of solutions found (all of them if Status is
	// StatusExhausted).
	Solutions Count
	// Fundamental is the number of solutions up to symmetry, when
	// Options.Unique was set and the algorithm supports it.
	Fundamental Count
	// First is the first solution found, or nil.
	First Solution
	// Stats is the work done.
	Stats Stats
	// Method names the variant or the inner algorithm that produced the
	// result when it is not the algorithm's name itself (knight's auto
	// reports the method it chose, construct its construction), or "".
	Method string
	// Reason, for a result that proves there is no solution without an
	// exhaustive search (a theorem), says why; "" otherwise.
	Reason string
	// Extra holds algorithm-specific facts for JSON outputs (for example a
	// local search's seed and initial conflicts), keyed by JSON field name.
	Extra map[string]any
}

// Why says why r has no solution: its Reason (the theorem that proves
// there is none), or the exhaustive search that finished, with its nodes;
// "" if r is not a finished search without solutions (a stop proves
// nothing).
func (r Result) Why() string {
	switch {
	case r.Status != StatusExhausted || r.First != nil || !r.Solutions.IsZero():
		return ""
	case r.Reason != "":
		return r.Reason
	}
	return fmt.Sprintf("an exhaustive search finished (%d nodes) without finding one", r.Stats.Nodes)
}

// OrDefault returns o, or the defaults if o is nil.
func (o *Options) OrDefault() *Options {
	if o == nil {
		return &Options{}
	}
	return o
}

// Wrap returns an error that reads as the formatted message alone and wraps
// sentinel, so that errors.Is finds the class without the message
// repeating it ("cannot count solutions: core: unsupported").
func Wrap(sentinel error, format string, a ...any) error {
	return &wrapped{msg: fmt.Sprintf(format, a...), err: sentinel}
}

type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg }
func (w *wrapped) Unwrap() error { return w.err }

// ErrUnsupported is returned (wrapped) when an algorithm is asked for
// something it cannot do, such as all solutions from a construction.
var ErrUnsupported = errors.New("core: unsupported")

// ErrWrongProblem is returned (wrapped) when an algorithm is given a problem
// of another model.
var ErrWrongProblem = errors.New("core: wrong problem type")

// Solver is an algorithm's entry point. It polls ctx every few thousand
// nodes and returns a partial Result (status timeout or canceled), not an
// error, when ctx ends.
type Solver func(ctx context.Context, p Problem, opts *Options) (Result, error)
