package bench

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/coverkit/coverkit/core"
)

// MaxSizes bounds the number of sizes ParseSizes expands a list to.
const MaxSizes = 10_000

// MaxRepeat bounds Config.Repeat: every run's time is kept for the median,
// and a comparison's timeout bounds each run, not the whole (a million
// runs of each algorithm is past any use, and --repeat 1e18 would run
// until stopped while its times grew).
const MaxRepeat = 1_000_000

// ParseSizes expands a list of sizes, as given to `compare --sizes`: items
// separated by commas, each a size passed on as written ("8", "5x6", a file
// name) or a range A..B of sizes stepping by one: "8..14" is 8, 9, ..., 14,
// and "5x5..7x7" is 5x5, 6x6, 7x7 (each dimension either stays or moves by
// the same number of steps: "6x4..6x8" is 6x4, 6x5, ..., 6x8). Range ends
// are positive whole numbers (1e3 and 1_000 are read), per dimension; a
// range's sizes are written in plain decimal. An item is a range when the
// text before ".." starts with a digit, so "../puzzles.txt" is a name.
// Errors start with "bench:" and name the item at fault.
func ParseSizes(list string) ([]string, error) {
	if strings.TrimSpace(list) == "" {
		return nil, fmt.Errorf("bench: sizes %s: empty", quote(list))
	}
	var out []string
	for i, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return nil, fmt.Errorf("bench: sizes %s: item %d is empty", quote(list), i+1)
		}
		lo, hi, isRange := strings.Cut(item, "..")
		if !isRange || lo == "" || lo[0] < '0' || lo[0] > '9' {
			out = append(out, item)
		} else {
			sizes, err := expand(lo, hi, MaxSizes-len(out))
			if err != nil {
				return nil, fmt.Errorf("bench: sizes %s: item %d (%s): %v", quote(list), i+1, quote(item), err)
			}
			out = append(out, sizes...)
		}
		if len(out) > MaxSizes {
			return nil, fmt.Errorf("bench: sizes %s: more than %d sizes", quote(list), MaxSizes)
		}
	}
	return out, nil
}

// expand lists the sizes of the range lo..hi, at most room of them.
func expand(lo, hi string, room int) ([]string, error) {
	if hi == "" {
		return nil, fmt.Errorf("the range has no end")
	}
	los, his := strings.Split(lo, "x"), strings.Split(hi, "x")
	if len(los) != len(his) {
		return nil, fmt.Errorf("%s and %s have different numbers of dimensions", quote(lo), quote(hi))
	}
	from := make([]int64, len(los))
	moves := make([]bool, len(los))
	steps := int64(0)
	for d := range los {
		a, err := core.ParseSize("start", los[d], math.MaxInt32)
		if err != nil {
			return nil, err
		}
		b, err := core.ParseSize("end", his[d], math.MaxInt32)
		if err != nil {
			return nil, err
		}
		if b < a {
			return nil, fmt.Errorf("the end %s is below the start %s", quote(hi), quote(lo))
		}
		if k := b - a; k != 0 {
			if steps != 0 && k != steps {
				return nil, fmt.Errorf("the dimensions of %s..%s move by different steps (%d and %d)", lo, hi, steps, k)
			}
			steps = k
			moves[d] = true
		}
		from[d] = a
	}
	if steps >= int64(room) {
		return nil, fmt.Errorf("more than %d sizes", MaxSizes)
	}
	out := make([]string, 0, steps+1)
	var b strings.Builder
	for k := range steps + 1 {
		b.Reset()
		for d := range from {
			if d > 0 {
				b.WriteByte('x')
			}
			v := from[d]
			if moves[d] {
				v += k
			}
			b.WriteString(strconv.FormatInt(v, 10))
		}
		out = append(out, b.String())
	}
	return out, nil
}

// quote quotes s for an error message, keeping it valid UTF-8 and short.
func quote(s string) string {
	if len(s) > 60 {
		cut := 60
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		return strconv.Quote(s[:cut]) + "..."
	}
	return strconv.Quote(s)
}
