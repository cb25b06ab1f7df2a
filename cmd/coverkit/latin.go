package main

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/latin"
	"github.com/spf13/cobra"
)

func init() { commands = append(commands, newLatinCmd) }

func newLatinCmd(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "latin",
		Short: "Count and show Latin squares (exact cover on Dancing Links)",
	}
	cmd.AddCommand(newLatinCountCmd(e), newLatinSolveCmd(e))
	return cmd
}

// latinResultJSON is the JSON of latin count and latin solve.
type latinResultJSON struct {
	Model     string        `json:"model"`
	N         int           `json:"n"`
	Reduced   bool          `json:"reduced"`
	Method    string        `json:"method,omitempty"`
	Status    models.Status `json:"status"`
	Partial   bool          `json:"partial"`
	Solutions models.Count  `json:"solutions"`
	Square    [][]int32     `json:"square,omitempty"`
	ReducedN  *uint64       `json:"reduced_squares,omitempty"`
	Nodes     uint64        `json:"nodes"`
	Updates   uint64        `json:"updates"`
	ElapsedMS float64       `json:"elapsed_ms"`
}

func latinJSON(sq *latin.Square, res models.Result) latinResultJSON {
	j := latinResultJSON{
		Model: "latin", N: sq.N, Reduced: sq.Reduced, Status: res.Status, Partial: res.Status.Partial(),
		Solutions: res.Solutions, Nodes: res.Stats.Nodes, Updates: res.Stats.Updates,
		ElapsedMS: float64(res.Stats.Elapsed.Microseconds()) / 1000,
	}
	if m, ok := res.Extra["method"].(string); ok {
		j.Method = m
	}
	if r, ok := res.Extra["reduced"].(uint64); ok {
		j.ReducedN = &r
	}
	if res.First != nil {
		for r := range sq.N {
			j.Square = append(j.Square, res.First[r*sq.N:(r+1)*sq.N])
		}
	}
	return j
}

func latinParseOrder(arg string) (int, error) {
	n, err := parseSize("order N", arg, latin.MaxOrder)
	if err != nil {
		return 0, usageError(err)
	}
	return int(n), nil
}

func newLatinCountCmd(e *env) *cobra.Command {
	var (
		reduced bool
		method  string
		workers int
		format  string
		out     string
		timeout time.Duration
	)
	cmd := &cobra.Command{
		Use:   "count N",
		Short: "Count the Latin squares of order N (576 of order 4, 161280 of order 5)",
		Long: `Count the Latin squares of order N by exact cover. --reduced counts only the
reduced squares (first row and column 1..N in order: 4, 56, 9408 for orders
4, 5, 6). Without it, --method reduced (the default) counts the reduced
squares and multiplies by N!·(N−1)!; --method direct enumerates every square.

JSON: {"model":"latin","n":N,"reduced":false,"method":"reduced","status":"exhausted",
"partial":false,"solutions":161280,"reduced_squares":56,"nodes":...,"updates":...,"elapsed_ms":...}`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			n, err := latinParseOrder(args[0])
			if err != nil {
				return err
			}
			if method != latin.MethodReduced && method != latin.MethodDirect {
				return usagef("unknown --method %q (reduced, direct)", method)
			}
			if workers < 0 {
				return usagef("--workers %d: want 0 (all CPUs) or more", workers)
			}
			sq, err := latin.New(n, reduced)
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
			res, err := latin.Solve(ctx, sq, &models.Options{Mode: models.ModeCount, Method: method, Workers: workers})
			if err != nil {
				return solverError(err)
			}
			if format == "json" {
				b, _ := json.Marshal(latinJSON(sq, res))
				fmt.Fprintf(o, "%s\n", b)
			} else {
				what := "Latin squares"
				if reduced {
					what = "reduced Latin squares"
				}
				mark := ""
				if res.Status.Partial() {
					mark = fmt.Sprintf(" (partial: %s, at least)", res.Status)
				}
				fmt.Fprintf(o, "%s of order %d: %s%s\n", what, n, res.Solutions, mark)
			}
			return o.Finish(res.Status)
		},
	}
	cmd.Flags().BoolVar(&reduced, "reduced", false, "count reduced squares only (first row and column in order)")
	cmd.Flags().StringVar(&method, "method", latin.MethodReduced, "reduced (count reduced squares × N!(N−1)!) or direct (enumerate all)")
	cmd.Flags().IntVar(&workers, "workers", 0, "goroutines for the search (0: one per CPU)")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	cmd.Flags().StringVar(&out, "out", "", "write the result to FILE (atomically) instead of stdout")
	cmd.Flags().DurationVar(&timeout, "timeout", 0, "stop after this long (e.g. 30s); the partial count is printed, marked")
	return cmd
}

func newLatinSolveCmd(e *env) *cobra.Command {
	var (
		reduced bool
		format  string
		out     string
	)
	cmd := &cobra.Command{
		Use:   "solve N",
		Short: "Print the first Latin square of order N found by exact cover",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			n, err := latinParseOrder(args[0])
			if err != nil {
				return err
			}
			sq, err := latin.New(n, reduced)
			if err != nil {
				return usageError(err)
			}
			o, err := openOutput(e, out)
			if err != nil {
				return err
			}
			defer o.Abort()
			res, err := latin.Solve(cmd.Context(), sq, &models.Options{Mode: models.ModeFirst})
			if err != nil {
				return solverError(err)
			}
			if res.First == nil {
				return noSolutionf("no solution: no Latin square of order %d", n)
			}
			if err := sq.Verify(res.First); err != nil {
				return fmt.Errorf("internal error: %w", err)
			}
			if format == "json" {
				b, _ := json.Marshal(latinJSON(sq, res))
				fmt.Fprintf(o, "%s\n", b)
			} else if err := sq.Render(o, res.First, ""); err != nil {
				return err
			}
			return o.Commit()
		},
	}
	cmd.Flags().BoolVar(&reduced, "reduced", false, "a reduced square (first row and column in order)")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	cmd.Flags().StringVar(&out, "out", "", "write the square to FILE (atomically) instead of stdout")
	return cmd
}
