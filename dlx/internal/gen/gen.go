// Package gen builds the test instances of package dlx that are not owned by
// a model: Knuth's small examples, Langford pairs and random colored
// instances. The instances under testdata/dlx are written from it by
// `go test ./dlx -run TestTestdata -update`.
package gen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Knuth7 is the exact cover problem (6) of TAOCP 7.2.2.1: seven items, six
// options, one solution (options 1, 4 and 5, 1-based: "c e", "a d f", "b g").
const Knuth7 = `| Knuth, TAOCP 7.2.2.1, problem (6): one solution
a b c d e f g
c e
a d g
b c f
a d f
b g
d e g
`

// KnuthXCC is the colored example (49) of TAOCP 7.2.2.1: one solution,
// "q x:A" and "p r x:A y".
const KnuthXCC = `| Knuth, TAOCP 7.2.2.1, problem (49): exact cover with colors
p q r | x y
p q x y:A
p r x:A y
p x:B
q x:A
r y:B
`

// Langford returns Langford's problem of order n as text: place two copies
// of each k = 1..n in 2n slots with k slots between them. Primary items:
// the values 1..n and the slots s1..s2n. Solutions count each pair of
// reversed arrangements twice (52 for n = 7, 300 for n = 8).
func Langford(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "| Langford pairs, n = %d\n", n)
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "%d ", k)
	}
	for i := 1; i <= 2*n; i++ {
		fmt.Fprintf(&b, "s%d", i)
		if i < 2*n {
			b.WriteByte(' ')
		}
	}
	b.WriteByte('\n')
	for k := 1; k <= n; k++ {
		for i := 1; i+k+1 <= 2*n; i++ {
			fmt.Fprintf(&b, "%d s%d s%d\n", k, i, i+k+1)
		}
	}
	return b.String()
}

// Random returns a random small colored instance: np primary items, ns
// secondary ones, nopt options of 1..4 items, about half the secondary
// entries colored with one of two colors.
func Random(r *rand.Rand, np, ns, nopt int) string {
	var b strings.Builder
	for i := range np {
		fmt.Fprintf(&b, "p%d ", i)
	}
	b.WriteString("|")
	for i := range ns {
		fmt.Fprintf(&b, " x%d", i)
	}
	b.WriteByte('\n')
	for range nopt {
		size := 1 + r.IntN(4)
		perm := r.Perm(np + ns)[:min(size, np+ns)]
		for j, it := range perm {
			if j > 0 {
				b.WriteByte(' ')
			}
			if it < np {
				fmt.Fprintf(&b, "p%d", it)
				continue
			}
			fmt.Fprintf(&b, "x%d", it-np)
			if r.IntN(2) == 0 {
				fmt.Fprintf(&b, ":%c", 'A'+r.IntN(2))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Queens returns N-Queens as text: rows and columns primary, diagonals
// secondary; option r·n + c puts a queen in row r, column c. With organPipe
// the primary items come middle first (r3 c3 r4 c4 r2 c2 ... for n = 8),
// the order models/queens uses, which roughly halves the work; without it
// they come in natural order (r0 c0 r1 c1 ...), the instance Knuth's dlx1
// timings are measured on (167,416,615 updates for n = 14). The benchmarks
// use this copy so the engine's tests import no model.
func Queens(n int, organPipe bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "| %d queens\n", n)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	// Organ-pipe order: by distance from the middle, the lower first.
	dist := func(i int) int { return max(2*i-(n-1), (n-1)-2*i) }
	if organPipe {
		slices.SortStableFunc(order, func(i, j int) int { return dist(i) - dist(j) })
	}
	for _, i := range order {
		fmt.Fprintf(&b, "r%d c%d ", i, i)
	}
	b.WriteString("|")
	for d := range 2*n - 1 {
		fmt.Fprintf(&b, " a%d b%d", d, d)
	}
	b.WriteByte('\n')
	for r := range n {
		for c := range n {
			fmt.Fprintf(&b, "r%d c%d a%d b%d\n", r, c, r+c, r-c+n-1)
		}
	}
	return b.String()
}

// Sudoku returns the exact cover matrix of 9×9 sudoku: 324 primary items
// (cell filled; digit in row, column, box) and 729 options, option
// 81·r + 9·c + d placing digit d+1 in row r, column c.
func Sudoku() string {
	var b strings.Builder
	for _, kind := range []string{"p", "r", "c", "b"} {
		for i := range 9 {
			for j := range 9 {
				fmt.Fprintf(&b, "%s%d%d ", kind, i, j)
			}
		}
	}
	b.WriteString("\n")
	for r := range 9 {
		for c := range 9 {
			for d := range 9 {
				fmt.Fprintf(&b, "p%d%d r%d%d c%d%d b%d%d\n", r, c, r, d, c, d, r/3*3+c/3, d)
			}
		}
	}
	return b.String()
}
