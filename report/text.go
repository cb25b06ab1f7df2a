package report

import (
	"fmt"
	"io"
	"strconv"

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
// on the torus"), then the algorithm, status, work and time of rec.
func WriteCount(w io.Writer, m *models.Model, p core.Problem, res *core.Result, rec *Record) error {
	text := CountLine(rec) + "\n"
	if m != nil && m.CountText != nil && p != nil {
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
	_, err := fmt.Fprintf(w, "%s%s, %s\n", text, work, Seconds(rec.Elapsed))
	return err
}

// Failure says why a search that finished found no solution, and whether
// that proves there is none: an exhaustive exact search or a theorem
// (Result.Reason) proves it; a heuristic that gives up proves nothing. m's
// NoSolution, when set, words a proof.
func Failure(m *models.Model, alg models.Algorithm, p core.Problem, res *core.Result) (msg string, proved bool) {
	work := res.Stats.Work()
	if work != "" {
		work += ", "
	}
	work += Seconds(res.Stats.Elapsed.Seconds())
	switch {
	case res.Reason == "" && alg.Kind != models.Exact:
		return fmt.Sprintf("%s gave up without a solution (%s); this proves nothing", alg.Name, work), false
	case m != nil && m.NoSolution != nil && p != nil:
		return m.NoSolution(p, res), true
	case res.Reason != "":
		return "no solution: " + res.Reason, true
	}
	what := "the problem"
	if p != nil {
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
