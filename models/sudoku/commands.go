package sudoku

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/lines"
	"github.com/coverkit/coverkit/models"
)

// The sudoku model's flags and its own verb, generate (a models.Task with
// Run: a generator is no solve). solve and verify are the generic verbs:
// solve answers a batch of puzzles through the one batch loop (the
// descriptor's Batch, batch.go), verify checks puzzle-solution pairs
// through the one verify loop (verify.go).

// layoutVerbs are the verbs that read puzzles under a layout.
var layoutVerbs = []string{"solve", "count", "verify", "compare", "generate"}

// params are the sudoku model's own flags.
var params = []models.Param{
	{Name: "variant", Usage: "variant: classic, x (both diagonals), jigsaw (needs --regions), latin (rows and columns only)", Default: "classic", Values: []string{"classic", "x", "jigsaw", "latin"}, Verbs: layoutVerbs, Samples: []string{"classic", "x", "latin"}},
	{Name: "box", Usage: "box shape BxC (B rows, C columns), e.g. 2x3 for 6x6; default: inferred from the side", Verbs: layoutVerbs, Samples: []string{"2x2", "2x3", "3x3"}},
	{Name: "regions", Usage: "jigsaw region map FILE (N lines of N labels)", Verbs: layoutVerbs, Samples: []string{"models/sudoku/testdata/jigsaw9.txt"}},
	{Name: "input", Usage: "input format: line (one puzzle per line) or grid (blocks of N lines of numbers)", Default: "line", Values: []string{"line", "grid"}, Verbs: []string{"solve", "verify", "compare"}, Samples: []string{"line", "grid"}},
	{Name: "count", Usage: "count every solution of each puzzle", Switch: true, Verbs: []string{"solve"}, Samples: []string{"true"}},
	{Name: "batch", Usage: "FILE of puzzle-solution pairs or of JSON lines from sudoku solve (- for stdin)", Verbs: []string{"verify"}, Samples: []string{"testdata/sudoku/puzzles.txt"}},
	{Name: "puzzles", Usage: "with JSON lines: the puzzle FILE they answer", Verbs: []string{"verify"}, Samples: []string{"testdata/sudoku/puzzles.txt"}},
	{Name: "size", Usage: "side N of the grid (default 9, or the side of --box or --regions)", Verbs: []string{"generate"}, Samples: []string{"4", "9"}},
	{Name: "givens", Usage: "number of givens wanted (0: remove while unique, a minimal puzzle)", Default: "0", Verbs: []string{"generate"}, Samples: []string{"0", "30"}},
	{Name: "seed", Usage: "random seed (the same seed gives the same puzzle)", Default: "1", Verbs: []string{"generate"}, Samples: []string{"1", "7"}},
	{Name: "count", Usage: "number of puzzles (seeds S, S+1, ...)", Default: "1", Verbs: []string{"generate"}, Samples: []string{"1", "2"}},
	{Name: "attempts", Usage: "solution grids to try per puzzle before giving up on --givens", Default: "20", Verbs: []string{"generate"}, Samples: []string{"1", "20"}},
	{Name: "from", Usage: "FILE of puzzles to loosen: remove one given from each (chosen by --seed), print those with 2+ solutions, up to --count (0: all)", Verbs: []string{"generate"}, Samples: []string{"testdata/sudoku/puzzles.txt"}},
}

// tasks are the sudoku model's own verbs: generate.
var tasks = []models.Task{
	{
		Verb: "generate", Short: "Generate puzzles with a unique solution, reproducibly from a seed",
		Long: `Generate puzzles whose unique solution is checked by the solver: a random
solution grid, then givens removed in random order while the solution stays
unique, down to --givens K (default: as few as that removal reaches, a
minimal puzzle). The same --seed gives the same puzzles; with --count M the
puzzles use seeds S, S+1, ..., S+M-1. --algo picks the uniqueness checker;
it never changes the puzzles.

Text: one puzzle per line (rows of numbers for sides above 35). JSON, one
object per puzzle: {"seed":S,"size":"9x9","givens":K,"puzzle":"...","solution":"..."}.
Exit 1 if no attempt reached --givens K (the best puzzle is still printed).

--from FILE makes puzzles with two or more solutions instead: from each
puzzle of FILE (one per line) one given is removed, chosen at random from
--seed, and the puzzle is printed (text, one per line) if it then has two
solutions or more; --count M stops after M puzzles (0: the whole file). From
the 17-clue collection every puzzle qualifies: the benchmark set of
docs/benchmarks.md is "generate --from 17clue.txt --seed 1 --count 10000".`,
		Flags:   []string{"algo", "timeout", "format", "out"},
		Formats: []string{"text", "json", "csv", "none"},
		Run:     generateTask,
	},
}

