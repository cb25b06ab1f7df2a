package core

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ParseSize reads a positive whole number written as 1000000, 1_000_000 or
// 1e6, at most max; what names the number in errors ("N", "--limit").
// Underscores stand singly between two digits of a plain integer; the
// scientific form is a mantissa, e or E and a decimal exponent, without
// underscores.
func ParseSize(what, s string, max int64) (int64, error) {
	v, err := parseWhole(what, s, max)
	if err != nil {
		return 0, err
	}
	if v <= 0 {
		return 0, fmt.Errorf("%s must be positive, got %s", what, quoteArg(s))
	}
	return v, nil
}

// ParseCount is ParseSize that also accepts 0.
func ParseCount(what, s string, max int64) (int64, error) {
	if t := strings.TrimSpace(s); strings.HasPrefix(t, "-") {
		if _, err := parseWhole(what, t[1:], math.MaxInt64); err == nil {
			return 0, fmt.Errorf("%s must be 0 or more, got %s", what, quoteArg(s))
		}
	}
	return parseWhole(what, s, max)
}

func parseWhole(what, s string, max int64) (int64, error) {
	t := strings.TrimSpace(s)
	notNumber := fmt.Errorf("%s %s is not a number (write it as 1000000, 1_000_000 or 1e6)", what, quoteArg(s))
	tooLarge := fmt.Errorf("%s %s is too large (at most %d)", what, quoteArg(s), max)
	if strings.HasPrefix(t, "-") {
		if _, err := parseWhole(what, t[1:], math.MaxInt64); err == nil {
			return 0, fmt.Errorf("%s must be positive, got %s", what, quoteArg(s))
		}
		return 0, notNumber
	}
	if mant, exp, sci := strings.Cut(strings.ToLower(t), "e"); sci {
		if !isNumber(mant, true) || !isNumber(strings.TrimPrefix(strings.TrimPrefix(exp, "+"), "-"), false) {
			return 0, notNumber
		}
		f, err := strconv.ParseFloat(t, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return 0, notNumber
		}
		if math.IsInf(f, 0) || f > float64(max) {
			return 0, tooLarge
		}
		if f != math.Trunc(f) {
			return 0, fmt.Errorf("%s %s is not a whole number", what, quoteArg(s))
		}
		return int64(f), nil
	}
	if t == "" || t[0] == '_' || t[len(t)-1] == '_' || strings.Contains(t, "__") || !isNumber(strings.ReplaceAll(t, "_", ""), false) {
		return 0, notNumber
	}
	v, err := strconv.ParseInt(strings.ReplaceAll(t, "_", ""), 10, 64)
	if err != nil || v > max {
		return 0, tooLarge
	}
	return v, nil
}

// isNumber reports whether s is a non-empty run of ASCII digits, with at
// most one '.' among them if dot is set.
func isNumber(s string, dot bool) bool {
	digits := 0
	for i := range len(s) {
		switch {
		case '0' <= s[i] && s[i] <= '9':
			digits++
		case s[i] == '.' && dot:
			dot = false
		default:
			return false
		}
	}
	return digits > 0
}

// quoteArg quotes a user's argument for an error message as valid UTF-8,
// whatever bytes it holds.
func quoteArg(s string) string { return strconv.QuoteToGraphic(strings.ToValidUTF8(s, "\uFFFD")) }

// ParseUint reads a whole number from 0 to 2^64−1, such as a seed: as
// ParseCount does (1000000, 1_000_000, 1e6), or in hexadecimal, octal or
// binary with a 0x, 0o or 0b prefix; what names it in errors ("--seed").
func ParseUint(what, s string) (uint64, error) {
	if v, err := ParseCount(what, s, math.MaxInt64); err == nil {
		return uint64(v), nil
	}
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "-") {
		return 0, fmt.Errorf("%s must be 0 or more, got %s", what, quoteArg(s))
	}
	v, err := strconv.ParseUint(t, 0, 64)
	if err != nil {
		return 0, fmt.Errorf("%s %s is not a whole number from 0 to 18446744073709551615 (write it as 1000000, 1_000_000, 1e6 or 0x...)", what, quoteArg(s))
	}
	return v, nil
}
