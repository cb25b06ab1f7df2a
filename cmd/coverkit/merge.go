package main

import (
	"fmt"

	"github.com/coverkit/coverkit/report"
	"github.com/coverkit/coverkit/units"
	"github.com/spf13/cobra"
)

func init() { commands = append(commands, newMergeCmd) }

func newMergeCmd(e *env) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use: "merge [FILE...|-]",
		Example: `  coverkit queens count 11 --units 4 --unit 0-3 > units.jsonl
  coverkit merge units.jsonl
  cat units.jsonl | coverkit merge --format json`,
		Short: "Add up the unit lines of a split count, exactly, checking that nothing is missing or counted twice",
		Long:  units.MergeDoc,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			if len(args) == 0 {
				args = []string{"-"}
			}
			var srcs []units.Source
			for _, a := range args {
				r, err := openInput(e, a)
				if err != nil {
					return err
				}
				defer r.Close()
				name := a
				if a == "-" {
					name = "stdin"
				}
				srcs = append(srcs, units.Source{Name: name, R: r})
			}
			s, err := units.Merge(srcs)
			if err != nil {
				return usageError(err)
			}
			o, err := openOutput(e, "")
			if err != nil {
				return err
			}
			if format == "json" {
				err = report.WriteJSON(o, s)
			} else {
				err = s.WriteText(o)
			}
			if err != nil {
				return err
			}
			if err := o.Commit(); err != nil {
				return err
			}
			if !s.Complete {
				return &exitError{code: exitPartial, err: fmt.Errorf("incomplete: %d of %d units missing; rerun them with --array=%s",
					s.Units-s.Present, s.Units, units.ArraySpec(s.Missing))}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}
