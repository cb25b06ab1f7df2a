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
		Long:  report.ModelsDoc,
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
