package chart_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/bench/chart"
	"github.com/stretchr/testify/require"
)

// wellFormed reports whether b parses as XML from start to end.
func wellFormed(b []byte) error {
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		if _, err := d.Token(); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

func TestWriteSVG(t *testing.T) {
	for _, tc := range []struct {
		name  string
		chart chart.Chart
		want  []string
	}{
		{
			name: "two algorithms over sizes",
			chart: chart.Chart{Title: "queens compare: count", Subtitle: "machine: test", XLabel: "size", Series: []chart.Series{
				{Name: "bitwise", X: []float64{8, 9, 10}, Seconds: []float64{1e-4, 3e-4, 1e-3}, Nodes: []float64{500, 2000, 8000}, TimeGrowth: 3.16, NodesGrowth: 4},
				{Name: "backtrack", X: []float64{8, 9, 10}, Seconds: []float64{2e-4, 9e-4, 4e-3}, Nodes: []float64{2000, 8000, 35000}, TimeGrowth: 4.47},
			}},
			want: []string{"<svg", "queens compare: count", "machine: test", "bitwise — time ×3.16/step, nodes ×4.00/step", "backtrack — time ×4.47/step", "time (s)", "nodes", "1e-4", "1e5"},
		},
		{
			name: "no nodes: the time panel alone",
			chart: chart.Chart{Title: "t", Series: []chart.Series{
				{Name: "construct", X: []float64{1, 2}, Seconds: []float64{0.1, 0.2}},
			}},
			want: []string{"construct", "time (s)"},
		},
		{
			name: "labelled sizes and values that cannot be drawn",
			chart: chart.Chart{Title: "t", XTicks: []chart.Tick{{At: 0, Label: "3x4"}, {At: 1, Label: "5x5"}}, Series: []chart.Series{
				{Name: "a", X: []float64{0, 1, math.NaN()}, Seconds: []float64{0, math.Inf(1), 1}, Nodes: []float64{10, 0, 1}},
			}},
			want: []string{"3x4", "5x5"},
		},
		{
			name:  "reserved characters in names",
			chart: chart.Chart{Title: `a <b> & "c"`, Series: []chart.Series{{Name: "x<y", X: []float64{1}, Seconds: []float64{1}}}},
			want:  []string{"a &lt;b&gt; &amp; &quot;c&quot;", "x&lt;y"},
		},
		{name: "nothing measured", chart: chart.Chart{Series: []chart.Series{{Name: "a", X: []float64{1}, Seconds: []float64{0}}}}, want: []string{"nothing to draw"}},
		{name: "no series", chart: chart.Chart{}, want: []string{"nothing to draw"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, tc.chart.WriteSVG(&b))
			require.NoError(t, wellFormed(b.Bytes()))
			for _, w := range tc.want {
				require.True(t, strings.Contains(b.String(), w), "missing %q", w)
			}
		})
	}
}

func ExampleChart_WriteSVG() {
	c := chart.Chart{Title: "queens compare: count", XLabel: "n", Series: []chart.Series{
		{Name: "bitwise", X: []float64{8, 9, 10}, Seconds: []float64{1e-4, 3e-4, 1e-3}, Nodes: []float64{500, 2000, 8000}},
	}}
	var b strings.Builder
	if err := c.WriteSVG(&b); err != nil {
		panic(err)
	}
	fmt.Println(strings.HasPrefix(b.String(), "<?xml"), strings.Contains(b.String(), "bitwise"))
	// Output: true true
}
