package units

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"math/big"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/lines"
)

// MaxUnitSubproblems bounds the subproblems a unit line may claim (2^30):
// merge recomputes the fingerprint over them, a few seconds at this bound,
// and a damaged line must not make it loop for days. No split gives one
// unit more: 27 queens, the largest count split, has about 2^31
// subproblems in all, and a unit of 2^30 of them is centuries of work.
const MaxUnitSubproblems = 1 << 30

// ErrMerge is wrapped by every error Merge returns: a line that cannot be
// read, lines from different counts, a conflict, a mismatch.
var ErrMerge = errors.New("units: merge")

// Source is one input of a merge: a name for messages and a reader.
type Source struct {
	Name string
	R    io.Reader
}

// Range is an inclusive range of unit indices.
type Range struct{ First, Last uint64 }

// MarshalJSON writes a range as [first, last].
func (r Range) MarshalJSON() ([]byte, error) {
	return []byte("[" + strconv.FormatUint(r.First, 10) + "," + strconv.FormatUint(r.Last, 10) + "]"), nil
}

// Summary is the result of a merge.
type Summary struct {
	Model     string   `json:"model"`
	Size      string   `json:"size"`
	Algorithm string   `json:"algorithm"`
	Solutions *big.Int `json:"solutions"`
	// Fundamental is the count up to symmetry, where the decomposition
	// counts it (every line has it); nil otherwise.
	Fundamental   *big.Int `json:"fundamental,omitempty"`
	Units         uint64   `json:"units"`
	Complete      bool     `json:"complete"`
	Decomposition string   `json:"decomposition"`
	// Instance is the lines' instance (InstanceHash).
	Instance string `json:"instance"`
	// Subproblems is the number of subproblems covered (M when complete).
	Subproblems uint64 `json:"subproblems"`
	// Present is the number of distinct units read; Lines the number of
	// lines; Confirmed the repeats that agreed with the first.
	Present   uint64            `json:"present"`
	Lines     uint64            `json:"lines"`
	Confirmed uint64            `json:"confirmed"`
	ByWeight  map[string]uint64 `json:"by_weight,omitempty"`
	// The work counters of the units present, added up (for a complete
	// merge, the unsplit count's, where the decomposition says so).
	core.Stats
	// CPUSeconds adds up the units' CPU time.
	CPUSeconds float64 `json:"cpu_seconds"`
	Missing    []Range `json:"missing,omitempty"`
}

// ArraySpec writes ranges in Slurm's --array syntax: 0-3,7,9-12.
func ArraySpec(rs []Range) string {
	var b strings.Builder
	for i, r := range rs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatUint(r.First, 10))
		if r.Last != r.First {
			b.WriteByte('-')
			b.WriteString(strconv.FormatUint(r.Last, 10))
		}
	}
	return b.String()
}

type seen struct {
	src, no int // the source and line number, for messages
	line    *Line
}

