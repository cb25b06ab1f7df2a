package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"time"

	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/spf13/cobra"
)

func init() {
	commands = append(commands, newDLXCmd)
	verbs["queens"] = append(verbs["queens"], newQueensCoverCmd)
}

// dlxMaxCount bounds --limit and --max-nodes.
const dlxMaxCount = 1 << 62

// dlxCountJSON is the JSON of `coverkit dlx --count` (and the summary line
// of a partial listing).
type dlxCountJSON struct {
	Model          string        `json:"model"`
	Status         models.Status `json:"status"`
	Partial        bool          `json:"partial"`
	Solutions      uint64        `json:"solutions"`
	Nodes          uint64        `json:"nodes"`
	Updates        uint64        `json:"updates"`
	ElapsedSeconds float64       `json:"elapsed_seconds"`
}

// dlxOptionsJSON is one solution line of `coverkit dlx --format json` and
// of the input of `coverkit dlx verify`.
type dlxOptionsJSON struct {
	Options []int `json:"options"`
}

// dlxReadInstance parses an instance from path ("" or "-": stdin) and
// prints its warnings on stderr. With keepText the problem also keeps each
// option's line as written (dlx.ParseWithText), so that solutions can be
// printed with their options exactly as written; the input is streamed
// either way.
func dlxReadInstance(e *env, path string, keepText bool) (*dlx.Problem, [][]byte, error) {
	in, err := openInput(e, path)
	if err != nil {
		return nil, nil, err
	}
	defer in.Close()
	parse := dlx.Parse
	if keepText {
		parse = dlx.ParseWithText
	}
	p, err := parse(in)
	if err != nil {
		return nil, nil, usageError(err)
	}
	for _, w := range p.Warnings() {
		fmt.Fprintf(e.stderr, "coverkit: warning: %s\n", w)
	}
	return p, nil, nil
}

// dlxOptionText returns option k as written on its input line (without
// the line end and trailing blanks), or as p spells it when the line is
// not known.
func dlxOptionText(p *dlx.Problem, _ [][]byte, k int) string { return p.OptionText(k) }

