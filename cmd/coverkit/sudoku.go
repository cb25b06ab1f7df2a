package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/coverkit/coverkit/bench"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/sudoku"
	"github.com/coverkit/coverkit/resource"
	"github.com/spf13/cobra"
)

func init() { commands = append(commands, newSudokuCmd) }

func newSudokuCmd(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "sudoku",
		Short: "Solve, verify and generate sudoku-family puzzles (any box shape, X, jigsaw, Latin)",
		Long: `The sudoku family on Dancing Links: grids of side N = B·C with B×C boxes
(4, 6, 8, 9, 12, 16, 25, ... up to 64), the X and jigsaw variants and Latin
squares, and a fast bitset solver for 9×9 (classic and X). Input formats are described
in docs/formats.md, outputs in docs/cli.md.`,
	}
	cmd.AddCommand(newSudokuSolveCmd(e), newSudokuVerifyCmd(e), newSudokuGenerateCmd(e), newSudokuCompareCmd(e))
	return cmd
}

// sudokuLayoutFlags are the flags that say how to read puzzles.
type sudokuLayoutFlags struct {
	box, variant, regions, input string
}

func (f *sudokuLayoutFlags) add(cmd *cobra.Command, withInput bool) {
	cmd.Flags().StringVar(&f.box, "box", "", "box shape BxC (B rows, C columns), e.g. 2x3 for 6x6; default: inferred from the side")
	cmd.Flags().StringVar(&f.variant, "variant", "classic", "variant: classic, x (both diagonals), jigsaw (needs --regions), latin (rows and columns only)")
	cmd.Flags().StringVar(&f.regions, "regions", "", "jigsaw region map FILE (N lines of N labels)")
	if withInput {
		cmd.Flags().StringVar(&f.input, "input", "line", "input format: line (one puzzle per line) or grid (blocks of N lines of numbers)")
	}
}

func (f *sudokuLayoutFlags) layout() (sudoku.Layout, sudoku.Format, error) {
	format, err := sudoku.ParseFormat(f.input)
	if err != nil {
		return sudoku.Layout{}, 0, usageError(err)
	}
	v, err := sudoku.ParseVariant(f.variant)
	if err != nil {
		return sudoku.Layout{}, 0, usageError(err)
	}
	switch {
	case f.box != "" && (v == sudoku.Jigsaw || v == sudoku.Latin):
		return sudoku.Layout{}, 0, usagef("--box does not apply to the %s variant", v)
	case v == sudoku.Jigsaw && f.regions == "":
		return sudoku.Layout{}, 0, usagef("--variant jigsaw needs --regions FILE")
	case v != sudoku.Jigsaw && f.regions != "":
		return sudoku.Layout{}, 0, usagef("--regions needs --variant jigsaw")
	}
	if f.box != "" {
		if _, _, err := sudoku.ParseBox(f.box); err != nil {
			return sudoku.Layout{}, 0, usagef("--%s", errString(err))
		}
	}
	var regions io.Reader
	if f.regions != "" {
		rf, err := os.Open(f.regions)
		if err != nil {
			return sudoku.Layout{}, 0, usageError(err)
		}
		defer rf.Close()
		regions = rf
	}
	l, err := sudoku.LayoutOf(f.variant, f.box, regions)
	if err != nil {
		return l, 0, usagef("%s: %v", f.regions, err)
	}
	return l, format, nil
}

