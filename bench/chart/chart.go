// Package chart draws a growth comparison — time and nodes against size,
// one line per algorithm, on logarithmic scales — as an SVG image.
//
// It writes the SVG itself, with no plotting library: a plotting library
// linked into the coverkit command would cost every command its start-up,
// drawing or not, since Go runs the initialisation of every linked package
// at start. Measured (docs/benchmarks.md, § Start-up): gonum/plot adds
// 4.6 ms of package initialisation to each start (it parses its fonts),
// its vector canvas alone (vg, vgsvg) 0.25 ms and 1.4 MB; this package
// adds nothing. gonum/plot still draws the figures of the documentation,
// in its own module (docs/plot).
package chart

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Series is one algorithm's measurements: at each X, the time in seconds
// and the nodes (0 where not measured), and the fitted growth per step of
// X (0 where there is no fit).
type Series struct {
	Name        string
	X           []float64
	Seconds     []float64
	Nodes       []float64
	TimeGrowth  float64
	NodesGrowth float64
}

// Chart is a growth comparison: a title, a subtitle (the machine), the
// name of the X axis and its labelled positions, and the series.
type Chart struct {
	Title, Subtitle, XLabel string
	// XTicks label positions of X ("12", "5x6"); nil labels every X of
	// the series by its value.
	XTicks []Tick
	Series []Series
}

// Tick is a labelled position on an axis.
type Tick struct {
	At    float64
	Label string
}

// Size of the image and of its text, in pixels.
const (
	width, height = 1100, 560
	margin        = 18
	font          = 12
	charWidth     = 6.6 // an estimate, to keep axis labels apart
)

// palette holds the line colors, from Paul Tol's colour-blind safe bright
// scheme; series past it are dashed.
var palette = []string{"#4477aa", "#ee6677", "#228833", "#ccbb44", "#66ccee", "#aa3377", "#000000"}

// svg writes SVG elements, keeping the first write error.
type svg struct {
	w   *bufio.Writer
	err error
}

func (s *svg) printf(format string, a ...any) {
	if s.err == nil {
		_, s.err = fmt.Fprintf(s.w, format, a...)
	}
}

// text writes s at (x, y) anchored at "start", "middle" or "end".
func (s *svg) text(x, y float64, anchor, extra, t string) {
	s.printf(`<text x="%.1f" y="%.1f" text-anchor="%s"%s>%s</text>`+"\n", x, y, anchor, extra, escape(t))
}

