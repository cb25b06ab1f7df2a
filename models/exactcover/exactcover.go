package exactcover

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/verify"
	"github.com/coverkit/coverkit/models/xcc"
)

// Instance is an exact cover problem read from a file, with the text of its
// options as written, so that solutions print the way the input spells
// them. It implements core.Problem.
type Instance struct {
	// Problem is the parsed instance.
	Problem *dlx.Problem
	// Name is the input's base name ("stdin" for standard input).
	Name string
}

// Read parses an instance from r (streaming, dlx.ParseWithText), keeping
// each option's line as written. name is the input's name (a path, or "-"
// for standard input).
func Read(r io.Reader, name string) (*Instance, error) {
	return ReadContext(context.Background(), r, name)
}

// ReadContext is Read that stops when ctx ends (dlx.ParseContext: the
// error then wraps dlx.ErrStopped and ctx's error).
func ReadContext(ctx context.Context, r io.Reader, name string) (*Instance, error) {
	p, err := dlx.ParseContext(ctx, r, &dlx.ParseOptions{KeepText: true})
	if err != nil {
		return nil, err
	}
	if name == "-" || name == "" {
		name = "stdin"
	}
	return &Instance{Problem: p, Name: filepath.Base(name)}, nil
}

// Model returns "dlx".
func (in *Instance) Model() string { return "dlx" }

// Size returns the input's base name.
func (in *Instance) Size() string { return in.Name }

// Verify checks that sol (0-based option indices) covers every primary item
// exactly once (within its bounds) and every secondary item at most once
// or with one color, with options that each have a primary item.
func (in *Instance) Verify(sol core.Solution) error {
	if in == nil || in.Problem == nil {
		return errors.New("dlx: no instance")
	}
	opts := make([]int, len(sol))
	for i, k := range sol {
		opts[i] = int(k)
	}
	if err := in.Problem.Verify(opts); err != nil {
		return err
	}
	// An option with no primary item covers nothing that must be
	// covered: Algorithm C never chooses it (as dlx2, which warns of it),
	// so no count holds a solution with it.
	for _, k := range opts {
		primary := false
		for j := range in.Problem.OptionLen(k) {
			if i, _ := in.Problem.OptionItem(k, j); !in.Problem.IsSecondary(i) {
				primary = true
				break
			}
		}
		if !primary {
			return fmt.Errorf("dlx: option %d has no primary item: no search chooses it", k+1)
		}
	}
	return nil
}

// EmptySolution is the text of the empty solution (an instance whose
// primary items may all be covered zero times): a comment line of the
// dlx format, which verify reads as a solution with no option.
const EmptySolution = "| the empty solution: no option"

// Render writes sol as its options' input lines, one a line ("" or
// "text"; the empty solution as EmptySolution), or as a JSON array of
// 1-based option numbers ("json").
func (in *Instance) Render(w io.Writer, sol core.Solution, format string) error {
	if w == nil {
		return errors.New("dlx: nil writer")
	}
	switch format {
	case "json":
		b := []byte{'['}
		for i, k := range sol {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(k)+1, 10)
		}
		_, err := w.Write(append(b, ']'))
		return err
	case "", "text":
		if in == nil || in.Problem == nil {
			return errors.New("dlx: no instance")
		}
		var b []byte
		if len(sol) == 0 {
			// The empty solution (no primary item must be covered): a
			// comment line, so that a listing of it is not empty.
			b = append(b, EmptySolution+"\n"...)
		}
		for i, k := range sol {
			if k < 0 || int(k) >= in.Problem.NumOptions() {
				return fmt.Errorf("dlx: solution entry %d: option %d is not one of the %d options", i+1, int64(k)+1, in.Problem.NumOptions())
			}
			b = append(append(b, in.optionText(int(k))...), '\n')
		}
		_, err := w.Write(b)
		return err
	case "svg":
		if in == nil || in.Problem == nil {
			return errors.New("dlx: no instance")
		}
		return in.renderSVG(w, sol)
	}
	return fmt.Errorf("dlx: unknown format %q (text, json, svg)", format)
}

// MaxSVGCells bounds the picture of a solution: its options times the
// items of the instance.
const MaxSVGCells = 1 << 20

