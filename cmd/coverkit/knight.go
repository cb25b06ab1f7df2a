package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/knight"
	"github.com/spf13/cobra"
)

func init() { commands = append(commands, newKnightCmd) }

func newKnightCmd(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "knight",
		Short: "Knight's tours: find, count and verify them",
		Long: `Knight's tours on rectangular boards: a knight visits every square exactly
once; a closed tour ends a knight's move from its start. Sizes are RxC with an
ASCII x (5x6) or one number for a square board (8); squares are ROW,COL from 1,1
(the top left corner).`,
	}
	cmd.AddCommand(newKnightTourCmd(e), newKnightCountCmd(e), newKnightVerifyCmd(e))
	return cmd
}

// knightProblem builds the problem of SIZE, --from and --closed, refusing
// bad input with a usage error.
func knightProblem(size, from string, closed bool) (*knight.Problem, error) {
	rows, cols, err := knight.ParseSize(size)
	if err != nil {
		return nil, usageError(err)
	}
	p := &knight.Problem{Rows: rows, Cols: cols, Closed: closed}
	if from != "" {
		if p.StartRow, p.StartCol, err = knight.ParseSquare(from); err != nil {
			return nil, usagef("--from: %v", err)
		}
	}
	if err := p.Check(); err != nil {
		return nil, usageError(err)
	}
	return p, nil
}

// knightVerifyMax is the largest tour the CLI re-verifies before printing;
// beyond it the check would cost more than building the tour, and tests
// and `knight verify` cover the algorithms.
const knightVerifyMax = 1 << 24

