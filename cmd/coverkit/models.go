package main

import (
	"io"

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
			infos = append(infos, report.ModelInfoOf(m))
		}
		return report.WriteModels(w, format, infos)
	})
}
