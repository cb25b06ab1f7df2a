package pieces

import (
	"fmt"
	"slices"

	"github.com/coverkit/coverkit/resource"
)

// MaxSymmetryEntries bounds |G| × cells of the symmetry tables that
// Options.Unique builds.
const MaxSymmetryEntries = 1 << 24

// symmetries returns the board's symmetries other than the identity, as
// permutations of the cells: every permutation of axes of equal sides with
// every choice of reflections (the 8 symmetries of a square, 4 of a
// rectangle, 48 of a cube, 384 of a tesseract), composed on a torus with
// every translation; only those that map the pawns onto the pawns. Every
// piece of this package moves alike under them (a move is taken with every
// permutation of its components and every sign).
func (b *Board) symmetries() ([][]int32, error) {
	d := len(b.Dims)
	n := b.Cells()
	// Axis permutations between equal sides.
	var perms [][]int
	perm := make([]int, d)
	used := make([]bool, d)
	var rec func(i int)
	rec = func(i int) {
		if i == d {
			perms = append(perms, slices.Clone(perm))
			return
		}
		for a := range d {
			if !used[a] && b.Dims[a] == b.Dims[i] {
				used[a] = true
				perm[i] = a
				rec(i + 1)
				used[a] = false
			}
		}
	}
	rec(0)
	translations := 1
	if b.Torus {
		translations = n
	}
	size := len(perms) << d * translations
	if size*n > MaxSymmetryEntries {
		return nil, fmt.Errorf("pieces: the %s board has %d symmetries, too many to tell solutions apart (at most %d entries): %w",
			b, size, MaxSymmetryEntries, resource.ErrTooLarge)
	}
	pawn := make([]bool, n)
	for _, x := range b.Pawns {
		pawn[x] = true
	}
	var out [][]int32
	src := make([]int, d)
	dst := make([]int, d)
	shift := make([]int, d)
	for _, pm := range perms {
		for flips := 0; flips < 1<<d; flips++ {
			for t := range translations {
				b.Coords(t, shift)
				g := make([]int32, n)
				ok := true
				identity := true
				for x := range n {
					b.Coords(x, src)
					for i := range d {
						v := src[pm[i]]
						if flips>>i&1 == 1 {
							v = b.Dims[i] - 1 - v
						}
						if b.Torus {
							v = (v + shift[i]) % b.Dims[i]
						}
						dst[i] = v
					}
					y := b.Cell(dst)
					g[x] = int32(y)
					if y != x {
						identity = false
					}
					if pawn[x] != pawn[y] {
						ok = false
						break
					}
				}
				if ok && !identity {
					out = append(out, g)
				}
			}
		}
	}
	return out, nil
}
