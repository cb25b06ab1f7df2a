package units

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
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
	"github.com/coverkit/coverkit/resource"
)

// MaxUnitSubproblems bounds the subproblems a unit line may claim (2^30):
// merge recomputes the fingerprint over them, a few seconds at this bound,
// and a damaged line must not make it loop for days. No split gives one
// unit more: 27 queens, the largest count split, has about 2^31
// subproblems in all, and a unit of 2^30 of them is centuries of work.
const MaxUnitSubproblems = 1 << 30

// MergeInputs merges the unit lines of the inputs names (a file, or "-"
// for standard input, which it names stdin), each opened by open, and
// checks the labels of the sum against the registry of algorithms
// (Summary.CheckLabels). It closes the inputs before it returns. Its
// errors are open's, Merge's and CheckLabels'.
func MergeInputs(ctx context.Context, names []string, open func(name string) (io.ReadCloser, error),
	algorithms func(model string) ([]string, bool)) (*Summary, error) {
	if open == nil {
		return nil, fmt.Errorf("%w: no way to open the inputs", ErrMerge)
	}
	var srcs []Source
	for _, name := range names {
		r, err := open(name)
		switch {
		case err != nil:
			return nil, err
		case r == nil:
			return nil, fmt.Errorf("%w: %s opened as nothing", ErrMerge, name)
		}
		defer r.Close()
		if name == "-" {
			name = "stdin"
		}
		srcs = append(srcs, Source{Name: name, R: r})
	}
	s, err := Merge(ctx, srcs)
	if err != nil {
		return nil, err
	}
	if err := s.CheckLabels(algorithms); err != nil {
		return nil, err
	}
	return s, nil
}

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

// seen is what Merge keeps of a unit's first line: enough to check a
// repeat of the unit (its results, by a digest of those not kept) and to
// name the line. The lines themselves are not kept: a merge of ten
// million units holds about seenBytes a unit.
type seen struct {
	solutions   core.Count
	subproblems uint64
	digest      uint64 // fingerprint, by_weight and fundamental
	no          uint64 // the line number
	src         int    // the source, for messages
}

// seenBytes is about what Merge holds for a unit: its entry in the map of
// units seen (measured: 136 bytes) and, at the end, its index in the
// sorted list.
const seenBytes = 144

// seenStep is how many units Merge adds between two asks of the resource
// policy (resource.Grow).
const seenStep = 1 << 16

// pollLines is how many lines Merge reads between two looks at the stop;
// the fingerprint of a unit of many subproblems looks at it every
// pollSubproblems subproblems.
const (
	pollLines       = 1 << 10
	pollSubproblems = 1 << 20
)

