package units

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/coverkit/coverkit/core"
)

// Spec is a split count as a command line asks for it: --units K, --unit
// I|A-B|env, --unit-offset, --checkpoint FILE, --checkpoint-every D.
type Spec struct {
	Units, Unit string
	Offset      uint64
	Checkpoint  string
	Every       time.Duration
}

// Resolve checks s and returns K and the first and last unit to count,
// reading --unit env through getenv. Its errors wrap ErrBadUnit.
func (s Spec) Resolve(getenv func(string) (string, bool)) (k, first, last uint64, err error) {
	if k, err = ParseUnits(s.Units); err != nil {
		return 0, 0, 0, err
	}
	if s.Unit == "" {
		return 0, 0, 0, fmt.Errorf("%w: --units needs --unit I, A-B or env", ErrBadUnit)
	}
	if first, last, err = ParseUnit(s.Unit, k, s.Offset, getenv); err != nil {
		return 0, 0, 0, err
	}
	if s.Every <= 0 {
		return 0, 0, 0, fmt.Errorf("%w: --checkpoint-every must be positive, got %s", ErrBadUnit, s.Every)
	}
	return k, first, last, nil
}

// AlgorithmOf is the algorithm the unit lines of decomposition d name: its
// Algorithm method's answer if it has one, else "units".
func AlgorithmOf(d core.Decomposition) string {
	if a, ok := d.(interface{ Algorithm() string }); ok {
		return a.Algorithm()
	}
	return "units"
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
	_, err := fmt.Fprintf(w, "%s %s: %s solutions%s (%s)\n", s.Model, s.Size, s.Solutions, fund, state)
	fmt.Fprintf(w, "units: %d of %d present (%d lines, %d confirmed repeats), %s, %d subproblems\n",
		s.Present, s.Units, s.Lines, s.Confirmed, s.Decomposition, s.Subproblems)
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
