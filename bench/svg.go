package bench

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/coverkit/coverkit/bench/chart"
)

// WriteSVG draws rep as a chart (package chart): the median time and the
// nodes of each algorithm against the size, on logarithmic scales, one
// line per algorithm, its fitted growth per size step in the legend. Runs
// that stopped early are left out, as in the growth fit. A comparison of
// one size draws one point per algorithm; --sizes A..B is what the chart
// is for.
func WriteSVG(w io.Writer, rep *Report) error {
	if w == nil {
		return errors.New("bench: nil writer")
	}
	if rep == nil {
		return errors.New("bench: no report to write")
	}
	xOf, perUnit := sizePositions(rep.Sizes)
	c := &chart.Chart{
		Title:    fmt.Sprintf("%s compare: %s, median of %d run(s)", rep.Model, rep.Job, rep.Repeat),
		Subtitle: "machine: " + rep.Machine,
		XLabel:   "size",
	}
	if !perUnit {
		c.XLabel = "size (in the order compared)"
	}
	for i, s := range rep.Sizes {
		if i == 0 || rep.Sizes[i-1] != s {
			c.XTicks = append(c.XTicks, chart.Tick{At: xOf[s], Label: s})
		}
	}
	index := map[string]int{}
	for _, r := range rep.Rows {
		if r.Record.Status.Partial() {
			continue
		}
		i, ok := index[r.Record.Algorithm]
		if !ok {
			i = len(c.Series)
			index[r.Record.Algorithm] = i
			c.Series = append(c.Series, chart.Series{Name: r.Record.Algorithm})
		}
		s := &c.Series[i]
		s.X = append(s.X, xOf[r.Record.Size])
		s.Seconds = append(s.Seconds, float64(r.Record.Elapsed))
		s.Nodes = append(s.Nodes, float64(r.Record.Nodes))
	}
	for _, g := range rep.Growth {
		if i, ok := index[g.Algorithm]; ok {
			c.Series[i].TimeGrowth, c.Series[i].NodesGrowth = g.Time, g.Nodes
		}
	}
	if len(rep.Sizes) > 1 && rep.Growth != nil && !rep.PerUnit {
		c.XLabel += "; growth per step along the sizes"
	}
	return c.WriteSVG(w)
}

// sizePositions places the sizes on the X axis: at their values when every
// size is a whole number, else at their positions in the list (a size seen
// again keeps its first position).
func sizePositions(sizes []string) (map[string]float64, bool) {
	xOf := make(map[string]float64, len(sizes))
	for _, s := range sizes {
		v, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil {
			clear(xOf)
			for i, s := range sizes {
				if _, seen := xOf[s]; !seen {
					xOf[s] = float64(i)
				}
			}
			return xOf, false
		}
		xOf[s] = float64(v)
	}
	return xOf, true
}
