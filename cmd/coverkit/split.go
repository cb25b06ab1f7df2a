package main

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/units"
)

// unitSpec is a split count as a command line asks for it: --units K, --unit
// I|A-B|env, --unit-offset, --checkpoint FILE, --checkpoint-every D.
type unitSpec struct {
	Units, Unit string
	Offset      uint64
	Checkpoint  string
	Every       time.Duration
}

// resolve checks s and returns K and the first and last unit to count,
// reading --unit env through getenv. Its errors wrap units.ErrBadUnit.
func (s unitSpec) resolve(getenv func(string) (string, bool)) (k, first, last uint64, err error) {
	if k, err = parseUnits(s.Units); err != nil {
		return 0, 0, 0, err
	}
	if s.Unit == "" {
		return 0, 0, 0, fmt.Errorf("%w: --units needs --unit I, A-B or env", units.ErrBadUnit)
	}
	if first, last, err = parseUnit(s.Unit, k, s.Offset, getenv); err != nil {
		return 0, 0, 0, err
	}
	if s.Every <= 0 {
		return 0, 0, 0, fmt.Errorf("%w: --checkpoint-every must be positive, got %s", units.ErrBadUnit, s.Every)
	}
	return k, first, last, nil
}

// unitEnvVars are the environment variables --unit env reads, in order: Slurm
// array tasks and Kubernetes Indexed Jobs.
var unitEnvVars = []string{"SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"}

// parseUnits reads a unit count K, a positive whole number written as
// every count is (core.ParseSize: 64, 1e6, 1_000_000).
func parseUnits(s string) (uint64, error) {
	k, err := core.ParseSize("--units", s, math.MaxInt64)
	if err != nil {
		return 0, fmt.Errorf("%w: %v", units.ErrBadUnit, err)
	}
	return uint64(k), nil
}

// parseUnit reads a unit selection: I, A-B (inclusive) or "env" (the index
// from the first of unitEnvVars that is set, through getenv), each shifted by
// offset; the units must lie below k. It returns the first and last unit.
func parseUnit(s string, k, offset uint64, getenv func(string) (string, bool)) (first, last uint64, err error) {
	spec := strings.TrimSpace(s)
	if spec == "env" {
		found := false
		for _, name := range unitEnvVars {
			if v, ok := getenv(name); ok {
				if strings.TrimSpace(v) == "" {
					return 0, 0, fmt.Errorf("%w: --unit env: %s is empty", units.ErrBadUnit, name)
				}
				spec, found = v, true
				break
			}
		}
		if !found {
			return 0, 0, fmt.Errorf("%w: --unit env: neither %s is set", units.ErrBadUnit, strings.Join(unitEnvVars, " nor "))
		}
		if strings.Contains(spec, "-") {
			return 0, 0, fmt.Errorf("%w: --unit env: %q is not a unit index", units.ErrBadUnit, spec)
		}
	}
	if strings.HasPrefix(spec, "-") {
		return 0, 0, fmt.Errorf("%w: --unit must be 0 or more, got %q", units.ErrBadUnit, s)
	}
	num := func(t string) (uint64, error) {
		v, err := core.ParseCount("--unit", t, math.MaxInt64)
		if err != nil {
			return 0, fmt.Errorf("%w: --unit %q: %q is not a unit index (a number from 0)", units.ErrBadUnit, s, t)
		}
		return uint64(v), nil
	}
	a, b, isRange := strings.Cut(spec, "-")
	if first, err = num(a); err != nil {
		return 0, 0, err
	}
	last = first
	if isRange {
		if last, err = num(b); err != nil {
			return 0, 0, err
		}
		if last < first {
			return 0, 0, fmt.Errorf("%w: --unit %q: the range ends before it starts", units.ErrBadUnit, s)
		}
	}
	if first+offset < first || last+offset < last || last+offset >= k {
		return 0, 0, fmt.Errorf("%w: --unit %q with --unit-offset %d: units are 0..%d (--units %d)", units.ErrBadUnit, s, offset, k-1, k)
	}
	return first + offset, last + offset, nil
}
