package bench

import (
	"math"
	"strconv"

	"github.com/coverkit/coverkit/models"
	"gonum.org/v1/gonum/stat"
)

// FitGrowth returns the factor by which y grows per unit of x: exp(b) for
// the least-squares line log(y) = a + b·x (gonum stat.LinearRegression).
// Points whose y is not positive and finite are left out. ok is false when
// fewer than two points with distinct x remain.
func FitGrowth(x, y []float64) (factor float64, ok bool) {
	n := min(len(x), len(y))
	xs := make([]float64, 0, n)
	ys := make([]float64, 0, n)
	for i := range n {
		if y[i] > 0 && !math.IsInf(y[i], 0) && !math.IsNaN(x[i]) && !math.IsInf(x[i], 0) {
			xs = append(xs, x[i])
			ys = append(ys, math.Log(y[i]))
		}
	}
	distinct := false
	for _, v := range xs[min(1, len(xs)):] {
		if v != xs[0] {
			distinct = true
			break
		}
	}
	if !distinct {
		return 0, false
	}
	_, slope := stat.LinearRegression(xs, ys, nil, false)
	g := math.Exp(slope)
	if math.IsNaN(g) || math.IsInf(g, 0) {
		return 0, false
	}
	return g, true
}

// fit computes each algorithm's growth over the sizes of rep, against the
// sizes themselves when they are all whole numbers, else against their
// positions.
func fit(rep *Report, algs []models.Algorithm) ([]Growth, bool) {
	if len(rep.Sizes) < 2 {
		return nil, false
	}
	xOf := make(map[string]float64, len(rep.Sizes))
	perUnit := true
	for _, s := range rep.Sizes {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			perUnit = false
			break
		}
		xOf[s] = float64(v)
	}
	if !perUnit {
		clear(xOf)
		for i, s := range rep.Sizes {
			if _, seen := xOf[s]; !seen {
				xOf[s] = float64(i)
			}
		}
	}
	var out []Growth
	for _, a := range algs {
		var xt, yt, xn, yn []float64
		for _, r := range rep.Rows {
			if r.Record.Algorithm != a.Name || r.Record.Status.Partial() {
				continue
			}
			x := xOf[r.Record.Size]
			xt, yt = append(xt, x), append(yt, float64(r.Record.Elapsed))
			if r.Record.Nodes > 0 {
				xn, yn = append(xn, x), append(yn, float64(r.Record.Nodes))
			}
		}
		g := Growth{Algorithm: a.Name, Points: len(xt)}
		var okT, okN bool
		g.Time, okT = FitGrowth(xt, yt)
		if len(xn) == len(xt) {
			g.Nodes, okN = FitGrowth(xn, yn)
		}
		if okT || okN {
			out = append(out, g)
		}
	}
	return out, perUnit
}