func newSudokuSolveCmd(e *env) *cobra.Command {
	var (
		lf      sudokuLayoutFlags
		algo    string
		count   bool
		limit   string
		workers int
		format  string
		out     string
		timeout time.Duration
		stats   bool
	)
	cmd := &cobra.Command{
		Use:   "solve [FILE|-|PUZZLE]",
		Short: "Solve a file of puzzles, one answer per puzzle in input order",
		Long: `Solve every puzzle of FILE (stdin if absent or -; a single puzzle may also be
given on the command line). By default each search looks for two solutions, so
uniqueness is known: status solved (exactly one), multiple, unsolvable, invalid
(wrong length, bad symbol, a symbol twice in a unit — the batch goes on) or
timeout. --count counts every solution; --limit K looks for up to K.

JSON Lines (--format json), one object per puzzle in input order:
  {"line":L,"status":"solved","solution":"...","solutions":1}
  {"line":L,"status":"invalid","error":"..."}
With --input grid, "solution" is an array of rows of numbers.

Exit codes: 0 every puzzle answered, 2 some puzzle invalid (the others are
still answered), 3 stopped by --timeout or an interrupt (the puzzles not
reached get status timeout).`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			l, inFmt, err := lf.layout()
			if err != nil {
				return err
			}
			if err := sudokuCheckAlgo(algo, l); err != nil {
				return err
			}
			lim := uint64(2)
			switch {
			case count && cmd.Flags().Changed("limit"):
				return usagef("--count and --limit exclude each other")
			case count:
				lim = 0
			case cmd.Flags().Changed("limit"):
				k, err := models.ParseSize("--limit", limit, 1<<62)
				if err != nil {
					return usageError(err)
				}
				lim = uint64(k)
			}
			// The one workers rule: 0 is one per CPU (the answers still
			// come in input order), negative or above the cap is refused.
			w, err := resource.Workers(workers)
			if err != nil {
				return usagef("--%v", err)
			}
			workers = w
			in, err := sudokuOpenInput(e, args)
			if err != nil {
				return err
			}
			defer in.Close()
			o, err := openOutput(e, out)
			if err != nil {
				return err
			}
			defer o.Abort()
			ctx, stop := searchContext(cmd.Context(), timeout)
			defer stop()

			var buf []byte
			firstInvalid := 0
			bar := newProgress(e, -1, "puzzles")
			sum, err := sudoku.SolveBatch(ctx, in, sudoku.BatchOptions{
				Layout: l, Format: inFmt, Algorithm: algo, Limit: lim, Workers: workers,
				Progress: func(done uint64) { bar.Set(int64(done)) },
			}, func(ans *sudoku.Answer) error {
				if ans.Verdict == sudoku.Invalid && firstInvalid == 0 {
					firstInvalid = ans.Line
				}
				if format == "json" {
					buf = ans.AppendJSON(buf[:0], inFmt == sudoku.GridFormat)
				} else {
					buf = ans.AppendText(buf[:0], inFmt == sudoku.GridFormat, count)
				}
				_, err := o.Write(buf)
				return err
			})
			bar.Finish()
			if stats {
				sudokuPrintStats(e.stderr, sum, workers)
			}
			if err != nil {
				return usageError(err)
			}
			if err := o.Commit(); err != nil {
				return err
			}
			switch {
			case sum.ByVerdict[sudoku.Timeout] > 0:
				st, _ := models.ContextStatus(ctx)
				if st == models.StatusExhausted {
					st = models.StatusLimit
				}
				return &exitError{code: exitPartial, err: fmt.Errorf("stopped early: %s; %d of %d puzzles not answered (status timeout)", st, sum.ByVerdict[sudoku.Timeout], sum.Puzzles)}
			case sum.ByVerdict[sudoku.Invalid] > 0:
				return usagef("%d invalid puzzle(s), the first on line %d (every other puzzle was answered)", sum.ByVerdict[sudoku.Invalid], firstInvalid)
			}
			return nil
		},
	}
	lf.add(cmd, true)
	cmd.Flags().StringVar(&algo, "algo", sudoku.DefaultAlgorithm, "algorithm: dlx (any grid) or fast (9x9 classic and X); auto picks fast where it applies")
	cmd.Flags().BoolVar(&count, "count", false, "count every solution of each puzzle")
	cmd.Flags().StringVar(&limit, "limit", "2", "look for up to K solutions per puzzle (2 tells uniqueness)")
	cmd.Flags().IntVarP(&workers, "workers", "w", 0, flagHelp["workers"]+"; answers stay in input order")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json (JSON Lines)")
	cmd.Flags().StringVar(&out, "out", "", "write the answers to FILE (atomically) instead of stdout")
	cmd.Flags().DurationVar(&timeout, "timeout", 0, "stop after this long (e.g. 30s); unanswered puzzles get status timeout")
	cmd.Flags().BoolVar(&stats, "stats", false, "print a summary on stderr: puzzles, verdicts, puzzles per second")
	return cmd
}