// Merge reads unit lines from every source (blank lines are skipped) and
// checks and sums them as it reads, keeping a few words a unit (about
// seenBytes; the memory grows in steps that ask the resource policy, and a
// step refused ends the merge with an error wrapping resource.ErrTooLarge).
// It returns an error wrapping ErrMerge, naming the file and line, for an
// unreadable or damaged line (ParseLine), lines of different counts
// (another instance, decomposition, K or model), two different results for
// one unit, a unit whose subproblems or fingerprint do not match its
// decomposition, or a total that overflows (the count past 128 bits, a
// counter or the subproblems past 64). When ctx ends (a stop, a deadline)
// Merge returns an error wrapping ErrMerge and the context's error, within
// a read or pollSubproblems subproblems of a fingerprint; a source that
// waits for input is ended only by its reader (lines.ContextReader). An
// incomplete merge is not an error: Summary.Complete is false and Missing
// lists the units to rerun. A nil ctx never ends.
func Merge(ctx context.Context, srcs []Source) (*Summary, error) {
	var (
		first   *Line
		firstAt string
		byUnit  = map[uint64]seen{}
		at      = func(src int, no uint64) string { return fmt.Sprintf("%s:%d", srcs[src].Name, no) }
		s       = &Summary{}
		meter   = core.NewMeter(ctx, nil)
		held    uint64 // bytes asked of the resource policy
		// The subproblem counts must fit one M: unit i with c subproblems
		// means i+(c−1)·k < M ≤ i+c·k (M ≤ i when c = 0).
		lo, hi       = uint64(0), ^uint64(0)
		loAt, hiAt   string
		total, fund  core.Count
		seed         uint64
		classed      string // a line with by_weight, where one has it
		unclassed    string // a line of a unit with subproblems and no by_weight
		unclassedMsg string
	)
	stopped := func() error {
		st := meter.Status()
		err := context.Canceled
		if ctx != nil && ctx.Err() != nil {
			err = ctx.Err()
		}
		if st == core.StatusExhausted {
			st, _ = core.ErrorStatus(err)
		}
		return fmt.Errorf("%w: stopped (%s) after %d lines: %w", ErrMerge, st, s.Lines, err)
	}
	for si, src := range srcs {
		r := lines.NewReader(src.R, 1<<20)
		for {
			b, no, err := r.Next()
			if err == io.EOF {
				break
			}
			where := func() string { return at(si, uint64(no)) }
			if err != nil {
				if _, ok := core.ErrorStatus(err); ok {
					return nil, stopped()
				}
				return nil, fmt.Errorf("%w: %s: %w", ErrMerge, src.Name, err)
			}
			if len(bytes.TrimSpace(b)) == 0 {
				continue
			}
			if s.Lines&(pollLines-1) == pollLines-1 && !meter.Live() {
				return nil, stopped()
			}
			l, err := ParseLine(b)
			if err != nil {
				return nil, fmt.Errorf("%w: %s: %v", ErrMerge, where(), err)
			}
			s.Lines++
			if first == nil {
				first, firstAt = l, where()
				s.Model, s.Size, s.Algorithm, s.Units, s.Decomposition, s.Instance = l.Model, l.Size, l.Algorithm, l.Units, l.Decomposition, l.Instance
				seed = NameSeed(first.Decomposition)
			} else if d := differs(first, l); d != "" {
				return nil, fmt.Errorf("%w: %s is from another count than %s: %s", ErrMerge, where(), firstAt, d)
			}
			digest := lineDigest(l)
			if old, dup := byUnit[l.Unit]; dup {
				if old.solutions != l.Solutions || old.subproblems != l.Subproblems || old.digest != digest {
					return nil, fmt.Errorf("%w: conflict: unit %d has %s solutions (%d subproblems) at %s but %s (%d subproblems) at %s",
						ErrMerge, l.Unit, old.solutions, old.subproblems, at(old.src, old.no), l.Solutions, l.Subproblems, where())
				}
				s.Confirmed++
				continue
			}
			if n := uint64(len(byUnit)); n%seenStep == 0 && n > 0 {
				if err := resource.Grow("units: merge: the units seen", held, seenStep*seenBytes); err != nil {
					return nil, fmt.Errorf("%w: %s: %d units read: %w", ErrMerge, where(), n, err)
				}
				held += seenStep * seenBytes
			}
			byUnit[l.Unit] = seen{solutions: l.Solutions, subproblems: l.Subproblems, digest: digest, no: uint64(no), src: si}
			if err := s.add(l, first.Units, seed, meter, &total, &fund, &lo, &hi, where, &loAt, &hiAt); err != nil {
				if errors.Is(err, errMergeStopped) {
					return nil, stopped()
				}
				return nil, err
			}
			// A decomposition gives classes to all its subproblems or to
			// none: when one line has by_weight, every line with a
			// subproblem has it.
			switch {
			case len(l.ByWeight) > 0:
				if classed == "" {
					classed = where()
				}
			case l.Subproblems > 0 && unclassed == "":
				unclassed, unclassedMsg = where(), fmt.Sprintf("unit %d has %d subproblems", l.Unit, l.Subproblems)
			}
		}
	}
	if first == nil {
		return nil, fmt.Errorf("%w: no unit lines", ErrMerge)
	}
	if classed != "" && unclassed != "" {
		return nil, fmt.Errorf("%w: mismatch: %s: %s and no by_weight, where %s has one (every subproblem of %s has a class)",
			ErrMerge, unclassed, unclassedMsg, classed, printable(first.Decomposition))
	}
	k := first.Units
	s.Solutions = total.Big()
	if first.Fundamental != nil {
		s.Fundamental = fund.Big()
	}
	s.CPUSeconds = roundMicro(s.CPUSeconds)
	s.Present = uint64(len(byUnit))
	if err := resource.Grow("units: merge: the units' indices", held, s.Present*8); err != nil {
		return nil, fmt.Errorf("%w: %d units read: %w", ErrMerge, s.Present, err)
	}
	units := slices.Sorted(maps.Keys(byUnit))
	byUnit = nil
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

// errMergeStopped is add's error when the stop came while it computed a
// fingerprint.
var errMergeStopped = errors.New("units: merge stopped")

// add checks the first line l of its unit, of a split into k units whose
// decomposition's seed is seed, against the subproblem bounds [lo, hi] so
// far (where names l; loAt and hiAt the lines that set the bounds) and its
// fingerprint, and adds it to the totals.
func (s *Summary) add(l *Line, k, seed uint64, meter *core.Meter, total, fund *core.Count, lo, hi *uint64,
	where func() string, loAt, hiAt *string) error {
	u, c := l.Unit, l.Subproblems
	var mlo, mhi uint64
	if c == 0 {
		mlo, mhi = 0, u
	} else {
		hiC, loC := bits.Mul64(c-1, k)
		last, carry := bits.Add64(loC, u, 0)
		if hiC != 0 || carry != 0 || last == ^uint64(0) {
			return fmt.Errorf("%w: mismatch: %s: unit %d claims %d subproblems, more than a list of %d units can give it", ErrMerge, where(), u, c, k)
		}
		mlo, mhi = last+1, satAdd(last, k)
	}
	if mlo > *lo {
		*lo, *loAt = mlo, where()
	}
	if mhi < *hi {
		*hi, *hiAt = mhi, where()
	}
	if *lo > *hi {
		return fmt.Errorf("%w: mismatch: the subproblems of %s and %s cannot come from one list of %d units", ErrMerge, *loAt, *hiAt, k)
	}
	fp, _ := ParseFingerprint(l.Fingerprint)
	want, ok := unitFingerprint(meter, seed, u, k, c)
	if !ok {
		return errMergeStopped
	}
	if fp != want {
		return fmt.Errorf("%w: mismatch: %s: unit %d's fingerprint %s is not that of its %d subproblems in decomposition %s (%s)",
			ErrMerge, where(), u, l.Fingerprint, c, printable(l.Decomposition), FormatFingerprint(want))
	}
	overflow := func(field string) error {
		return fmt.Errorf("%w: overflow: %s: adding unit %d's %s passes the largest total a count can hold", ErrMerge, where(), u, field)
	}
	var okAdd bool
	if *total, okAdd = total.AddChecked(l.Solutions); !okAdd {
		return overflow("solutions")
	}
	if l.Fundamental != nil {
		if *fund, okAdd = fund.AddChecked(*l.Fundamental); !okAdd {
			return overflow("fundamental")
		}
	}
	if s.Subproblems, okAdd = addChecked(s.Subproblems, c); !okAdd {
		return overflow("subproblems")
	}
	if s.Stats, okAdd = addStats(s.Stats, l.Stats); !okAdd {
		return overflow("work counters (nodes, checks, updates, steps)")
	}
	if s.CPUSeconds += l.CPUSeconds; math.IsInf(s.CPUSeconds, 0) || math.IsNaN(s.CPUSeconds) {
		return overflow("cpu_seconds")
	}
	for w, n := range l.ByWeight {
		if s.ByWeight == nil {
			s.ByWeight = map[string]uint64{}
		}
		if s.ByWeight[w], okAdd = addChecked(s.ByWeight[w], n); !okAdd {
			return overflow("by_weight")
		}
	}
	return nil
}

// lineDigest hashes what a repeat of a unit must repeat beyond its count
// and subproblems, which Merge keeps: the fingerprint, by_weight (keys in
// order) and fundamental.
func lineDigest(l *Line) uint64 {
	h := fnv.New64a()
	h.Write([]byte(l.Fingerprint))
	for _, w := range slices.Sorted(maps.Keys(l.ByWeight)) {
		fmt.Fprintf(h, "\x00%s=%d", w, l.ByWeight[w])
	}
	if f := l.Fundamental; f != nil {
		fmt.Fprintf(h, "\x00f=%d,%d", f.Hi, f.Lo)
	}
	return h.Sum64()
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
