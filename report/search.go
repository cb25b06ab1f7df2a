package report

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/outfile"
)

// Search is a solve or a count of one instance as the coverkit command
// runs it: the algorithm run on the problem, then what solve or count
// writes. A solve in ModeAll (Options.Mode: --all, --limit, --sample, or
// a model that lists every solution) writes each solution as it is found
// (NewSolutionWriter), its writes failing once ctx ends (a huge listing
// stops on a timeout); a solve of the first solution checks it
// (Algorithm.CheckFirst) and writes it after the search (WriteSolveEnd);
// a count writes its result (WriteResult).
type Search struct {
	Model     *models.Model
	Problem   core.Problem
	Algorithm models.Algorithm
	Options   *core.Options
	// Format is the output format (SolveFormats, or ResultFormats for a
	// count); Count makes the run a count; Unique is the record's
	// (--unique).
	Format        string
	Count, Unique bool
	// Stats, if set, receives the run's record, as a JSON line, once the
	// output is written, and makes the solution writer give each
	// solution's work (--stats).
	Stats io.Writer
	// Solver runs the search; nil is Algorithm.Run. The command's shows
	// the search's progress.
	Solver core.Solver
}

// SearchResult is how a Search ended.
type SearchResult struct {
	Result core.Result
	// Record is the run's record (New), for --stats.
	Record Record
	// Found says whether a solution was found (a count: more than 0).
	Found bool
	// Failure, for a solve that finished without a solution, says why
	// (Failure), and Proved whether that proves there is none.
	Failure string
	Proved  bool
}

// WriteError is a Search's failure to write its output: What says what
// was being written ("writing solutions", "writing the result"). When the
// run's context ended, Err is the context's error.
type WriteError struct {
	What string
	Err  error
}

// Error returns what was being written and why it failed.
func (e *WriteError) Error() string {
	if e == nil || e.Err == nil {
		return "report: a write failed"
	}
	return e.What + ": " + e.Err.Error()
}

// Unwrap returns the write's error.
func (e *WriteError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// Run runs the search and writes its output to w. An error is the
// search's, a failed check of the first solution, or a *WriteError.
func (s *Search) Run(ctx context.Context, w io.Writer) (SearchResult, error) {
	if s == nil || s.Model == nil || s.Problem == nil || s.Options == nil || w == nil {
		return SearchResult{}, errors.New("report: Search: no model, problem, options or writer")
	}
	run := s.Solver
	if run == nil {
		run = s.Algorithm.Run
	}
	m, p, alg, o := s.Model, s.Problem, s.Algorithm, s.Options
	all := !s.Count && o.Mode == core.ModeAll
	var sw *SolutionWriter
	var writeErr error
	if !s.Count {
		sw = NewSolutionWriter(&outfile.Stoppable{Ctx: ctx, W: w}, m, p, alg.Name, s.Format, s.Stats != nil)
	}
	if all {
		o.Visit = func(sol core.Solution, since core.Stats) bool {
			writeErr = sw.Write(sol, since, nil)
			return writeErr == nil
		}
	}
	start := time.Now()
	res, err := run(ctx, p, o)
	wall := time.Since(start)
	switch {
	case err != nil:
		return SearchResult{Result: res}, err
	case writeErr != nil:
		return SearchResult{Result: res}, &WriteError{What: "writing solutions", Err: writeErr}
	}
	r := SearchResult{Result: res, Record: New(m, p, alg.Name, &res, s.Unique, wall)}
	if s.Count {
		r.Found = !res.Solutions.IsZero()
		if err := WriteResult(w, s.Format, m, p, &r.Result, &r.Record); err != nil {
			return r, &WriteError{What: "writing the result", Err: err}
		}
		return r, s.writeStats(r.Record)
	}
	if !all {
		if err := alg.CheckFirst(p, &r.Result); err != nil {
			return r, err
		}
	}
	if err := WriteSolveEnd(w, sw, s.Format, m, &r.Result, &r.Record, all); err != nil {
		return r, &WriteError{What: "writing the result", Err: err}
	}
	r.Found = !res.Solutions.IsZero() || res.First != nil
	if !r.Found && res.Status.Finished() {
		r.Failure, r.Proved = Failure(m, alg, p, &r.Result)
	}
	return r, s.writeStats(r.Record)
}

// writeStats writes rec to Stats, if set.
func (s *Search) writeStats(rec Record) error {
	if s.Stats == nil {
		return nil
	}
	return WriteJSON(s.Stats, rec)
}
