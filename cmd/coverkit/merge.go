package main

import (
	"fmt"
	"io"
	"time"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/report"
	"github.com/coverkit/coverkit/units"
	"github.com/spf13/cobra"
)

func newMergeCmd(e *env) *cobra.Command {
	var format string
	var timeout time.Duration
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
			// The lines are read under the stop (--timeout, SIGINT,
			// SIGTERM), as every input is: a stop ends a read that waits
			// and the check of a long fingerprint, and nothing is printed.
			ctx, stop := e.searchContext(cmd.Context(), timeout)
			defer stop()
			req := models.Request{Context: ctx, Open: func(name string) (io.ReadCloser, error) { return openInput(e, name) }}
			s, err := units.MergeInputs(ctx, args, req.OpenFile, models.SplitAlgorithms)
			if err != nil { // a stop, exit 3; a bad line or label, exit 2
				return phaseError(err, "reading the unit lines; nothing merged")
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
	cmd.Flags().DurationVar(&timeout, "timeout", 0, flagHelp["timeout"])
	return cmd
}