// Merge reads unit lines from every source (blank lines are skipped) and
// checks and sums them. It returns an error wrapping ErrMerge, naming the
// file and line, for an unreadable or damaged line (ParseLine), lines of
// different counts (another instance, decomposition, K or model), two
// different results for one unit, a unit whose subproblems or fingerprint
// do not match its decomposition, or a total that overflows (the count
// past 128 bits, a counter or the subproblems past 64). An incomplete
// merge is not an error: Summary.Complete is false and Missing lists the
// units to rerun.
func Merge(srcs []Source) (*Summary, error) {
	var (
		first     *Line
		firstAt   string
		byUnit    = map[uint64]*seen{}
		at        = func(e *seen) string { return fmt.Sprintf("%s:%d", srcs[e.src].Name, e.no) }
		s         = &Summary{Solutions: new(big.Int)}
		lineCount uint64
	)
	for si, src := range srcs {
		r := lines.NewReader(src.R, 1<<20)
		for {
			b, no, err := r.Next()
			if err == io.EOF {
				break
			}
			where := func() string { return fmt.Sprintf("%s:%d", src.Name, no) }
			if err != nil {
				return nil, fmt.Errorf("%w: %s: %v", ErrMerge, src.Name, err)
			}
			if len(bytes.TrimSpace(b)) == 0 {
				continue
			}
			l, err := ParseLine(b)
			if err != nil {
				return nil, fmt.Errorf("%w: %s: %v", ErrMerge, where(), err)
			}
			lineCount++
			if first == nil {
				first, firstAt = l, where()
				s.Model, s.Size, s.Algorithm, s.Units, s.Decomposition, s.Instance = l.Model, l.Size, l.Algorithm, l.Units, l.Decomposition, l.Instance
			} else if d := differs(first, l); d != "" {
				return nil, fmt.Errorf("%w: %s is from another count than %s: %s", ErrMerge, where(), firstAt, d)
			}
			if old, dup := byUnit[l.Unit]; dup {
				if old.line.Solutions != l.Solutions || old.line.Subproblems != l.Subproblems ||
					old.line.Fingerprint != l.Fingerprint || !maps.Equal(old.line.ByWeight, l.ByWeight) ||
					!equalCounts(old.line.Fundamental, l.Fundamental) {
					return nil, fmt.Errorf("%w: conflict: unit %d has %s solutions (%d subproblems) at %s but %s (%d subproblems) at %s",
						ErrMerge, l.Unit, old.line.Solutions, old.line.Subproblems, at(old), l.Solutions, l.Subproblems, where())
				}
				s.Confirmed++
				continue
			}
			byUnit[l.Unit] = &seen{src: si, no: no, line: l}
		}
	}
	if first == nil {
		return nil, fmt.Errorf("%w: no unit lines", ErrMerge)
	}
	s.Lines = lineCount
	k := first.Units
	seed := NameSeed(first.Decomposition)
	// The subproblem counts must fit one M: unit i with c subproblems
	// means i+(c−1)·k < M ≤ i+c·k (M ≤ i when c = 0).
	lo, hi := uint64(0), ^uint64(0)
	var loAt, hiAt string
	units := make([]uint64, 0, len(byUnit))
	for u := range byUnit {
		units = append(units, u)
	}
	slices.Sort(units)
	var total, fundamental core.Count
	var ok bool
	// A decomposition gives classes to all its subproblems or to none:
	// when one line has by_weight, every line with a subproblem has it.
	var classed *seen
	for _, u := range units {
		if e := byUnit[u]; len(e.line.ByWeight) > 0 {
			classed = e
			break
		}
	}
	overflow := func(e *seen, field string) error {
		return fmt.Errorf("%w: overflow: %s: adding unit %d's %s passes the largest total a count can hold", ErrMerge, at(e), e.line.Unit, field)
	}
	for _, u := range units {
		e := byUnit[u]
		l := e.line
		c := l.Subproblems
		var mlo, mhi uint64
		if c == 0 {
			mlo, mhi = 0, u
		} else {
			hiC, loC := bits.Mul64(c-1, k)
			last, carry := bits.Add64(loC, u, 0)
			if hiC != 0 || carry != 0 || last == ^uint64(0) {
				return nil, fmt.Errorf("%w: mismatch: %s: unit %d claims %d subproblems, more than a list of %d units can give it", ErrMerge, at(e), u, c, k)
			}
			mlo, mhi = last+1, satAdd(last, k)
		}
		if mlo > lo {
			lo, loAt = mlo, at(e)
		}
		if mhi < hi {
			hi, hiAt = mhi, at(e)
		}
		if lo > hi {
			return nil, fmt.Errorf("%w: mismatch: the subproblems of %s and %s cannot come from one list of %d units", ErrMerge, loAt, hiAt, k)
		}
		if classed != nil && c > 0 && len(l.ByWeight) == 0 {
			return nil, fmt.Errorf("%w: mismatch: %s: unit %d has %d subproblems and no by_weight, where %s has one (every subproblem of %s has a class)",
				ErrMerge, at(e), u, c, at(classed), printable(first.Decomposition))
		}
		fp, _ := ParseFingerprint(l.Fingerprint)
		if want := UnitFingerprint(seed, u, k, c); fp != want {
			return nil, fmt.Errorf("%w: mismatch: %s: unit %d's fingerprint %s is not that of its %d subproblems (%s)",
				ErrMerge, at(e), u, l.Fingerprint, c, FormatFingerprint(want))
		}
		if total, ok = total.AddChecked(l.Solutions); !ok {
			return nil, overflow(e, "solutions")
		}
		if l.Fundamental != nil {
			if fundamental, ok = fundamental.AddChecked(*l.Fundamental); !ok {
				return nil, overflow(e, "fundamental")
			}
		}
		if s.Subproblems, ok = addChecked(s.Subproblems, c); !ok {
			return nil, overflow(e, "subproblems")
		}
		if s.Stats, ok = addStats(s.Stats, l.Stats); !ok {
			return nil, overflow(e, "work counters (nodes, checks, updates, steps)")
		}
		if s.CPUSeconds += l.CPUSeconds; math.IsInf(s.CPUSeconds, 0) || math.IsNaN(s.CPUSeconds) {
			return nil, overflow(e, "cpu_seconds")
		}
		for w, n := range l.ByWeight {
			if s.ByWeight == nil {
				s.ByWeight = map[string]uint64{}
			}
			if s.ByWeight[w], ok = addChecked(s.ByWeight[w], n); !ok {
				return nil, overflow(e, "by_weight")
			}
		}
	}
	s.Solutions = total.Big()
	if first.Fundamental != nil {
		s.Fundamental = fundamental.Big()
	}
	s.CPUSeconds = roundMicro(s.CPUSeconds)
	s.Present = uint64(len(units))
	var next uint64
	for _, u := range units {
		if u > next {
			s.Missing = append(s.Missing, Range{next, u - 1})
		}
		next = u + 1
	}
	if next < k {
		s.Missing = append(s.Missing, Range{next, k - 1})
	}
	s.Complete = len(s.Missing) == 0
	if s.Complete && (s.Subproblems < lo || s.Subproblems > hi) {
		return nil, fmt.Errorf("%w: mismatch: the units cover %d subproblems, which does not fit their split into %d units", ErrMerge, s.Subproblems, k)
	}
	return s, nil
}

