package units

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/coverkit/coverkit/core"
)

// SchemaName and SchemaVersion identify the unit line format.
const (
	SchemaName    = "coverkit-unit"
	SchemaVersion = 1
)

// Schema names the format of a unit line.
type Schema struct {
	Name    string `json:"name"`
	Version int    `json:"version"`
}

// Line is the result of one work unit: one JSON line. Its fields, in this
// order, are the common result record (model, size, algorithm, status,
// partial, solutions, the work counters, elapsed_seconds) and the unit's
// own: schema, decomposition, units (K), unit (i), subproblems (how many
// the unit covered), fingerprint, by_weight, cpu_seconds, resumes, version.
// A unit's line is the same however it was run (alone, in a range,
// resumed), except elapsed_seconds, cpu_seconds and resumes.
type Line struct {
	Model     string      `json:"model"`
	Size      string      `json:"size"`
	Algorithm string      `json:"algorithm"`
	Status    core.Status `json:"status"`
	Partial   bool        `json:"partial"`
	// Solutions is the unit's count.
	Solutions core.Count `json:"solutions"`
	core.Stats
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	Schema         Schema  `json:"schema"`
	Decomposition  string  `json:"decomposition"`
	Units          uint64  `json:"units"`
	Unit           uint64  `json:"unit"`
	Subproblems    uint64  `json:"subproblems"`
	// Fingerprint is the hex sum mod 2^64 of Hash(decomposition, j) over
	// the subproblems j covered.
	Fingerprint string `json:"fingerprint"`
	// ByWeight counts the subproblems by their class (for N-Queens, the
	// symmetry weight 2, 4 or 8); omitted when the decomposition has none.
	ByWeight   map[string]uint64 `json:"by_weight,omitempty"`
	CPUSeconds float64           `json:"cpu_seconds"`
	Resumes    int               `json:"resumes"`
	Version    string            `json:"version"`
}

// Marshal returns the line as one line of JSON, without the newline.
func (l *Line) Marshal() ([]byte, error) { return json.Marshal(l) }

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

// ParseFingerprint reads 16 hex digits.
func ParseFingerprint(s string) (uint64, error) {
	if len(s) != 16 {
		return 0, fmt.Errorf("units: fingerprint %q is not 16 hex digits", s)
	}
	return strconv.ParseUint(s, 16, 64)
}

// UnitFingerprint returns the fingerprint of the first count subproblems
// of unit i of k: j = i, i+k, …, i+(count−1)·k.
func UnitFingerprint(seed, i, k, count uint64) uint64 {
	var f uint64
	j := i
	for range count {
		f += Hash(seed, j)
		j += k
	}
	return f
}

// UnitSize returns how many of m subproblems unit i of k covers.
func UnitSize(m, i, k uint64) uint64 {
	if k == 0 || i >= m {
		return 0
	}
	return (m-1-i)/k + 1
}
