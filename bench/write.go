package bench

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/report"
)

// Formats lists the formats Write accepts, the default first.
var Formats = []string{"text", "json", "csv", "svg", "none"}

// errNilWriter is the error of a writer given no io.Writer.
var errNilWriter = errors.New("bench: nil writer")

// Write writes rep in format: "text" (a table, see WriteText), "json" (see
// WriteJSON), "csv" (see WriteCSV), "svg" (a chart, see WriteSVG) or
// "none" (nothing, as report's none: the exit code and the records on
// standard error answer).
func Write(w io.Writer, format string, rep *Report) error {
	switch format {
	case "none":
		if rep == nil {
			return errors.New("bench: no report to write")
		}
		return nil
	case "text", "":
		return WriteText(w, rep)
	case "json":
		return WriteJSON(w, rep)
	case "csv":
		return WriteCSV(w, rep)
	case "svg":
		return WriteSVG(w, rep)
	}
	return fmt.Errorf("bench: unknown format %s (choose %s)", quote(format), strings.Join(Formats, ", "))
}

// WriteText writes rep as a table for people: the header lines
//
//	<model> compare: size = S, <job>, median of R run(s)
//	machine: <Machine>
//
// (with several sizes, "size = 8,9,10" and a SIZE column first), then one
// line per row: ALGORITHM KIND STATUS SOLUTIONS, FUNDAMENTAL if a row has
// it, the work counters NODES CHECKS UPDATES STEPS that some row measures
// ("-" where a row's algorithm does not), ENTRIES and HIT RATE for a
// memoized count, ELAPSED (the median) MIN MAX, and
// PER SEC (items a second) for a batch. With a growth fit, a second table
// gives each algorithm's factor per size step.
func WriteText(w io.Writer, rep *Report) error {
	if w == nil {
		return errNilWriter
	}
	if rep == nil {
		return fmt.Errorf("bench: no report to write")
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "%s compare: size = %s, %s, median of %d run(s)\nmachine: %s\n",
		rep.Model, strings.Join(rep.Sizes, ","), rep.Job, rep.Repeat, rep.Machine)
	cols := columnsOf(rep)
	var head []string
	if cols.size {
		head = append(head, "SIZE")
	}
	head = append(head, "ALGORITHM", "KIND", "STATUS", "SOLUTIONS")
	if cols.fundamental {
		head = append(head, "FUNDAMENTAL")
	}
	for _, c := range counters {
		if cols.counter[c.name] {
			head = append(head, strings.ToUpper(c.name))
		}
	}
	for _, f := range factColumns {
		if cols.fact[f.key] {
			head = append(head, f.head)
		}
	}
	head = append(head, "ELAPSED", "MIN", "MAX")
	if cols.items {
		head = append(head, "PER SEC")
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, r := range rep.Rows {
		var cells []string
		rec := &r.Record
		if cols.size {
			cells = append(cells, rec.Size)
		}
		cells = append(cells, rec.Algorithm, r.Kind.String(), rec.Status.String(), rec.Solutions.String())
		if cols.fundamental {
			cells = append(cells, dash(rec.Fundamental))
		}
		for _, c := range counters {
			if cols.counter[c.name] {
				cells = append(cells, dashCount(c.get(rec)))
			}
		}
		for _, f := range factColumns {
			if cols.fact[f.key] {
				cells = append(cells, fact(rec, f.key))
			}
		}
		cells = append(cells, report.Seconds(r.Median.Seconds()), report.Seconds(r.Min.Seconds()), report.Seconds(r.Max.Seconds()))
		if cols.items {
			cells = append(cells, rateText(r))
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	if len(rep.Growth) > 0 {
		step := "one step along the sizes"
		if rep.PerUnit {
			step = "size + 1"
		}
		fmt.Fprintf(tw, "\ngrowth per size step (%s), fitted over the sizes that finished:\n", step)
		fmt.Fprintln(tw, "ALGORITHM\tTIME\tNODES\tSIZES")
		for _, g := range rep.Growth {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\n", g.Algorithm, factorText(g.Time), factorText(g.Nodes), g.Points)
		}
	}
	return tw.Flush()
}

// WriteJSON writes one JSON object a line, one per row: the common record
// (model, size, algorithm, status, partial, solutions, fundamental if
// counted, the work counters measured, elapsed_seconds the median), then
// kind, job, min_seconds, max_seconds, runs, machine, items and
// items_per_second for a batch, time_growth and nodes_growth when fitted,
// then the model's own fields.
func WriteJSON(w io.Writer, rep *Report) error {
	if w == nil {
		return errNilWriter
	}
	if rep == nil {
		return fmt.Errorf("bench: no report to write")
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, r := range rep.Rows {
		rec := r.Record
		rec.Fields = compareFields(rep, &r)
		for _, f := range r.Record.Fields {
			if !slices.ContainsFunc(rec.Fields, func(g models.Field) bool { return g.Key == f.Key }) {
				rec.Fields = append(rec.Fields, f)
			}
		}
		if err := enc.Encode(rec); err != nil {
			return err
		}
	}
	return nil
}

// WriteCSV writes a header line and one line per row (report.WriteCSV):
// the common columns (model,size,algorithm,…), the compare ones (kind, job,
// times, runs, machine; items and growth when some row has them), then the
// model's fields. A value a row does not have is empty.
func WriteCSV(w io.Writer, rep *Report) error {
	if w == nil {
		return errNilWriter
	}
	if rep == nil {
		return fmt.Errorf("bench: no report to write")
	}
	recs := make([]report.Record, len(rep.Rows))
	for i := range rep.Rows {
		recs[i] = rep.Rows[i].Record
		recs[i].Fields = append(compareFields(rep, &rep.Rows[i]), rep.Rows[i].Record.Fields...)
	}
	return report.WriteCSV(w, recs)
}

// compareFields are a row's facts after the common record: kind, job,
// min_seconds, max_seconds, runs, machine, then items for a batch, then
// the algorithm's growth when fitted.
func compareFields(rep *Report, r *Row) []models.Field {
	fs := []models.Field{
		{Key: "kind", Value: r.Kind}, {Key: "job", Value: rep.Job},
		{Key: "min_seconds", Value: r.Min.Seconds()}, {Key: "max_seconds", Value: r.Max.Seconds()},
		{Key: "runs", Value: r.Runs}, {Key: "machine", Value: rep.Machine},
	}
	if r.Items > 0 {
		fs = append(fs, models.Field{Key: "items", Value: r.Items})
		if s := r.Median.Seconds(); s > 0 {
			fs = append(fs, models.Field{Key: "items_per_second", Value: float64(r.Items) / s})
		}
	}
	for _, g := range rep.Growth {
		if g.Algorithm != r.Record.Algorithm {
			continue
		}
		if g.Time > 0 {
			fs = append(fs, models.Field{Key: "time_growth", Value: g.Time})
		}
		if g.Nodes > 0 {
			fs = append(fs, models.Field{Key: "nodes_growth", Value: g.Nodes})
		}
	}
	return fs
}

// counters are the work counters in column order.
var counters = []struct {
	name string
	get  func(*report.Record) uint64
}{
	{"nodes", func(r *report.Record) uint64 { return r.Nodes }},
	{"checks", func(r *report.Record) uint64 { return r.Checks }},
	{"updates", func(r *report.Record) uint64 { return r.Updates }},
	{"steps", func(r *report.Record) uint64 { return r.Steps }},
}

// factColumns are facts of a record (its Fields) that get a text column
// when some row has them, before the times: the memo of a memoized count
// (its entries and the share of lookups that hit).
var factColumns = []struct{ key, head string }{
	{"memo_entries", "ENTRIES"},
	{"memo_hit_rate", "HIT RATE"},
}

// fact returns the text of a record's fact key, "-" when it has none.
func fact(r *report.Record, key string) string {
	for _, f := range r.Fields {
		if f.Key == key {
			return fmt.Sprint(f.Value)
		}
	}
	return "-"
}

// columns says which optional text columns some row has.
type columns struct {
	size, fundamental, items bool
	counter                  map[string]bool
	fact                     map[string]bool
}

func columnsOf(rep *Report) columns {
	c := columns{size: len(rep.Sizes) > 1, counter: map[string]bool{}, fact: map[string]bool{}}
	for _, r := range rep.Rows {
		c.fundamental = c.fundamental || r.Record.Fundamental != nil
		c.items = c.items || r.Items > 0
		for _, k := range counters {
			if k.get(&r.Record) > 0 {
				c.counter[k.name] = true
			}
		}
		for _, f := range factColumns {
			if fact(&r.Record, f.key) != "-" {
				c.fact[f.key] = true
			}
		}
	}
	return c
}

// dashCount writes a counter for the text table, "-" when not measured.
func dashCount(x uint64) string {
	if x == 0 {
		return "-"
	}
	return strconv.FormatUint(x, 10)
}

func dash(c *core.Count) string {
	if c == nil {
		return "-"
	}
	return c.String()
}

// rateText is a batch row's items per second.
func rateText(r Row) string {
	s := r.Median.Seconds()
	if r.Items == 0 || s <= 0 {
		return "-"
	}
	return strconv.FormatFloat(float64(r.Items)/s, 'f', 0, 64)
}

// factorText is a growth factor: "4.62x", or "-" when not fitted.
func factorText(g float64) string {
	if g <= 0 {
		return "-"
	}
	return strconv.FormatFloat(g, 'f', 2, 64) + "x"
}
