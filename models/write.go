package models

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/coverkit/coverkit/core"
)

// Record is the result record of a run of algorithm on p: the common
// fields, then the model's fields, the algorithm's method and its other
// facts (Result.Extra, sorted by key) that the model does not state.
func (m *Model) Record(p core.Problem, algorithm string, res *core.Result, unique bool, wall time.Duration) Record {
	rec := NewRecord(p, algorithm, res, unique, wall)
	if m.Fields != nil {
		rec = rec.Add(m.Fields(p, res)...)
	}
	if res.Method != "" {
		rec = rec.Add(Field{Key: "method", Value: res.Method})
	}
	keys := make([]string, 0, len(res.Extra))
	for k := range res.Extra {
		if !slices.ContainsFunc(rec.Fields, func(f Field) bool { return f.Key == k }) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		rec = rec.Add(Field{Key: k, Value: res.Extra[k]})
	}
	return rec
}

// csvCommon are the CSV columns of the common fields of a record.
var csvCommon = []string{"model", "size", "algorithm", "status", "partial", "solutions", "fundamental",
	"nodes", "checks", "updates", "steps", "elapsed_seconds"}

// WriteCSV writes records as CSV with encoding/csv: a header, then one row
// per record. The columns are lead (columns that scripts already read in
// that order: a model's CSV only ever gains columns at the end), then the
// common fields, then every model field of the records in the order first
// met; a column is written once. A value a record does not have, or a work
// counter it did not measure, is empty.
func WriteCSV(w io.Writer, lead []string, recs []Record) error {
	header := slices.Clone(lead)
	seen := map[string]bool{}
	for _, k := range header {
		seen[k] = true
	}
	add := func(k string) {
		if !seen[k] {
			seen[k] = true
			header = append(header, k)
		}
	}
	for _, k := range csvCommon {
		add(k)
	}
	for _, r := range recs {
		for _, f := range r.Fields {
			add(f.Key)
		}
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	row := make([]string, len(header))
	for _, r := range recs {
		cells, err := r.csvCells()
		if err != nil {
			return err
		}
		for i, k := range header {
			row[i] = cells[k]
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// csvCells returns the record's CSV cells by column; a model field never
// replaces a common one.
func (r *Record) csvCells() (map[string]string, error) {
	fund := ""
	if r.Fundamental != nil {
		fund = r.Fundamental.String()
	}
	cells := map[string]string{"model": r.Model, "size": r.Size, "algorithm": r.Algorithm, "status": r.Status.String(),
		"partial": strconv.FormatBool(r.Partial), "solutions": r.Solutions.String(), "fundamental": fund,
		"nodes": counter(r.Nodes), "checks": counter(r.Checks), "updates": counter(r.Updates), "steps": counter(r.Steps),
		"elapsed_seconds": strconv.FormatFloat(r.Elapsed, 'g', -1, 64)}
	for _, f := range r.Fields {
		if _, dup := cells[f.Key]; dup {
			continue
		}
		if s, ok := f.Value.(string); ok {
			cells[f.Key] = s
			continue
		}
		v, err := json.Marshal(f.Value)
		if err != nil {
			return nil, err
		}
		if string(v) != "null" {
			cells[f.Key] = strings.Trim(string(v), `"`)
		}
	}
	return cells, nil
}

// counter writes a work counter, or "" when it was not measured.
func counter(x uint64) string {
	if x == 0 {
		return ""
	}
	return strconv.FormatUint(x, 10)
}

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

// WriteCount writes a count for people, in two lines: the answer ("at least
// K" and "(partial: timeout)" when the search stopped early; with unique,
// the fundamental count), then the algorithm, status, work and time of rec.
func (m *Model) WriteCount(w io.Writer, p core.Problem, res *core.Result, rec Record, unique bool) error {
	count := res.Solutions.String()
	if res.Status.Partial() {
		count = "at least " + count
	}
	line := count + " solutions"
	if count == "1" {
		line = "1 solution"
	}
	if m.CountText != nil {
		line = m.CountText(p, res, count)
	}
	if unique {
		line += fmt.Sprintf(" (%s fundamental)", res.Fundamental)
	}
	if res.Status.Partial() {
		line += fmt.Sprintf(" (partial: %s)", res.Status)
	}
	work := rec.Algorithm + ": " + res.Status.String()
	st := core.Stats{Nodes: rec.Nodes, Checks: rec.Checks, Updates: rec.Updates, Steps: rec.Steps}
	if s := st.Work(); s != "" {
		work += ", " + s
	}
	_, err := fmt.Fprintf(w, "%s\n%s, %s\n", line, work, Seconds(rec.Elapsed))
	return err
}

// Failure says why a search that finished found no solution, and whether
// that proves there is none: an exhaustive exact search or a theorem
// (Result.Reason) proves it; a heuristic that gives up proves nothing.
func (m *Model) Failure(alg Algorithm, p core.Problem, res *core.Result) (msg string, proved bool) {
	work := res.Stats.Work()
	if work != "" {
		work += ", "
	}
	work += Seconds(res.Stats.Elapsed.Seconds())
	switch {
	case res.Reason == "" && alg.Kind != Exact:
		return fmt.Sprintf("%s gave up without a solution (%s); this proves nothing", alg.Name, work), false
	case m.NoSolution != nil:
		return m.NoSolution(p, res), true
	case res.Reason != "":
		return "no solution: " + res.Reason, true
	}
	return fmt.Sprintf("no solution: %s %s: the search finished without one (%s)", p.Model(), p.Size(), work), true
}

// Record is the report as the fields of a JSON record: model, solutions, valid,
// invalid, distinct, all_valid, first_bad, then the model's own (which
// replace generic ones of the same key).
func (r *VerifyReport) Record(model string) Fields {
	fields := Fields{{Key: "model", Value: model}, {Key: "solutions", Value: r.Solutions}, {Key: "valid", Value: r.Valid},
		{Key: "invalid", Value: r.Invalid}, {Key: "distinct", Value: r.Distinct},
		{Key: "all_valid", Value: r.Invalid == 0 && r.Solutions > 0}}
	if r.FirstBad != nil {
		fields = append(fields, Field{Key: "first_bad", Value: r.FirstBad})
	}
	for _, mf := range r.Fields {
		if i := slices.IndexFunc(fields, func(f Field) bool { return f.Key == mf.Key }); i >= 0 {
			fields[i] = mf
		} else {
			fields = append(fields, mf)
		}
	}
	return fields
}

// WriteText writes the report for people: its Summary, or "92 solutions,
// all valid, 92 distinct", or the counts and the first bad solution.
func (r *VerifyReport) WriteText(w io.Writer) error {
	var err error
	switch {
	case r.Summary != "":
		_, err = fmt.Fprintln(w, r.Summary)
	case r.Solutions == 0:
		_, err = fmt.Fprintln(w, "0 solutions")
	case r.Invalid == 0:
		_, err = fmt.Fprintf(w, "%s, all valid, %d distinct\n", plural(r.Solutions, "solution"), r.Distinct)
	default:
		_, err = fmt.Fprintf(w, "%s, %d invalid, %d valid, %d distinct valid\nfirst bad: line %d: %s\n",
			plural(r.Solutions, "solution"), r.Invalid, r.Valid, r.Distinct, r.FirstBad.Line, r.FirstBad.Reason)
	}
	return err
}

// Failure returns why the report fails verification ("" if it does not):
// an invalid solution, located in the input named name, or no solution at
// all.
func (r *VerifyReport) Failure(name string) string {
	switch {
	case r.FirstBad != nil && r.FirstBad.Line > 0:
		return fmt.Sprintf("%s: line %d: %s", name, r.FirstBad.Line, r.FirstBad.Reason)
	case r.FirstBad != nil:
		return fmt.Sprintf("%s: %s", name, r.FirstBad.Reason)
	case r.Solutions == 0:
		return name + ": no solutions to verify"
	}
	return ""
}

// plural writes a count with its noun: "1 solution", "3 solutions".
func plural(k uint64, noun string) string {
	if k == 1 {
		return "1 " + noun
	}
	return strconv.FormatUint(k, 10) + " " + noun + "s"
}
