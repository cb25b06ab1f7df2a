package units

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/coverkit/coverkit/core"
)

// SchemaName and SchemaVersion identify the unit line format. Version 2
// added the instance; version 3 the labels digest (Labels). A merge reads
// versions 2 and 3 (MinSchemaVersion..SchemaVersion), together.
const (
	SchemaName       = "coverkit-unit"
	SchemaVersion    = 3
	MinSchemaVersion = 2
)

// Bounds of the fields of a unit line and a checkpoint, beyond which a
// line or a checkpoint is refused as damaged or forged: MaxClass, the
// largest class label (by_weight's keys are 1..MaxClass in decimal);
// MaxSeconds, the most seconds of elapsed or CPU time one unit may claim
// (about 31,700 years), so that no sum of them is ever infinite.
const (
	MaxClass   = 255
	MaxSeconds = 1e12
)

// Schema names the format of a unit line.
type Schema struct {
	Name    string `json:"name"`
	Version int    `json:"version"`
}

// Line is the result of one work unit: one JSON line. Its fields, in this
// order, are the common result record (model, size, algorithm, status,
// partial, solutions, fundamental where the decomposition counts it, the
// work counters, elapsed_seconds) and the unit's
// own: schema, decomposition, units (K), unit (i), subproblems (how many
// the unit covered), fingerprint, instance, by_weight, cpu_seconds,
// resumes, version. A unit's line is the same however it was run (alone,
// in a range, resumed), except elapsed_seconds, cpu_seconds and resumes.
type Line struct {
	Model     string      `json:"model"`
	Size      string      `json:"size"`
	Algorithm string      `json:"algorithm"`
	Status    core.Status `json:"status"`
	Partial   bool        `json:"partial"`
	// Solutions is the unit's count.
	Solutions core.Count `json:"solutions"`
	// Fundamental is the unit's count up to symmetry, for a decomposition
	// that counts it (core.FundamentalCounter); nil (omitted) otherwise.
	Fundamental *core.Count `json:"fundamental,omitempty"`
	core.Stats
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	Schema         Schema  `json:"schema"`
	Decomposition  string  `json:"decomposition"`
	Units          uint64  `json:"units"`
	Unit           uint64  `json:"unit"`
	Subproblems    uint64  `json:"subproblems"`
	// Fingerprint is the hex sum mod 2^64 of Hash(decomposition, j) over
	// the subproblems j covered: it proves which subproblems the unit
	// claims, not what they counted.
	Fingerprint string `json:"fingerprint"`
	// Instance is InstanceHash of the model and the decomposition's
	// canonical instance: lines of different instances never merge.
	Instance string `json:"instance"`
	// Labels (schema version 3) is LabelsDigest of the line: it ties the
	// labels merge prints (model, size, algorithm, decomposition) to the
	// instance, so that a label edited alone, on one line or on all, is
	// refused. Marshal fills it in when it is empty.
	Labels string `json:"labels,omitempty"`
	// ByWeight counts the subproblems by their class (for N-Queens, the
	// symmetry weight 2, 4 or 8); omitted when the decomposition has none.
	// When present its counts add up to Subproblems.
	ByWeight   map[string]uint64 `json:"by_weight,omitempty"`
	CPUSeconds float64           `json:"cpu_seconds"`
	Resumes    int               `json:"resumes"`
	Version    string            `json:"version"`
}

