package main

import (
	"io"
	"slices"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/report"
	"github.com/spf13/cobra"
)

func init() { commands = append(commands, newModelsCmd) }

func newModelsCmd(e *env) *cobra.Command {
	return newListCmd(e, &cobra.Command{
		Use:   "models",
		Short: "List the models: their verbs, instances, flags, formats and algorithms",
		Long: `List every model: how an instance is named, its verbs (and whether its
counts split with --units), its own flags, its solve formats and its
algorithms (coverkit algorithms describes each). JSON: one object a line
{"model":...,"summary":...,"instance":...,"verbs":[...],"parameters":[...],"formats":[...],"algorithms":[...],"units":...}.`,
		Example: `  coverkit models
  coverkit models --format json`,
	}, func(w io.Writer, format string) error {
		var infos []report.ModelInfo
		for _, m := range models.Models() {
			infos = append(infos, modelInfo(m))
		}
		return report.WriteModels(w, format, infos)
	})
}

// modelInfo is what `coverkit models` says of m, from its descriptor as
// newModelCmd builds its verbs.
func modelInfo(m *models.Model) report.ModelInfo {
	info := report.ModelInfo{Model: m.Name, Summary: m.Summary, Instance: m.Instance.Usage, Units: m.Decompose != nil,
		Formats: report.SolveFormats(m), Parameters: []string{}}
	if m.Batch != nil {
		info.Formats = report.BatchFormats(m.Formats)
	}
	if info.Instance == "" {
		info.Instance = "-"
	}
	for _, v := range []string{"solve", "count", "verify", "compare"} {
		if m.Verb(v) == "" || v == "verify" && m.Verify == nil || v == "solve" && len(m.Formats) == 0 {
			continue
		}
		info.Verbs = append(info.Verbs, v)
	}
	if m.Cover != nil {
		info.Verbs = append(info.Verbs, "cover")
	}
	for _, t := range m.Tasks {
		if !slices.Contains(info.Verbs, t.Verb) {
			info.Verbs = append(info.Verbs, t.Verb)
		}
	}
	for _, p := range m.Params {
		if !slices.Contains(info.Parameters, "--"+p.Name) { // one name, several verbs (sudoku's --count)
			info.Parameters = append(info.Parameters, "--"+p.Name)
		}
	}
	for _, a := range m.Algorithms {
		info.Algorithms = append(info.Algorithms, a.Name)
	}
	return info
}
