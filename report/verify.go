package report

import (
	"fmt"
	"io"
	"slices"

	"github.com/coverkit/coverkit/models"
)

// VerifyFields are a verify report as the fields of a JSON record: model,
// solutions, valid, invalid, distinct, all_valid, first_bad, then the
// model's own (which replace generic ones of the same key).
func VerifyFields(model string, r *models.VerifyReport) models.Fields {
	fields := models.Fields{{Key: "model", Value: model}, {Key: "solutions", Value: r.Solutions}, {Key: "valid", Value: r.Valid},
		{Key: "invalid", Value: r.Invalid}, {Key: "distinct", Value: r.Distinct},
		{Key: "all_valid", Value: r.Invalid == 0 && r.Solutions > 0}}
	if r.FirstBad != nil {
		fields = append(fields, models.Field{Key: "first_bad", Value: r.FirstBad})
	}
	for _, mf := range r.Fields {
		if i := slices.IndexFunc(fields, func(f models.Field) bool { return f.Key == mf.Key }); i >= 0 {
			fields[i] = mf
		} else {
			fields = append(fields, mf)
		}
	}
	return fields
}

// WriteVerify writes a verify report for people: its Summary, or "92
// solutions, all valid, 92 distinct", or the counts and the first bad
// solution.
func WriteVerify(w io.Writer, r *models.VerifyReport) error {
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

// VerifyFailure returns why a verify report fails ("" if it does not): an
// invalid solution, located in the input named name, or no solution at
// all.
func VerifyFailure(r *models.VerifyReport, name string) string {
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
