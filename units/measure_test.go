package units_test

import (
	"context"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/units"
	"github.com/stretchr/testify/require"
)

// TestMeasureListing prints M(n) and the time to list the coronal
// subproblems for n = 16..COVERKIT_MEASURE_MAXN (docs/scale-out.md). It
// runs only when COVERKIT_MEASURE is set.
func TestMeasureListing(t *testing.T) {
	if os.Getenv("COVERKIT_MEASURE") == "" {
		t.Skip("set COVERKIT_MEASURE=1 to measure")
	}
	maxN := 20
	if s := os.Getenv("COVERKIT_MEASURE_MAXN"); s != "" {
		maxN, _ = strconv.Atoi(s)
	}
	for n := 16; n <= maxN; n++ {
		c, err := queens.NewCoronal(n)
		require.NoError(t, err)
		start, c0 := time.Now(), cpu()
		m, err := c.Len(context.Background())
		require.NoError(t, err)
		t.Logf("n=%d M=%d listing cpu=%.2fs wall=%.2fs", n, m, (cpu() - c0).Seconds(), time.Since(start).Seconds())
	}
}

// TestMeasureUnitBalance solves every coronal subproblem of n =
// COVERKIT_MEASURE_N (default 16) once, timing each, and prints the
// per-unit work (the sum of its subproblems' times, plus one listing) for
// K = 1, 64, 1000: p50, p95, max and max/mean.
func TestMeasureUnitBalance(t *testing.T) {
	if os.Getenv("COVERKIT_MEASURE") == "" {
		t.Skip("set COVERKIT_MEASURE=1 to measure")
	}
	n := 16
	if s := os.Getenv("COVERKIT_MEASURE_N"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	c, err := queens.NewCoronal(n)
	require.NoError(t, err)
	c0 := cpu()
	_, err = c.Len(context.Background())
	require.NoError(t, err)
	listing := cpu() - c0
	var nodes []uint64
	c1 := cpu()
	var total core.Count
	_, err = c.Run(context.Background(), 0, 1, func(j uint64, r core.SubResult) bool {
		nodes = append(nodes, r.Stats.Nodes)
		total = total.Add(r.Count)
		return true
	})
	require.NoError(t, err)
	runCPU := (cpu() - c1).Seconds()
	// Wall times of single subproblems are noise on a busy machine (a
	// preemption lands on one of them): the work of a unit is modelled as
	// its share of the nodes times the CPU time of the whole run.
	var totalNodes, heavy float64
	for _, x := range nodes {
		totalNodes += float64(x)
		heavy = math.Max(heavy, float64(x))
	}
	t.Logf("n=%d M=%d solutions=%s listing=%.2fs (CPU) solving=%.2fs (CPU) nodes=%.0f heaviest subproblem %.0f nodes (%.0f× the mean)",
		n, len(nodes), total, listing.Seconds(), runCPU, totalNodes, heavy, heavy/(totalNodes/float64(len(nodes))))
	for _, k := range []int{1, 64, 1000} {
		wn := make([]float64, k)
		for j, x := range nodes {
			wn[j%k] += float64(x)
		}
		// Contiguous blocks, for comparison.
		block := make([]float64, k)
		per := (len(nodes) + k - 1) / k
		for j, x := range nodes {
			block[j/per] += float64(x)
		}
		wall := make([]float64, k)
		for i := range wn {
			wall[i] = listing.Seconds() + runCPU*wn[i]/totalNodes
		}
		t.Logf("K=%d unit CPU (listing + share of the nodes) p50=%.3fs p95=%.3fs max=%.3fs max/mean=%.3f; "+
			"solving only: max/mean strided %.3f, contiguous blocks %.3f; all units %.1fs",
			k, pct(wall, 50), pct(wall, 95), pct(wall, 100), maxMean(wall), maxMean(wn), maxMean(block), sum(wall))
	}
}

func sum(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x
	}
	return s
}

func pct(xs []float64, p float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	i := int(math.Ceil(p/100*float64(len(s)))) - 1
	return s[max(0, min(i, len(s)-1))]
}

func maxMean(xs []float64) float64 {
	var sum, mx float64
	for _, x := range xs {
		sum += x
		mx = math.Max(mx, x)
	}
	if sum == 0 {
		return 0
	}
	return mx / (sum / float64(len(xs)))
}

// BenchmarkMerge100k merges 100,000 unit lines (K = 100,000 over a list of
// 3,073,215 subproblems, the size of n = 16): the issue asks for under a
// second.
func BenchmarkMerge100k(b *testing.B) {
	const k, m = 100_000, 3_073_215
	var sb strings.Builder
	seed := units.NameSeed(queens.CoronalName)
	for i := range uint64(k) {
		c := units.UnitSize(m, i, k)
		l := units.Line{Model: "queens", Size: "16", Algorithm: "bitwise", Solutions: core.CountOf(i),
			Schema: units.Schema{Name: units.SchemaName, Version: units.SchemaVersion}, Decomposition: queens.CoronalName,
			Units: k, Unit: i, Subproblems: c, Fingerprint: units.FormatFingerprint(units.UnitFingerprint(seed, i, k, c)),
			ByWeight: map[string]uint64{"8": c}, Version: "bench"}
		out, _ := l.Marshal()
		sb.Write(out)
		sb.WriteByte('\n')
	}
	in := sb.String()
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		s, err := units.Merge(context.Background(), []units.Source{{Name: "bench", R: strings.NewReader(in)}})
		if err != nil || !s.Complete {
			b.Fatal(err)
		}
	}
}