func newKnightTourCmd(e *env) *cobra.Command {
	var (
		from, algo, format, out string
		closed, stats           bool
		seed                    uint64
		workers                 int
		timeout                 time.Duration
	)
	cmd := &cobra.Command{
		Use:   "tour SIZE",
		Short: "Find a knight's tour and print it as a matrix of move numbers, JSON or SVG",
		Long: `Find a knight's tour of a SIZE board from --from (default 1,1), closed with
--closed. --algo picks the algorithm (see coverkit algorithms): auto (default:
theory, then the fastest method for the board, kind and start), backtrack (the
classic fixed move order; hopeless from 8x8 on, use --timeout), search (pruned
exact search), warnsdorff (heuristic, --seed for its restarts), divide (divide
and conquer, linear time, for huge boards).

Formats: text, the board as a matrix of move numbers, right-aligned; json,
{"rows":R,"cols":C,"closed":false,"start":[r,c],"algorithm":"...","path":[[r,c],...]}
with 1-based squares in visiting order; svg, a picture of the tour.

Exit 1 "no tour exists: <reason>" when a theorem or a finished exhaustive
search proves there is none; exit 3 when the search stopped (--timeout, an
interrupt, or a heuristic that gave up) without proving anything.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json", "svg"); err != nil {
				return err
			}
			if workers < 0 {
				return usagef("--workers %d: want 0 (all CPUs) or more", workers)
			}
			p, err := knightProblem(args[0], from, closed)
			if err != nil {
				return err
			}
			alg, err := models.Lookup("knight", algo)
			if err != nil {
				return usageError(err)
			}
			o, err := openOutput(e, out)
			if err != nil {
				return err
			}
			defer o.Abort()
			ctx, stop := searchContext(cmd.Context(), timeout)
			defer stop()
			res, err := alg.Solve(ctx, p, &models.Options{Mode: models.ModeFirst, Seed: seed, Workers: workers})
			if err != nil {
				return solverError(err)
			}
			used := algo
			if m, ok := res.Extra["method"].(string); ok && m != "" && m != "none" {
				used = m
			}
			if stats {
				knightStats(e, algo, used, res)
			}
			if res.First == nil {
				if why := knight.Reason(res); why != "" {
					return noSolutionf("no tour exists: %s", why)
				}
				if format == "json" {
					knightPartialJSON(o, p, used, res)
					if err := o.Commit(); err != nil {
						return err
					}
				}
				status := res.Status
				if status.Finished() {
					status = models.StatusLimit
				}
				return &exitError{code: exitPartial, err: fmt.Errorf("stopped early: %s: no %s tour of %s found yet (%s); this proves nothing",
					status, p.Kind(), p.Size(), knightWork(res))}
			}
			if len(res.First) <= knightVerifyMax {
				if err := p.Verify(res.First); err != nil {
					return fmt.Errorf("internal error: %s returned an invalid tour: %w", used, err)
				}
			}
			w := &stoppableWriter{ctx: ctx, w: o}
			switch format {
			case "json":
				err = knight.WriteJSON(w, p, res.First, used)
			default:
				err = p.Render(w, res.First, format)
			}
			if st, done := models.ContextStatus(ctx); done && errors.Is(err, ctx.Err()) {
				// Stopped while writing: a cut tour is no result. A file
				// is left as it was; stdout got a prefix.
				return &exitError{code: exitPartial, err: fmt.Errorf("stopped early: %s while writing the tour; the output is incomplete (an --out file is left as it was)", st)}
			}
			if err != nil {
				return err
			}
			return o.Commit()
		},
	}
	f := cmd.Flags()
	f.StringVar(&from, "from", "", "start square ROW,COL, 1-based (default 1,1)")
	f.BoolVar(&closed, "closed", false, "a closed tour: the last square a knight's move from the first")
	f.StringVar(&algo, "algo", "auto", "algorithm: auto, backtrack, search, warnsdorff, divide")
	f.Uint64Var(&seed, "seed", 0, "seed for randomized restarts (0: the algorithm's default)")
	f.IntVar(&workers, "workers", 0, "goroutines for parallel algorithms (0: one per CPU)")
	f.StringVar(&format, "format", "text", "output format: text, json or svg")
	f.StringVar(&out, "out", "", "write the tour to FILE (atomically) instead of stdout")
	f.DurationVar(&timeout, "timeout", 0, "give up after this long (e.g. 30s): exit 3, never \"no tour\"")
	f.BoolVar(&stats, "stats", false, "print the work done on stderr")
	return cmd
}

// knightWork describes the work in res for messages.
func knightWork(res models.Result) string {
	parts := []string{}
	if res.Stats.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes", res.Stats.Nodes))
	}
	if res.Stats.Steps > 0 {
		parts = append(parts, fmt.Sprintf("%d steps", res.Stats.Steps))
	}
	if a, ok := res.Extra["attempts"]; ok {
		parts = append(parts, fmt.Sprintf("%v attempts", a))
	}
	parts = append(parts, fmt.Sprintf("%.3f s", res.Stats.Elapsed.Seconds()))
	return strings.Join(parts, ", ")
}

func knightStats(e *env, algo, used string, res models.Result) {
	name := algo
	if used != algo {
		name += " (" + used + ")"
	}
	fmt.Fprintf(e.stderr, "knight: %s: %s, %s\n", name, res.Status, knightWork(res))
	if why, ok := res.Extra["fallback"].(string); ok {
		fmt.Fprintf(e.stderr, "knight: fell back to warnsdorff: %s\n", why)
	}
}

// knightPartialJSON writes the JSON record of a tour search that stopped
// without a tour: the tour fields with "path":null and the status.
func knightPartialJSON(o *output, p *knight.Problem, algorithm string, res models.Result) {
	r, c := p.StartRow, p.StartCol
	if r == 0 {
		r, c = 1, 1
	}
	j := struct {
		Rows      int           `json:"rows"`
		Cols      int           `json:"cols"`
		Closed    bool          `json:"closed"`
		Start     [2]int        `json:"start"`
		Algorithm string        `json:"algorithm"`
		Status    models.Status `json:"status"`
		Partial   bool          `json:"partial"`
		Path      []int         `json:"path"`
	}{p.Rows, p.Cols, p.Closed, [2]int{r, c}, algorithm, res.Status, true, nil}
	if j.Status.Finished() {
		j.Status = models.StatusLimit
	}
	b, _ := json.Marshal(j)
	fmt.Fprintf(o, "%s\n", b)
}

// knightCountJSON is the JSON of knight count.
type knightCountJSON struct {
	Model     string        `json:"model"`
	Rows      int           `json:"rows"`
	Cols      int           `json:"cols"`
	Closed    bool          `json:"closed"`
	From      *[2]int       `json:"from"`
	Algorithm string        `json:"algorithm"`
	Status    models.Status `json:"status"`
	Partial   bool          `json:"partial"`
	Tours     models.Count  `json:"tours"`
	Nodes     uint64        `json:"nodes"`
	Elapsed   float64       `json:"elapsed_seconds"`
}

func newKnightCountCmd(e *env) *cobra.Command {
	var (
		from, algo, format, out string
		closed                  bool
		workers                 int
		timeout                 time.Duration
	)
	cmd := &cobra.Command{
		Use:   "count SIZE",
		Short: "Count the knight's tours of a board by exhaustive search",
		Long: `Count knight's tours exhaustively. Open tours are counted as directed paths
(5x5: 1728 in all, OEIS A165134; 304 from a corner), from every square or
from --from; closed tours as undirected cycles (6x6: 9862, OEIS A001230), which
pass every square, so --from does not change their number. Zero tours is an
answer (exit 0). --timeout prints the partial count, marked, and exits 3.

JSON: {"model":"knight","rows":R,"cols":C,"closed":false,"from":[r,c] or null,
"algorithm":"search","status":"exhausted","partial":false,"tours":N,"nodes":...,
"elapsed_seconds":...}`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			if workers < 0 {
				return usagef("--workers %d: want 0 (all CPUs) or more", workers)
			}
			p, err := knightProblem(args[0], from, closed)
			if err != nil {
				return err
			}
			p.AnyStart = from == ""
			alg, err := models.Lookup("knight", algo)
			if err != nil {
				return usageError(err)
			}
			if !alg.Caps.Has(models.CanCount) {
				return usagef("--algo %s cannot count (use search or backtrack)", algo)
			}
			o, err := openOutput(e, out)
			if err != nil {
				return err
			}
			defer o.Abort()
			ctx, stop := searchContext(cmd.Context(), timeout)
			defer stop()
			bar := newProgress(e, -1, "counting")
			opts := &models.Options{Mode: models.ModeCount, Workers: workers}
			if bar != nil {
				opts.Progress = func(pr models.Progress) { bar.Set(int64(pr.Done)) }
			}
			res, err := alg.Solve(ctx, p, opts)
			bar.Finish()
			if err != nil {
				return solverError(err)
			}
			j := knightCountJSON{Model: "knight", Rows: p.Rows, Cols: p.Cols, Closed: p.Closed, Algorithm: algo,
				Status: res.Status, Partial: res.Status.Partial(), Tours: res.Solutions, Nodes: res.Stats.Nodes,
				Elapsed: res.Stats.Elapsed.Seconds()}
			if from != "" {
				j.From = &[2]int{p.StartRow, p.StartCol}
			}
			if format == "json" {
				b, _ := json.Marshal(j)
				fmt.Fprintf(o, "%s\n", b)
			} else {
				what := "open tours (directed)"
				if p.Closed {
					what = "closed tours (undirected)"
				}
				where := "from every square"
				if from != "" {
					where = fmt.Sprintf("from %d,%d", p.StartRow, p.StartCol)
				}
				if p.Closed {
					where = "through every square"
				}
				count := res.Solutions.String()
				if res.Status.Partial() {
					count = fmt.Sprintf("at least %s (partial: %s)", count, res.Status)
				}
				fmt.Fprintf(o, "%s %s %s: %s [%d nodes, %.3f s]\n", p.Size(), what, where, count, res.Stats.Nodes, res.Stats.Elapsed.Seconds())
			}
			return o.Finish(res.Status)
		},
	}
	f := cmd.Flags()
	f.StringVar(&from, "from", "", "count open tours from this square ROW,COL only (default: every square)")
	f.BoolVar(&closed, "closed", false, "count closed tours")
	f.StringVar(&algo, "algo", "search", "counting algorithm: search (pruned, parallel) or backtrack (the classic)")
	f.IntVar(&workers, "workers", 0, "goroutines (0: one per CPU)")
	f.StringVar(&format, "format", "text", "output format: text or json")
	f.StringVar(&out, "out", "", "write the result to FILE (atomically) instead of stdout")
	f.DurationVar(&timeout, "timeout", 0, "stop after this long (e.g. 30s); the partial count is printed, marked")
	return cmd
}

func newKnightVerifyCmd(e *env) *cobra.Command {
	var (
		closed bool
		format string
	)
	cmd := &cobra.Command{
		Use:   "verify [FILE|-]",
		Short: "Check a knight's tour given as JSON or as a matrix of move numbers",
		Long: `Check a tour read from FILE or stdin (- or no argument): the JSON that
knight tour --format json writes, or a matrix of move numbers (one line per
row). Every square once, every step a knight's move, and with --closed (or
"closed":true in the JSON) the last square a knight's move from the first.
Exit 0 valid, 1 invalid (the reason on stdout), 2 unreadable input.

JSON: {"model":"knight","rows":R,"cols":C,"closed":false,"start":[r,c],"valid":true,"error":"..."}`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			path := inputArg(args, 0)
			in, err := openInput(e, path)
			if err != nil {
				return err
			}
			defer in.Close()
			t, err := knight.ReadTour(in)
			var p *knight.Problem
			var verr error
			switch {
			case errors.Is(err, knight.ErrInvalidTour):
				// Readable, but not a tour: an answer (exit 1), as when
				// Verify finds it.
				p, verr = &knight.Problem{Closed: closed}, err
			case err != nil:
				return usageError(err)
			default:
				p = t.Problem(closed || t.Closed)
				verr = p.Verify(t.Path)
			}
			o, err := openOutput(e, "")
			if err != nil {
				return err
			}
			if format == "json" {
				j := struct {
					Model  string `json:"model"`
					Rows   int    `json:"rows"`
					Cols   int    `json:"cols"`
					Closed bool   `json:"closed"`
					Start  [2]int `json:"start"`
					Valid  bool   `json:"valid"`
					Error  string `json:"error,omitempty"`
				}{"knight", p.Rows, p.Cols, p.Closed, [2]int{p.StartRow, p.StartCol}, verr == nil, ""}
				if verr != nil {
					j.Error = verr.Error()
				}
				b, _ := json.Marshal(j)
				fmt.Fprintf(o, "%s\n", b)
			} else if verr != nil {
				fmt.Fprintf(o, "invalid: %v\n", verr)
			} else {
				fmt.Fprintf(o, "valid %s knight's tour of %s from %d,%d\n", p.Kind(), p.Size(), p.StartRow, p.StartCol)
			}
			if err := o.Commit(); err != nil {
				return err
			}
			if verr != nil {
				return &exitError{code: exitNoSolution}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&closed, "closed", false, "require a closed tour")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}
