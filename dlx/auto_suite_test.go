package dlx

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/stretchr/testify/require"
)

// suiteInstance is an instance of the suite of issue 33 (testdata/auto):
// the CPU seconds each choice auto can make took on it, one worker
// (docs/benchmarks.md, "Issue 33"); a choice that did not finish within
// the time given is missing.
type suiteInstance struct {
	name  string
	times map[string]float64
	auto  float64 // the default's measured time, 0 when not measured
}

// suiteTick is the noise of best.csv's times (a process's CPU time on a
// shared machine, the least of three rounds): two choices a tick apart
// are a tie.
const suiteTick = 0.01

// suiteChoices are the columns of testdata/auto/best.csv that are
// auto's candidates, named as racer.choice names them.
var suiteChoices = []string{"dlx", "cells", "memo-first", "memo-mrv"}

// readSuite reads testdata/auto/best.csv: a header, then a row an
// instance with the CPU seconds of each choice (">T": not finished
// within T seconds).
func readSuite(t *testing.T) []suiteInstance {
	f, err := os.Open(filepath.Join("..", "testdata", "auto", "best.csv"))
	require.NoError(t, err)
	defer f.Close()
	r := csv.NewReader(f)
	r.Comment = '#'
	rows, err := r.ReadAll()
	require.NoError(t, err)
	require.Greater(t, len(rows), 1)
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	var suite []suiteInstance
	for _, row := range rows[1:] {
		in := suiteInstance{name: row[col["instance"]], times: map[string]float64{}}
		for _, c := range suiteChoices {
			i, ok := col[c]
			require.True(t, ok, "best.csv has no column %s", c)
			if sec, err := strconv.ParseFloat(row[i], 64); err == nil {
				in.times[c] = sec
			}
		}
		if i, ok := col["auto"]; ok {
			in.auto, _ = strconv.ParseFloat(row[i], 64)
		}
		suite = append(suite, in)
	}
	return suite
}

// choice names a racer as best.csv's header does: dlx, cells,
// memo-first, memo-mrv.
func (r *racer) choice() string {
	if _, ok := r.m.(*cells); ok {
		return "cells"
	}
	if !r.memo {
		return "dlx"
	}
	return "memo-" + r.branch().String()
}

// decide runs the race until its leader is clear (or alone), or a
// candidate finishes: the race's choice.
func (rc *race) decide() (*racer, bool, core.Stats) {
	return rc.finishUntil(func(*racer) bool { return true })
}

// TestAutoSuite checks auto's choice on every instance of the suite of
// testdata/auto: the race, run until its leader is clear or alone, chose
// a candidate whose measured time is within 1.2× of the best choice's
// (the enumeration is the dancing cells' wherever they can run, see
// raceEnumeration), and the default as measured, the race's
// cost included, is within 1.2× of it too. The race is decided by work,
// not time, so its choice is the same on every machine and run; the
// whole suite decides in about a second.
func TestAutoSuite(t *testing.T) {
	for _, in := range readSuite(t) {
		t.Run(in.name, func(t *testing.T) {
			best, bestChoice := 0.0, ""
			for c, sec := range in.times {
				if bestChoice == "" || sec < best {
					best, bestChoice = sec, c
				}
			}
			require.NotEmpty(t, bestChoice, "no choice finished")
			f, err := os.Open(filepath.Join("..", "testdata", "auto", in.name+".dlx"))
			require.NoError(t, err)
			defer f.Close()
			p, err := Parse(f)
			require.NoError(t, err)
			s, err := NewSolver(p)
			require.NoError(t, err)
			ctx, opts := context.Background(), &Options{}
			rc, err := s.newRace(ctx, opts, s.raceEnumeration(ctx, opts), true, DefaultMemoBytes())
			require.NoError(t, err)
			r, _, _ := rc.decide()
			s.settle()
			got := r.choice()
			sec, ok := in.times[got]
			require.True(t, ok, "%s: auto chose %s, which did not finish in the time given (the best, %s: %.3g s)", in.name, got, bestChoice, best)
			require.LessOrEqual(t, sec, 1.2*best+suiteTick, "%s: auto chose %s (%.3g s); %s takes %.3g s", in.name, got, sec, bestChoice, best)
			if in.auto != 0 { // the default as measured, its race's overhead included
				require.LessOrEqual(t, in.auto, 1.2*best+suiteTick, "%s: auto measured %.3g s; %s takes %.3g s", in.name, in.auto, bestChoice, best)
			}
		})
	}
}