// sudokuOpenInput opens the solve argument: a file, stdin (none or -), or a
// puzzle written on the command line when no such file exists.
func sudokuOpenInput(e *env, args []string) (io.ReadCloser, error) {
	if len(args) == 0 || args[0] == "-" {
		return openInput(e, "")
	}
	name := args[0]
	if _, err := os.Stat(name); err != nil && sudokuLooksLikePuzzle(name) {
		return io.NopCloser(strings.NewReader(name + "\n")), nil
	}
	return openInput(e, name)
}

// sudokuLooksLikePuzzle reports whether s is made only of puzzle symbols
// and long enough to be a 4x4 puzzle or larger.
func sudokuLooksLikePuzzle(s string) bool {
	if len(s) < 16 {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		if !(b == '.' || b >= '0' && b <= '9' || b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z') {
			return false
		}
	}
	return true
}

// sudokuCheckAlgo refuses an unknown algorithm, or one that cannot solve
// the layout's grids, before any input is read.
func sudokuCheckAlgo(name string, l sudoku.Layout) error {
	a, err := sudoku.Algorithm(name)
	if err != nil {
		return usageError(err)
	}
	if err := sudoku.CheckLayout(a, l); err != nil {
		return usagef("--algo %s; use --algo dlx", errString(err))
	}
	return nil
}

func sudokuPrintStats(w io.Writer, s sudoku.Summary, workers int) {
	var algos []string
	by := slices.Clone(s.ByAlgorithm)
	rank := func(name string) int { // fast, dlx, then the others as met
		switch name {
		case "fast":
			return 0
		case "dlx":
			return 1
		}
		return 2
	}
	slices.SortStableFunc(by, func(a, b sudoku.AlgorithmCount) int { return rank(a.Algorithm) - rank(b.Algorithm) })
	for _, a := range by {
		algos = append(algos, fmt.Sprintf("%s %d", a.Algorithm, a.Puzzles))
	}
	if len(algos) == 0 {
		algos = append(algos, "none")
	}
	secs := s.Stats.Elapsed.Seconds()
	rate := 0.0
	if secs > 0 {
		rate = float64(s.Puzzles) / secs
	}
	fmt.Fprintf(w, "sudoku: %d puzzles, %d solved, %d multiple, %d unsolvable, %d invalid, %d timeout in %v: %.0f puzzles/s (%s; %d worker(s), %d nodes)\n",
		s.Puzzles, s.ByVerdict[sudoku.Solved], s.ByVerdict[sudoku.Multiple], s.ByVerdict[sudoku.Unsolvable],
		s.ByVerdict[sudoku.Invalid], s.ByVerdict[sudoku.Timeout], s.Stats.Elapsed.Round(time.Microsecond), rate, strings.Join(algos, ", "), workers, s.Stats.Nodes)
}

func newSudokuVerifyCmd(e *env) *cobra.Command {
	var (
		lf      sudokuLayoutFlags
		batch   string
		puzzles string
		format  string
	)
	cmd := &cobra.Command{
		Use:   "verify PUZZLE SOLUTION | verify --batch FILE [--puzzles FILE]",
		Short: "Check solutions independently of every solver",
		Long: `Check that SOLUTION solves PUZZLE (both in the one-line format), without any
solver: every cell filled with 1..N, every given kept, every row, column, box
(region, diagonal) holding each symbol once.

--batch FILE checks many: each line either "PUZZLE SOLUTION" (separated by
whitespace or a comma), or a JSON line written by "sudoku solve --format json"
together with --puzzles FILE, the file that was solved (matched by "line").
Records without a solution (unsolvable, invalid, timeout) are skipped.

Exit codes: 0 every solution valid, 1 some solution invalid, 2 bad input.`,
		Args: cobra.MaximumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			l, inFmt, err := lf.layout()
			if err != nil {
				return err
			}
			if batch == "" {
				if len(args) != 2 {
					return usagef("verify takes PUZZLE and SOLUTION, or --batch FILE")
				}
				if puzzles != "" {
					return usagef("--puzzles needs --batch")
				}
				return sudokuVerifyOne(e, l, args[0], args[1], format)
			}
			if len(args) != 0 {
				return usagef("--batch takes no arguments")
			}
			return sudokuVerifyBatch(e, cmd, l, inFmt, batch, puzzles, format)
		},
	}
	lf.add(cmd, true)
	cmd.Flags().StringVar(&batch, "batch", "", "FILE of puzzle-solution pairs or of JSON lines from sudoku solve (- for stdin)")
	cmd.Flags().StringVar(&puzzles, "puzzles", "", "with JSON lines: the puzzle FILE they answer")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

