package bench_test

import (
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coverkit/coverkit/bench"
	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/report"
	"github.com/stretchr/testify/require"
)

// fixedReport is a fixed report for the writers: two sizes, one algorithm that
// counts nodes and one that counts checks and steps, a growth fit.
func fixedReport() *bench.Report {
	fund := core.CountOf(1)
	row := func(size, alg string, kind models.Kind, st core.Status, sols uint64, nodes, checks, steps uint64, med time.Duration) bench.Row {
		rec := report.Record{Model: "fake", Size: size, Algorithm: alg, Status: st, Partial: st.Partial(),
			Solutions: core.CountOf(sols), Nodes: nodes, Checks: checks, Steps: steps, Elapsed: report.Number(med.Seconds()),
			Fields: models.Fields{{Key: "n", Value: len(size)}, {Key: "kind", Value: "dropped: the compare field wins"}}}
		if alg == "counter" {
			rec.Fundamental = &fund
		}
		return bench.Row{Record: rec, Kind: kind, Runs: 3, Median: med, Min: med / 2, Max: 2 * med}
	}
	return &bench.Report{
		Model: "fake", Job: "count", Repeat: 3, Machine: "Test CPU, 2 cores, go1.26 linux/amd64",
		Sizes: []string{"8", "9"},
		Rows: []bench.Row{
			row("8", "counter", models.Exact, core.StatusExhausted, 8, 256, 0, 0, 2*time.Millisecond),
			row("8", "checks", models.LocalSearch, core.StatusExhausted, 8, 0, 3, 4, 20*time.Second),
			row("9", "counter", models.Exact, core.StatusExhausted, 9, 512, 0, 0, 4*time.Millisecond),
			row("9", "checks", models.LocalSearch, core.StatusTimeout, 7, 0, 3, 4, 50*time.Millisecond),
		},
		Growth:  []bench.Growth{{Algorithm: "counter", Time: 2, Nodes: 2, Points: 2}},
		PerUnit: true,
	}
}

func TestWriteText(t *testing.T) {
	var b strings.Builder
	require.NoError(t, bench.Write(&b, "text", fixedReport()))
	require.Equal(t, `fake compare: size = 8,9, count, median of 3 run(s)
machine: Test CPU, 2 cores, go1.26 linux/amd64
SIZE  ALGORITHM  KIND          STATUS     SOLUTIONS  FUNDAMENTAL  NODES  CHECKS  STEPS  ELAPSED     MIN         MAX
8     counter    exact         exhausted  8          1            256    -       -      0.002000 s  0.001000 s  0.004000 s
8     checks     local-search  exhausted  8          -            -      3       4      20.00 s     10.00 s     40.00 s
9     counter    exact         exhausted  9          1            512    -       -      0.004000 s  0.002000 s  0.008000 s
9     checks     local-search  timeout    7          -            -      3       4      0.0500 s    0.0250 s    0.1000 s

growth per size step (size + 1), fitted over the sizes that finished:
ALGORITHM  TIME   NODES  SIZES
counter    2.00x  2.00x  2
`, b.String())

	one := fixedReport()
	one.Sizes, one.Rows, one.Growth = []string{"8"}, one.Rows[:1], nil
	one.Rows[0].Record.Fundamental = nil
	b.Reset()
	require.NoError(t, bench.Write(&b, "", one))
	require.Equal(t, `fake compare: size = 8, count, median of 3 run(s)
machine: Test CPU, 2 cores, go1.26 linux/amd64
ALGORITHM  KIND   STATUS     SOLUTIONS  NODES  ELAPSED     MIN         MAX
counter    exact  exhausted  8          256    0.002000 s  0.001000 s  0.004000 s
`, b.String())
}

func TestWriteJSON(t *testing.T) {
	var b strings.Builder
	require.NoError(t, bench.Write(&b, "json", fixedReport()))
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	require.Len(t, lines, 4)
	require.Equal(t, `{"model":"fake","size":"8","algorithm":"counter","status":"exhausted","partial":false,"solutions":8,"fundamental":1,"nodes":256,"elapsed_seconds":0.002,`+
		`"kind":"exact","job":"count","min_seconds":0.001,"max_seconds":0.004,"runs":3,"machine":"Test CPU, 2 cores, go1.26 linux/amd64","time_growth":2,"nodes_growth":2,"n":1}`, lines[0])
	require.Equal(t, `{"model":"fake","size":"9","algorithm":"checks","status":"timeout","partial":true,"solutions":7,"checks":3,"steps":4,"elapsed_seconds":0.05,`+
		`"kind":"local-search","job":"count","min_seconds":0.025,"max_seconds":0.1,"runs":3,"machine":"Test CPU, 2 cores, go1.26 linux/amd64","n":1}`, lines[3])
	for _, l := range lines {
		var rec map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &rec))
	}
}

func TestWriteCSV(t *testing.T) {
	var b strings.Builder
	require.NoError(t, bench.Write(&b, "csv", fixedReport()))
	recs, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 5)
	require.Equal(t, []string{"model", "size", "algorithm", "status", "partial", "solutions", "fundamental", "nodes", "checks", "updates", "steps",
		"elapsed_seconds", "kind", "job", "min_seconds", "max_seconds", "runs", "machine", "time_growth", "nodes_growth", "n"}, recs[0])
	require.Equal(t, []string{"fake", "8", "counter", "exhausted", "false", "8", "1", "256", "", "", "", "0.002",
		"exact", "count", "0.001", "0.004", "3", "Test CPU, 2 cores, go1.26 linux/amd64", "2", "2", "1"}, recs[1])
	require.Equal(t, []string{"fake", "9", "checks", "timeout", "true", "7", "", "", "3", "", "4", "0.05",
		"local-search", "count", "0.025", "0.1", "3", "Test CPU, 2 cores, go1.26 linux/amd64", "", "", "1"}, recs[4])
}

func TestWriteErrors(t *testing.T) {
	var b strings.Builder
	require.EqualError(t, bench.Write(&b, "xml", fixedReport()), `bench: unknown format "xml" (choose text, json, csv, svg, none)`)
	for _, f := range bench.Formats {
		require.ErrorContains(t, bench.Write(&b, f, nil), "bench: no report")
	}
	empty := &bench.Report{Model: "fake", Job: "count", Repeat: 1, Sizes: []string{"8"}}
	for _, f := range bench.Formats {
		require.NoError(t, bench.Write(&b, f, empty))
	}
}