// escape escapes the characters XML reserves in text.
func escape(t string) string {
	if !strings.ContainsAny(t, `&<>"`) {
		return t
	}
	var b strings.Builder
	for _, r := range t {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (s *svg) line(x0, y0, x1, y1 float64, style string) {
	s.printf(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" %s/>`+"\n", x0, y0, x1, y1, style)
}

// WriteSVG draws c as an SVG image on w: time on the left, nodes on the
// right (left out when no series measured nodes), the legend below with
// each algorithm's growth per step. A chart with nothing to draw says so
// in the image.
func (c *Chart) WriteSVG(w io.Writer) error {
	if w == nil {
		return errors.New("chart: nil writer")
	}
	s := &svg{w: bufio.NewWriter(w)}
	s.printf(`<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
		`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="%d">`+"\n",
		width, height, width, height, font)
	s.printf(`<rect width="%d" height="%d" fill="white"/>`+"\n", width, height)
	s.text(margin, margin+14, "start", ` font-size="16"`, c.Title)
	if c.Subtitle != "" {
		s.text(margin, margin+32, "start", "", c.Subtitle)
	}
	var panels []panel
	for _, p := range []panel{
		{label: "time (s)", y: func(s *Series) []float64 { return s.Seconds }},
		{label: "nodes", y: func(s *Series) []float64 { return s.Nodes }},
	} {
		if p.fit(c) {
			panels = append(panels, p)
		}
	}
	if len(panels) == 0 {
		s.text(width/2, height/2, "middle", ` font-size="16"`, "nothing to draw: no run finished with a time or a node count")
	} else {
		rows := float64((len(c.Series) + 1) / 2)
		top, bottom := float64(margin+56), height-margin-18*rows-52
		pw := float64(width-2*margin) / float64(len(panels))
		for i := range panels {
			x0 := margin + float64(i)*pw
			panels[i].draw(s, c, x0+70, bottom, x0+pw-20, top)
		}
		c.legend(s, margin, bottom+58)
	}
	s.printf("</svg>\n")
	if s.err != nil {
		return s.err
	}
	return s.w.Flush()
}

// panel is one of the two plots: its Y axis and the values it draws.
type panel struct {
	label                  string
	y                      func(*Series) []float64
	xmin, xmax, ymin, ymax float64 // data range; Y in log10
}

// point reports whether the j-th value of a series can be drawn.
func drawable(x float64, ys []float64, j int) bool {
	return j < len(ys) && ys[j] > 0 && !math.IsInf(ys[j], 0) && !math.IsNaN(x) && !math.IsInf(x, 0)
}

// fit finds the panel's range; false when no series has a value to draw.
func (p *panel) fit(c *Chart) bool {
	p.xmin, p.xmax, p.ymin, p.ymax = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for i := range c.Series {
		s := &c.Series[i]
		ys := p.y(s)
		for j, x := range s.X {
			if !drawable(x, ys, j) {
				continue
			}
			l := math.Log10(ys[j])
			p.xmin, p.xmax = min(p.xmin, x), max(p.xmax, x)
			p.ymin, p.ymax = min(p.ymin, l), max(p.ymax, l)
		}
	}
	if math.IsInf(p.xmin, 0) {
		return false
	}
	if p.xmax == p.xmin {
		p.xmin, p.xmax = p.xmin-1, p.xmax+1
	}
	p.ymin, p.ymax = math.Floor(p.ymin), math.Ceil(p.ymax)
	if p.ymax == p.ymin {
		p.ymax++
	}
	return true
}

// draw draws the panel's frame, ticks and lines in the box from (l, b),
// bottom left, to (r, t), top right (SVG's y grows downwards).
func (p *panel) draw(s *svg, c *Chart, l, b, r, t float64) {
	px := func(x float64) float64 { return l + (x-p.xmin)/(p.xmax-p.xmin)*(r-l) }
	py := func(ly float64) float64 { return b - (ly-p.ymin)/(p.ymax-p.ymin)*(b-t) }
	for d := p.ymin; d <= p.ymax; d++ {
		s.line(l, py(d), r, py(d), `stroke="#e1e1e1"`)
		s.text(l-6, py(d)+4, "end", "", "1e"+strconv.Itoa(int(d)))
	}
	s.printf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="black"/>`+"\n", l, t, r-l, b-t)
	ticks := c.XTicks
	if ticks == nil {
		seen := map[float64]bool{}
		for _, se := range c.Series {
			for _, x := range se.X {
				if !seen[x] {
					seen[x] = true
					ticks = append(ticks, Tick{At: x, Label: strconv.FormatFloat(x, 'g', -1, 64)})
				}
			}
		}
	}
	last := math.Inf(-1)
	for _, tk := range ticks {
		x, half := px(tk.At), float64(len(tk.Label))*charWidth/2
		if tk.At < p.xmin || tk.At > p.xmax || x-half < last+6 {
			continue // outside, or on the previous label
		}
		s.line(x, b, x, b-5, `stroke="black"`)
		s.text(x, b+16, "middle", "", tk.Label)
		last = x + half
	}
	s.text((l+r)/2, b+34, "middle", "", c.XLabel)
	s.text(0, 0, "middle", fmt.Sprintf(` transform="translate(%.1f %.1f) rotate(-90)"`, l-52, (b+t)/2), p.label)
	for i := range c.Series {
		se := &c.Series[i]
		ys := p.y(se)
		var d strings.Builder
		n := 0
		for j, x := range se.X {
			if !drawable(x, ys, j) {
				continue
			}
			cmd := 'L'
			if n == 0 {
				cmd = 'M'
			}
			fmt.Fprintf(&d, "%c%.1f %.1f", cmd, px(x), py(math.Log10(ys[j])))
			s.printf(`<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"/>`+"\n", px(x), py(math.Log10(ys[j])), palette[i%len(palette)])
			n++
		}
		if n > 1 {
			s.printf(`<path d="%s" fill="none" %s/>`+"\n", d.String(), style(i))
		}
	}
}

// legend writes one entry per series, two columns, from (x, y) down.
func (c *Chart) legend(s *svg, x, y float64) {
	colW := float64(width-2*margin) / 2
	for i := range c.Series {
		se := &c.Series[i]
		ex := x + float64(i%2)*colW
		ey := y + float64(i/2)*18
		s.line(ex, ey-4, ex+26, ey-4, style(i))
		s.text(ex+34, ey, "start", "", se.Name+growthText(se))
	}
}

// growthText is the legend's fitted growth: " — time ×3.91/step, nodes
// ×4.42/step", or "" without a fit.
func growthText(s *Series) string {
	out := ""
	for _, g := range []struct {
		what string
		v    float64
	}{{"time", s.TimeGrowth}, {"nodes", s.NodesGrowth}} {
		if g.v > 0 && !math.IsInf(g.v, 0) {
			if out == "" {
				out = " — "
			} else {
				out += ", "
			}
			out += g.what + " ×" + strconv.FormatFloat(g.v, 'f', 2, 64) + "/step"
		}
	}
	return out
}

// style is series i's stroke: its color, and a dash pattern past the
// palette.
func style(i int) string {
	st := fmt.Sprintf(`stroke="%s" stroke-width="1.8"`, palette[i%len(palette)])
	if k := i / len(palette); k > 0 {
		st += fmt.Sprintf(` stroke-dasharray="%d 3"`, 3+3*k)
	}
	return st
}
