package qs4

import "math/bits"

// rng is wyrand (Wang Yi's 64-bit generator): one addition and one 64×64→128
// multiplication per number, a period of 2^64 and good statistical quality
// for search. It is written out here, rather than taken from math/rand/v2,
// so that its stream is fixed by this file alone: the same seed gives the
// same numbers, and so the same solutions, with every Go version on every
// machine.
type rng struct{ s uint64 }

// newRNG returns a generator for seed. The seed is scrambled (splitmix64's
// finalizer) so that nearby seeds such as 1, 2, 3 start far apart.
func newRNG(seed uint64) rng {
	z := seed + 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return rng{s: z ^ z>>31}
}

// next returns 64 random bits.
func (r *rng) next() uint64 {
	r.s += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.s, r.s^0xe7037ed1a0b428db)
	return hi ^ lo
}

// below returns a number in [0, n) for n > 0 by Lemire's multiply-shift,
// without a division. Its bias, at most n/2^64, is far below anything a
// search could notice, and it is the same on every machine.
func (r *rng) below(n uint64) uint64 {
	hi, _ := bits.Mul64(r.next(), n)
	return hi
}
