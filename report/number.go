package report

import (
	"math"
	"strconv"
)

// numberDigits is the precision of every number coverkit writes in JSON
// and CSV: 10 significant digits, a nanosecond below ten seconds, and
// beyond any float's rounding noise (a sum of seconds is written
// 7.848819105, not 7.8488191050000005).
const numberDigits = 10

// Number is a measured quantity (seconds, rates, ratios) as coverkit
// writes it in JSON and CSV: one form everywhere, decimal without an
// exponent, rounded to numberDigits significant digits and then as short
// as reads back the same (0.000056124, 1895.669911, 12).
type Number float64

// MarshalJSON writes n in the one form (FormatNumber).
func (n Number) MarshalJSON() ([]byte, error) { return AppendNumber(nil, float64(n)), nil }

// FormatNumber returns f in the one form of every number in coverkit's JSON
// and CSV (Number); a NaN or an infinity, which no measurement is, is 0.
func FormatNumber(f float64) string { return string(AppendNumber(nil, f)) }

// AppendNumber appends f as FormatNumber writes it.
func AppendNumber(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(b, '0')
	}
	if r, err := strconv.ParseFloat(strconv.FormatFloat(f, 'g', numberDigits, 64), 64); err == nil {
		f = r
	}
	if f == 0 {
		return append(b, '0') // and never "-0"
	}
	return strconv.AppendFloat(b, f, 'f', -1, 64)
}

// numbers returns v with every float in it (a field's value, a map's or a
// slice's element) a Number, so that encoding/json writes it in the one
// form; other values are returned as they are.
func numbers(v any) any {
	switch x := v.(type) {
	case float64:
		return Number(x)
	case float32:
		return Number(x)
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = numbers(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = numbers(e)
		}
		return out
	case []float64:
		out := make([]Number, len(x))
		for i, e := range x {
			out[i] = Number(e)
		}
		return out
	}
	return v
}
