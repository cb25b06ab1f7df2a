package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/polyomino"
	"github.com/spf13/cobra"
)

func init() { commands = append(commands, newPolyominoCmd) }

func newPolyominoCmd(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "polyomino",
		Short: "Polyomino tilings on Dancing Links: count, solve, print the exact cover",
		Long: `Tile a board with a set of pieces, each used exactly once in any rotation or
reflection: by default the twelve pentominoes (F I L N P T U V W X Y Z).

--board is RxC (rows × columns, such as 6x10) or a drawing with rows
separated by '/', '.' a cell and '#' a hole
("......../......../......../...##.../...##.../......../......../........"
is the 8×8 square without its centre). --pieces is pentominoes or
tetrominoes.`,
		Args: cobra.NoArgs,
	}
	cmd.AddCommand(newPolyominoCountCmd(e), newPolyominoSolveCmd(e), newPolyominoCoverCmd(e))
	return cmd
}

// polyominoFlags are the flags every polyomino verb shares.
type polyominoFlags struct {
	board, pieces string
}

func (f *polyominoFlags) add(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.board, "board", "6x10", "the board: RxC, or rows of '.' (cell) and '#' (hole) separated by '/'")
	cmd.Flags().StringVar(&f.pieces, "pieces", "pentominoes", "the piece set: pentominoes or tetrominoes")
}

func (f *polyominoFlags) tiling() (*polyomino.Tiling, error) {
	pieces, ok := polyomino.Sets[f.pieces]
	if !ok {
		return nil, usagef("unknown --pieces %q (pentominoes, tetrominoes)", f.pieces)
	}
	b, err := polyomino.ParseBoard(f.board)
	if err != nil {
		return nil, usageError(err)
	}
	t, err := polyomino.New(b, pieces)
	if err != nil {
		return nil, usageError(err)
	}
	return t, nil
}

// polyominoCountJSON is the JSON of `coverkit polyomino count`.
type polyominoCountJSON struct {
	Model          string        `json:"model"`
	Board          string        `json:"board"`
	Pieces         string        `json:"pieces"`
	Status         models.Status `json:"status"`
	Partial        bool          `json:"partial"`
	Solutions      models.Count  `json:"solutions"`
	Fundamental    *models.Count `json:"fundamental,omitempty"`
	Symmetries     int           `json:"symmetries"`
	Nodes          uint64        `json:"nodes"`
	Updates        uint64        `json:"updates"`
	ElapsedSeconds float64       `json:"elapsed_seconds"`
}

func newPolyominoCountCmd(e *env) *cobra.Command {
	var (
		pf      polyominoFlags
		unique  bool
		workers int
		format  string
		out     string
		timeout time.Duration
	)
	cmd := &cobra.Command{
		Use:   "count",
		Short: "Count the tilings of a board, also up to its symmetries (6x10: 9356 and 2339)",
		Long: `Count the tilings of the board, and the tilings up to the board's symmetries
(4 for a rectangle, 8 for a square). Both come from one search in which one
piece is restricted to a representative of each orbit of its placements,
about |G| times smaller than the full search and exact even for symmetric
tilings; --unique=false runs the full search instead (a cross-check; only
the total then).

JSON: {"model":"polyomino","board":"6x10","pieces":"pentominoes","status":"exhausted",
"partial":false,"solutions":9356,"fundamental":2339,"symmetries":4,"nodes":...,
"updates":...,"elapsed_seconds":...}`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			if workers < 0 {
				return usagef("--workers %d: want 0 (one per CPU) or more", workers)
			}
			t, err := pf.tiling()
			if err != nil {
				return err
			}
			alg, err := models.Lookup("polyomino", "dlx")
			if err != nil {
				return err
			}
			w, err := openOutput(e, out)
			if err != nil {
				return err
			}
			defer w.Abort()
			ctx, stop := searchContext(cmd.Context(), timeout)
			defer stop()
			res, err := alg.Solve(ctx, t, &models.Options{Mode: models.ModeCount, Unique: unique, Workers: workers})
			if err != nil {
				return solverError(err)
			}
			j := polyominoCountJSON{
				Model: "polyomino", Board: t.Size(), Pieces: pf.pieces, Status: res.Status, Partial: res.Status.Partial(),
				Solutions: res.Solutions, Symmetries: t.Symmetries(),
				Nodes: res.Stats.Nodes, Updates: res.Stats.Updates, ElapsedSeconds: res.Stats.Elapsed.Seconds(),
			}
			if unique {
				j.Fundamental = &res.Fundamental
			}
			if format == "json" {
				b, _ := json.Marshal(j)
				w.Write(append(b, '\n'))
			} else {
				mark := ""
				if res.Status.Partial() {
					mark = fmt.Sprintf(" (partial: %s, at least)", res.Status)
				}
				fmt.Fprintf(w, "%s tilings of %s by the %s", res.Solutions, t.Size(), pf.pieces)
				if unique {
					fmt.Fprintf(w, ", %s up to its %d symmetries", res.Fundamental, t.Symmetries())
				}
				fmt.Fprintf(w, "%s\n", mark)
			}
			return w.Finish(res.Status)
		},
	}
	pf.add(cmd)
	cmd.Flags().BoolVar(&unique, "unique", true, "count up to symmetry too, by the reduced search (--unique=false: full search)")
	cmd.Flags().IntVar(&workers, "workers", 0, "goroutines (0: one per CPU)")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	cmd.Flags().StringVar(&out, "out", "", "write to FILE (atomically) instead of stdout")
	cmd.Flags().DurationVar(&timeout, "timeout", 0, "stop after this long (e.g. 30s); the partial count is printed, marked")
	return cmd
}