func sudokuVerifyOne(e *env, l sudoku.Layout, puzzle, solution, format string) error {
	p, err := sudoku.ParseLine(l, puzzle)
	if err != nil {
		return usagef("puzzle: %v", err)
	}
	sol, err := sudoku.ParseSolution(p, []byte(solution))
	if err != nil {
		return usagef("%s", errString(err))
	}
	verr := sudoku.VerifyGrid(p, sol)
	if format == "json" {
		b, _ := json.Marshal(sudokuVerdictJSON{Valid: verr == nil, Error: errString(verr)})
		fmt.Fprintf(e.stdout, "%s\n", b)
	} else if verr == nil {
		fmt.Fprintf(e.stdout, "valid: the solution solves the %s puzzle\n", p.Shape)
	}
	if verr != nil {
		return noSolutionf("invalid solution: %s", errString(verr))
	}
	return nil
}

type sudokuVerdictJSON struct {
	Line  int    `json:"line,omitempty"`
	Valid bool   `json:"valid"`
	Error string `json:"error,omitempty"`
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return strings.TrimPrefix(err.Error(), "sudoku: ")
}

func sudokuVerifyBatch(e *env, cmd *cobra.Command, l sudoku.Layout, inFmt sudoku.Format, batch, puzzles, format string) error {
	in, err := openInput(e, batch)
	if err != nil {
		return err
	}
	defer in.Close()
	o := sudoku.VerifyOptions{Layout: l, PuzzleFormat: inFmt}
	if puzzles != "" {
		pf, err := openInput(e, puzzles)
		if err != nil {
			return err
		}
		defer pf.Close()
		o.Puzzles = pf
	}
	var ob bytes.Buffer
	sum, err := sudoku.VerifyBatch(cmd.Context(), in, o, func(c *sudoku.Check) error {
		if format == "json" {
			b, _ := json.Marshal(sudokuVerdictJSON{Line: c.Line, Valid: c.Err == nil, Error: sudoku.ErrorMessage(c.Err)})
			ob.Write(b)
			ob.WriteByte('\n')
		} else if c.Err != nil {
			fmt.Fprintf(&ob, "line %d: %s\n", c.Line, sudoku.ErrorMessage(c.Err))
		}
		return nil
	})
	if errors.Is(err, sudoku.ErrNeedPuzzles) {
		return usagef("--batch %s: %s: give the solved puzzle file with --puzzles", batch, errString(err))
	}
	if err != nil {
		return usagef("--batch %s: %s", batch, errString(err))
	}
	if format == "text" {
		fmt.Fprintf(&ob, "checked %d solutions: %d valid, %d invalid; %d records without a solution skipped; %d malformed\n", sum.Checked, sum.Checked-sum.Invalid, sum.Invalid, sum.Skipped, sum.Malformed)
	}
	if _, err := e.stdout.Write(ob.Bytes()); err != nil {
		return err
	}
	switch {
	case sum.Malformed > 0:
		return usagef("%d malformed record(s), the first: line %d: %s", sum.Malformed, sum.FirstMalformed.Line, sum.FirstMalformed.Msg)
	case sum.Invalid > 0:
		return noSolutionf("%d of %d solutions invalid", sum.Invalid, sum.Checked)
	}
	return nil
}