// callLayout reads the layout and the input format from a request's
// parameters, naming the flag at fault in errors.
func callLayout(req models.Request) (Layout, Format, error) {
	format := LineFormat
	if in := req.Param("input"); in != "" {
		f, err := ParseFormat(in)
		if err != nil {
			return Layout{}, 0, err
		}
		format = f
	}
	v, err := ParseVariant(req.Param("variant"))
	if err != nil {
		return Layout{}, 0, err
	}
	box, regions := req.Param("box"), req.Param("regions")
	switch {
	case box != "" && (v == Jigsaw || v == Latin):
		return Layout{}, 0, fmt.Errorf("sudoku: --box does not apply to the %s variant", v)
	case v == Jigsaw && regions == "":
		return Layout{}, 0, errors.New("sudoku: --variant jigsaw needs --regions FILE")
	case v != Jigsaw && regions != "":
		return Layout{}, 0, errors.New("sudoku: --regions needs --variant jigsaw")
	}
	if box != "" {
		if _, _, err := ParseBox(box); err != nil {
			return Layout{}, 0, fmt.Errorf("sudoku: --%s", errMsg(err))
		}
	}
	l, err := RequestLayout(req)
	if err != nil && regions != "" {
		// Named by the file, the cause kept (a stop reads as one).
		err = lines.Wrap("sudoku", &lines.Error{Msg: regions + ": " + errMsg(err), Err: err})
	}
	return l, format, err
}

// checkAlgorithm refuses an unknown algorithm, or one that cannot solve
// the layout's grids, before any input is read.
func checkAlgorithm(name string, l Layout) error {
	a, err := Algorithm(name)
	if err != nil {
		return err
	}
	if err := CheckLayout(a, l); err != nil {
		return fmt.Errorf("sudoku: --algo %s; use --algo dlx", errMsg(err))
	}
	return nil
}

// generated is a generated puzzle's JSON record.
type generated struct {
	Seed     uint64          `json:"seed"`
	Size     string          `json:"size"`
	Givens   int             `json:"givens"`
	Puzzle   json.RawMessage `json:"puzzle"`
	Solution json.RawMessage `json:"solution"`
}

// generateTask is `sudoku generate`: --count puzzles from seeds S, S+1, ...
func generateTask(ctx context.Context, c *models.Call) (*models.Outcome, error) {
	l, _, err := callLayout(c.Request)
	if err != nil {
		return nil, err
	}
	if c.Algorithm == "" {
		c.Algorithm = DefaultAlgorithm
	}
	if _, err := Algorithm(c.Algorithm); err != nil {
		return nil, err
	}
	if from := c.Param("from"); from != "" {
		return loosenTask(ctx, c, l, from)
	}
	var size, givens, count, attempts int64
	for _, p := range []struct {
		name     string
		v        *int64
		min, max int64
	}{{"size", &size, 1, MaxSide}, {"givens", &givens, 0, MaxSide * MaxSide},
		{"count", &count, 1, 1_000_000}, {"attempts", &attempts, 1, 1_000_000}} {
		s := c.Param(p.name)
		if s == "" {
			continue
		}
		parse := core.ParseCount // 0 and more
		if p.min > 0 {
			parse = core.ParseSize // positive
		}
		v, err := parse("--"+p.name, s, p.max)
		if err != nil {
			return nil, fmt.Errorf("sudoku: %w", err)
		}
		*p.v = v
	}
	seed, err := parseSeed(c.Param("seed"))
	if err != nil {
		return nil, err
	}
	if count > 0 && seed+uint64(count-1) < seed {
		return nil, fmt.Errorf("sudoku: --seed %d with --count %d passes the largest seed, 2^64-1", seed, count)
	}
	n := int(size)
	switch {
	case l.Regions != nil && size != 0 && n != l.Regions.N:
		return nil, fmt.Errorf("sudoku: --size %d does not match the %dx%d region map", n, l.Regions.N, l.Regions.N)
	case l.Regions != nil:
		n = l.Regions.N
	case l.BoxRows > 0 && size == 0:
		n = l.BoxRows * l.BoxCols
	case size == 0:
		n = 9
	}
	if n < 4 {
		// Below 4 there is no box of 2 or more by 2 or more: a grid that
		// small is a Latin square, not a sudoku.
		return nil, fmt.Errorf("sudoku: --size %d: a sudoku needs a side of 4 or more (2x2 boxes)", n)
	}
	shape, err := l.Shape(n)
	if err != nil {
		return nil, err
	}
	if err := checkAlgorithm(c.Algorithm, Layout{Variant: shape.Variant, BoxRows: shape.BoxRows, BoxCols: shape.BoxCols, Regions: l.Regions}); err != nil {
		return nil, err
	}
	if int(givens) > shape.Cells() {
		return nil, fmt.Errorf("sudoku: --givens %d: want 0..%d for a %s grid", givens, shape.Cells(), shape)
	}
	var short error
	for k := range int(count) {
		s := seed + uint64(k)
		p, sol, err := Generate(ctx, GenerateOptions{Shape: shape, Givens: int(givens), Seed: s, Attempts: int(attempts), Algorithm: c.Algorithm})
		if err != nil && !errors.Is(err, ErrGivens) {
			if st, done := core.ContextStatus(ctx); done {
				return &models.Outcome{Status: st, Message: fmt.Sprintf("%s after %d of %d puzzles", st, k, count)}, nil
			}
			return nil, err
		}
		if err != nil && short == nil {
			short = err
		}
		writeGenerated(c.Out, p, sol, s, c.Format, k == 0)
	}
	if short != nil {
		return &models.Outcome{Failed: true, Message: errMsg(short)}, nil
	}
	return &models.Outcome{Status: core.StatusExhausted}, nil
}

