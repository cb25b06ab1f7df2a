// Command plot renders the benchmark figures of docs/benchmarks.md from the
// CSV files measured for them, with gonum/plot. It has its own module so
// that coverkit itself does not depend on a plotting library.
//
// Usage, from the repository root:
//
//	cd docs/plot && go run . -in minconflicts.csv -out ../minconflicts-scaling.svg
package main

import (
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

func main() {
	in := flag.String("in", "minconflicts.csv", "CSV of measurements: n,solve_seconds,steps_per_queen,rss_bytes_per_queen")
	out := flag.String("out", "../minconflicts-scaling.svg", "image to write (.svg or .png)")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "plot:", err)
		os.Exit(1)
	}
}

// run reads the measurements and writes the log–log plot of solve time
// against n, with the reference figures.
func run(in, out string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	measured, err := readXY(f)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	p := plot.New()
	p.Title.Text = "coverkit queens minconflicts: solve time (no output)"
	p.X.Label.Text = "n (queens)"
	p.Y.Label.Text = "seconds"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}
	p.Add(plotter.NewGrid())

	// Linear time through the 10^6 measurement, for reading the slope.
	var at6 float64
	for _, pt := range measured {
		if pt.X == 1e6 {
			at6 = pt.Y
		}
	}
	plainC := plotter.XYs{{X: 1e6, Y: 0.03}, {X: 1e7, Y: 0.26}, {X: 1e8, Y: 10}}
	targets := plotter.XYs{{X: 1e6, Y: 0.05}, {X: 1e7, Y: 0.35}, {X: 1e8, Y: 12}}
	qs4 := plotter.XYs{{X: 1e6, Y: 0.12}, {X: 1e7, Y: 1.9}}
	args := []any{"coverkit, 2-core EPYC VM (CLI solve_seconds, fresh process)", measured,
		"careful plain C (issue 5)", plainC, "fastest public C++ QS4 (issue 5)", qs4}
	if err := plotutil.AddLinePoints(p, args...); err != nil {
		return err
	}
	tp, err := plotter.NewScatter(targets)
	if err != nil {
		return err
	}
	tp.Shape = plotutil.Shape(4)
	p.Add(tp)
	p.Legend.Add("targets (issue 5)", tp)
	if at6 > 0 {
		lin := plotter.NewFunction(func(x float64) float64 { return at6 * x / 1e6 })
		lin.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
		p.Add(lin)
		p.Legend.Add("linear in n", lin)
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.X.Min, p.X.Max = 5e2, 2e9
	return p.Save(7*vg.Inch, 5*vg.Inch, out)
}

// readXY reads n and solve_seconds from a CSV with a header line.
func readXY(r io.Reader) (plotter.XYs, error) {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, err
	}
	if len(rows) < 2 {
		return nil, fmt.Errorf("no measurements")
	}
	var xy plotter.XYs
	for i, row := range rows[1:] {
		if len(row) < 2 {
			return nil, fmt.Errorf("line %d: want n,solve_seconds,...", i+2)
		}
		n, err1 := strconv.ParseFloat(row[0], 64)
		s, err2 := strconv.ParseFloat(row[1], 64)
		if err1 != nil || err2 != nil || n <= 0 || s <= 0 {
			return nil, fmt.Errorf("line %d: bad numbers %q", i+2, row)
		}
		xy = append(xy, plotter.XY{X: n, Y: s})
	}
	return xy, nil
}