// renderSVG draws sol as the rows of its options over the columns of the
// items (the primary ones first, as the item line lists them): a cell is
// filled where the option has the item, with its color's name on a
// colored secondary item; the item names head the columns.
func (in *Instance) renderSVG(w io.Writer, sol core.Solution) error {
	p := in.Problem
	items, n := p.NumItems(), p.NumOptions()
	if len(sol)*items > MaxSVGCells {
		return fmt.Errorf("dlx: svg: %d options × %d items is more than %d cells", len(sol), items, MaxSVGCells)
	}
	const u, head = 20, 80 // pixels a cell, for the item names
	var sb strings.Builder
	width, height := items*u+2, head+len(sol)*u+2
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="-1 -1 %d %d" font-family="sans-serif" font-size="11">`+"\n",
		width, height, width, height)
	for i := range items {
		x := i*u + u/2 + 4
		fill := "#222"
		if p.IsSecondary(i) {
			fill = "#777"
		}
		fmt.Fprintf(&sb, `<text x="%d" y="%d" fill="%s" transform="rotate(-60 %d %d)">%s</text>`+"\n", x, head-4, fill, x, head-4, xmlText(p.ItemName(i)))
	}
	for r, k := range sol {
		if k < 0 || int(k) >= n {
			return fmt.Errorf("dlx: solution entry %d: option %d is not one of the %d options", r+1, int64(k)+1, n)
		}
		y := head + r*u
		fmt.Fprintf(&sb, `<rect x="0" y="%d" width="%d" height="%d" fill="none" stroke="#ccc"/>`+"\n", y, items*u, u)
		for j := range p.OptionLen(int(k)) {
			i, c := p.OptionItem(int(k), j)
			fill := "#1f77b4"
			if p.IsSecondary(i) {
				fill = "#aec7e8"
			}
			fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#222"/>`+"\n", i*u, y, u, u, fill)
			if c > 0 {
				fmt.Fprintf(&sb, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", i*u+u/2, y+u/2+4, xmlText(p.ColorName(c)))
			}
		}
	}
	sb.WriteString("</svg>\n")
	_, err := io.WriteString(w, sb.String())
	return err
}

