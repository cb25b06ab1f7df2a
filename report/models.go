package report

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/coverkit/coverkit/models"
)

// ModelInfo is what `coverkit models` says of a model: its verbs, how an
// instance is named, its own flags, its formats and its algorithms.
type ModelInfo struct {
	Model      string   `json:"model"`
	Summary    string   `json:"summary"`
	Instance   string   `json:"instance"`
	Verbs      []string `json:"verbs"`
	Parameters []string `json:"parameters"`
	Formats    []string `json:"formats"`
	Algorithms []string `json:"algorithms"`
	// Units says whether its counts split (--units).
	Units bool `json:"units"`
}

// ModelsDoc is the help of the listing of the models (coverkit models):
// what WriteModels writes of each (ModelInfo).
const ModelsDoc = `List every model: how an instance is named, its verbs (and whether its
counts split with --units), its own flags, its solve formats and its
algorithms (coverkit algorithms describes each). JSON: one object a line
{"model":...,"summary":...,"instance":...,"verbs":[...],"parameters":[...],"formats":[...],"algorithms":[...],"units":...}.`

// ModelInfoOf is what `coverkit models` says of m, from its descriptor as
// the command builds its verbs (models.Model.VerbNames).
func ModelInfoOf(m *models.Model) ModelInfo {
	if m == nil {
		return ModelInfo{Instance: "-", Parameters: []string{}}
	}
	info := ModelInfo{Model: m.Name, Summary: m.Summary, Instance: m.Instance.Usage, Units: m.Decompose != nil,
		Formats: SolveFormats(m), Parameters: []string{}, Verbs: m.VerbNames()}
	if info.Instance == "" {
		info.Instance = "-"
	}
	for _, p := range m.Params {
		if !slices.Contains(info.Parameters, "--"+p.Name) { // one name, several verbs (sudoku's --count)
			info.Parameters = append(info.Parameters, "--"+p.Name)
		}
	}
	info.Algorithms = m.AlgorithmNames()
	return info
}

// WriteModels writes the models in format: text (a table), json (an
// object a line), csv (a header and a row a model, lists joined by
// spaces) or none.
func WriteModels(w io.Writer, format string, ms []ModelInfo) error {
	if w == nil {
		return errNilWriter
	}
	join := func(s []string) string { return strings.Join(s, " ") }
	switch format {
	case "none":
		return nil
	case "json":
		enc := json.NewEncoder(w)
		for _, m := range ms {
			if err := enc.Encode(m); err != nil {
				return err
			}
		}
		return nil
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write([]string{"model", "summary", "instance", "verbs", "parameters", "formats", "algorithms", "units"})
		for _, m := range ms {
			cw.Write([]string{m.Model, m.Summary, m.Instance, join(m.Verbs), join(m.Parameters), join(m.Formats), join(m.Algorithms),
				fmt.Sprint(m.Units)})
		}
		cw.Flush()
		return cw.Error()
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "MODEL\tINSTANCE\tVERBS\tPARAMETERS\tFORMATS\tALGORITHMS\tSUMMARY")
	for _, m := range ms {
		params := join(m.Parameters)
		if params == "" {
			params = "-"
		}
		verbs := strings.Join(m.Verbs, ",")
		if m.Units {
			verbs += " (count --units)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", m.Model, m.Instance, verbs, params, strings.Join(m.Formats, ","),
			strings.Join(m.Algorithms, ","), m.Summary)
	}
	return tw.Flush()
}
