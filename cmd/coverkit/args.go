package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// parseSize reads a positive integer written as 1000000, 1e6 or 1_000_000,
// at most max. what names the argument in errors.
func parseSize(what, s string, max int64) (int64, error) {
	t := strings.TrimSpace(s)
	// Underscores group digits, as in Go: each stands between two digits.
	for i := range len(t) {
		if t[i] == '_' && (i == 0 || i == len(t)-1 || !isDigit(t[i-1]) || !isDigit(t[i+1])) {
			return 0, fmt.Errorf("%s %q is not a number (write it as 1000000, 1e6 or 1_000_000)", what, s)
		}
	}
	t = strings.ReplaceAll(t, "_", "")
	tooLarge := fmt.Errorf("%s %s is too large (at most %d)", what, s, max)
	v, err := strconv.ParseInt(t, 10, 64)
	switch {
	case err == nil:
	case errors.Is(err, strconv.ErrRange):
		return 0, tooLarge
	case strings.ContainsAny(t, "eE") && !strings.ContainsAny(t, "xXpP"):
		f, ferr := strconv.ParseFloat(t, 64)
		if ferr != nil && !errors.Is(ferr, strconv.ErrRange) {
			return 0, fmt.Errorf("%s %q is not a number (write it as 1000000, 1e6 or 1_000_000)", what, s)
		}
		if f > float64(max) || math.IsInf(f, 0) {
			return 0, tooLarge
		}
		if f != math.Trunc(f) {
			return 0, fmt.Errorf("%s %q is not a whole number", what, s)
		}
		v = int64(f)
	default:
		return 0, fmt.Errorf("%s %q is not a number (write it as 1000000, 1e6 or 1_000_000)", what, s)
	}
	if v <= 0 {
		return 0, fmt.Errorf("%s must be positive, got %s", what, s)
	}
	if v > max {
		return 0, tooLarge
	}
	return v, nil
}

// checkFormat rejects a --format value not in allowed.
func checkFormat(format string, allowed ...string) error {
	for _, a := range allowed {
		if format == a {
			return nil
		}
	}
	return usagef("unknown --format %q (choose %s)", format, strings.Join(allowed, ", "))
}

// isDigit reports whether b is an ASCII digit.
func isDigit(b byte) bool { return '0' <= b && b <= '9' }