// xmlText escapes s for the text of an SVG element.
func xmlText(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// optionText returns option k as written on its input line (without the
// line end and trailing blanks), or as the problem spells it.
func (in *Instance) optionText(k int) []byte { return []byte(in.Problem.OptionText(k)) }

// engine is the model on the exact-cover engine: the instance as it is,
// its solutions as their option numbers in increasing order.
var engine = xcc.Engine{
	Build:       build,
	Description: "Dancing Links (Knuth's Algorithm C): the primary item with the fewest options first; colors on secondary items",
}

func init() {
	models.Register(models.Model{
		Name:    "dlx",
		Summary: "Generalized exact cover (Knuth's dlx1/dlx2 format) on Dancing Links",
		Doc: `Solve an exact cover instance with colors (Knuth's XCC) read from FILE or
stdin, in the text format of Knuth's dlx1 and dlx2 (docs/formats.md).

Every solution is listed by default; --limit K stops after K, --count only
counts. Text: each solution as its options, one a line as in the input
(colors included), in input order, a blank line between solutions. JSON:
one record a line with "options", the 1-based option numbers in increasing
order.`,
		Instance: models.Instance{Usage: "[FILE|-]", Optional: 1, New: newInstance,
			Samples: []string{"testdata/dlx/knuth-xcc.dlx", "testdata/dlx/bounds-colors.dlx", "testdata/dlx/langford-7.dlx", "testdata/dlx/multi-issue20.dlx"}},
		Algorithms:  engine.Algorithms(),
		Default:     xcc.Default,
		Decompose:   engine.Decompose("dlx"),
		Formats:     []string{"text", "json", "svg"},
		Blocks:      []string{"text", "svg"},
		Verbs:       map[string]string{"solve": "."},
		ListAll:     true,
		SolutionKey: "options",
		Verify:      verifySolutions,
		VerifyUsage: "INSTANCE [SOLUTIONS|-]",
		VerifyArgs:  1,
		Stops:       stops,
		Examples: map[string]string{
			"solve": `  coverkit dlx testdata/dlx/knuth7.dlx
  coverkit queens cover 12 | coverkit dlx --count --stats
  coverkit dlx testdata/dlx/knuth7.dlx --format json | coverkit dlx verify testdata/dlx/knuth7.dlx`,
			"compare": `  coverkit dlx compare testdata/dlx/queens-8.dlx --repeat 3`,
			"count":   `  coverkit dlx count testdata/dlx/queens-8.dlx`,
			"verify":  `  coverkit dlx testdata/dlx/knuth7.dlx --format json | coverkit dlx verify testdata/dlx/knuth7.dlx`,
		},
	})
}

// newInstance reads the instance named by the request's first argument.
func newInstance(req models.Request) (core.Problem, error) {
	rc, name, err := req.OpenArg(0)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	in, err := ReadContext(req.Ctx(), rc, name)
	if err != nil {
		return nil, err
	}
	for _, w := range in.Problem.Warnings() {
		req.Warnf("%s", w)
	}
	return in, nil
}

// build returns the instance as the engine's cover (Algorithm C, or M
// with multiplicities, on o.Workers goroutines, which models.Algorithm.Run
// resolves: one for a listing unless given), and its solutions as their
// option numbers in increasing order.
func build(ctx context.Context, p core.Problem, _ *core.Options) (*xcc.Cover, error) {
	in, ok := p.(*Instance)
	if !ok || in == nil || in.Problem == nil {
		return nil, fmt.Errorf("dlx: %w (got %T)", core.ErrWrongProblem, p)
	}
	var sorted core.Solution
	return &xcc.Cover{Problem: in.Problem, Decode: func(options []int) core.Solution {
		sorted = sorted[:0]
		for _, k := range options {
			sorted = append(sorted, int32(k))
		}
		slices.Sort(sorted)
		return sorted
	}}, nil
}

// verifySolutions checks the solutions of r against the instance named by the
// request's first argument, through the one verify loop
// (verify.Each): JSON lines with "options" (the 1-based option
// numbers, as `coverkit dlx --format json` writes them), or the text form
// of `coverkit dlx` (each solution's options as written in the instance,
// one a line, a blank line between solutions). JSON objects without
// "options" are skipped.
func verifySolutions(ctx context.Context, req models.Request, r io.Reader) (*models.VerifyReport, error) {
	if len(req.Args) == 0 {
		return nil, errors.New("dlx: verify needs the instance")
	}
	if req.Args[0] == "-" && (len(req.Args) < 2 || req.Args[1] == "-") {
		return nil, errors.New("dlx: the instance and the solutions cannot both come from stdin")
	}
	if req.Context == nil {
		req.Context = ctx
	}
	p, err := newInstance(req)
	if err != nil {
		return nil, err
	}
	in := p.(*Instance)
	n := in.Problem.NumOptions()
	// An option's text, its blanks normalized: the indices of the options
	// written so, in input order. Identical options are told apart by
	// their order: the i-th line of a solution with a text names the i-th
	// option with it (solve writes a solution's options in input order).
	var byText map[string][]int32
	var seen map[string]int
	rep, err := verify.Each(ctx, in, verify.TextSolutions(r, verify.TextOptions{MaxLine: dlx.MaxLineLength,
		Decode: func(rec *verify.Record) (core.Problem, core.Solution, error) {
			var sol core.Solution
			if rec.Text() {
				if byText == nil {
					byText = make(map[string][]int32, n)
					for k := range n {
						t := normalize(in.optionText(k))
						byText[t] = append(byText[t], int32(k))
					}
				}
				clear(seen)
				if seen == nil {
					seen = map[string]int{}
				}
				for i, l := range rec.Lines {
					if l = bytes.TrimSpace(l); bytes.HasPrefix(l, []byte("|")) {
						continue // a comment: "| the empty solution" is one
					}
					t := normalize(l)
					ks, ok := byText[t]
					if !ok {
						return nil, nil, fmt.Errorf("dlx: line %d: %q is no option of the instance", rec.Line+i, l)
					}
					j := seen[t]
					seen[t]++
					if j >= len(ks) {
						j = 0 // more than there are: chosen twice, which Verify says
					}
					sol = append(sol, ks[j])
				}
				slices.Sort(sol)
				return nil, sol, nil
			}
			var nums []json.Number
			if ok, err := rec.Field("options", &nums); err != nil {
				return nil, nil, fmt.Errorf("dlx: not a JSON object with options: %v", err)
			} else if !ok {
				return nil, nil, verify.ErrNoSolution
			}
			for _, num := range nums {
				k, err := strconv.ParseInt(string(num), 10, 64)
				if err != nil || k < 1 || k > int64(n) {
					return nil, nil, fmt.Errorf("dlx: option %s is not a number in 1..%d", num, n)
				}
				sol = append(sol, int32(k-1))
			}
			slices.Sort(sol) // the same solution whatever the order of its options
			return nil, sol, nil
		}}))
	if err != nil {
		return nil, err
	}
	rep.Fields = []models.Field{{Key: "checked", Value: rep.Solutions}, {Key: "duplicates", Value: rep.Valid - rep.Distinct}}
	return rep, nil
}

// normalize is an option's text with its blanks reduced to single spaces.
func normalize(b []byte) string { return string(bytes.Join(bytes.Fields(b), []byte{' '})) }
