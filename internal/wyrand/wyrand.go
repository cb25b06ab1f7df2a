// Package wyrand is the seeded random generator of the searches that take
// a seed (local.Solve, the QS4 N-Queens solver): wyrand, written out here so
// that a seed gives the same stream, and so the same answers, with every Go
// version on every machine. Standard library only.
package wyrand

import "math/bits"

// Rand is wyrand (Wang Yi's 64-bit generator): one addition and one 64×64→128
// multiplication per number, a period of 2^64 and good statistical quality
// for search. It is written out here, rather than taken from math/rand/v2,
// so that its stream is fixed by this file alone: the same seed gives the
// same numbers, and so the same solutions, with every Go version on every
// machine.
type Rand struct{ s uint64 }

// New returns a generator for seed. The seed is scrambled (splitmix64's
// finalizer) so that nearby seeds such as 1, 2, 3 start far apart.
func New(seed uint64) Rand {
	z := seed + 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return Rand{s: z ^ z>>31}
}

// Next returns 64 random bits.
func (r *Rand) Next() uint64 {
	r.s += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.s, r.s^0xe7037ed1a0b428db)
	return hi ^ lo
}

// Below returns a number in [0, n) for n > 0 by Lemire's multiply-shift,
// without a division. Its bias, at most n/2^64, is far below anything a
// search could notice, and it is the same on every machine.
func (r *Rand) Below(n uint64) uint64 {
	hi, _ := bits.Mul64(r.Next(), n)
	return hi
}
