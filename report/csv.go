package report

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
	"strings"
)

// csvCommon are the CSV columns of the common fields of a record: every
// CSV that coverkit writes starts with them, in this order.
var csvCommon = []string{"model", "size", "algorithm", "status", "partial", "solutions", "fundamental",
	"nodes", "checks", "updates", "steps", "elapsed_seconds"}

// WriteCSV writes records as CSV with encoding/csv: a header, then one row
// per record. The columns are the common fields (model,size,algorithm,…,
// elapsed_seconds), then every other field of the records in the order
// first met; a column is written once, and a CSV only ever gains columns at
// the end. A value a record does not have, or a work counter it did not
// measure, is empty. A nil w is an error.
func WriteCSV(w io.Writer, recs []Record) error {
	if w == nil {
		return errNilWriter
	}
	header := append([]string(nil), csvCommon...)
	seen := map[string]bool{}
	for _, k := range header {
		seen[k] = true
	}
	for _, r := range recs {
		for _, f := range r.Fields {
			if !seen[f.Key] {
				seen[f.Key] = true
				header = append(header, f.Key)
			}
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
		"elapsed_seconds": FormatNumber(float64(r.Elapsed))}
	for _, f := range r.Fields {
		if _, dup := cells[f.Key]; dup {
			continue
		}
		v, err := csvValue(f.Value)
		if err != nil {
			return nil, err
		}
		cells[f.Key] = v
	}
	return cells, nil
}

// csvValue is a field's CSV cell: a string as it is, a number in the one
// form (Number), anything else as its JSON; null is empty.
func csvValue(value any) (string, error) {
	if s, ok := value.(string); ok {
		return s, nil
	}
	v, err := json.Marshal(numbers(value))
	if err != nil {
		return "", err
	}
	if string(v) == "null" {
		return "", nil
	}
	return strings.Trim(string(v), `"`), nil
}

// counter writes a work counter, or "" when it was not measured.
func counter(x uint64) string {
	if x == 0 {
		return ""
	}
	return strconv.FormatUint(x, 10)
}

// jsonCell is a JSON value as a CSV cell: a string without its quotes,
// anything else as it is.
func jsonCell(v []byte) string {
	if len(v) > 0 && v[0] == '"' {
		if s, err := strconv.Unquote(string(v)); err == nil {
			return s
		}
	}
	return string(v)
}
