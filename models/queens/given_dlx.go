package queens

import (
	"context"

	"github.com/coverkit/coverkit/dlx"
)

// TorusCover returns toroidal N-Queens as an exact cover problem. On the
// torus n queens use every row, column and toroidal diagonal exactly once,
// so all 4n items are primary: the rows r1..rN and columns c1..cN (in the
// organ-pipe order of Cover), then the sum diagonals s1..sN (row + column ≡
// k−1 mod N) and the difference diagonals d1..dN (row − column ≡ k−1 mod
// N). Option r·N + c (0-based) puts a queen in row r+1, column c+1, as in
// Cover, so the same decoding and forced givens serve both.
func TorusCover(n int) (*dlx.Problem, error) { return cover(context.Background(), n, true) } // dlx.go

// organPipe returns 0..n−1 by distance from the middle, the lower first.
func organPipe(n int) []int {
	order := make([]int, 0, n)
	lo, hi := (n-1)/2, n/2
	if lo == hi {
		order = append(order, lo)
		lo, hi = lo-1, hi+1
	}
	for ; lo >= 0; lo, hi = lo-1, hi+1 {
		order = append(order, lo, hi)
	}
	return order
}

// coverOf returns the exact cover of b: Cover, or TorusCover on a torus,
// built under ctx (a nil ctx never ends).
func coverOf(ctx context.Context, b *Board) (*dlx.Problem, error) {
	return cover(ctx, b.N, b.Torus)
}

// forcedOf returns b's given queens as options of coverOf(b), to force.
func forcedOf(b *Board) []int {
	var forced []int
	for _, g := range b.Given {
		forced = append(forced, g.Row*b.N+g.Col)
	}
	return forced
}
