package dlx_test

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/coverkit/coverkit/dlx"
)

// Solve Knuth's small exact cover problem, read from the text format.
func Example() {
	p, err := dlx.Parse(strings.NewReader(`
| seven items, six options, one exact cover
a b c d e f g
c e
a d g
b c f
a d f
b g
d e g
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := dlx.NewSolver(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, _ := s.Solve(context.Background(), &dlx.Options{
		Visit: func(sol []int) bool {
			for _, k := range slices.Sorted(slices.Values(sol)) {
				fmt.Printf("option %d: %s\n", k+1, p.OptionString(k))
			}
			return true
		},
	})
	fmt.Println(res.Status, res.Solutions, "solution(s)")
	// Output:
	// option 1: c e
	// option 4: a d f
	// option 5: b g
	// exhausted 1 solution(s)
}

// Count the 4-queens solutions: rows and columns are primary items, the
// diagonals secondary (at most one queen each).
func ExampleProblem_AddOption() {
	const n = 4
	p := dlx.New()
	for i := range n {
		p.AddPrimary(fmt.Sprint("r", i))
		p.AddPrimary(fmt.Sprint("c", i))
	}
	for d := range 2*n - 1 {
		p.AddSecondary(fmt.Sprint("a", d))
		p.AddSecondary(fmt.Sprint("b", d))
	}
	for r := range n {
		for c := range n {
			p.AddOption(fmt.Sprint("r", r), fmt.Sprint("c", c), fmt.Sprint("a", r+c), fmt.Sprint("b", r-c+n-1))
		}
	}
	s, _ := dlx.NewSolver(p)
	res, _ := s.Solve(context.Background(), nil)
	fmt.Println(res.Solutions, res.Status)
	// Output: 2 exhausted
}

// Model 4×4 sudoku as exact cover and solve puzzles on one reusable Solver:
// the matrix (64 items, 64 options) is built once, each puzzle's givens are
// forced options, and Limit 2 tells a unique solution from several.
func ExampleSolver_sudoku() {
	const n, box = 4, 2
	p := dlx.New()
	// Items: each cell filled, each digit once per row, column and box.
	for _, kind := range []string{"p", "r", "c", "b"} {
		for i := range n {
			for j := range n {
				p.AddPrimary(fmt.Sprintf("%s%d%d", kind, i, j))
			}
		}
	}
	// Option r·16 + c·4 + d: digit d+1 in row r, column c.
	for r := range n {
		for c := range n {
			for d := range n {
				b := r/box*box + c/box
				p.AddOptionIndex([]int{r*n + c, n*n + r*n + d, 2*n*n + c*n + d, 3*n*n + b*n + d}, nil)
			}
		}
	}
	s, _ := dlx.NewSolver(p)

	var forced []int // reused for every puzzle: no allocation per solve
	opts := &dlx.Options{Limit: 2}
	for _, puzzle := range []string{
		"1......2..3....4", // a puzzle with a unique solution
		"12..............",
		"11..............",
	} {
		forced = forced[:0]
		for i, ch := range puzzle {
			if ch != '.' {
				forced = append(forced, i*n+int(ch-'1'))
			}
		}
		opts.Forced = forced
		res, _ := s.Solve(context.Background(), opts)
		switch {
		case res.Solutions == 0:
			fmt.Println(puzzle, "no solution")
		case res.Solutions > 1:
			fmt.Println(puzzle, "several solutions")
		default:
			grid := []byte(strings.Repeat(".", n*n))
			for _, k := range s.First() {
				grid[k/n] = byte('1' + k%n)
			}
			fmt.Println(puzzle, string(grid))
		}
	}
	// Output:
	// 1......2..3....4 1243431224313124
	// 12.............. several solutions
	// 11.............. no solution
}

// Count the ways to place 3 non-attacking rooks on a 4×4 board with
// multiplicities (Algorithm M): a primary item "#" taken exactly 3 times,
// and the rows and columns primary items taken at most once (bounds 0:1).
func ExampleProblem_AddPrimaryBounds() {
	const n, k = 4, 3
	p := dlx.New()
	p.AddPrimaryBounds("#", k, k)
	for i := range n {
		p.AddPrimaryBounds(fmt.Sprint("r", i), 0, 1)
		p.AddPrimaryBounds(fmt.Sprint("c", i), 0, 1)
	}
	for r := range n {
		for c := range n {
			p.AddOption("#", fmt.Sprint("r", r), fmt.Sprint("c", c))
		}
	}
	s, _ := dlx.NewSolver(p)
	res, _ := s.Solve(context.Background(), nil)
	fmt.Println(res.Status, res.Solutions) // C(4,3)² · 3! = 96
	// Output: exhausted 96
}

// The same problem in the text format of Knuth's dlx3: "3|#" is covered
// exactly 3 times, "0:1|r0" at most once.
func ExampleParse_multiplicities() {
	p, _ := dlx.Parse(strings.NewReader(`
| 3 non-attacking rooks on 3x3
3|# 0:1|r0 0:1|r1 0:1|r2 0:1|c0 0:1|c1 0:1|c2
# r0 c0
# r0 c1
# r0 c2
# r1 c0
# r1 c1
# r1 c2
# r2 c0
# r2 c1
# r2 c2
`))
	s, _ := dlx.NewSolver(p)
	res, _ := s.Solve(context.Background(), nil)
	fmt.Println(res.Solutions) // 3! = 6
	// Output: 6
}

// Find the domination number of kings on a 5×5 board: every square must be
// occupied or attacked at least once (bounds 1:25), by the fewest kings.
// Options.Minimize raises the number of options allowed until a solution
// appears; Result.MinOptions is that number, Solutions the number of
// minimum dominating sets.
func ExampleOptions_minimize() {
	const n = 5
	p := dlx.New()
	for r := range n {
		for c := range n {
			p.AddPrimaryBounds(fmt.Sprint(r, ",", c), 1, n*n)
		}
	}
	for r := range n {
		for c := range n {
			var items []string
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					if r+dr >= 0 && r+dr < n && c+dc >= 0 && c+dc < n {
						items = append(items, fmt.Sprint(r+dr, ",", c+dc))
					}
				}
			}
			p.AddOption(items...)
		}
	}
	s, _ := dlx.NewSolver(p)
	res, _ := s.Solve(context.Background(), &dlx.Options{Minimize: true})
	fmt.Println(res.Status, "kings:", res.MinOptions, "sets:", res.Solutions)
	// Output: exhausted kings: 4 sets: 79
}
