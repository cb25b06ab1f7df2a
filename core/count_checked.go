package core

import "math/bits"

// MulChecked returns c·x and whether the product fits in 128 bits; when it
// does not, the Count returned is meaningless and must not be reported
// (use math/big, or refuse).
func (c Count) MulChecked(x uint64) (Count, bool) {
	hi1, lo := bits.Mul64(c.Lo, x)
	hi2, mid := bits.Mul64(c.Hi, x)
	hi, carry := bits.Add64(mid, hi1, 0)
	return Count{Hi: hi, Lo: lo}, hi2 == 0 && carry == 0
}

// AddChecked returns c + d and whether the sum fits in 128 bits.
func (c Count) AddChecked(d Count) (Count, bool) {
	lo, carry := bits.Add64(c.Lo, d.Lo, 0)
	hi, carry := bits.Add64(c.Hi, d.Hi, carry)
	return Count{Hi: hi, Lo: lo}, carry == 0
}
