package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/spf13/cobra"
	"gonum.org/v1/gonum/stat"
)

func init() { commands = append(commands, newQueensCmd) }

// queensMaxN bounds N on the command line; the algorithms refuse smaller
// sizes they cannot hold, saying how much memory they would need.
const queensMaxN = 1 << 50

// queensMaxBoardN bounds --format board, which writes N² bytes a solution.
const queensMaxBoardN = 10_000

func newQueensCmd(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "queens",
		Short: "N-Queens: solve, count, compare algorithms, verify solutions",
		Long: `Place N queens on an N×N board so that none attacks another.

Solutions are written as Wirth's vector: for column i = 1..N, the 1-based
row of the queen in column i. Every algorithm in "coverkit algorithms" for
the queens model can be chosen with --algo.`,
		Args: cobra.NoArgs,
	}
	for _, sub := range []*cobra.Command{newQueensSolveCmd(e), newQueensCountCmd(e), newQueensCompareCmd(e), newQueensVerifyCmd(e)} {
		sub.SetFlagErrorFunc(queensFlagError)
		cmd.AddCommand(sub)
	}
	return cmd
}

// queensFlagError turns cobra's "unknown shorthand flag: '3' in -3", which
// is what a negative N looks like to the flag parser, into the message a
// user expects; every flag error is a usage error (exit 2).
func queensFlagError(_ *cobra.Command, err error) error {
	if _, arg, ok := strings.Cut(err.Error(), "' in -"); ok {
		if _, perr := strconv.ParseFloat(arg, 64); perr == nil {
			return usagef("N must be positive, got -%s", arg)
		}
	}
	return usageError(err)
}

// queensArgs parses N and looks the algorithm up.
func queensArgs(nArg, algo string) (int, models.Algorithm, error) {
	n, err := parseSize("N", nArg, queensMaxN)
	if err != nil {
		return 0, models.Algorithm{}, usageError(err)
	}
	alg, err := models.Lookup("queens", algo)
	if err != nil {
		return 0, models.Algorithm{}, usageError(err)
	}
	return int(n), alg, nil
}

// queensCannot is the usage error for an algorithm asked for what its
// capabilities exclude.
func queensCannot(alg models.Algorithm, what string) error {
	return usagef("queens: algorithm %s cannot %s (it can: %s); choose another with --algo (see coverkit algorithms)",
		alg.Name, what, alg.Caps)
}

// queensSolver returns the solver to run: the algorithm itself, or, for
// --unique with an algorithm that can enumerate but has no symmetry support
// of its own, the generic queens.Unique around it.
func queensSolver(alg models.Algorithm, unique bool) models.Solver {
	if !unique || alg.Caps.Has(models.CanUnique) {
		return alg.Solve
	}
	return func(ctx context.Context, p models.Problem, o *models.Options) (models.Result, error) {
		return queens.Unique(ctx, alg.Solve, p, o)
	}
}

// queensCanUnique reports whether --unique works with alg in mode.
func queensCanUnique(alg models.Algorithm, mode models.Mode) bool {
	return alg.Caps.Has(models.CanUnique) || alg.Caps.Has(models.CanAll) || mode == models.ModeFirst
}

// queensElapsed is the search's own elapsed time, or the wall time around
// it when the algorithm did not measure it.
func queensElapsed(res models.Result, wall time.Duration) float64 {
	if res.Stats.Elapsed > 0 {
		return res.Stats.Elapsed.Seconds()
	}
	return wall.Seconds()
}

// queensRecord is a JSON object with its keys in a fixed order.
type queensRecord struct {
	keys []string
	vals []any
}

func (r *queensRecord) add(k string, v any) *queensRecord {
	r.keys = append(r.keys, k)
	r.vals = append(r.vals, v)
	return r
}

func (r *queensRecord) has(k string) bool { return slices.Contains(r.keys, k) }

// MarshalJSON writes the keys in the order they were added.
func (r *queensRecord) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, k := range r.keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, k)
		b = append(b, ':')
		v, err := json.Marshal(r.vals[i])
		if err != nil {
			return nil, err
		}
		b = append(b, v...)
	}
	return append(b, '}'), nil
}

