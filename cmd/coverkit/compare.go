package main

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/coverkit/coverkit/models"
	"github.com/spf13/cobra"
	"gonum.org/v1/gonum/stat"
)

// runCompare is the generic compare verb: every algorithm that can do the
// job, on the same instance, R times each.
func runCompare(e *env, cmd *cobra.Command, m *models.Model, f *runFlags, args []string) error {
	mode := models.ModeCount
	if f.first {
		mode = models.ModeFirst
	}
	base, err := f.options(mode, []string{"text", "json", "csv"})
	if err != nil {
		return err
	}
	if f.repeat < 1 {
		return usagef("--repeat must be at least 1, got %d", f.repeat)
	}
	p, err := instance(e, m, f, args)
	if err != nil {
		return err
	}
	var algs []models.Algorithm
	if f.algos == "" {
		algs = models.Algorithms(m.Name)
	} else {
		for name := range strings.SplitSeq(f.algos, ",") {
			a, err := models.Lookup(m.Name, strings.TrimSpace(name))
			if err != nil {
				return usageError(err)
			}
			algs = append(algs, a)
		}
	}
	ctx, stop := runContext(cmd)
	defer stop()
	type row struct {
		rec           models.Record
		kind          models.Kind
		min, max, med float64
		runs          int
	}
	var rows []row
	partial := false
	for _, a := range algs {
		if ctx.Err() != nil {
			break
		}
		if err := a.Supports(p, base); err != nil {
			fmt.Fprintf(e.stderr, "coverkit: %s compare: skipping %s: %v\n", m.Name, a.Name, err)
			continue
		}
		var times []float64
		var last models.Result
		for range f.repeat {
			rctx, cancel := ctx, context.CancelFunc(func() {})
			if f.timeout > 0 {
				rctx, cancel = context.WithTimeout(ctx, f.timeout)
			}
			o := *base
			start := time.Now()
			res, err := a.Run(rctx, p, &o)
			wall := time.Since(start)
			cancel()
			if err != nil {
				fmt.Fprintf(e.stderr, "coverkit: %s compare: skipping %s: %v\n", m.Name, a.Name, err)
				times = nil
				break
			}
			last = res
			times = append(times, wall.Seconds())
			if res.Status.Partial() {
				partial = true
				break
			}
		}
		if len(times) == 0 {
			continue
		}
		sort.Float64s(times)
		r := row{kind: a.Kind, runs: len(times), min: times[0], max: times[len(times)-1],
			med: stat.Quantile(0.5, stat.Empirical, times, nil)}
		r.rec = record(m, p, a, &last, base.Unique, 0)
		r.rec.Elapsed = r.med
		rows = append(rows, r)
	}
	if len(rows) == 0 && ctx.Err() == nil {
		return usagef("%s compare: none of the algorithms can run this comparison (see above)", m.Name)
	}
	o, err := openOutput(e, f.out)
	if err != nil {
		return err
	}
	defer o.Abort()
	job := "count"
	if f.first {
		job = "first solution"
	}
	mach := machine()
	switch f.format {
	case "json":
		for _, r := range rows {
			rec := r.rec.Add(models.Field{Key: "kind", Value: r.kind}, models.Field{Key: "job", Value: job},
				models.Field{Key: "min_seconds", Value: r.min}, models.Field{Key: "max_seconds", Value: r.max},
				models.Field{Key: "runs", Value: r.runs}, models.Field{Key: "machine", Value: mach})
			writeJSONLine(o, rec)
		}
	case "csv":
		var recs []models.Record
		for _, r := range rows {
			recs = append(recs, r.rec)
		}
		writeCSV(o, recs)
	default:
		fmt.Fprintf(o, "%s compare: size = %s, %s, median of %d run(s)\nmachine: %s\n", m.Name, p.Size(), job, f.repeat, mach)
		tw := tabwriter.NewWriter(o, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "ALGORITHM\tKIND\tSTATUS\tSOLUTIONS\tNODES\tCHECKS\tUPDATES\tELAPSED\tMIN\tMAX")
		dash := func(x uint64) string {
			if x == 0 {
				return "-"
			}
			return optional(x)
		}
		for _, r := range rows {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.rec.Algorithm, r.kind, r.rec.Status, r.rec.Solutions,
				dash(r.rec.Nodes), dash(r.rec.Checks), dash(r.rec.Updates), seconds(r.med), seconds(r.min), seconds(r.max))
		}
		tw.Flush()
	}
	if err := o.Commit(); err != nil {
		return err
	}
	if st, done := models.ContextStatus(ctx); done {
		return statusExit(st)
	}
	if partial {
		return statusExit(models.StatusTimeout)
	}
	return nil
}
