package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/outfile"
	"github.com/coverkit/coverkit/report"
	"github.com/coverkit/coverkit/units"
	"github.com/spf13/cobra"
)

// Split counts (issue 14): the --units, --unit, --unit-offset,
// --checkpoint and --checkpoint-every flags of the count verb of every
// model whose descriptor has a decomposition (models.Model.Decompose). The
// generic count verb hands over to runUnits when --units is given. A
// model with an algorithm that saves a checkpoint of a whole count
// (models.SetCheckpoint: the knight frontier) takes --checkpoint and
// --checkpoint-every without --units too, for that algorithm.

// declareUnitFlags adds the split-count flags to a count verb of a model
// that has a decomposition, and the checkpoint flags to that of a model
// with an algorithm that checkpoints a count.
func declareUnitFlags(cmd *cobra.Command, m *models.Model, s *unitSpec) {
	f := cmd.Flags()
	algos, _ := m.HonouringVerb("count", models.SetCheckpoint)
	if m.Decompose == nil && len(algos) == 0 {
		return
	}
	var who, when []string
	if m.Decompose != nil {
		f.StringVar(&s.Units, "units", "", "split the count into K work units; unit lines are JSON (see docs/scale-out.md)")
		f.StringVar(&s.Unit, "unit", "", "with --units: the unit(s) to count: I, A-B, or env (SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX)")
		f.Var(uintValue(&s.Offset, "unit-offset"), "unit-offset", "with --units: add this to the unit index (one count over several arrays)")
		who = append(who, "a split count (--units)")
		when = append(when, "with --units every D and when stopped")
	}
	if len(algos) > 0 {
		by := "--algo " + strings.Join(algos, ", ")
		who = append(who, "a count by "+by)
		when = append(when, "by "+by+" at its first chance after D (not when stopped)")
	}
	f.StringVar(&s.Checkpoint, "checkpoint", "", "save the progress of "+strings.Join(who, " or ")+
		" in FILE, and resume from it when the same count runs again")
	f.DurationVar(&s.Every, "checkpoint-every", time.Minute, "how often to save the checkpoint: "+strings.Join(when, "; "))
}

// unitsRequested reports whether cmd was asked for a split count. A
// split-count flag without --units is a usage error, but for the
// checkpoint flags of a model with an algorithm that checkpoints a count
// (the registry's to say: models.SetCheckpoint); those of a count that is
// not split are checked before anything is built or counted:
// --checkpoint-every needs --checkpoint and is positive, and the
// checkpoint's directory can take a file and it is not the --out file
// (units.CheckPaths, the one check of a checkpoint's path). A split's
// --checkpoint-every needs --checkpoint too.
func (f *runFlags) unitsRequested(cmd *cobra.Command, m *models.Model) (bool, error) {
	fs := cmd.Flags()
	split, own := fs.Changed("units"), m.Applies("count", models.SetCheckpoint)
	for _, name := range []string{"unit", "unit-offset", "checkpoint", "checkpoint-every"} {
		if !split && fs.Changed(name) && !(own && strings.HasPrefix(name, "checkpoint")) {
			return false, usagef("--%s needs --units", name)
		}
	}
	if fs.Changed("checkpoint-every") && f.split.Checkpoint == "" {
		return false, usagef("--checkpoint-every needs --checkpoint")
	}
	if fs.Lookup("checkpoint") == nil || split {
		return split, nil // no split-count flags, or a split (units.Job checks the rest)
	}
	if f.split.Every <= 0 {
		return false, usagef("--checkpoint-every must be positive, got %s", f.split.Every)
	}
	if err := units.CheckPaths(f.split.Checkpoint, f.out); err != nil {
		return false, usageError(err)
	}
	return false, nil
}

// runUnits runs a split count and maps its errors to exit codes: a bad
// unit or a foreign checkpoint is exit 2 (do not retry), a stop or a full
// disk exit 3 (retry).
func runUnits(e *env, cmd *cobra.Command, m *models.Model, f *runFlags, args []string) error {
	k, first, last, err := f.split.resolve(os.LookupEnv)
	if err != nil {
		return usageError(err)
	}
	// Unit lines are JSON whatever --format says, but an unknown one is
	// refused, as by every count. A unit honours --workers (units.Job.Workers).
	opts, err := f.options(core.ModeCount, report.ResultFormats)
	if err != nil {
		return err
	}
	if err := m.Refuses(models.SplitVerb, opts); err != nil {
		return usageError(err)
	}
	job := &units.Job{Model: m.Name, Units: k, First: first, Last: last, Version: report.Version(),
		Checkpoint: f.split.Checkpoint, Every: f.split.Every, Workers: f.Workers}
	if err := job.CheckFiles(f.out); err != nil {
		return usageError(err)
	}
	ctx, stop := e.searchContext(cmd.Context(), f.timeout)
	defer stop()
	p, err := instance(ctx, e, m, f, args)
	if err != nil {
		return err
	}
	algo := f.algo
	if _, err := m.Algorithm("auto"); algo == "auto" && err == nil {
		algo = "" // the model's default
	}
	if err := job.Split(ctx, m.Decompose, p, algo); err != nil {
		return phaseError(err, "splitting the count")
	}
	// A second signal while the checkpoint is saved does not kill the
	// process: main's NotifyContext keeps catching them.
	var o *outfile.File
	out := []io.Writer{e.stdout, f.statsTo(e), nil} // a unit line is the unit's record
	if f.out != "" {
		if o, err = openOutput(e, f.out); err != nil {
			return err
		}
		defer o.Abort()
		out[2] = o
	}
	job.Emit = units.WriteLines(out...)
	ctx, bar := newProgress(ctx, e, f, 0, fmt.Sprintf("%s %s: units %d-%d of %d", m.Name, p.Size(), first, last, k))
	_, err = job.Run(ctx)
	bar.Finish()
	if o != nil && (err == nil || errors.Is(err, units.ErrStopped)) {
		// The one --out rule: a partial result that holds a unit is kept.
		if _, serr := o.Settle(err != nil, true); err == nil {
			err = serr
		}
	}
	switch {
	case err == nil, outfile.DiskFull(err):
		return err // a full disk: exit 3 with every verb's words for it (run)
	case errors.Is(err, units.ErrStopped):
		return &exitError{code: exitPartial, err: err}
	case errors.Is(err, units.ErrBadUnit), errors.Is(err, units.ErrCheckpoint), errors.Is(err, units.ErrOverflow):
		return usageError(err)
	}
	return usageError(fmt.Errorf("split count: %w", err)) // or the exit it carries
}
