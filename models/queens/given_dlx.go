package queens

import (
	"fmt"
	"strconv"

	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/resource"
)

// TorusCover returns toroidal N-Queens as an exact cover problem. On the
// torus n queens use every row, column and toroidal diagonal exactly once,
// so all 4n items are primary: the rows r1..rN and columns c1..cN (in the
// organ-pipe order of Cover), then the sum diagonals s1..sN (row + column ≡
// k−1 mod N) and the difference diagonals d1..dN (row − column ≡ k−1 mod
// N). Option r·N + c (0-based) puts a queen in row r+1, column c+1, as in
// Cover, so the same decoding and forced givens serve both.
func TorusCover(n int) (*dlx.Problem, error) {
	if n <= 0 {
		return nil, fmt.Errorf("queens: board size must be positive, got %d", n)
	}
	if n > CoverMaxN {
		nodes := float64(n) * float64(n) * 5
		return nil, fmt.Errorf("queens: dlx: n = %d needs %.1f GiB of nodes (n ≤ %d): %w",
			n, nodes*16/(1<<30), CoverMaxN, resource.ErrTooLarge)
	}
	p := dlx.New()
	rows := make([]int, n)
	cols := make([]int, n)
	for _, i := range organPipe(n) {
		rows[i], _ = p.AddPrimary("r" + strconv.Itoa(i+1))
		cols[i], _ = p.AddPrimary("c" + strconv.Itoa(i+1))
	}
	sums := make([]int, n)
	diffs := make([]int, n)
	for d := range n {
		sums[d], _ = p.AddPrimary("s" + strconv.Itoa(d+1))
	}
	for d := range n {
		diffs[d], _ = p.AddPrimary("d" + strconv.Itoa(d+1))
	}
	opt := make([]int, 4)
	for r := range n {
		for c := range n {
			opt[0], opt[1], opt[2], opt[3] = rows[r], cols[c], sums[(r+c)%n], diffs[(r-c+n)%n]
			if _, err := p.AddOptionIndex(opt, nil); err != nil {
				return nil, err // unreachable: the items are distinct
			}
		}
	}
	return p, nil
}

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

// coverOf returns the exact cover of b: Cover, or TorusCover on a torus.
func coverOf(b *Board) (*dlx.Problem, error) {
	if b.Torus {
		return TorusCover(b.N)
	}
	return Cover(b.N)
}

// forcedOf returns b's given queens as options of coverOf(b), to force.
func forcedOf(b *Board) []int {
	var forced []int
	for _, g := range b.Given {
		forced = append(forced, g.Row*b.N+g.Col)
	}
	return forced
}
