package report

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"text/tabwriter"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
)

// Seconds formats a time in seconds for people, with the digits that
// matter: "0.000412 s", "0.0371 s", "12.31 s".
func Seconds(s float64) string {
	switch {
	case s >= 10:
		return fmt.Sprintf("%.2f s", s)
	case s >= 0.01:
		return fmt.Sprintf("%.4f s", s)
	}
	return fmt.Sprintf("%.6f s", s)
}

// CountLine is the text answer of a count, in the one shape of every
// model: "92 solutions (12 fundamental) for 8", with "at least" and
// "(partial: timeout)" when the search stopped early; the fundamental
// count when the record has one.
func CountLine(rec *Record) string {
	if rec == nil {
		rec = &Record{}
	}
	count := rec.Solutions.String()
	line := count + " solutions"
	if count == "1" {
		line = "1 solution"
	}
	if rec.Partial {
		line = "at least " + line
	}
	if rec.Fundamental != nil {
		line += fmt.Sprintf(" (%s fundamental)", rec.Fundamental)
	}
	if rec.Size != "" {
		line += " for " + rec.Size
	}
	if rec.Partial {
		line += fmt.Sprintf(" (partial: %s)", rec.Status)
	}
	return line
}

// WriteCount writes a count for people: the count line (CountLine), then
// the model's own words for it where it has them (m.CountText: the line
// scripts read before the one shape, such as "73712 solutions for n = 13
// on the torus"), then the algorithm, status, work and time of rec. The
// model's words are left out when p is not one of m's problems; a nil res
// or rec is an empty one; a nil w is an error.
func WriteCount(w io.Writer, m *models.Model, p core.Problem, res *core.Result, rec *Record) error {
	if w == nil {
		return errNilWriter
	}
	res = orEmpty(res)
	if rec == nil {
		rec = &Record{}
	}
	text := CountLine(rec) + "\n"
	if owns(m, p) && m.CountText != nil {
		count := res.Solutions.String()
		if res.Status.Partial() {
			count = "at least " + count
		}
		if own := m.CountText(p, res, count); own != "" {
			text += own + "\n"
		}
	}
	work := rec.Algorithm + ": " + rec.Status.String()
	st := core.Stats{Nodes: rec.Nodes, Checks: rec.Checks, Updates: rec.Updates, Steps: rec.Steps}
	if s := st.Work(); s != "" {
		work += ", " + s
	}
	_, err := fmt.Fprintf(w, "%s%s, %s\n", text, work, Seconds(float64(rec.Elapsed)))
	return err
}

// Failure says why a search that finished found no solution, and whether
// that proves there is none: an exhaustive exact search or a theorem
// (Result.Reason) proves it; a heuristic that gives up proves nothing. m's
// NoSolution, when set, words a proof (when p is one of m's problems); a
// nil res is an empty one.
func Failure(m *models.Model, alg models.Algorithm, p core.Problem, res *core.Result) (msg string, proved bool) {
	res = orEmpty(res)
	work := res.Stats.Work()
	if work != "" {
		work += ", "
	}
	work += Seconds(res.Stats.Elapsed.Seconds())
	switch {
	case res.Reason == "" && alg.Kind != models.Exact:
		return fmt.Sprintf("%s gave up without a solution (%s); this proves nothing", alg.Name, work), false
	case owns(m, p) && m.NoSolution != nil:
		return m.NoSolution(p, res), true
	case res.Reason != "":
		return "no solution: " + res.Reason, true
	}
	what := "the problem"
	if !isNil(p) {
		what = p.Model() + " " + p.Size()
	}
	return fmt.Sprintf("no solution: %s: the search finished without one (%s)", what, work), true
}

// plural writes a count with its noun: "1 solution", "3 solutions".
func plural(k uint64, noun string) string {
	if k == 1 {
		return "1 " + noun
	}
	return strconv.FormatUint(k, 10) + " " + noun + "s"
}

// errNilWriter is the error of a writer function given no writer.
var errNilWriter = errors.New("report: nil writer")

// owns reports whether m's hooks (Fields, CountText, NoSolution) may be
// given p: p is a problem of m's model, not nil. A problem of another
// model, or none, gets the generic words instead: the hooks assert their
// own problem type.
func owns(m *models.Model, p core.Problem) bool {
	return m != nil && !isNil(p) && p.Model() == m.Name
}

// isNil reports whether p is nil or a nil pointer in the interface.
func isNil(p core.Problem) bool {
	if p == nil {
		return true
	}
	v := reflect.ValueOf(p)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// orEmpty returns res, or an empty result when res is nil.
func orEmpty(res *core.Result) *core.Result {
	if res == nil {
		return &core.Result{}
	}
	return res
}

// AlgorithmsDoc is the help of the listing of the algorithms (coverkit
// algorithms): what WriteAlgorithms writes of each.
const AlgorithmsDoc = `List every model's algorithms: model, algorithm, kind (exact, constructive,
local-search, heuristic), capabilities (first, all, count, unique, parallel),
limits (what the algorithm cannot hold: sizes, memory, board kinds) and a
one-line description. JSON: one object per line
{"model":...,"algorithm":...,"kind":...,"capabilities":[...],"description":...,"limits":...}.`

// WriteAlgorithms writes the algorithms in format "json" (one object a
// line) or text (a table: model, algorithm, kind, capabilities,
// description, limits).
func WriteAlgorithms(w io.Writer, format string, algs []models.Algorithm) error {
	if w == nil {
		return errNilWriter
	}
	switch format {
	case "none":
		return nil
	case "json":
		enc := json.NewEncoder(w)
		for _, a := range algs {
			if err := enc.Encode(a); err != nil {
				return err
			}
		}
		return nil
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write([]string{"model", "algorithm", "kind", "capabilities", "description", "limits"})
		for _, a := range algs {
			cw.Write([]string{a.Model, a.Name, a.Kind.String(), a.Caps.String(), a.Description, a.Limits})
		}
		cw.Flush()
		return cw.Error()
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "MODEL\tALGORITHM\tKIND\tCAPABILITIES\tDESCRIPTION\tLIMITS")
	for _, a := range algs {
		limits := a.Limits
		if limits == "" {
			limits = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", a.Model, a.Name, a.Kind, a.Caps, a.Description, limits)
	}
	return tw.Flush()
}

// WriteResult writes a count's record in format: "json" (the record),
// "csv" (a header and the record) or text (WriteCount).
func WriteResult(w io.Writer, format string, m *models.Model, p core.Problem, res *core.Result, rec *Record) error {
	switch {
	case rec == nil:
		return errors.New("report: WriteResult: no record")
	case format == "json":
		return WriteJSON(w, rec)
	case format == "csv":
		return WriteCSV(w, []Record{*rec})
	case format == "none":
		return nil
	}
	return WriteCount(w, m, p, res, rec)
}

// WriteHeadline writes the model's headline for a solution found
// (models.Model.Headline: a line above the solution) in the text formats
// of solve; nothing for json, none, svg or when there is none.
func WriteHeadline(w io.Writer, format string, m *models.Model, p core.Problem, res *core.Result) error {
	if m == nil || m.Headline == nil || p == nil || p.Model() != m.Name || res == nil || res.First == nil ||
		format == "json" || format == "csv" || format == "none" || format == "svg" {
		return nil
	}
	if h := m.Headline(p, res); h != "" {
		if w == nil {
			return errNilWriter
		}
		_, err := fmt.Fprintln(w, h)
		return err
	}
	return nil
}
