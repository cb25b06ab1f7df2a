package main

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/units"
	"github.com/spf13/cobra"
)

// Split counts (issue 14): the --units, --unit, --unit-offset,
// --checkpoint and --checkpoint-every flags are added here to the count
// verbs of the models that have a decomposition, by wrapping their
// commands, so that no model's file needs to know about them.

// unitCounter says how a model's count verb builds its problem from its
// arguments, and the algorithm name its unit lines carry.
type unitCounter struct {
	verb      string // the count verb under the model command ("count")
	algorithm string
	problem   func(cmd *cobra.Command, args []string) (models.Problem, error)
}

// unitCounters holds the split counters by model command name.
var unitCounters = map[string]unitCounter{
	"queens": {verb: "count", algorithm: "bitwise", problem: func(cmd *cobra.Command, args []string) (models.Problem, error) {
		if f := cmd.Flags().Lookup("algo"); f != nil && f.Changed && f.Value.String() != "bitwise" {
			return nil, usagef("--units counts with the coronal decomposition and the bitwise kernel, not --algo %s", f.Value)
		}
		for _, name := range []string{"unique", "max-nodes"} {
			if f := cmd.Flags().Lookup(name); f != nil && f.Changed {
				return nil, usagef("--%s does not apply to a split count (--units)", name)
			}
		}
		n, err := parseSize("N", args[0], queens.BitwiseMaxN)
		if err != nil {
			return nil, usageError(err)
		}
		return queens.New(int(n)), nil
	}},
}

func init() {
	for i, newCmd := range commands {
		commands[i] = func(e *env) *cobra.Command {
			c := newCmd(e)
			uc, ok := unitCounters[c.Name()]
			if !ok {
				return c
			}
			for _, sub := range c.Commands() {
				if sub.Name() == uc.verb {
					addUnitFlags(e, c.Name(), sub, uc)
				}
			}
			return c
		}
	}
}

// unitFlags are the values of the split-count flags.
type unitFlags struct {
	units, unit, out, checkpoint string
	offset                       uint64
	every                        time.Duration
}

// addUnitFlags adds the split-count flags to cmd and runs a split count
// when --units is given, else cmd's own count.
func addUnitFlags(e *env, model string, cmd *cobra.Command, uc unitCounter) {
	var uf unitFlags
	f := cmd.Flags()
	f.StringVar(&uf.units, "units", "", "split the count into K work units (see docs/scale-out.md)")
	f.StringVar(&uf.unit, "unit", "", "with --units: the unit(s) to count: I, A-B, or env (SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX)")
	f.Uint64Var(&uf.offset, "unit-offset", 0, "with --units: add this to the unit index (one count over several arrays)")
	f.StringVar(&uf.checkpoint, "checkpoint", "", "with --units: save progress in FILE and resume from it")
	f.DurationVar(&uf.every, "checkpoint-every", time.Minute, "with --units: how often to save the checkpoint")
	if f.Lookup("out") == nil {
		f.StringVar(&uf.out, "out", "", "with --units: also write the unit lines to FILE, atomically")
	}
	orig := cmd.RunE
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if uf.units == "" {
			for _, name := range []string{"unit", "unit-offset", "checkpoint", "checkpoint-every"} {
				if cmd.Flags().Changed(name) {
					return usagef("--%s needs --units", name)
				}
			}
			return orig(cmd, args)
		}
		if o := cmd.Flags().Lookup("out"); o != nil {
			uf.out = o.Value.String()
		}
		return runUnits(e, cmd, args, model, uc, &uf)
	}
}

// runUnits runs a split count and maps its errors to exit codes: a bad
// unit or a foreign checkpoint is exit 2 (do not retry), a stop or a full
// disk exit 3 (retry).
func runUnits(e *env, cmd *cobra.Command, args []string, model string, uc unitCounter, uf *unitFlags) error {
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
	p, err := uc.problem(cmd, args)
	if err != nil {
		return err
	}
	decomposer := models.LookupDecomposer(model)
	if decomposer == nil {
		return usagef("%s: no decomposition for split counts", model)
	}
	dec, err := decomposer(p, k)
	if err != nil {
		return solverError(err)
	}
	var timeout time.Duration
	if tf := cmd.Flags().Lookup("timeout"); tf != nil {
		timeout, _ = time.ParseDuration(tf.Value.String())
	}
	ctx, stop := searchContext(cmd.Context(), timeout)
	defer stop()
	// A second signal while the checkpoint is saved must not kill the
	// process: searchContext's NotifyContext keeps catching them.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)

	var o *output
	if uf.out != "" {
		if o, err = openOutput(e, uf.out); err != nil {
			return err
		}
		defer o.Abort()
	}
	job := &units.Job{
		Model: model, Size: p.Size(), Algorithm: uc.algorithm, Dec: dec, Units: k,
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
