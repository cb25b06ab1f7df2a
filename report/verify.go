package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"slices"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/verify"
)

// VerifyFields are a verify report as the fields of a JSON record: model,
// solutions, valid, invalid, unreadable, distinct, skipped, all_valid,
// first_bad, bad (the bad records listed, verify.MaxBadListed at most),
// then the model's own (which replace generic ones of the same key). A
// nil r is an empty report.
func VerifyFields(model string, r *models.VerifyReport) models.Fields {
	if r == nil {
		r = &models.VerifyReport{}
	}
	fields := models.Fields{{Key: "model", Value: model}, {Key: "solutions", Value: r.Solutions}, {Key: "valid", Value: r.Valid},
		{Key: "invalid", Value: r.Invalid}, {Key: "unreadable", Value: r.Unreadable}, {Key: "distinct", Value: r.Distinct},
		{Key: "skipped", Value: r.Skipped}, {Key: "all_valid", Value: r.Invalid == 0 && r.Solutions > 0}}
	common := len(fields) - 1 // model ... all_valid: one schema, which no model's field replaces
	if r.Status.Partial() {   // the common record's marks of a stopped run
		fields = append(fields, models.Field{Key: "status", Value: r.Status.String()}, models.Field{Key: "partial", Value: true})
	}
	if r.DistinctAtLeast { // distinct is a lower bound: the memory held no more
		fields = append(fields, models.Field{Key: "distinct_at_least", Value: true})
	}
	if r.FirstBad != nil {
		fields = append(fields, models.Field{Key: "first_bad", Value: r.FirstBad})
	}
	if len(r.Bad) > 0 {
		fields = append(fields, models.Field{Key: "bad", Value: r.Bad})
	}
	for _, mf := range r.Fields {
		switch i := slices.IndexFunc(fields, func(f models.Field) bool { return f.Key == mf.Key }); {
		case i >= 0 && i <= common:
		case i >= 0:
			fields[i] = mf
		default:
			fields = append(fields, mf)
		}
	}
	return fields
}

// WriteVerify writes a verify report for people, the same for every
// model: each bad record on its line ("line 2: unreadable: ..."), then
// one summary line ("92 solutions, all valid, 92 distinct"; "3 solutions,
// 1 invalid, 2 valid, 2 distinct valid"; "0 solutions"; then the
// unreadable records and those without a solution, when there are any),
// then the model's own words (Summary), if any. A nil r is an empty
// report; a nil w is an error.
func WriteVerify(w io.Writer, r *models.VerifyReport) error {
	if w == nil {
		return errNilWriter
	}
	if r == nil {
		r = &models.VerifyReport{}
	}
	var b []byte
	bads := r.Bad
	if len(bads) == 0 && r.FirstBad != nil {
		bads = []models.Bad{*r.FirstBad}
	}
	for _, bad := range bads {
		b = fmt.Appendf(b, "line %d: ", bad.Line)
		if bad.Unreadable {
			b = append(b, "unreadable: "...)
		}
		b = append(append(b, bad.Reason...), '\n')
	}
	if more := r.Invalid - uint64(len(bads)); len(bads) == verify.MaxBadListed && more > 0 {
		b = fmt.Appendf(b, "... and %d more invalid\n", more)
	}
	atLeast := ""
	if r.DistinctAtLeast {
		atLeast = "at least "
	}
	switch {
	case r.Solutions == 0:
		b = append(b, "0 solutions"...)
	case r.Invalid == 0:
		b = fmt.Appendf(b, "%s, all valid, %s%d distinct", plural(r.Solutions, "solution"), atLeast, r.Distinct)
	default:
		b = fmt.Appendf(b, "%s, %d invalid, %d valid, %s%d distinct valid", plural(r.Solutions, "solution"), r.Invalid, r.Valid, atLeast, r.Distinct)
	}
	if r.DistinctAtLeast {
		b = append(b, " (the memory held no more to tell apart)"...)
	}
	if r.Unreadable > 0 {
		b = fmt.Appendf(b, "; %d unreadable", r.Unreadable)
	}
	if r.Skipped > 0 {
		b = fmt.Appendf(b, "; %s without a solution skipped", plural(r.Skipped, "record"))
	}
	if r.Status.Partial() {
		b = fmt.Appendf(b, " (partial: %s)", r.Status)
	}
	b = append(b, '\n')
	if r.Summary != "" {
		b = append(append(b, r.Summary...), '\n')
	}
	_, err := w.Write(b)
	return err
}

// VerifyFailure returns why a verify report fails ("" if it does not): an
// invalid or unreadable solution, located in the input named name, or no
// solution at all (a nil r too).
func VerifyFailure(r *models.VerifyReport, name string) string {
	if r == nil {
		r = &models.VerifyReport{}
	}
	switch {
	case r.Status.Partial() && r.FirstBad == nil:
		return "" // a stop is no failure: exit 3 says it
	case r.FirstBad != nil && r.FirstBad.Line > 0:
		return fmt.Sprintf("%s: line %d: %s", name, r.FirstBad.Line, r.FirstBad.Reason)
	case r.FirstBad != nil:
		return fmt.Sprintf("%s: %s", name, r.FirstBad.Reason)
	case r.Invalid > 0:
		return fmt.Sprintf("%s: %d invalid solutions", name, r.Invalid)
	case r.Solutions == 0:
		return name + ": no solutions to verify"
	}
	return ""
}

// WriteVerifyAs writes a verify report in format: "json" (VerifyFields),
// "csv" (its fields as a header and a row), "none" (nothing) or text
// (WriteVerify).
func WriteVerifyAs(w io.Writer, format, model string, r *models.VerifyReport) error {
	switch format {
	case "json":
		return WriteJSON(w, VerifyFields(model, r))
	case "csv":
		return writeFieldsCSV(w, VerifyFields(model, r))
	case "none":
		return nil
	}
	return WriteVerify(w, r)
}

// writeFieldsCSV writes fields as a CSV header and one row.
func writeFieldsCSV(w io.Writer, fields models.Fields) error {
	if w == nil {
		return errNilWriter
	}
	cols, row := make([]string, len(fields)), make([]string, len(fields))
	for i, f := range fields {
		v, err := csvValue(f.Value)
		if err != nil {
			return err
		}
		cols[i], row[i] = f.Key, v
	}
	cw := csv.NewWriter(w)
	cw.Write(cols)
	cw.Write(row)
	cw.Flush()
	return cw.Error()
}
