package units_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/units"
)

// validLines returns the unit lines of 9 queens in 2 units.
func validLines(tb testing.TB) []string {
	tb.Helper()
	dec, err := queens.NewCoronal(9)
	if err != nil {
		tb.Fatal(err)
	}
	j := &units.Job{Model: "queens", Size: "9", Algorithm: "bitwise", Dec: dec, Units: 2, First: 0, Last: 1, Version: "seed"}
	ls, err := j.Run(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, l := range ls {
		b, err := l.Marshal()
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

// FuzzMerge feeds merge arbitrary input: it must return a summary or an
// error wrapping ErrMerge, never panic.
func FuzzMerge(f *testing.F) {
	ls := validLines(f)
	f.Add(strings.Join(ls, "\n"))
	f.Add(ls[0] + "\n" + ls[0] + "\n")
	f.Add("\n\n{}\n")
	f.Add(`{"schema":{"name":"coverkit-unit","version":2},"units":18446744073709551615,"unit":18446744073709551614,"subproblems":18446744073709551615}`)
	f.Fuzz(func(t *testing.T, in string) {
		s, err := units.Merge(context.Background(), []units.Source{{Name: "fuzz", R: strings.NewReader(in)}})
		if err == nil && s == nil {
			t.Fatal("no summary and no error")
		}
		if err != nil && !errors.Is(err, units.ErrMerge) {
			t.Fatalf("an error that is not ErrMerge: %v", err)
		}
	})
}

// FuzzParseLine: the unit-line reader refuses or accepts any input without
// panicking, and a line it accepts writes back to a line that reads the
// same.
func FuzzParseLine(f *testing.F) {
	for _, l := range validLines(f) {
		f.Add(l)
	}
	f.Add(`{"solutions":340282366920938463463374607431768211455,"cpu_seconds":1e999}`)
	f.Add(`{"by_weight":{"02":1},"extra":1}`)
	f.Add(`null`)
	f.Add(`{"model":"polyomino","size":"3x20","algorithm":"dlx","status":"exhausted","partial":false,"solutions":8,"fundamental":2,"nodes":8003,"updates":2580997,"elapsed_seconds":0.01,"schema":{"name":"coverkit-unit","version":2},"decomposition":"polyomino-reduced-mrv/2/d=2","units":3,"unit":0,"subproblems":29,"fingerprint":"c49ad88564077d8d","instance":"2b8a5a19987fadd7cf80cf8aacd4c9a4","cpu_seconds":0.02,"resumes":0,"version":"dev"}`)
	f.Fuzz(func(t *testing.T, in string) {
		l, err := units.ParseLine([]byte(in))
		if err != nil {
			return
		}
		b, err := l.Marshal()
		if err != nil {
			t.Fatalf("an accepted line does not write: %v", err)
		}
		l2, err := units.ParseLine(b)
		if err != nil {
			t.Fatalf("an accepted line writes %s, which reads as %v", b, err)
		}
		b2, _ := l2.Marshal()
		if !bytes.Equal(b, b2) {
			t.Fatalf("%s reads back as %s", b, b2)
		}
	})
}

// stopDec is a decomposition of m subproblems counting j%3 times their
// class (1 + j%2, a weight) each, that stops when its context ends, for
// checkpoints made in tests. With fund it
// counts the solutions up to symmetry too (core.FundamentalCounter): one
// class in each subproblem whose j%3 is 2 (of its two solutions).
type stopDec struct {
	m    uint64
	fund bool
}

func (d stopDec) Name() string                        { return "stop/1" }
func (d stopDec) Instance() string                    { return "stop" }
func (d stopDec) Len(context.Context) (uint64, error) { return d.m, nil }
func (d stopDec) Fundamental() bool                   { return d.fund }
func (d stopDec) Run(ctx context.Context, first, stride uint64, done func(uint64, core.SubResult) bool) (core.Status, error) {
	for j := first; j < d.m; j += stride {
		if st, stop := core.ContextStatus(ctx); stop {
			return st, nil
		}
		class := 1 + j%2 // a weight: the count is a multiple of it
		r := core.SubResult{Count: core.CountOf(j % 3 * class), Class: int(class), Stats: core.Stats{Nodes: j}}
		if d.fund && j%3 == 2 {
			r.Fundamental = core.CountOf(1)
		}
		if !done(j, r) {
			break
		}
	}
	return core.StatusExhausted, nil
}

// stopAfter cancels the context after n subproblems.
type stopAfter struct {
	stopDec
	n      *int
	cancel context.CancelFunc
}

func (d stopAfter) Run(ctx context.Context, first, stride uint64, done func(uint64, core.SubResult) bool) (core.Status, error) {
	return d.stopDec.Run(ctx, first, stride, func(j uint64, r core.SubResult) bool {
		if *d.n--; *d.n == 0 {
			d.cancel()
		}
		return done(j, r)
	})
}

// resumeJob is units 0..1 of 3 of stopDec{50}, with a checkpoint.
func resumeJob(dec core.Decomposition, ck string) *units.Job {
	return &units.Job{Model: "stop", Size: "50", Algorithm: "none", Dec: dec, Units: 3, First: 0, Last: 1,
		Version: "test", Checkpoint: ck}
}

// FuzzReadCheckpoint: the checkpoint reader refuses or accepts any input
// without panicking; a job resuming from it either refuses it (exit 2
// errors: ErrCheckpoint, ErrOverflow) or ends with lines whose subproblems
// and fingerprints are those of their units — the fingerprint vouches for
// the subproblems, never for a count.
func FuzzReadCheckpoint(f *testing.F) {
	dir := f.TempDir()
	for _, n := range []int{5, 20, 30} {
		ck := filepath.Join(dir, fmt.Sprintf("seed-%d.json", n))
		ctx, cancel := context.WithCancel(context.Background())
		left := n
		_, err := resumeJob(stopAfter{stopDec{m: 50}, &left, cancel}, ck).Run(ctx)
		if !errors.Is(err, units.ErrStopped) {
			f.Fatalf("the seed job was not stopped: %v", err)
		}
		b, err := os.ReadFile(ck)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"schema":"coverkit-checkpoint/2","next":18446744073709551615,"solutions":340282366920938463463374607431768211455}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if units.ReadCheckpoint(b) != nil {
			return // the job reads it with the same reader, and refuses it
		}
		ck := filepath.Join(t.TempDir(), "ck.json")
		if err := os.WriteFile(ck, b, 0o644); err != nil {
			t.Fatal(err)
		}
		ls, err := resumeJob(stopDec{m: 50}, ck).Run(context.Background())
		if err != nil {
			if !errors.Is(err, units.ErrCheckpoint) && !errors.Is(err, units.ErrOverflow) {
				t.Fatalf("a checkpoint refused with %v", err)
			}
			return
		}
		seed := units.NameSeed("stop/1")
		for i, l := range ls {
			u := uint64(i)
			fp, _ := units.ParseFingerprint(l.Fingerprint)
			if l.Unit != u || l.Subproblems != units.UnitSize(50, u, 3) || fp != units.UnitFingerprint(seed, u, 3, l.Subproblems) {
				t.Fatalf("accepted checkpoint gave unit %d a line of unit %d, %d subproblems, fingerprint %s", u, l.Unit, l.Subproblems, l.Fingerprint)
			}
		}
	})
}