func newPolyominoSolveCmd(e *env) *cobra.Command {
	var (
		pf      polyominoFlags
		all     bool
		limit   string
		unique  bool
		format  string
		out     string
		timeout time.Duration
	)
	cmd := &cobra.Command{
		Use:   "solve",
		Short: "Print tilings of a board: the first, --limit K, or --all (--unique: one per symmetry class)",
		Long: `Print tilings of the board as grids of piece letters, a blank line between
tilings. --all lists every tiling, --limit K the first K, --unique one per
class of tilings under the board's symmetries. JSON: one line per tiling
{"board":"6x10","tiling":["row 1", ...]}.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			var k uint64 = 1
			if all {
				k = 0
			}
			if limit != "" {
				n, err := parseSize("--limit", limit, dlxMaxCount)
				if err != nil {
					return usageError(err)
				}
				k = uint64(n)
			}
			t, err := pf.tiling()
			if err != nil {
				return err
			}
			alg, err := models.Lookup("polyomino", "dlx")
			if err != nil {
				return err
			}
			w, err := openOutput(e, out)
			if err != nil {
				return err
			}
			defer w.Abort()
			ctx, stop := searchContext(cmd.Context(), timeout)
			defer stop()
			var sb strings.Builder
			var writeErr error
			res, err := alg.Solve(ctx, t, &models.Options{
				Mode: models.ModeAll, Limit: k, Unique: unique, Workers: 1,
				Visit: func(sol models.Solution, _ models.Stats) bool {
					if err := t.Verify(sol); err != nil {
						writeErr = fmt.Errorf("internal error: %w", err)
						return false
					}
					sb.Reset()
					t.Render(&sb, sol, "")
					if format == "json" {
						rows := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
						b, _ := json.Marshal(map[string]any{"board": t.Size(), "tiling": rows})
						_, writeErr = w.Write(append(b, '\n'))
					} else {
						sb.WriteByte('\n')
						_, writeErr = w.WriteString(sb.String())
					}
					return writeErr == nil
				},
			})
			if err != nil {
				return solverError(err)
			}
			if writeErr != nil {
				return writeErr
			}
			if res.Status.Partial() {
				if format == "json" {
					b, _ := json.Marshal(map[string]any{"board": t.Size(), "status": res.Status, "partial": true, "solutions": res.Solutions})
					w.Write(append(b, '\n'))
				} else {
					fmt.Fprintf(w, "partial: %s after %s tilings\n", res.Status, res.Solutions)
				}
			}
			if res.Status == models.StatusExhausted && res.Solutions.IsZero() {
				if err := w.Commit(); err != nil {
					return err
				}
				return noSolutionf("no solution: the %s do not tile %s", pf.pieces, t.Size())
			}
			return w.Finish(res.Status)
		},
	}
	pf.add(cmd)
	cmd.Flags().BoolVar(&all, "all", false, "list every tiling")
	cmd.Flags().StringVar(&limit, "limit", "", "list at most K tilings")
	cmd.Flags().BoolVar(&unique, "unique", false, "one tiling per symmetry class")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	cmd.Flags().StringVar(&out, "out", "", "write to FILE (atomically) instead of stdout")
	cmd.Flags().DurationVar(&timeout, "timeout", 0, "stop after this long (e.g. 30s); the tilings found are printed, marked")
	return cmd
}

func newPolyominoCoverCmd(e *env) *cobra.Command {
	var (
		pf  polyominoFlags
		out string
	)
	cmd := &cobra.Command{
		Use:   "cover",
		Short: "Print the tiling problem as an exact cover instance (dlx1/dlx2 text format)",
		Long: `Print the tiling problem in the text format of Knuth's dlx1/dlx2
(docs/formats.md), for "coverkit dlx" or any DLX solver: the pieces and the
board cells r1c1.. are primary items; each option is a piece and the five
cells of one of its placements.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			t, err := pf.tiling()
			if err != nil {
				return err
			}
			p, _ := t.Cover(nil)
			w, err := openOutput(e, out)
			if err != nil {
				return err
			}
			defer w.Abort()
			names := make([]string, len(t.Pieces))
			for i, pc := range t.Pieces {
				names[i] = pc.Name
			}
			fmt.Fprintf(w, "| the %s (%s) on the %s board: %d placements\n",
				pf.pieces, strings.Join(slices.Clip(names), " "), t.Size(), t.Placements())
			if err := dlx.Write(w, p); err != nil {
				return err
			}
			return w.Commit()
		},
	}
	pf.add(cmd)
	cmd.Flags().StringVar(&out, "out", "", "write to FILE (atomically) instead of stdout")
	return cmd
}