func newSudokuGenerateCmd(e *env) *cobra.Command {
	var (
		lf       sudokuLayoutFlags
		size     int
		givens   int
		seed     uint64
		count    int
		attempts int
		algo     string
		format   string
		out      string
		timeout  time.Duration
	)
	cmd := &cobra.Command{
		Use:   "generate",
		Short: "Generate puzzles with a unique solution, reproducibly from a seed",
		Long: `Generate puzzles whose unique solution is checked by the solver: a random
solution grid, then givens removed in random order while the solution stays
unique, down to --givens K (default: as few as that removal reaches, a
minimal puzzle). The same --seed gives the same puzzles; with --count M the
puzzles use seeds S, S+1, ..., S+M-1.

Text: one puzzle per line (rows of numbers for sides above 35). JSON, one
object per puzzle: {"seed":S,"size":"9x9","givens":K,"puzzle":"...","solution":"..."}.
Exit 1 if no attempt reached --givens K (the best puzzle is still printed).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			l, _, err := lf.layout()
			if err != nil {
				return err
			}
			if _, err := sudoku.Algorithm(algo); err != nil {
				return usageError(err)
			}
			if count < 1 || count > 1_000_000 {
				return usagef("--count %d: want 1..1000000", count)
			}
			n := size
			if l.Regions != nil {
				if cmd.Flags().Changed("size") && size != l.Regions.N {
					return usagef("--size %d does not match the %dx%d region map", size, l.Regions.N, l.Regions.N)
				}
				n = l.Regions.N
			} else if l.BoxRows > 0 && !cmd.Flags().Changed("size") {
				n = l.BoxRows * l.BoxCols
			}
			if n < 4 {
				// Below 4 there is no box of 2 or more by 2 or more: a
				// grid that small is a Latin square, not a sudoku.
				return usagef("--size %d: a sudoku needs a side of 4 or more (2x2 boxes)", n)
			}
			shape, err := l.Shape(n)
			if err != nil {
				return usageError(err)
			}
			if err := sudokuCheckAlgo(algo, sudoku.Layout{Variant: shape.Variant, BoxRows: shape.BoxRows, BoxCols: shape.BoxCols, Regions: l.Regions}); err != nil {
				return err
			}
			if givens < 0 || givens > shape.Cells() {
				return usagef("--givens %d: want 0..%d for a %s grid", givens, shape.Cells(), shape)
			}
			o, err := openOutput(e, out)
			if err != nil {
				return err
			}
			defer o.Abort()
			ctx, stop := searchContext(cmd.Context(), timeout)
			defer stop()
			var short error
			for k := range count {
				s := seed + uint64(k)
				p, sol, err := sudoku.Generate(ctx, sudoku.GenerateOptions{Shape: shape, Givens: givens, Seed: s, Attempts: attempts, Algorithm: algo})
				if err != nil && !errors.Is(err, sudoku.ErrGivens) {
					if st, done := models.ContextStatus(ctx); done {
						// The puzzles made so far are a partial result; with
						// none, an earlier --out file is left as it was.
						if ferr := finish(e, o, st); ferr != nil && !errors.As(ferr, new(*exitError)) {
							return ferr
						}
						return &exitError{code: exitPartial, err: fmt.Errorf("stopped early: %s after %d of %d puzzles", st, k, count)}
					}
					return solverError(err)
				}
				if err != nil && short == nil {
					short = err
				}
				sudokuWriteGenerated(o, p, sol, s, format)
			}
			if err := o.Commit(); err != nil {
				return err
			}
			if short != nil {
				return noSolutionf("%s", strings.TrimPrefix(short.Error(), "sudoku: "))
			}
			return nil
		},
	}
	lf.add(cmd, false)
	cmd.Flags().IntVar(&size, "size", 9, "side N of the grid")
	cmd.Flags().IntVar(&givens, "givens", 0, "number of givens wanted (0: remove while unique, a minimal puzzle)")
	cmd.Flags().Uint64Var(&seed, "seed", 1, "random seed (the same seed gives the same puzzle)")
	cmd.Flags().IntVar(&count, "count", 1, "number of puzzles (seeds S, S+1, ...)")
	cmd.Flags().IntVar(&attempts, "attempts", 20, "solution grids to try per puzzle before giving up on --givens")
	cmd.Flags().StringVar(&algo, "algo", sudoku.DefaultAlgorithm, "uniqueness checker: dlx or fast (never changes the puzzles)")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	cmd.Flags().StringVar(&out, "out", "", "write the puzzles to FILE (atomically) instead of stdout")
	cmd.Flags().DurationVar(&timeout, "timeout", 0, "stop after this long (e.g. 30s)")
	return cmd
}

// sudokuGenerated is a generated puzzle's JSON record.
type sudokuGenerated struct {
	Seed     uint64          `json:"seed"`
	Size     string          `json:"size"`
	Givens   int             `json:"givens"`
	Puzzle   json.RawMessage `json:"puzzle"`
	Solution json.RawMessage `json:"solution"`
}

func sudokuWriteGenerated(w io.Writer, p *sudoku.Puzzle, sol []uint8, seed uint64, format string) {
	n := p.Shape.N
	if format == "json" {
		b, _ := json.Marshal(sudokuGenerated{Seed: seed, Size: p.Size(), Givens: p.Count(),
			Puzzle: sudoku.AppendJSON(nil, n, p.Givens), Solution: sudoku.AppendJSON(nil, n, sol)})
		w.Write(append(b, '\n'))
		return
	}
	if n > sudoku.MaxLineSide {
		w.Write(append(sudoku.AppendGrid(nil, n, p.Givens), '\n'))
		return
	}
	w.Write(append(sudoku.AppendLine(nil, p.Givens), '\n'))
}

// newSudokuCompareCmd is compare on a batch file: every algorithm over
// every puzzle (sudoku.Batch), through package bench like every model's
// compare.
func newSudokuCompareCmd(e *env) *cobra.Command {
	m, _ := models.LookupModel("sudoku")
	f := &runFlags{}
	var input string
	cmd := &cobra.Command{
		Use:   "compare FILE|-",
		Short: "Run every algorithm over a batch of puzzles and compare their work, time and puzzles per second",
		Long: `Solve every puzzle of FILE (stdin for -) with each algorithm (--algos a,b;
default every one that can solve the batch's grids), with the uniqueness
check (--first: the first solution), --repeat R times, and compare them.
Invalid lines are skipped: the comparison runs on the valid puzzles, says
how many lines it skipped, and exits 2.`,
		Example: `  coverkit sudoku compare testdata/sudoku/puzzles.txt --repeat 3
  coverkit sudoku compare 17clue.txt --algos fast,dlx --format csv`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			mode := models.ModeAll
			if f.first {
				mode = models.ModeFirst
			}
			base, err := f.options(mode, bench.Formats)
			if err != nil {
				return err
			}
			if f.repeat < 1 {
				return usagef("--repeat must be at least 1, got %d", f.repeat)
			}
			inFmt, err := sudoku.ParseFormat(input)
			if err != nil {
				return usageError(err)
			}
			l, err := sudoku.RequestLayout(f.request(e, nil))
			if err != nil {
				return usageError(err)
			}
			in, err := openInput(e, args[0])
			if err != nil {
				return err
			}
			defer in.Close()
			name := filepath.Base(args[0])
			if args[0] == "-" {
				name = "stdin"
			}
			batch, err := sudoku.NewBatch(name, in, l, inFmt)
			if err != nil {
				return usageError(err)
			}
			cfg := bench.Config{Model: "sudoku", First: f.first, Repeat: f.repeat, Timeout: f.timeout, Options: base}
			if f.algos != "" {
				cfg.Algorithms = strings.Split(f.algos, ",")
			}
			ctx, stop := runContext(cmd)
			defer stop()
			rep, err := bench.RunInstances(ctx, cfg, func(string) (bench.Instance, error) { return batch, nil }, []string{name})
			if err != nil {
				return usageError(err)
			}
			if err := writeComparison(ctx, e, f, "sudoku", rep); err != nil {
				return err
			}
			if batch.Skipped() > 0 {
				return usagef("%d invalid line(s) skipped: compared on the %d valid puzzles", batch.Skipped(), batch.Items())
			}
			return nil
		},
	}
	f.declare(cmd, "compare", m, bench.Formats)
	cmd.Flags().StringVar(&input, "input", "line", "input format: line (one puzzle per line) or grid (blocks of N lines of numbers)")
	return cmd
}
