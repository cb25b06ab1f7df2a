package main

import (
	"fmt"
	"math"

	"github.com/coverkit/coverkit/core"
)

// numValue is a command-line flag of a whole number read by the one parser
// of sizes and counts (core.ParseCount, ParseSize, ParseUint: 8, 1e6,
// 1_000_000), as every number of the command line is: the Value interface
// of the flag packages (Set, String, Type) over *p.
type numValue[T int | uint64] struct {
	p     *T
	parse func(s string) (T, error)
}

// intValue is a flag of 0 or more that fits an int, named --name;
// positive refuses 0 (core.ParseSize), with the same words for 0 and for a
// negative number.
func intValue(p *int, name string, positive bool) *numValue[int] {
	parse := core.ParseCount
	if positive {
		parse = core.ParseSize
	}
	return &numValue[int]{p, func(s string) (int, error) { n, err := parse("--"+name, s, math.MaxInt); return int(n), err }}
}

// uintValue is a flag of 0 to 2^64−1 (core.ParseUint: also 0x...), such as
// --seed.
func uintValue(p *uint64, name string) *numValue[uint64] {
	return &numValue[uint64]{p, func(s string) (uint64, error) { return core.ParseUint("--"+name, s) }}
}

// Set parses s into *p.
func (v *numValue[T]) Set(s string) error {
	n, err := v.parse(s)
	if err == nil {
		*v.p = n
	}
	return err
}

// String returns the value.
func (v *numValue[T]) String() string { return fmt.Sprint(*v.p) }

// Type names the value's type in help: "int" or "uint".
func (v *numValue[T]) Type() string {
	if _, ok := any(v.p).(*int); ok {
		return "int"
	}
	return "uint"
}