// queensResultRecord is the record shared by `solve --stats` and `count`:
// the fixed fields, then the stats the algorithm measured, then every key
// of Result.Extra (sorted), which algorithms use for their own facts.
func queensResultRecord(head *queensRecord, res models.Result, unique bool, wall time.Duration) *queensRecord {
	r := head
	r.add("status", res.Status).add("solutions", res.Solutions)
	if unique {
		r.add("fundamental", res.Fundamental)
	}
	for _, s := range []struct {
		k string
		v uint64
	}{{"nodes", res.Stats.Nodes}, {"checks", res.Stats.Checks}, {"updates", res.Stats.Updates}, {"steps", res.Stats.Steps}} {
		if _, inExtra := res.Extra[s.k]; s.v > 0 && !inExtra {
			r.add(s.k, s.v)
		}
	}
	r.add("elapsed_seconds", queensElapsed(res, wall))
	extra := make([]string, 0, len(res.Extra))
	for k := range res.Extra {
		if !r.has(k) {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	for _, k := range extra {
		r.add(k, res.Extra[k])
	}
	return r
}

// writeJSONLine writes v as one line of JSON.
func writeJSONLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// queensSolutionWriter writes solutions in one of solve's formats,
// streaming: a billion-queen solution never becomes a string.
type queensSolutionWriter struct {
	w       *bufio.Writer
	format  string
	head    []byte // {"n":N,"algorithm":"A","solution":[
	stats   bool
	written uint64
	buf     []byte
	// extra holds fields (",\"k\":v,...") that json records carry after
	// the solution: the local search's status and stats.
	extra []byte
}

func newQueensSolutionWriter(w *bufio.Writer, format string, n int, algo string, stats bool) *queensSolutionWriter {
	head := fmt.Appendf(nil, `{"n":%d,"algorithm":%s,"solution":[`, n, strconv.Quote(algo))
	return &queensSolutionWriter{w: w, format: format, head: head, stats: stats, buf: make([]byte, 0, 64<<10)}
}

// write writes sol; since is the work since the previous solution.
func (q *queensSolutionWriter) write(sol models.Solution, since models.Stats) error {
	defer func() { q.written++ }()
	switch q.format {
	case "none":
		return nil
	case "perm":
		return queens.WritePerm(q.w, sol)
	case "board":
		if q.written > 0 {
			if err := q.w.WriteByte('\n'); err != nil {
				return err
			}
		}
		return queens.WriteBoard(q.w, sol)
	}
	b := append(q.buf[:0], q.head...)
	for i, r := range sol {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(r)+1, 10)
		if len(b) > 60<<10 {
			if _, err := q.w.Write(b); err != nil {
				return err
			}
			b = b[:0]
		}
	}
	b = append(b, ']')
	// Work since the previous solution, where the algorithm measures it
	// (a searching algorithm always makes at least one node per solution).
	if q.stats && since.Nodes > 0 {
		b = fmt.Appendf(b, `,"nodes":%d`, since.Nodes)
	}
	if q.stats && since.Checks > 0 {
		b = fmt.Appendf(b, `,"checks":%d`, since.Checks)
	}
	b = append(b, q.extra...)
	b = append(b, '}', '\n')
	q.buf = b[:0]
	_, err := q.w.Write(b)
	return err
}

// writeNone writes, in json, the record of a search that stopped without
// a solution: "solution" is null and q.extra says why.
func (q *queensSolutionWriter) writeNone() error {
	if q.format != "json" {
		return nil
	}
	b := append(q.buf[:0], q.head[:len(q.head)-1]...) // without the '['
	b = append(b, "null"...)
	b = append(b, q.extra...)
	b = append(b, '}', '\n')
	_, err := q.w.Write(b)
	return err
}

func newQueensSolveCmd(e *env) *cobra.Command {
	var (
		algo, format, out, method string
		all, unique, stats        bool
		limit, maxNodes, maxSteps uint64
		seed                      uint64
		workers                   int
		timeout                   time.Duration
	)
	cmd := &cobra.Command{
		Use:   "solve N",
		Short: "Find one solution, or all of them, for N queens",
		Long: `Find the first solution for N queens (N may be written 1000000, 1e6 or
1_000_000), or with --all every solution, or with --limit K the first K.

Formats: perm (default: one solution a line, N 1-based rows), board (N lines
of Q and . a solution, a blank line between solutions), json (one object a
line: {"n":8,"algorithm":"backtrack","solution":[...]}, plus "nodes" and
"checks" since the previous solution with --stats), none (no solutions, for
timing). --stats prints a JSON stats object on stderr.

Exit codes: 0 found, 1 no solution exists (N = 2, 3: proved by exhaustive
search), 2 bad input, 3 stopped early (--timeout, --max-nodes, Ctrl-C: the
solutions found so far are printed).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "perm", "board", "json", "none"); err != nil {
				return err
			}
			n, alg, err := queensArgs(args[0], algo)
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("limit") {
				if limit == 0 {
					return usagef("--limit must be positive")
				}
				all = true
			}
			mode := models.ModeFirst
			if all {
				mode = models.ModeAll
				if !alg.Caps.Has(models.CanAll) {
					return queensCannot(alg, "list all solutions")
				}
			} else if !alg.Caps.Has(models.CanFirst) {
				return queensCannot(alg, "find a solution")
			}
			if unique && !queensCanUnique(alg, mode) {
				return queensCannot(alg, "list one solution per symmetry class")
			}
			if maxSteps > 0 && maxNodes > 0 && maxSteps != maxNodes {
				return usagef("--max-nodes and --max-steps are the same budget; give one")
			}
			if format == "board" && n > queensMaxBoardN {
				return usagef("--format board for N = %d would write %d×%d characters a solution (at most N = %d); use perm or json",
					n, n, n, queensMaxBoardN)
			}
			if workers < 0 {
				return usagef("--workers must be positive, got %d", workers)
			}
			o, err := openOutput(e, out)
			if err != nil {
				return err
			}
			defer o.Abort()
			ctx, stop := searchContext(cmd.Context(), timeout)
			defer stop()

			sw := newQueensSolutionWriter(o.Writer, format, n, alg.Name, stats)
			var writeErr error
			opts := &models.Options{
				Mode: mode, Limit: limit, MaxNodes: max(maxNodes, maxSteps), Workers: workers,
				Seed: seed, Unique: unique, Method: method,
			}
			if alg.Kind == models.LocalSearch {
				// Local search: placed queens, then conflicts left.
				bar := newProgress(e, 1000, fmt.Sprintf("queens %d", n))
				defer bar.Finish()
				if bar != nil {
					opts.Progress = func(p models.Progress) {
						if p.Total > 0 {
							bar.Set(int64(p.Done * 1000 / p.Total))
						}
						if p.Done < p.Total {
							bar.Describe(fmt.Sprintf("queens %d, placing", n))
						} else {
							bar.Describe(fmt.Sprintf("queens %d, conflicts left: %d", n, p.Remaining))
						}
					}
				}
			}
			if all {
				opts.Visit = func(sol models.Solution, since models.Stats) bool {
					writeErr = sw.write(sol, since)
					return writeErr == nil
				}
			}
			start := time.Now()
			res, err := queensSolver(alg, unique)(ctx, queens.New(n), opts)
			wall := time.Since(start)
			if err != nil {
				return solverError(err)
			}
			if writeErr != nil {
				return fmt.Errorf("writing solutions: %w", writeErr)
			}
			local := alg.Kind == models.LocalSearch
			if local {
				// elapsed_seconds covers the whole run (allocation, search,
				// verification and, for --stats on stderr, the output);
				// solve_seconds, in Extra, the search and verification.
				res.Stats.Elapsed = time.Since(start)
			}
			if local && format == "json" {
				// One record on stdout whatever the outcome, with its
				// status (and the --stats fields), so that a program
				// reading it sees a limit or a timeout too.
				rec := (&queensRecord{}).add("status", res.Status)
				if stats {
					rec = queensResultRecord(&queensRecord{}, res, unique, wall)
				}
				fields, err := rec.MarshalJSON()
				if err != nil {
					return err
				}
				sw.extra = append([]byte{','}, fields[1:len(fields)-1]...)
				if res.First == nil {
					if err := sw.writeNone(); err != nil {
						return fmt.Errorf("writing the result: %w", err)
					}
				}
			}
			if !all && res.First != nil {
				if err := sw.write(res.First, res.Stats); err != nil {
					return fmt.Errorf("writing the solution: %w", err)
				}
			}
			if local {
				if err := o.Flush(); err != nil {
					return fmt.Errorf("writing the solution: %w", err)
				}
				res.Stats.Elapsed = time.Since(start)
			}
			if stats {
				head := (&queensRecord{}).add("n", n).add("algorithm", alg.Name)
				if err := writeJSONLine(e.stderr, queensResultRecord(head, res, unique, wall)); err != nil {
					return err
				}
			}
			if res.Status == models.StatusExhausted && res.Solutions.IsZero() {
				return noSolutionf("no solution: %d queens cannot be placed on a %d×%d board without attacking each other (proved by exhaustive search)",
					n, n, n)
			}
			return o.Finish(res.Status)
		},
	}
	f := cmd.Flags()
	f.StringVar(&algo, "algo", "backtrack", "algorithm (see coverkit algorithms)")
	f.BoolVar(&all, "all", false, "list every solution")
	f.Uint64Var(&limit, "limit", 0, "list at most K solutions (implies --all)")
	f.BoolVar(&unique, "unique", false, "one solution per class under the 8 symmetries of the square")
	f.StringVar(&format, "format", "perm", "output format: perm, board, json or none")
	f.StringVar(&out, "out", "", "write solutions to FILE (atomically) instead of stdout")
	f.DurationVar(&timeout, "timeout", 0, "stop after this long (e.g. 30s) and print what was found, exit 3")
	f.Uint64Var(&maxNodes, "max-nodes", 0, "stop after this many search nodes (status limit, exit 3)")
	f.Uint64Var(&maxSteps, "max-steps", 0, "step budget for local search (the same budget as --max-nodes)")
	f.BoolVar(&stats, "stats", false, "print a JSON stats object on stderr; with --format json, nodes and checks on each line")
	f.Uint64Var(&seed, "seed", 0, "seed for randomized algorithms (0: the algorithm's default)")
	f.StringVar(&method, "method", "", "algorithm variant, e.g. formula or lists for --algo construct")
	f.IntVar(&workers, "workers", 0, "goroutines for parallel algorithms (0: one per CPU)")
	return cmd
}

// queensDefaultCounter is bitwise when it is registered, else backtrack.
func queensDefaultCounter() string {
	if _, err := models.Lookup("queens", "bitwise"); err == nil {
		return "bitwise"
	}
	return "backtrack"
}

// queensCountMode is how alg counts: ModeCount, or ModeAll with no visitor
// for an algorithm that can only enumerate.
func queensCountMode(alg models.Algorithm) (models.Mode, bool) {
	switch {
	case alg.Caps.Has(models.CanCount):
		return models.ModeCount, true
	case alg.Caps.Has(models.CanAll):
		return models.ModeAll, true
	}
	return 0, false
}

func newQueensCountCmd(e *env) *cobra.Command {
	var (
		algo, format string
		unique       bool
		workers      int
		maxNodes     uint64
		timeout      time.Duration
	)
	cmd := &cobra.Command{
		Use:   "count N",
		Short: "Count every solution for N queens",
		Long: `Count the solutions for N queens exactly (128-bit counts: exact past 2^64 at
N ≥ 29), with --unique also the fundamental solutions (classes under the 8
symmetries of the square). The default algorithm is bitwise when it is
registered, else backtrack. A count of zero is an answer: exit 0.

JSON: {"model":"queens","n":N,"algorithm":"...","status":"exhausted",
"solutions":...,"fundamental":... (with --unique),"nodes":...,"checks":...,
"elapsed_seconds":...}; nodes and checks where the algorithm counts them.
A progress bar is shown on stderr when it is a terminal. --timeout and Ctrl-C
print the partial count with its status and exit 3.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			if algo == "" {
				algo = queensDefaultCounter()
			}
			n, alg, err := queensArgs(args[0], algo)
			if err != nil {
				return err
			}
			mode, ok := queensCountMode(alg)
			if !ok {
				return queensCannot(alg, "count solutions")
			}
			if unique && !queensCanUnique(alg, mode) {
				return queensCannot(alg, "count fundamental solutions")
			}
			if workers < 0 {
				return usagef("--workers must be positive, got %d", workers)
			}
			o, err := openOutput(e, "")
			if err != nil {
				return err
			}
			ctx, stop := searchContext(cmd.Context(), timeout)
			defer stop()
			opts := &models.Options{Mode: mode, Workers: workers, MaxNodes: maxNodes, Unique: unique}
			bar := newProgress(e, 1000, fmt.Sprintf("queens %d", n))
			if bar != nil {
				opts.Progress = func(p models.Progress) {
					if p.Total > 0 {
						bar.Set(int64(p.Done * 1000 / p.Total))
					}
				}
			}
			start := time.Now()
			res, err := queensSolver(alg, unique)(ctx, queens.New(n), opts)
			wall := time.Since(start)
			bar.Finish()
			if err != nil {
				return solverError(err)
			}
			if format == "json" {
				head := (&queensRecord{}).add("model", "queens").add("n", n).add("algorithm", alg.Name)
				if err := writeJSONLine(o, queensResultRecord(head, res, unique, wall)); err != nil {
					return err
				}
			} else {
				queensCountText(o, n, alg.Name, res, unique, wall)
			}
			return o.Finish(res.Status)
		},
	}
	f := cmd.Flags()
	f.StringVar(&algo, "algo", "", "algorithm (default bitwise if registered, else backtrack)")
	f.BoolVar(&unique, "unique", false, "also count fundamental solutions")
	f.IntVar(&workers, "workers", 0, "goroutines for parallel algorithms (0: one per CPU)")
	f.StringVar(&format, "format", "text", "output format: text or json")
	f.DurationVar(&timeout, "timeout", 0, "stop after this long (e.g. 30s), print the partial count, exit 3")
	f.Uint64Var(&maxNodes, "max-nodes", 0, "stop after this many search nodes (status limit, exit 3)")
	return cmd
}

