package units_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	_ "github.com/coverkit/coverkit/models/all"
	"github.com/coverkit/coverkit/units"
	"github.com/stretchr/testify/require"
)

// xcc is a small exact cover instance with multiplicities and colors, as
// the brute-force counter sees it.
type xcc struct {
	lo, hi  []int // bounds of the primary items
	sec     int   // secondary items
	options []xccOption
}

type xccOption struct {
	prim  []int
	sec   []int
	color []int // color of each secondary item, 0 for none
}

// randomXCC draws an instance: 1–4 primary items (half with bounds lo:hi
// other than 1:1), 0–2 secondary items, up to two colors, 1–9 options
// (a few without a primary item, which are never chosen).
func randomXCC(rng *rand.Rand) xcc {
	var x xcc
	np := 1 + rng.IntN(4)
	for range np {
		lo, hi := 1, 1
		if rng.IntN(2) == 0 {
			lo = rng.IntN(3)
			hi = max(lo, 1) + rng.IntN(3)
		}
		x.lo, x.hi = append(x.lo, lo), append(x.hi, hi)
	}
	x.sec = rng.IntN(3)
	no := 1 + rng.IntN(9)
	for range no {
		var o xccOption
		for i := range np {
			if rng.IntN(5) < 2 {
				o.prim = append(o.prim, i)
			}
		}
		if len(o.prim) == 0 && rng.IntN(10) != 0 {
			o.prim = append(o.prim, rng.IntN(np))
		}
		for s := range x.sec {
			if rng.IntN(5) < 2 {
				o.sec = append(o.sec, s)
				o.color = append(o.color, rng.IntN(3)) // 0: no color
			}
		}
		if len(o.prim) == 0 && len(o.sec) == 0 {
			o.prim = append(o.prim, 0)
		}
		x.options = append(x.options, o)
	}
	return x
}

// text writes the instance in the dlx format.
func (x xcc) text() string {
	var b strings.Builder
	for i := range x.lo {
		if x.lo[i] != 1 || x.hi[i] != 1 {
			fmt.Fprintf(&b, "%d:%d|", x.lo[i], x.hi[i])
		}
		fmt.Fprintf(&b, "p%d ", i)
	}
	if x.sec > 0 {
		b.WriteString("|")
		for s := range x.sec {
			fmt.Fprintf(&b, " s%d", s)
		}
	}
	b.WriteString("\n")
	for _, o := range x.options {
		var parts []string
		for _, p := range o.prim {
			parts = append(parts, fmt.Sprintf("p%d", p))
		}
		for k, s := range o.sec {
			name := fmt.Sprintf("s%d", s)
			if c := o.color[k]; c > 0 {
				name += fmt.Sprintf(":c%d", c)
			}
			parts = append(parts, name)
		}
		b.WriteString(strings.Join(parts, " ") + "\n")
	}
	return b.String()
}

// count counts the solutions by brute force: every set of options (an
// option without a primary item is never chosen) that covers each primary
// item between its bounds and gives each secondary item either to one
// option or to options that all give it the same color.
func (x xcc) count() uint64 {
	var n uint64
	no := len(x.options)
	for set := range 1 << no {
		ok := true
		cover := make([]int, len(x.lo))
		users := make([]int, x.sec)
		color := make([]int, x.sec)
		for s := range color {
			color[s] = -1
		}
		for k := 0; k < no && ok; k++ {
			if set>>k&1 == 0 {
				continue
			}
			o := x.options[k]
			if len(o.prim) == 0 {
				ok = false
				break
			}
			for _, p := range o.prim {
				cover[p]++
			}
			for i, s := range o.sec {
				c := o.color[i]
				users[s]++
				switch {
				case users[s] == 1:
					color[s] = c
				case c == 0 || color[s] != c:
					ok = false
				}
			}
		}
		for i := range cover {
			if cover[i] < x.lo[i] || cover[i] > x.hi[i] {
				ok = false
			}
		}
		if ok {
			n++
		}
	}
	return n
}

// TestRandomXCCThroughUnits splits 500 random small instances with
// multiplicities and colors (fixed seeds) through the dlx model's
// decomposition into K units (K = 1, 2, 3, 7, 64; on 1–3 workers; in one
// range or as separate jobs), merges the unit lines and checks the total
// against a brute-force count.
func TestRandomXCCThroughUnits(t *testing.T) {
	m, err := models.Lookup("dlx")
	require.NoError(t, err)
	ctx := context.Background()
	ks := []uint64{1, 2, 3, 7, 64}
	for seed := range uint64(500) {
		rng := rand.New(rand.NewPCG(seed, 20))
		x := randomXCC(rng)
		text := x.text()
		want := x.count()
		req := models.Request{Args: []string{"random.dlx"}, Open: func(string) (io.ReadCloser, error) {
			return io.NopCloser(strings.NewReader(text)), nil
		}}
		p, err := m.Instance.New(req)
		require.NoError(t, err, "seed %d:\n%s", seed, text)
		k := ks[seed%uint64(len(ks))]
		newDec := func() (core.Decomposition, error) { return m.Decompose(ctx, p, k) }
		dec, err := newDec()
		require.NoError(t, err, "seed %d:\n%s", seed, text)
		job := func(first, last uint64) []*units.Line {
			j := &units.Job{Model: "dlx", Size: p.Size(), Algorithm: units.AlgorithmOf(dec), Dec: dec, Units: k,
				First: first, Last: last, Version: "test", Workers: 1 + int(seed%3), NewDec: newDec}
			ls, err := j.Run(ctx)
			require.NoError(t, err, "seed %d", seed)
			return ls
		}
		var ls []*units.Line
		if seed%2 == 0 {
			ls = job(0, k-1)
		} else {
			for i := range k {
				ls = append(ls, job(i, i)...)
			}
		}
		var buf bytes.Buffer
		for _, l := range ls {
			b, err := l.Marshal()
			require.NoError(t, err)
			buf.Write(append(b, '\n'))
		}
		s, err := units.Merge(context.Background(), []units.Source{{Name: "units", R: &buf}})
		require.NoError(t, err, "seed %d", seed)
		require.True(t, s.Complete)
		require.Equal(t, fmt.Sprint(want), s.Solutions.String(), "seed %d, K = %d, %s:\n%s", seed, k, dec.Name(), text)
	}
}