func newDLXCmd(e *env) *cobra.Command {
	var (
		count    bool
		limit    string
		maxNodes string
		workers  int
		format   string
		out      string
		timeout  time.Duration
		stats    bool
	)
	cmd := &cobra.Command{
		Use:   "dlx [FILE|-]",
		Short: "Solve a generalized exact cover instance (Knuth's dlx1/dlx2 format) with Dancing Links",
		Long: `Solve an exact cover instance with colors (Knuth's XCC) read from FILE or
stdin, in the text format of Knuth's dlx1 and dlx2 (docs/formats.md).

By default every solution is listed, as dlx1 does; --limit K stops after K,
--count only counts. Text: each solution as its options, one per line as in
the input (colors included), in input order, a blank line between
solutions. JSON: one line per solution {"options":[i,...]} (1-based option
numbers in input order); with --count a single object
{"model":"dlx","status":"exhausted","partial":false,"solutions":N,"nodes":...,
"updates":...,"elapsed_seconds":...}.

A partial listing (--timeout, --max-nodes, interrupt) ends with a marker:
the comment line "| partial: ..." in text, the --count object in JSON.
Exit codes: 0 solved (a count of zero included), 1 no solution, 2 bad input
(errors name the line), 3 stopped early.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			var o dlx.Options
			if limit != "" {
				k, err := parseSize("--limit", limit, dlxMaxCount)
				if err != nil {
					return usageError(err)
				}
				o.Limit = uint64(k)
			}
			if maxNodes != "" {
				k, err := parseSize("--max-nodes", maxNodes, dlxMaxCount)
				if err != nil {
					return usageError(err)
				}
				o.MaxNodes = uint64(k)
			}
			switch {
			case workers < 0:
				return usagef("--workers %d: want 0 (one per CPU) or more", workers)
			case workers == 0 && count:
				workers = runtime.NumCPU()
			case workers == 0:
				workers = 1
			}
			o.Workers = workers
			path := inputArg(args, 0)
			p, lines, err := dlxReadInstance(e, path, format == "text" && !count)
			if err != nil {
				return err
			}
			s, err := dlx.NewSolver(p)
			if err != nil {
				return solverError(err)
			}
			w, err := openOutput(e, out)
			if err != nil {
				return err
			}
			defer w.Abort()
			ctx, stop := searchContext(cmd.Context(), timeout)
			defer stop()
			if workers > 1 {
				var bar *progress
				o.Progress = func(done, total int) {
					if done == 0 {
						bar = newProgress(e, int64(total), "subproblems")
						return
					}
					bar.Set(int64(done))
				}
				defer func() { bar.Finish() }()
			}

			var writeErr error
			if !count {
				sorted := make([]int, 0, p.NumPrimary())
				var line []byte
				o.Visit = func(sol []int) bool {
					sorted = append(sorted[:0], sol...)
					slices.Sort(sorted)
					if format == "json" {
						line = append(line[:0], `{"options":[`...)
						for i, k := range sorted {
							if i > 0 {
								line = append(line, ',')
							}
							line = strconv.AppendInt(line, int64(k)+1, 10)
						}
						line = append(line, "]}\n"...)
						_, writeErr = w.Write(line)
						return writeErr == nil
					}
					for _, k := range sorted {
						w.WriteString(dlxOptionText(p, lines, k))
						w.WriteByte('\n')
					}
					_, writeErr = w.WriteString("\n")
					return writeErr == nil
				}
			}
			res, err := s.Solve(ctx, &o)
			if err != nil {
				return solverError(err)
			}
			if writeErr != nil {
				return fmt.Errorf("writing output: %w", writeErr)
			}
			summary := dlxCountJSON{
				Model: "dlx", Status: res.Status, Partial: res.Status.Partial(), Solutions: res.Solutions,
				Nodes: res.Stats.Nodes, Updates: res.Stats.Updates, ElapsedSeconds: res.Stats.Elapsed.Seconds(),
			}
			switch {
			case count && format == "json":
				b, _ := json.Marshal(summary)
				w.Write(append(b, '\n'))
			case count:
				mark := ""
				if res.Status.Partial() {
					mark = fmt.Sprintf(" (partial: %s, at least)", res.Status)
				}
				fmt.Fprintf(w, "%s%s\n", plural(uint64(res.Solutions), "solution"), mark)
			case res.Status.Partial() && format == "json":
				b, _ := json.Marshal(summary)
				w.Write(append(b, '\n'))
			case res.Status.Partial():
				fmt.Fprintf(w, "| partial: %s after %s\n", res.Status, plural(uint64(res.Solutions), "solution"))
			}
			if stats {
				rate := 0.0
				if sec := res.Stats.Elapsed.Seconds(); sec > 0 {
					rate = float64(res.Stats.Updates) / sec
				}
				fmt.Fprintf(e.stderr, "dlx: %s, %d solutions, %d nodes, %d updates, %s (%.3g updates/s, %d workers)\n",
					res.Status, res.Solutions, res.Stats.Nodes, res.Stats.Updates,
					res.Stats.Elapsed.Round(time.Microsecond), rate, workers)
			}
			if res.Status == models.StatusExhausted && res.Solutions == 0 && !count {
				if err := w.Commit(); err != nil {
					return err
				}
				return noSolutionf("no solution")
			}
			return w.Finish(res.Status)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&count, "count", false, "count the solutions instead of listing them")
	f.StringVar(&limit, "limit", "", "stop after K solutions")
	f.StringVar(&maxNodes, "max-nodes", "", "stop after K search nodes (partial result, exit 3)")
	f.IntVar(&workers, "workers", 0, "goroutines (0: one per CPU with --count, else 1; listings with more come in no fixed order)")
	f.StringVar(&format, "format", "text", "output format: text or json")
	f.StringVar(&out, "out", "", "write to FILE (atomically) instead of stdout")
	f.DurationVar(&timeout, "timeout", 0, "stop after this long (e.g. 30s); the partial result is printed, marked")
	f.BoolVar(&stats, "stats", false, "print nodes, updates, time and updates/s on stderr")
	cmd.AddCommand(newDLXVerifyCmd(e))
	return cmd
}

func newDLXVerifyCmd(e *env) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "verify INSTANCE [SOLUTIONS|-]",
		Short: "Check solution lines against an exact cover instance, independently of the solver",
		Long: `Check JSON solution lines {"options":[i,...]} (1-based option numbers, as
written by "coverkit dlx --format json") against INSTANCE: every primary
item covered exactly once, every secondary item at most once or only with
one color. Summary lines without "options" (a partial run's marker) and
blank lines are skipped. Exit 0 if every solution is valid, 1 if one is not
(each invalid line is named on stderr), 2 for unreadable input.

JSON: {"model":"dlx","checked":N,"valid":N,"invalid":0,"duplicates":0}.`,
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			if len(args) == 2 && args[0] == "-" && args[1] == "-" || len(args) == 1 && args[0] == "-" {
				return usagef("the instance and the solutions cannot both come from stdin")
			}
			p, _, err := dlxReadInstance(e, args[0], false)
			if err != nil {
				return err
			}
			path := inputArg(args, 1)
			in, err := openInput(e, path)
			if err != nil {
				return err
			}
			defer in.Close()
			checked, invalid, dups, err := dlxVerify(e, p, in)
			if err != nil {
				return err
			}
			if format == "json" {
				b, _ := json.Marshal(map[string]any{"model": "dlx", "checked": checked, "valid": checked - invalid, "invalid": invalid, "duplicates": dups})
				fmt.Fprintf(e.stdout, "%s\n", b)
			} else {
				fmt.Fprintf(e.stdout, "%d solutions checked: %d valid, %d invalid, %d duplicates\n", checked, checked-invalid, invalid, dups)
			}
			if invalid > 0 {
				return noSolutionf("%d invalid solutions", invalid)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

// dlxVerify checks every solution line of r against p, naming each invalid
// one on stderr.
func dlxVerify(e *env, p *dlx.Problem, r io.Reader) (checked, invalid, dups int, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<26)
	seen := map[string]bool{}
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if n == 1 {
			line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
		}
		if len(line) == 0 {
			continue
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(line, &raw); err != nil {
			return 0, 0, 0, usagef("solutions: line %d: not a JSON object: %v", n, err)
		}
		if _, ok := raw["options"]; !ok {
			continue
		}
		var sol dlxOptionsJSON
		if err := json.Unmarshal(line, &sol); err != nil {
			return 0, 0, 0, usagef("solutions: line %d: %v", n, err)
		}
		checked++
		opts := make([]int, len(sol.Options))
		for i, k := range sol.Options {
			opts[i] = k - 1
		}
		if err := p.Verify(opts); err != nil {
			invalid++
			fmt.Fprintf(e.stderr, "coverkit: solutions: line %d: %v\n", n, err)
			continue
		}
		slices.Sort(opts)
		key := fmt.Sprint(opts)
		if seen[key] {
			dups++
			fmt.Fprintf(e.stderr, "coverkit: solutions: line %d: the same solution as an earlier line\n", n)
		}
		seen[key] = true
	}
	if err := sc.Err(); err != nil {
		return 0, 0, 0, usagef("solutions: line %d: %v", n+1, err)
	}
	return checked, invalid, dups, nil
}

func newQueensCoverCmd(e *env) *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "cover N",
		Short: "Print N-Queens as an exact cover instance (dlx1/dlx2 text format)",
		Long: `Print N-Queens as a generalized exact cover instance in the text format of
Knuth's dlx1/dlx2 (docs/formats.md), to feed "coverkit dlx" or any DLX
solver. Primary items: rows r1..rN and columns c1..cN, middle first
("organ-pipe" order, which shrinks the search); secondary items: the 2N−1
diagonals a1.. and 2N−1 anti-diagonals b1..; option (r−1)·N + c puts a
queen in row r, column c.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := parseSize("N", args[0], queens.CoverMaxN)
			if err != nil {
				return usageError(err)
			}
			p, err := queens.Cover(int(n))
			if err != nil {
				return solverError(err)
			}
			w, err := openOutput(e, out)
			if err != nil {
				return err
			}
			defer w.Abort()
			fmt.Fprintf(w, "| %d-queens: rows and columns primary, diagonals secondary; option (r-1)*%d+c is a queen at row r, column c\n", n, n)
			if err := dlx.Write(w, p); err != nil {
				return err
			}
			return w.Commit()
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "write to FILE (atomically) instead of stdout")
	return cmd
}
