package main

import (
	"fmt"
	"strings"

	"github.com/coverkit/coverkit/bench"
	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/spf13/cobra"
)

// runCompare is the generic compare verb: package bench runs every
// algorithm that can do the job on the same instance (or on each of
// --sizes), R times each, and writes the report.
func runCompare(e *env, cmd *cobra.Command, m *models.Model, f *runFlags, args []string) error {
	if f.all && f.first {
		return usagef("--all (count every solution) and --first (the first solution) ask for two comparisons: give one")
	}
	mode := core.ModeCount
	if f.first {
		mode = core.ModeFirst
	}
	base, err := f.options(mode, bench.Formats)
	if err != nil {
		return err
	}
	// An --out that cannot be written is refused before the runs.
	o, err := openOutput(e, f.out)
	if err != nil {
		return err
	}
	defer o.Abort()
	cfg := bench.Config{Model: m.Name, First: f.first, Repeat: f.repeat, Timeout: f.timeout, Options: base}
	if f.algos != "" {
		cfg.Algorithms = strings.Split(f.algos, ",")
	}
	// The signals stop the comparison, building its instances and
	// reading its input included.
	ctx, bar := newProgress(cmd.Context(), e, f, 0, m.Name+" compare: runs")
	cfg.Progress = func(done, total int) { bar.SetTotal(int64(total)); bar.Set(int64(done)) }
	// --timeout bounds each run and reading and building its instance
	// (an input that never comes included). A batch with invalid lines
	// is compared on its valid problems, and the command then exits 2
	// saying how many lines it skipped.
	rep, bi, err := bench.RunRequest(ctx, cfg, m, f.sizes, f.request(ctx, e, args))
	bar.Finish()
	if err != nil {
		return phaseError(err, "reading and building the instance")
	}
	// The skipped algorithms noted on stderr; exit 2 if nothing could run.
	for _, note := range rep.SkipNotes() {
		fmt.Fprintf(e.stderr, "coverkit: %s compare: %s\n", m.Name, note)
	}
	if len(rep.Rows) == 0 && ctx.Err() == nil {
		return usagef("%s compare: none of the algorithms can run this comparison (see above)", m.Name)
	}
	if err := bench.Write(o, f.format, rep); err != nil {
		return fmt.Errorf("writing the comparison: %w", err)
	}
	if f.stats {
		// --stats: the rows' result records on stderr, as every verb writes them.
		if err := bench.WriteJSON(e.stderr, rep); err != nil {
			return err
		}
	}
	if err := o.Commit(); err != nil {
		return err
	}
	// Exit 3 if a run stopped early or the command was interrupted.
	if st, done := core.ContextStatus(ctx); done {
		return statusExit(st)
	}
	if st, stopped := rep.Stopped(); stopped {
		return statusExit(st)
	}
	if bi != nil && bi.Skipped() > 0 {
		return usagef("%d invalid line(s) skipped: compared on the %d valid ones", bi.Skipped(), bi.Items())
	}
	return nil
}