// addChecked returns a+b and whether it fits 64 bits.
func addChecked(a, b uint64) (uint64, bool) {
	s, carry := bits.Add64(a, b, 0)
	return s, carry == 0
}

// addStats adds work counters, reporting overflow.
func addStats(a, b core.Stats) (core.Stats, bool) {
	var ok1, ok2, ok3, ok4 bool
	a.Nodes, ok1 = addChecked(a.Nodes, b.Nodes)
	a.Checks, ok2 = addChecked(a.Checks, b.Checks)
	a.Updates, ok3 = addChecked(a.Updates, b.Updates)
	a.Steps, ok4 = addChecked(a.Steps, b.Steps)
	a.Elapsed = 0
	return a, ok1 && ok2 && ok3 && ok4
}

func satAdd(a, b uint64) uint64 {
	if a+b < a {
		return ^uint64(0)
	}
	return a + b
}

// differs says how two lines belong to different counts, or "". Lines
// from different versions of coverkit merge when their schema (checked by
// ParseLine), instance, decomposition and labels agree: the labels merge
// prints (model, size, algorithm) must be the same on every line, so that
// what it prints is what every line says (the instance hash vouches for
// the count they are of).
func differs(a, b *Line) string {
	switch {
	case a.Instance != b.Instance:
		return fmt.Sprintf("instance %s (%s %s), not %s (%s %s)", b.Instance, printable(b.Model), printable(b.Size), a.Instance, printable(a.Model), printable(a.Size))
	case a.Decomposition != b.Decomposition:
		return fmt.Sprintf("decomposition %s, not %s", printable(b.Decomposition), printable(a.Decomposition))
	case a.Units != b.Units:
		return fmt.Sprintf("%d units, not %d", b.Units, a.Units)
	case a.Model != b.Model:
		return fmt.Sprintf("model %s, not %s", printable(b.Model), printable(a.Model))
	case a.Size != b.Size:
		return fmt.Sprintf("size %q, not %q (one instance under two labels: merge prints one)", b.Size, a.Size)
	case a.Algorithm != b.Algorithm:
		return fmt.Sprintf("algorithm %q, not %q", b.Algorithm, a.Algorithm)
	case (a.Fundamental == nil) != (b.Fundamental == nil):
		return "a line with fundamental and one without"
	}
	return ""
}

// equalCounts reports whether two optional counts are equal.
func equalCounts(a, b *core.Count) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// WriteText writes the merge's summary for people: the total, whether it is
// complete, the units and subproblems seen, the CPU time and the missing
// units in Slurm's --array syntax.
func (s *Summary) WriteText(w io.Writer) error {
	if w == nil {
		return errors.New("units: nil writer")
	}
	state := "complete"
	if !s.Complete {
		state = "INCOMPLETE"
	}
	fund := ""
	if s.Fundamental != nil {
		fund = fmt.Sprintf(" (%s fundamental)", s.Fundamental)
	}
	// The labels come from the lines: control characters are written as
	// escapes, so that a line cannot print a line of its own.
	_, err := fmt.Fprintf(w, "%s %s: %s solutions%s (%s)\n", printable(s.Model), printable(s.Size), s.Solutions, fund, state)
	fmt.Fprintf(w, "units: %d of %d present (%d lines, %d confirmed repeats), %s, %d subproblems\n",
		s.Present, s.Units, s.Lines, s.Confirmed, printable(s.Decomposition), s.Subproblems)
	if len(s.ByWeight) > 0 {
		keys := slices.SortedFunc(maps.Keys(s.ByWeight), func(a, b string) int {
			x, _ := strconv.Atoi(a)
			y, _ := strconv.Atoi(b)
			return x - y
		})
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = fmt.Sprintf("%s: %d", k, s.ByWeight[k])
		}
		fmt.Fprintf(w, "subproblems by weight: %s\n", strings.Join(parts, ", "))
	}
	fmt.Fprintf(w, "cpu: %.1f s\n", s.CPUSeconds)
	if !s.Complete {
		fmt.Fprintf(w, "missing: --array=%s\n", ArraySpec(s.Missing))
	}
	return err
}
