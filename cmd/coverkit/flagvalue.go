package main

import (
	"math"
	"strconv"

	"github.com/coverkit/coverkit/core"
)

// intValue is a command-line flag of a whole number read by the one parser
// of sizes and counts (core.ParseCount: 8, 1e6, 1_000_000), as every number of
// the command line is. It implements the Value interface of the flag
// packages (Set, String, Type).
type intValue struct {
	// P receives the value; Name is the flag's name, without dashes.
	P    *int
	Name string
	// Positive refuses 0 (core.ParseSize), with the same words for 0 and for a
	// negative number.
	Positive bool
}

// Set parses s into *P.
func (v *intValue) Set(s string) error {
	parse := core.ParseCount
	if v.Positive {
		parse = core.ParseSize
	}
	n, err := parse("--"+v.Name, s, math.MaxInt)
	if err != nil {
		return err
	}
	if v.P == nil {
		return core.ErrUnsupported
	}
	*v.P = int(n)
	return nil
}

// String returns the value.
func (v *intValue) String() string {
	if v == nil || v.P == nil {
		return "0"
	}
	return strconv.Itoa(*v.P)
}

// Type names the value's type in help: "int".
func (v *intValue) Type() string { return "int" }

// uintValue is a command-line flag of 0 to 2^64−1 (core.ParseUint: 1e6,
// 1_000_000 or 0x...), such as --seed.
type uintValue struct {
	// P receives the value; Name is the flag's name, without dashes.
	P    *uint64
	Name string
}

// Set parses s into *P.
func (v *uintValue) Set(s string) error {
	n, err := core.ParseUint("--"+v.Name, s)
	if err != nil {
		return err
	}
	if v.P == nil {
		return core.ErrUnsupported
	}
	*v.P = n
	return nil
}

// String returns the value.
func (v *uintValue) String() string {
	if v == nil || v.P == nil {
		return "0"
	}
	return strconv.FormatUint(*v.P, 10)
}

// Type names the value's type in help: "uint".
func (v *uintValue) Type() string { return "uint" }
