package main

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/outfile"
	"github.com/coverkit/coverkit/units"
	"github.com/spf13/cobra"
)

// Split counts (issue 14): the --units, --unit, --unit-offset,
// --checkpoint and --checkpoint-every flags of the count verb of every
// model that registers a decomposition (models.RegisterDecomposer). The
// generic count verb hands over to runUnits when --units is given.

// declareUnitFlags adds the split-count flags to a count verb of a model
// that has a decomposition.
func declareUnitFlags(cmd *cobra.Command, m *models.Model) {
	if models.LookupDecomposer(m.Name) == nil {
		return
	}
	f := cmd.Flags()
	f.String("units", "", "split the count into K work units; unit lines are JSON (see docs/scale-out.md)")
	f.String("unit", "", "with --units: the unit(s) to count: I, A-B, or env (SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX)")
	f.Uint64("unit-offset", 0, "with --units: add this to the unit index (one count over several arrays)")
	f.String("checkpoint", "", "with --units: save progress in FILE and resume from it")
	f.Duration("checkpoint-every", time.Minute, "with --units: how often to save the checkpoint")
}

// unitsRequested reports whether cmd was asked for a split count; a
// split-count flag without --units is a usage error.
func unitsRequested(cmd *cobra.Command) (bool, error) {
	fs := cmd.Flags()
	if fs.Lookup("units") == nil {
		return false, nil
	}
	if fs.Changed("units") {
		return true, nil
	}
	for _, name := range []string{"unit", "unit-offset", "checkpoint", "checkpoint-every"} {
		if fs.Changed(name) {
			return false, usagef("--%s needs --units", name)
		}
	}
	return false, nil
}

// unitFlags are the values of the split-count flags.
type unitFlags struct {
	units, unit, checkpoint, out string
	offset                       uint64
	every                        time.Duration
}

func readUnitFlags(cmd *cobra.Command) (*unitFlags, error) {
	fs := cmd.Flags()
	uf := &unitFlags{}
	var err error
	if uf.units, err = fs.GetString("units"); err != nil {
		return nil, usageError(err)
	}
	if uf.unit, err = fs.GetString("unit"); err != nil {
		return nil, usageError(err)
	}
	if uf.offset, err = fs.GetUint64("unit-offset"); err != nil {
		return nil, usageError(err)
	}
	if uf.checkpoint, err = fs.GetString("checkpoint"); err != nil {
		return nil, usageError(err)
	}
	if uf.every, err = fs.GetDuration("checkpoint-every"); err != nil {
		return nil, usageError(err)
	}
	return uf, nil
}

// decompositionAlgorithm is the algorithm a decomposition's unit lines
// name: its Algorithm method if it has one, else "units".
func decompositionAlgorithm(d models.Decomposition) string {
	if a, ok := d.(interface{ Algorithm() string }); ok {
		return a.Algorithm()
	}
	return "units"
}

// runUnits runs a split count and maps its errors to exit codes: a bad
// unit or a foreign checkpoint is exit 2 (do not retry), a stop or a full
// disk exit 3 (retry). flagErr is unitsRequested's error.
func runUnits(e *env, cmd *cobra.Command, m *models.Model, f *runFlags, args []string, flagErr error) error {
	if flagErr != nil {
		return flagErr
	}
	uf, err := readUnitFlags(cmd)
	if err != nil {
		return err
	}
	k, err := units.ParseUnits(uf.units)
	if err != nil {
		return usageError(err)
	}
	if uf.unit == "" {
		return usagef("--units needs --unit I, A-B or env")
	}
	first, last, err := units.ParseUnit(uf.unit, k, uf.offset, os.LookupEnv)
	if err != nil {
		return usageError(err)
	}
	if uf.every <= 0 {
		return usagef("--checkpoint-every must be positive, got %s", uf.every)
	}
	for _, name := range []string{"unique", "max-nodes", "limit", "method"} {
		if fl := cmd.Flags().Lookup(name); fl != nil && fl.Changed {
			return usagef("--%s does not apply to a split count (--units)", name)
		}
	}
	p, err := instance(e, m, f, args)
	if err != nil {
		return err
	}
	dec, err := models.LookupDecomposer(m.Name)(p, k)
	if err != nil {
		return solverError(err)
	}
	algorithm := decompositionAlgorithm(dec)
	if f.algo != "" && f.algo != algorithm {
		return usagef("--units counts with the %s decomposition and the %s algorithm, not --algo %s", dec.Name(), algorithm, f.algo)
	}
	uf.out = f.out
	ctx, stop := searchContext(cmd.Context(), f.timeout)
	defer stop()
	// A second signal while the checkpoint is saved must not kill the
	// process: searchContext's NotifyContext keeps catching them.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)

	var o *outfile.File
	if uf.out != "" {
		if o, err = openOutput(e, uf.out); err != nil {
			return err
		}
		defer o.Abort()
	}
	job := &units.Job{
		Model: m.Name, Size: p.Size(), Algorithm: algorithm, Dec: dec, Units: k,
		First: first, Last: last, Version: version(), Checkpoint: uf.checkpoint, Every: uf.every,
		Emit: func(l *units.Line) error {
			b, err := l.Marshal()
			if err != nil {
				return err
			}
			b = append(b, '\n')
			if _, err := e.stdout.Write(b); err != nil {
				return err
			}
			if o != nil {
				_, err = o.Write(b)
			}
			return err
		},
	}
	if _, err := job.Run(ctx); err != nil {
		return unitsError(err)
	}
	if o != nil {
		if err := o.Commit(); err != nil {
			return unitsError(err)
		}
	}
	return nil
}

// unitsError maps a split count's error to its exit code.
func unitsError(err error) error {
	switch {
	case errors.Is(err, units.ErrStopped), errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return &exitError{code: exitPartial, err: err}
	case errors.Is(err, units.ErrBadUnit), errors.Is(err, units.ErrCheckpoint):
		return usageError(err)
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return err
	}
	return usageError(fmt.Errorf("split count: %w", err))
}