// InstanceHash returns the instance of the unit lines of a split count of
// a model: the first 128 bits, in hex, of the SHA-256 of the model's name
// and the decomposition's canonical instance (core.Decomposition's
// Instance). It depends on the instance only: not on the file or the
// command line it came from, nor on the program's version.
func InstanceHash(model, instance string) string {
	h := sha256.New()
	h.Write([]byte("coverkit-instance/1\x00"))
	h.Write([]byte(model))
	h.Write([]byte{0})
	h.Write([]byte(instance))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// LabelsDigest returns the labels digest of a line of schema version 3:
// the first 64 bits, in hex, of the SHA-256 of its instance, model, size,
// algorithm and decomposition. It proves no count (anyone can compute
// it); it makes a label that was edited without the instance (a size
// changed by hand, a fake line inside one) a damaged line.
func LabelsDigest(l *Line) string {
	if l == nil {
		return ""
	}
	h := sha256.New()
	h.Write([]byte("coverkit-labels/1"))
	for _, f := range []string{l.Instance, l.Model, l.Size, l.Algorithm, l.Decomposition} {
		h.Write([]byte{0})
		h.Write([]byte(f))
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// checkInstance checks the form of an instance hash: 32 lowercase hex
// digits.
func checkInstance(s string) error {
	if len(s) != 32 {
		return fmt.Errorf("instance %q is not 32 hex digits", s)
	}
	for i := range len(s) {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return fmt.Errorf("instance %q is not 32 lowercase hex digits", s)
		}
	}
	return nil
}

// checkSeconds checks a time a line or a checkpoint claims: finite, 0 or
// more, at most MaxSeconds.
func checkSeconds(field string, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > MaxSeconds {
		return fmt.Errorf("%s %v out of range (0..%g)", field, v, float64(MaxSeconds))
	}
	return nil
}

// checkByWeight checks a tally of subproblems by class: keys 1..MaxClass
// in canonical decimal, each with one subproblem at least, counts adding
// up to subproblems without overflow; and, since a subproblem's class is
// the weight its count was multiplied by (core.SubResult.Class), the
// count of the subproblems is a multiple of the classes' greatest common
// divisor (an odd count where every class is even cannot be a sum of
// them).
func checkByWeight(m map[string]uint64, subproblems uint64, solutions core.Count) error {
	if len(m) == 0 {
		return nil
	}
	var sum, g uint64
	for k, v := range m {
		c, err := strconv.Atoi(k)
		if err != nil || c < 1 || c > MaxClass || strconv.Itoa(c) != k {
			return fmt.Errorf("by_weight: unknown class %q (classes are 1..%d)", k, MaxClass)
		}
		if v == 0 {
			return fmt.Errorf("by_weight: class %s with no subproblem", k)
		}
		if sum+v < sum {
			return errors.New("by_weight: the counts overflow")
		}
		sum += v
		g = gcd(g, uint64(c))
	}
	if sum != subproblems {
		return fmt.Errorf("by_weight: the counts add up to %d, not to the %d subproblems", sum, subproblems)
	}
	if r := countMod(solutions, g); r != 0 {
		return fmt.Errorf("by_weight: solutions %s is not a multiple of %d, the greatest common divisor of the classes (weights) %s", solutions, g, classList(m))
	}
	return nil
}

// gcd returns the greatest common divisor of a and b (gcd(0, b) = b).
func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// countMod returns c mod d (d > 0).
func countMod(c core.Count, d uint64) uint64 {
	_, r := bits.Div64(c.Hi%d, c.Lo, d)
	return r
}

// classList writes the classes of a by_weight tally in order: "2, 4, 8".
func classList(m map[string]uint64) string {
	keys := slices.SortedFunc(maps.Keys(m), func(a, b string) int {
		x, _ := strconv.Atoi(a)
		y, _ := strconv.Atoi(b)
		return x - y
	})
	return strings.Join(keys, ", ")
}

// printable returns s with every control character, every byte that is
// not UTF-8 and the backslash written as Go escapes (\n, \x1b, \u2028),
// so that a label read from a unit line (a model, a size) prints on one
// line and moves no terminal's cursor: merge prints the labels of its
// lines this way.
func printable(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || r == '\\' || !unicode.IsPrint(r) && r != ' ' {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	q := strconv.QuoteToGraphic(s)
	return q[1 : len(q)-1]
}

// field is one JSON field a strict reader takes: its name and where it
// goes.
type field struct {
	name string
	ptr  any
}

// decodeStrict reads one JSON object into fields: an unknown key, a value
// of the wrong type or out of its type's range, or anything after the
// object is an error that names the field.
func decodeStrict(b []byte, fields []field) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	var raw map[string]json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return err
	}
	if raw == nil {
		return errors.New("not a JSON object")
	}
	if rest := b[dec.InputOffset():]; len(bytes.TrimSpace(rest)) > 0 {
		return errors.New("data after the JSON object")
	}
	known := make(map[string]bool, len(fields))
	for _, f := range fields {
		known[f.name] = true
	}
	for k := range raw {
		if !known[k] {
			return fmt.Errorf("unknown field %q", k)
		}
	}
	for _, f := range fields {
		r, ok := raw[f.name]
		if !ok {
			continue
		}
		var err error
		if d, ok := f.ptr.(func([]byte) error); ok {
			err = d(r)
		} else {
			err = json.Unmarshal(r, f.ptr)
		}
		if err != nil {
			return fmt.Errorf("field %s: %v", f.name, err)
		}
	}
	return nil
}

// statsFields are the work counters' fields.
func statsFields(s *core.Stats) []field {
	return []field{{"nodes", &s.Nodes}, {"checks", &s.Checks}, {"updates", &s.Updates}, {"steps", &s.Steps}}
}

// ParseLine reads and checks one unit line, strictly: an unknown field, a
// wrong schema, a field out of range (units, unit, subproblems,
// fingerprint, instance, by_weight, the times) or a status other than
// exhausted is an error naming the field.
func ParseLine(b []byte) (*Line, error) {
	var l Line
	fields := append([]field{
		{"model", &l.Model}, {"size", &l.Size}, {"algorithm", &l.Algorithm}, {"status", &l.Status},
		{"partial", &l.Partial}, {"solutions", &l.Solutions}, {"fundamental", &l.Fundamental}, {"elapsed_seconds", &l.ElapsedSeconds},
		{"schema", func(r []byte) error {
			return decodeStrict(r, []field{{"name", &l.Schema.Name}, {"version", &l.Schema.Version}})
		}},
		{"decomposition", &l.Decomposition}, {"units", &l.Units}, {"unit", &l.Unit},
		{"subproblems", &l.Subproblems}, {"fingerprint", &l.Fingerprint}, {"instance", &l.Instance}, {"labels", &l.Labels},
		{"by_weight", &l.ByWeight}, {"cpu_seconds", &l.CPUSeconds}, {"resumes", &l.Resumes}, {"version", &l.Version},
	}, statsFields(&l.Stats)...)
	if err := decodeStrict(b, fields); err != nil {
		return nil, fmt.Errorf("not a unit line: %v", err)
	}
	if err := l.check(); err != nil {
		return nil, err
	}
	return &l, nil
}

// check checks the fields of a unit line one by one.
func (l *Line) check() error {
	switch {
	case l.Schema.Name != SchemaName:
		return fmt.Errorf("not a unit line (schema %q, want %q)", l.Schema.Name, SchemaName)
	case l.Schema.Version < MinSchemaVersion || l.Schema.Version > SchemaVersion:
		return fmt.Errorf("unit line schema version %d, this merge reads %d to %d", l.Schema.Version, MinSchemaVersion, SchemaVersion)
	case l.Schema.Version < 3 && l.Labels != "":
		return fmt.Errorf("unit line of schema version %d with labels (version 3 has them)", l.Schema.Version)
	case l.Model == "":
		return errors.New("unit line without model")
	case l.Size == "":
		return errors.New("unit line without size")
	case l.Decomposition == "":
		return errors.New("unit line without decomposition")
	case l.Units == 0:
		return errors.New("unit line with units 0 (K must be positive)")
	case l.Unit >= l.Units:
		return fmt.Errorf("unit line with unit %d out of range (units %d: 0..%d)", l.Unit, l.Units, l.Units-1)
	case l.Subproblems > MaxUnitSubproblems:
		return fmt.Errorf("unit line with subproblems %d, more than any unit can count (%d)", l.Subproblems, uint64(MaxUnitSubproblems))
	case l.Partial || l.Status != core.StatusExhausted:
		return fmt.Errorf("unit line with status %s (partial %t): a stopped unit must be rerun", l.Status, l.Partial)
	case l.Resumes < 0:
		return fmt.Errorf("unit line with resumes %d out of range", l.Resumes)
	case l.Subproblems == 0 && (!l.Solutions.IsZero() || l.Stats != core.Stats{} || l.Fundamental != nil && !l.Fundamental.IsZero()):
		return errors.New("unit line with solutions or work but subproblems 0")
	}
	if err := checkFundamental(l.Fundamental, l.Solutions); err != nil {
		return err
	}
	if _, err := ParseFingerprint(l.Fingerprint); err != nil {
		return err
	}
	if err := checkInstance(l.Instance); err != nil {
		return err
	}
	if want := LabelsDigest(l); l.Schema.Version >= 3 && l.Labels != want {
		if l.Labels == "" {
			return errors.New("unit line of schema version 3 without labels")
		}
		return fmt.Errorf("labels %q are not those of the line's model, size, algorithm, decomposition and instance (%s): a label was edited", l.Labels, want)
	}
	if err := checkSeconds("elapsed_seconds", l.ElapsedSeconds); err != nil {
		return err
	}
	if err := checkSeconds("cpu_seconds", l.CPUSeconds); err != nil {
		return err
	}
	return checkByWeight(l.ByWeight, l.Subproblems, l.Solutions)
}

// checkFundamental checks a count up to symmetry against the count: each
// class holds a solution at least.
func checkFundamental(f *core.Count, solutions core.Count) error {
	if f != nil && (f.Hi > solutions.Hi || f.Hi == solutions.Hi && f.Lo > solutions.Lo) {
		return fmt.Errorf("fundamental %s is more than solutions %s", f, solutions)
	}
	return nil
}

// Marshal returns the line as one line of JSON, without the newline; a
// line of schema version 3 without labels gets them (LabelsDigest).
func (l *Line) Marshal() ([]byte, error) {
	if l != nil && l.Schema.Version >= 3 && l.Labels == "" {
		c := *l
		c.Labels = LabelsDigest(&c)
		return json.Marshal(&c)
	}
	return json.Marshal(l)
}

// Hash returns the 64-bit hash of subproblem j of the decomposition whose
// name hashes to seed (NameSeed): splitmix64's finalizer, twice, over seed
// and j.
func Hash(seed, j uint64) uint64 {
	x := seed ^ (j * 0x9e3779b97f4a7c15)
	x = mix64(x)
	x ^= j + 0x632be59bd9b4e019
	return mix64(x)
}

func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// NameSeed hashes a decomposition name (FNV-1a, then mixed).
func NameSeed(name string) uint64 {
	h := uint64(0xcbf29ce484222325)
	for i := range len(name) {
		h ^= uint64(name[i])
		h *= 0x100000001b3
	}
	return mix64(h)
}

// FormatFingerprint writes a fingerprint sum as 16 hex digits.
func FormatFingerprint(f uint64) string { return fmt.Sprintf("%016x", f) }

// ParseFingerprint reads 16 lowercase hex digits.
func ParseFingerprint(s string) (uint64, error) {
	if len(s) != 16 {
		return 0, fmt.Errorf("fingerprint %q is not 16 hex digits", s)
	}
	f, err := strconv.ParseUint(s, 16, 64)
	if err != nil || FormatFingerprint(f) != s {
		return 0, fmt.Errorf("fingerprint %q is not 16 lowercase hex digits", s)
	}
	return f, nil
}

// UnitFingerprint returns the fingerprint of the first count subproblems
// of unit i of k: j = i, i+k, …, i+(count−1)·k. Its time is linear in
// count; a count above MaxUnitSubproblems gives 0 (Merge refuses a line
// that claims one).
func UnitFingerprint(seed, i, k, count uint64) uint64 {
	f, _ := unitFingerprint(nil, seed, i, k, count)
	return f
}

// unitFingerprint is UnitFingerprint looking at meter (nil: none) every
// pollSubproblems subproblems; ok is false when it was stopped.
func unitFingerprint(meter *core.Meter, seed, i, k, count uint64) (f uint64, ok bool) {
	if count > MaxUnitSubproblems {
		return 0, true
	}
	j := i
	for n := range count {
		if n&(pollSubproblems-1) == pollSubproblems-1 && meter != nil && !meter.Live() {
			return 0, false
		}
		f += Hash(seed, j)
		j += k
	}
	return f, true
}

// UnitSize returns how many of m subproblems unit i of k covers.
func UnitSize(m, i, k uint64) uint64 {
	if k == 0 || i >= m {
		return 0
	}
	return (m-1-i)/k + 1
}

// WriteLines returns an Emit for a Job that writes each unit line, with a
// newline, to every writer of ws that is not nil, in order (stdout, a
// --stats stream, an --out file).
func WriteLines(ws ...io.Writer) func(*Line) error {
	return func(l *Line) error {
		if l == nil {
			return errors.New("units: no line")
		}
		b, err := l.Marshal()
		if err != nil {
			return err
		}
		b = append(b, '\n')
		for _, w := range ws {
			if w == nil {
				continue
			}
			if _, err := w.Write(b); err != nil {
				return err
			}
		}
		return nil
	}
}
