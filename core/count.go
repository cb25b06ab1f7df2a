package core

import (
	"math/big"
	"math/bits"
	"strconv"
)

// Count is an exact unsigned 128-bit solution count. N-Queens counts pass
// 2^64 at n = 29; 128 bits hold every count any exact search here can reach.
// The zero value is 0.
type Count struct {
	Hi, Lo uint64
}

// CountOf returns x as a Count.
func CountOf(x uint64) Count { return Count{Lo: x} }

// Add returns c + d (wrapping past 2^128, which no search can reach).
func (c Count) Add(d Count) Count {
	lo, carry := bits.Add64(c.Lo, d.Lo, 0)
	hi, _ := bits.Add64(c.Hi, d.Hi, carry)
	return Count{Hi: hi, Lo: lo}
}

// AddUint64 returns c + x.
func (c Count) AddUint64(x uint64) Count { return c.Add(Count{Lo: x}) }

// MulUint64 returns c · x (the low 128 bits).
func (c Count) MulUint64(x uint64) Count {
	hi, lo := bits.Mul64(c.Lo, x)
	return Count{Hi: hi + c.Hi*x, Lo: lo}
}

// IsZero reports whether c is 0.
func (c Count) IsZero() bool { return c.Hi == 0 && c.Lo == 0 }

// Uint64 returns c and whether it fits in 64 bits.
func (c Count) Uint64() (uint64, bool) { return c.Lo, c.Hi == 0 }

// Cmp compares c and d: -1, 0 or +1.
func (c Count) Cmp(d Count) int {
	switch {
	case c.Hi < d.Hi, c.Hi == d.Hi && c.Lo < d.Lo:
		return -1
	case c == d:
		return 0
	}
	return 1
}

// Big returns c as a new big.Int.
func (c Count) Big() *big.Int {
	b := new(big.Int).SetUint64(c.Hi)
	b.Lsh(b, 64)
	return b.Or(b, new(big.Int).SetUint64(c.Lo))
}

// String returns c in decimal.
func (c Count) String() string {
	if c.Hi == 0 {
		return strconv.FormatUint(c.Lo, 10)
	}
	return c.Big().String()
}

// MarshalJSON writes c as a plain JSON number, exact at any size.
func (c Count) MarshalJSON() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalJSON reads a JSON number of up to 128 bits.
func (c *Count) UnmarshalJSON(b []byte) error {
	v, ok := new(big.Int).SetString(string(b), 10)
	if !ok || v.Sign() < 0 || v.BitLen() > 128 {
		return &countError{string(b)}
	}
	lo := new(big.Int).And(v, new(big.Int).SetUint64(^uint64(0)))
	c.Lo = lo.Uint64()
	c.Hi = new(big.Int).Rsh(v, 64).Uint64()
	return nil
}

type countError struct{ s string }

func (e *countError) Error() string { return "core: not a 128-bit count: " + strconv.Quote(e.s) }
