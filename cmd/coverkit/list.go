package main

import (
	"io"
	"strings"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/report"
	"github.com/spf13/cobra"
)

// newAlgorithmsCmd and newModelsCmd are the listings of the registry.
func newAlgorithmsCmd(e *env) *cobra.Command {
	return newListCmd(e, &cobra.Command{
		Use:   "algorithms",
		Short: "List the algorithms of every model",
		Long:  report.AlgorithmsDoc,
		Example: `  coverkit algorithms
  coverkit algorithms --format json | grep '"model":"queens"'`,
	}, func(w io.Writer, format string) error {
		return report.WriteAlgorithms(w, format, models.Algorithms(""))
	})
}

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

// newListCmd completes cmd as a listing of the registry on stdout: no
// arguments, --format (report.ResultFormats), the listing written by
// write in the format asked for.
func newListCmd(e *env, cmd *cobra.Command, write func(w io.Writer, format string) error) *cobra.Command {
	var format string
	cmd.Args = cobra.NoArgs
	cmd.RunE = func(*cobra.Command, []string) error {
		if err := checkFormat(format, report.ResultFormats...); err != nil {
			return err
		}
		out, err := openOutput(e, "")
		if err != nil {
			return err
		}
		if err := write(out, format); err != nil {
			return err
		}
		return out.Commit()
	}
	cmd.Flags().StringVarP(&format, "format", "f", "text", "output format: "+strings.Join(report.ResultFormats, ", "))
	complete(cmd, "format", report.ResultFormats)
	return cmd
}