func writeGenerated(w io.Writer, p *Puzzle, sol []uint8, seed uint64, format string, first bool) {
	n := p.Shape.N
	switch {
	case format == "none":
	case format == "csv":
		cw := csv.NewWriter(w)
		if first {
			cw.Write([]string{"seed", "size", "givens", "puzzle", "solution"})
		}
		cw.Write([]string{strconv.FormatUint(seed, 10), p.Size(), strconv.Itoa(p.Count()),
			string(AppendLine(nil, p.Givens)), string(AppendLine(nil, sol))})
		cw.Flush()
	case format == "json":
		b, _ := json.Marshal(generated{Seed: seed, Size: p.Size(), Givens: p.Count(),
			Puzzle: AppendJSON(nil, n, p.Givens), Solution: AppendJSON(nil, n, sol)})
		w.Write(append(b, '\n'))
	case n > MaxLineSide:
		w.Write(append(AppendGrid(nil, n, p.Givens), '\n'))
	default:
		w.Write(append(AppendLine(nil, p.Givens), '\n'))
	}
}

// parseSeed reads --seed as every other verb's --seed flag does (a whole
// number from 0 to 2^64-1, decimal or with a 0x, 0o or 0b prefix); ""
// is the default seed 1.
func parseSeed(s string) (uint64, error) {
	if s == "" {
		return 1, nil
	}
	v, err := strconv.ParseUint(strings.TrimSpace(s), 0, 64)
	if err != nil {
		return 0, fmt.Errorf("sudoku: --seed %q is not a whole number from 0 to 18446744073709551615", s)
	}
	return v, nil
}

// loosenTask is `sudoku generate --from FILE`: Loosen's puzzles, one per
// line.
func loosenTask(ctx context.Context, c *models.Call, l Layout, from string) (*models.Outcome, error) {
	if c.Format != "text" && c.Format != "none" {
		return nil, fmt.Errorf("sudoku: --from writes its puzzles one a line: --format text or none, not %s", c.Format)
	}
	for _, name := range []string{"size", "givens"} {
		if c.Param(name) != "" && c.Param(name) != "0" {
			return nil, fmt.Errorf("sudoku: --%s does not apply with --from", name)
		}
	}
	o := LoosenOptions{Layout: l, Algorithm: c.Algorithm}
	seed, err := parseSeed(c.Param("seed"))
	if err != nil {
		return nil, err
	}
	o.Seed = seed
	if s := c.Param("count"); s != "" {
		v, err := core.ParseCount("--count", s, 1<<31-1)
		if err != nil {
			return nil, fmt.Errorf("sudoku: %w", err)
		}
		o.Count = int(v)
	}
	in, err := c.OpenFile(from)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	var buf []byte
	n, st, err := Loosen(ctx, in, o, func(p *Puzzle) error {
		if c.Format == "none" {
			return nil
		}
		buf = append(AppendLine(buf[:0], p.Givens), '\n')
		_, err := c.Out.Write(buf)
		return err
	})
	if err != nil {
		return nil, err
	}
	if st != core.StatusExhausted {
		return &models.Outcome{Status: st, Message: fmt.Sprintf("%s after %d puzzles", st, n)}, nil
	}
	if n == 0 {
		return &models.Outcome{Failed: true, Message: "no puzzle of " + from + " has two or more solutions after removing a given"}, nil
	}
	return &models.Outcome{Status: core.StatusExhausted}, nil
}