// queensCountText writes count's text form: the answer, then the work.
func queensCountText(w io.Writer, n int, algo string, res models.Result, unique bool, wall time.Duration) {
	prefix := ""
	if res.Status.Partial() {
		prefix = "at least "
	}
	plural := "s"
	if res.Solutions == models.CountOf(1) {
		plural = ""
	}
	fmt.Fprintf(w, "%s%s solution%s for n = %d", prefix, res.Solutions, plural, n)
	if unique {
		fmt.Fprintf(w, " (%s%s fundamental)", prefix, res.Fundamental)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%s: %s", algo, res.Status)
	if res.Status.Partial() {
		fmt.Fprint(w, " (partial: the search stopped early)")
	}
	if res.Stats.Nodes > 0 {
		fmt.Fprintf(w, ", %d nodes", res.Stats.Nodes)
	}
	if res.Stats.Checks > 0 {
		fmt.Fprintf(w, ", %d checks", res.Stats.Checks)
	}
	fmt.Fprintf(w, ", %s\n", queensSeconds(queensElapsed(res, wall)))
}

// queensSeconds formats a duration in seconds for tables: "0.000412 s".
func queensSeconds(s float64) string {
	switch {
	case s >= 10:
		return fmt.Sprintf("%.2f s", s)
	case s >= 0.01:
		return fmt.Sprintf("%.4f s", s)
	}
	return fmt.Sprintf("%.6f s", s)
}

// queensCompareRow is one algorithm's line in `queens compare`.
type queensCompareRow struct {
	alg       models.Algorithm
	res       models.Result
	runs      int
	median    float64
	min, max  float64
	partial   bool
	skipError error
}

func newQueensCompareCmd(e *env) *cobra.Command {
	var (
		algos, format string
		all           bool
		repeat        int
		timeout       time.Duration
	)
	cmd := &cobra.Command{
		Use:   "compare N",
		Short: "Run several algorithms on the same N and compare their work and time",
		Long: `Run each algorithm on N queens — the first solution, or with --all every
solution (counted) — R times (--repeat), and print one row each: algorithm,
kind, status, solutions, nodes, checks and the median elapsed time (with the
fastest and slowest run). The header names the machine. By default every
registered queens algorithm that can do the job runs; the others are skipped
with a note on stderr. --timeout applies to each run; a run that stops early
is marked with its status and the command exits 3.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json", "csv"); err != nil {
				return err
			}
			if repeat < 1 {
				return usagef("--repeat must be at least 1, got %d", repeat)
			}
			n, err := parseSize("N", args[0], queensMaxN)
			if err != nil {
				return usageError(err)
			}
			var list []models.Algorithm
			if algos == "" {
				list = models.Algorithms("queens")
			} else {
				for name := range strings.SplitSeq(algos, ",") {
					alg, err := models.Lookup("queens", strings.TrimSpace(name))
					if err != nil {
						return usageError(err)
					}
					list = append(list, alg)
				}
			}
			ctx, stop := searchContext(cmd.Context(), 0)
			defer stop()
			var rows []*queensCompareRow
			for _, alg := range list {
				if ctx.Err() != nil {
					break
				}
				mode := models.ModeFirst
				ok := alg.Caps.Has(models.CanFirst)
				if all {
					mode, ok = queensCountMode(alg)
				}
				if !ok {
					what := "find a solution"
					if all {
						what = "enumerate or count all solutions"
					}
					fmt.Fprintf(e.stderr, "coverkit: queens compare: skipping %s: it cannot %s\n", alg.Name, what)
					continue
				}
				row := queensCompareRun(ctx, alg, int(n), mode, repeat, timeout)
				if row.skipError != nil {
					fmt.Fprintf(e.stderr, "coverkit: queens compare: skipping %s: %v\n", alg.Name, row.skipError)
					continue
				}
				rows = append(rows, row)
			}
			if len(rows) == 0 && ctx.Err() == nil {
				return usagef("queens compare: none of the algorithms can run this comparison (see above)")
			}
			o, err := openOutput(e, "")
			if err != nil {
				return err
			}
			job := "first solution"
			if all {
				job = "all solutions"
			}
			queensCompareWrite(o, format, int(n), job, repeat, rows)
			if err := o.Commit(); err != nil {
				return err
			}
			if st, done := models.ContextStatus(ctx); done {
				return statusExit(st)
			}
			for _, r := range rows {
				if r.partial {
					return statusExit(r.res.Status)
				}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&algos, "algos", "", "comma-separated algorithms (default: every queens algorithm that can do the job)")
	f.BoolVar(&all, "all", false, "find (count) every solution instead of the first")
	f.IntVar(&repeat, "repeat", 1, "runs per algorithm; the median time is reported")
	f.StringVar(&format, "format", "text", "output format: text, json or csv")
	f.DurationVar(&timeout, "timeout", 0, "time limit for each run (e.g. 10s); a run that hits it is marked, exit 3")
	return cmd
}

// queensCompareRun runs alg repeat times (fewer if a run stops early) and
// takes the median wall time.
func queensCompareRun(ctx context.Context, alg models.Algorithm, n int, mode models.Mode, repeat int, timeout time.Duration) *queensCompareRow {
	row := &queensCompareRow{alg: alg}
	var times []float64
	for range repeat {
		rctx, cancel := ctx, context.CancelFunc(func() {})
		if timeout > 0 {
			rctx, cancel = context.WithTimeout(ctx, timeout)
		}
		start := time.Now()
		res, err := alg.Solve(rctx, queens.New(n), &models.Options{Mode: mode})
		wall := time.Since(start)
		cancel()
		if err != nil {
			row.skipError = err
			return row
		}
		row.res = res
		times = append(times, wall.Seconds())
		if res.Status.Partial() {
			row.partial = true
			break
		}
	}
	sort.Float64s(times)
	row.runs = len(times)
	row.median = stat.Quantile(0.5, stat.Empirical, times, nil)
	row.min, row.max = times[0], times[len(times)-1]
	return row
}

func queensCompareWrite(w io.Writer, format string, n int, job string, repeat int, rows []*queensCompareRow) {
	mach := machine()
	switch format {
	case "json":
		for _, r := range rows {
			rec := (&queensRecord{}).add("n", n).add("algorithm", r.alg.Name).add("kind", r.alg.Kind).
				add("job", job).add("status", r.res.Status).add("solutions", r.res.Solutions)
			if r.res.Stats.Nodes > 0 {
				rec.add("nodes", r.res.Stats.Nodes)
			}
			if r.res.Stats.Checks > 0 {
				rec.add("checks", r.res.Stats.Checks)
			}
			if r.res.Stats.Updates > 0 {
				rec.add("updates", r.res.Stats.Updates)
			}
			rec.add("elapsed_seconds", r.median).add("min_seconds", r.min).add("max_seconds", r.max).
				add("runs", r.runs).add("machine", mach)
			writeJSONLine(w, rec)
		}
	case "csv":
		fmt.Fprintln(w, "n,algorithm,kind,job,status,solutions,nodes,checks,elapsed_seconds,min_seconds,max_seconds,runs,machine")
		for _, r := range rows {
			fmt.Fprintf(w, "%d,%s,%s,%s,%s,%s,%s,%s,%g,%g,%g,%d,%s\n", n, r.alg.Name, r.alg.Kind, job, r.res.Status,
				r.res.Solutions, queensOptional(r.res.Stats.Nodes), queensOptional(r.res.Stats.Checks),
				r.median, r.min, r.max, r.runs, strconv.Quote(mach))
		}
	default:
		fmt.Fprintf(w, "queens compare: n = %d, %s, median of %d run(s)\nmachine: %s\n", n, job, repeat, mach)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "ALGORITHM\tKIND\tSTATUS\tSOLUTIONS\tNODES\tCHECKS\tELAPSED\tMIN\tMAX")
		for _, r := range rows {
			nodes, checks := queensOptional(r.res.Stats.Nodes), queensOptional(r.res.Stats.Checks)
			if nodes == "" {
				nodes = "-"
			}
			if checks == "" {
				checks = "-"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.alg.Name, r.alg.Kind, r.res.Status, r.res.Solutions,
				nodes, checks, queensSeconds(r.median), queensSeconds(r.min), queensSeconds(r.max))
		}
		tw.Flush()
	}
}

// queensOptional writes a stat, or "" when the algorithm does not measure it.
func queensOptional(x uint64) string {
	if x == 0 {
		return ""
	}
	return strconv.FormatUint(x, 10)
}

func newQueensVerifyCmd(e *env) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "verify [FILE|-]",
		Short: "Check every solution in a file of perm lines, JSON lines or boards",
		Long: `Read solutions — perm lines (N 1-based rows), the JSON lines of
"queens solve --format json", or the boards of "--format board" — from FILE
or stdin ("-" or nothing), check
each one independently of any solver, and report how many, whether all are
valid, how many are distinct, and the first bad line and why. Lines of any
length stream through a fixed buffer (a 10^8-queen line needs about 4.6
bytes a queen of memory). Blank lines and lines starting with # are skipped;
CRLF and a UTF-8 BOM are accepted.

Exit codes: 0 all valid, 1 some line invalid (or no solutions at all),
2 the input cannot be read.`,
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
			rep, err := queens.VerifyStream(in)
			if err != nil {
				return usagef("%s: %v", queensInputName(path), err)
			}
			o, err := openOutput(e, "")
			if err != nil {
				return err
			}
			if format == "json" {
				rec := (&queensRecord{}).add("solutions", rep.Solutions).add("valid", rep.Valid).
					add("invalid", rep.Invalid).add("distinct", rep.Distinct).
					add("all_valid", rep.AllValid() && rep.Solutions > 0).add("lines", rep.Lines)
				if rep.FirstBad != nil {
					rec.add("first_bad", rep.FirstBad)
				}
				writeJSONLine(o, rec)
			} else {
				switch {
				case rep.Solutions == 0:
					fmt.Fprintln(o, "0 solutions")
				case rep.Invalid == 0:
					fmt.Fprintf(o, "%s, all valid, %d distinct\n", plural(rep.Solutions, "solution"), rep.Distinct)
				default:
					fmt.Fprintf(o, "%s, %d invalid, %d valid, %d distinct valid\nfirst bad: line %d: %s\n",
						plural(rep.Solutions, "solution"), rep.Invalid, rep.Valid, rep.Distinct, rep.FirstBad.Line, rep.FirstBad.Msg)
				}
			}
			if err := o.Commit(); err != nil {
				return err
			}
			switch {
			case rep.FirstBad != nil:
				return noSolutionf("%s: line %d: %s", queensInputName(path), rep.FirstBad.Line, rep.FirstBad.Msg)
			case rep.Solutions == 0:
				return noSolutionf("%s: no solutions to verify", queensInputName(path))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

func queensInputName(path string) string {
	if path == "-" {
		return "stdin"
	}
	return path
}
