package units

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/coverkit/coverkit/lines"
)

// MaxUnitSubproblems bounds the subproblems a unit line may claim (2^40,
// far beyond any count that finishes): merge recomputes the fingerprint
// over them, and a damaged line must not make it loop for days.
const MaxUnitSubproblems = 1 << 40

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
	Model         string   `json:"model"`
	Size          string   `json:"size"`
	Algorithm     string   `json:"algorithm"`
	Solutions     *big.Int `json:"solutions"`
	Units         uint64   `json:"units"`
	Complete      bool     `json:"complete"`
	Decomposition string   `json:"decomposition"`
	// Subproblems is the number of subproblems covered (M when complete).
	Subproblems uint64 `json:"subproblems"`
	// Present is the number of distinct units read; Lines the number of
	// lines; Confirmed the repeats that agreed with the first.
	Present   uint64            `json:"present"`
	Lines     uint64            `json:"lines"`
	Confirmed uint64            `json:"confirmed"`
	ByWeight  map[string]uint64 `json:"by_weight,omitempty"`
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
// file and line, for an unreadable line, lines of different counts, two
// different results for one unit, or a unit whose subproblems or
// fingerprint do not match its decomposition. An incomplete merge is not an
// error: Summary.Complete is false and Missing lists the units to rerun.
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
			l, err := parseLine(b)
			if err != nil {
				return nil, fmt.Errorf("%w: %s: %v", ErrMerge, where(), err)
			}
			lineCount++
			if first == nil {
				first, firstAt = l, where()
				s.Model, s.Size, s.Algorithm, s.Units, s.Decomposition = l.Model, l.Size, l.Algorithm, l.Units, l.Decomposition
			} else if d := differs(first, l); d != "" {
				return nil, fmt.Errorf("%w: %s is from another count than %s: %s", ErrMerge, where(), firstAt, d)
			}
			if old, dup := byUnit[l.Unit]; dup {
				if old.line.Solutions != l.Solutions || old.line.Subproblems != l.Subproblems ||
					old.line.Fingerprint != l.Fingerprint {
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
	var sum0, sum1, sum2 uint64 // the exact total, 192 bits
	for _, u := range units {
		e := byUnit[u]
		l := e.line
		c := l.Subproblems
		var mlo, mhi uint64
		if c == 0 {
			mlo, mhi = 0, u
		} else {
			mlo, mhi = u+(c-1)*k+1, satAdd(u, c*k)
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
		fp, _ := ParseFingerprint(l.Fingerprint)
		if want := UnitFingerprint(seed, u, k, c); fp != want {
			return nil, fmt.Errorf("%w: mismatch: %s: unit %d's fingerprint %s is not that of its %d subproblems (%s)",
				ErrMerge, at(e), u, l.Fingerprint, c, FormatFingerprint(want))
		}
		var carry uint64
		sum0, carry = bits.Add64(sum0, l.Solutions.Lo, 0)
		sum1, carry = bits.Add64(sum1, l.Solutions.Hi, carry)
		sum2 += carry
		s.Subproblems += c
		s.CPUSeconds += l.CPUSeconds
		for w, n := range l.ByWeight {
			if s.ByWeight == nil {
				s.ByWeight = map[string]uint64{}
			}
			s.ByWeight[w] += n
		}
	}
	s.Solutions.SetUint64(sum2)
	s.Solutions.Lsh(s.Solutions, 64).Or(s.Solutions, new(big.Int).SetUint64(sum1))
	s.Solutions.Lsh(s.Solutions, 64).Or(s.Solutions, new(big.Int).SetUint64(sum0))
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

func satAdd(a, b uint64) uint64 {
	if a+b < a {
		return ^uint64(0)
	}
	return a + b
}

// parseLine decodes and checks one unit line.
func parseLine(b []byte) (*Line, error) {
	var l Line
	if err := json.Unmarshal(b, &l); err != nil {
		return nil, fmt.Errorf("not a unit line (%v)", err)
	}
	switch {
	case l.Schema.Name != SchemaName:
		return nil, fmt.Errorf("not a unit line (schema %q, want %q)", l.Schema.Name, SchemaName)
	case l.Schema.Version != SchemaVersion:
		return nil, fmt.Errorf("unit line schema version %d, this merge reads %d", l.Schema.Version, SchemaVersion)
	case l.Model == "" || l.Size == "" || l.Decomposition == "":
		return nil, errors.New("unit line without model, size or decomposition")
	case l.Units == 0 || l.Unit >= l.Units:
		return nil, fmt.Errorf("unit line with unit %d of %d", l.Unit, l.Units)
	case l.Subproblems > MaxUnitSubproblems:
		return nil, fmt.Errorf("unit line with %d subproblems, more than any unit can count (%d)", l.Subproblems, uint64(MaxUnitSubproblems))
	case l.Partial || l.Status.Partial():
		return nil, fmt.Errorf("unit line with status %s: a stopped unit must be rerun", l.Status)
	}
	if _, err := ParseFingerprint(l.Fingerprint); err != nil {
		return nil, err
	}
	return &l, nil
}

// differs says how two lines belong to different counts, or "".
func differs(a, b *Line) string {
	switch {
	case a.Model != b.Model:
		return fmt.Sprintf("model %s, not %s", b.Model, a.Model)
	case a.Size != b.Size:
		return fmt.Sprintf("size %s, not %s", b.Size, a.Size)
	case a.Algorithm != b.Algorithm:
		return fmt.Sprintf("algorithm %s, not %s", b.Algorithm, a.Algorithm)
	case a.Decomposition != b.Decomposition:
		return fmt.Sprintf("decomposition %s, not %s", b.Decomposition, a.Decomposition)
	case a.Units != b.Units:
		return fmt.Sprintf("%d units, not %d", b.Units, a.Units)
	}
	return ""
}
