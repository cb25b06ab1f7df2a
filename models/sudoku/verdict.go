package sudoku

import (
	"fmt"

	"github.com/coverkit/coverkit/models"
)

// Verdict is the answer for one puzzle of a batch, on top of the search
// status used everywhere in coverkit.
type Verdict uint8

const (
	// Solved: exactly one solution was found (unique, if the search looked
	// for two and finished).
	Solved Verdict = iota
	// Multiple: two or more solutions were found.
	Multiple
	// Unsolvable: the search finished and found none.
	Unsolvable
	// Invalid: the input is not a puzzle (wrong length, bad symbol, a
	// symbol twice in a unit).
	Invalid
	// Timeout: the search stopped early (deadline, interrupt or node
	// budget) before answering; nothing is claimed.
	Timeout
)

var verdictNames = [...]string{"solved", "multiple", "unsolvable", "invalid", "timeout"}

// String returns the verdict's name: solved, multiple, unsolvable, invalid
// or timeout.
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// MarshalText encodes the verdict as its name.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText decodes a verdict name.
func (v *Verdict) UnmarshalText(b []byte) error {
	for i, n := range verdictNames {
		if n == string(b) {
			*v = Verdict(i)
			return nil
		}
	}
	return fmt.Errorf("sudoku: unknown verdict %q", b)
}

// VerdictOf turns a search outcome into a verdict: a search that did not
// finish is a Timeout whatever it found; otherwise 0, 1 or more solutions
// make Unsolvable, Solved or Multiple.
func VerdictOf(found uint64, status models.Status) Verdict {
	switch {
	case status.Partial():
		return Timeout
	case found == 0:
		return Unsolvable
	case found == 1:
		return Solved
	}
	return Multiple
}
