package main

import (
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/coverkit/coverkit/models"
	"github.com/spf13/cobra"
)

func init() { commands = append(commands, newAlgorithmsCmd) }

func newAlgorithmsCmd(e *env) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "algorithms",
		Short: "List the algorithms of every model",
		Long: `List every model's algorithms: model, algorithm, kind (exact, constructive,
local-search, heuristic), capabilities (first, all, count, unique, parallel),
limits (what the algorithm cannot hold: sizes, memory, board kinds) and a
one-line description. JSON: one object per line
{"model":...,"algorithm":...,"kind":...,"capabilities":[...],"description":...,"limits":...}.`,
		Example: `  coverkit algorithms
  coverkit algorithms --format json | grep '"model":"queens"'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			out, err := openOutput(e, "")
			if err != nil {
				return err
			}
			algs := models.Algorithms("")
			if format == "json" {
				enc := json.NewEncoder(out)
				for _, a := range algs {
					if err := enc.Encode(a); err != nil {
						return err
					}
				}
				return out.Commit()
			}
			tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "MODEL\tALGORITHM\tKIND\tCAPABILITIES\tDESCRIPTION\tLIMITS")
			for _, a := range algs {
				limits := a.Limits
				if limits == "" {
					limits = "-"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", a.Model, a.Name, a.Kind, a.Caps, a.Description, limits)
			}
			tw.Flush()
			return out.Commit()
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}
