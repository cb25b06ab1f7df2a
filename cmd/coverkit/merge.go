package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/coverkit/coverkit/units"
	"github.com/spf13/cobra"
)

func init() { commands = append(commands, newMergeCmd) }

func newMergeCmd(e *env) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "merge [FILE...|-]",
		Short: "Add up the unit lines of a split count, exactly, checking that nothing is missing or counted twice",
		Long: `Read the unit lines written by a split count (count --units K --unit I) from
the FILEs (or stdin, "-" or none) and print the exact total.

Every line must come from the same count: the same schema, decomposition,
model, size and K. Each unit 0..K-1 must appear; a unit seen twice with the
same count is confirmed, with a different count it is a conflict. Each
unit's subproblems and fingerprint must match what the decomposition lists
for it.

Exit 0: complete and consistent. Exit 3: units are missing; they are printed
as index ranges ready for sbatch --array= (stderr). Exit 2: a conflict, a
mismatch, or an unreadable line, named with its file and line.

JSON: {"model":...,"size":...,"algorithm":...,"solutions":N,"units":K,
"complete":true,"decomposition":...,"subproblems":M,"present":...,
"lines":...,"confirmed":...,"by_weight":{...},"cpu_seconds":...,
"missing":[[first,last],...]}.`,
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
				if err := mergeJSON(o, s); err != nil {
					return err
				}
			} else {
				mergeText(o, s)
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

func mergeJSON(w io.Writer, s *units.Summary) error {
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

func mergeText(w io.Writer, s *units.Summary) {
	state := "complete"
	if !s.Complete {
		state = "INCOMPLETE"
	}
	fmt.Fprintf(w, "%s %s: %s solutions (%s)\n", s.Model, s.Size, s.Solutions, state)
	fmt.Fprintf(w, "units: %d of %d present (%d lines, %d confirmed repeats), %s, %d subproblems\n",
		s.Present, s.Units, s.Lines, s.Confirmed, s.Decomposition, s.Subproblems)
	if len(s.ByWeight) > 0 {
		fmt.Fprintf(w, "subproblems by weight: 2: %d, 4: %d, 8: %d\n", s.ByWeight["2"], s.ByWeight["4"], s.ByWeight["8"])
	}
	fmt.Fprintf(w, "cpu: %.1f s\n", s.CPUSeconds)
	if !s.Complete {
		fmt.Fprintf(w, "missing: --array=%s\n", units.ArraySpec(s.Missing))
	}
}
