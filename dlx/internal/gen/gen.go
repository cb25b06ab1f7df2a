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

// Knuth3 is the example that opens Knuth's program dlx3: item C is covered
// two or three times. Its one solution is options 2, 4 and 5 (1-based):
// "A C X:1 Y:1", "B X:1", "C Y:1".
const Knuth3 = `| Knuth, dlx3: a simple example of color controls
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
`

// attack reports whether a piece on (r1, c1) attacks (r2, c2): "Q" queen,
// "K" king, "R" rook.
func attack(piece byte, r1, c1, r2, c2 int) bool {
	dr, dc := r1-r2, c1-c2
	switch piece {
	case 'K':
		return max(dr, -dr) <= 1 && max(dc, -dc) <= 1
	case 'R':
		return dr == 0 || dc == 0
	}
	return dr == 0 || dc == 0 || dr == dc || dr == -dc
}

// Pieces returns the placements of k mutually non-attacking pieces ('Q',
// 'R' or 'K') on an n×n board as a multiplicity problem, one option per
// square: a primary item "#" of multiplicity k in every option; for queens
// and rooks the rows and columns are primary items with bounds 0:1 (at most
// one piece each, which guides the search) and the diagonals secondary; for
// kings the 2×2 blocks are secondary, those of the tiling by 2×2 blocks
// primary with bounds 0:1.
func Pieces(piece byte, n, k int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "| %d non-attacking %c on %dx%d\n%d|#", k, piece, n, n, k)
	tiling := func(i, j int) bool { return i%2 == 0 && j%2 == 0 }
	switch piece {
	case 'K':
		for i := range n - 1 {
			for j := range n - 1 {
				if tiling(i, j) {
					fmt.Fprintf(&b, " 0:1|b%d_%d", i, j)
				}
			}
		}
		b.WriteString(" |")
		for i := range n - 1 {
			for j := range n - 1 {
				if !tiling(i, j) {
					fmt.Fprintf(&b, " b%d_%d", i, j)
				}
			}
		}
	default:
		for i := range n {
			fmt.Fprintf(&b, " 0:1|r%d 0:1|c%d", i, i)
		}
		b.WriteString(" |")
		if piece == 'Q' {
			for d := range 2*n - 1 {
				fmt.Fprintf(&b, " a%d d%d", d, d)
			}
		}
	}
	b.WriteByte('\n')
	for r := range n {
		for c := range n {
			b.WriteByte('#')
			switch piece {
			case 'K':
				for i := max(r-1, 0); i <= min(r, n-2); i++ {
					for j := max(c-1, 0); j <= min(c, n-2); j++ {
						fmt.Fprintf(&b, " b%d_%d", i, j)
					}
				}
			case 'Q':
				fmt.Fprintf(&b, " r%d c%d a%d d%d", r, c, r+c, r-c+n-1)
			default:
				fmt.Fprintf(&b, " r%d c%d", r, c)
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Domination returns the domination problem of piece ('Q', 'R' or 'K') on
// an n×n board: every square is a primary item to be covered between 1 and
// n×n times, and each option is a square with the squares its piece
// occupies or attacks. With k > 0 a primary item "#" of multiplicity k in
// every option asks for exactly k pieces (Knuth's way with dlx3); with
// k = 0 the number of pieces is left to Options.MaxOptions.
func Domination(piece byte, n, k int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "| %c domination of %dx%d\n", piece, n, n)
	if k > 0 {
		fmt.Fprintf(&b, "%d|# ", k)
	}
	for r := range n {
		for c := range n {
			fmt.Fprintf(&b, "1:%d|s%d_%d ", n*n, r, c)
		}
	}
	b.WriteByte('\n')
	for r := range n {
		for c := range n {
			if k > 0 {
				b.WriteString("# ")
			}
			fmt.Fprintf(&b, "s%d_%d", r, c)
			for r2 := range n {
				for c2 := range n {
					if (r2 != r || c2 != c) && attack(piece, r, c, r2, c2) {
						fmt.Fprintf(&b, " s%d_%d", r2, c2)
					}
				}
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// cells lists the cells of a rows×cols board column by column along its
// long side (down each column of a wide board, along each row of a tall
// one), the order in which Dominoes and Polyominoes name their items, so
// that a search taking the first item in input order sweeps the board
// along its long side and its remaining subproblems depend on a frontier
// as wide as the short side.
func cells(rows, cols int) [][2]int {
	var out [][2]int
	if cols >= rows {
		for c := range cols {
			for r := range rows {
				out = append(out, [2]int{r, c})
			}
		}
		return out
	}
	for r := range rows {
		for c := range cols {
			out = append(out, [2]int{r, c})
		}
	}
	return out
}

// cellName is the item of cell (r, c): "r3c12" (1-based).
func cellName(r, c int) string { return fmt.Sprintf("r%dc%d", r+1, c+1) }

// Polyominoes returns the tilings of a rows×cols board by copies of the
// given shapes (each a list of (row, column) cells; each shape used any
// number of times, in the orientations listed) as an exact cover: one
// primary item per cell, named r1c1..., in the order of cells; one option
// per placement, its cells in that order, the placements listed by their
// first cell in that order.
func Polyominoes(title string, rows, cols int, shapes [][][2]int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "| %s on %dx%d\n", title, rows, cols)
	order := cells(rows, cols)
	pos := map[[2]int]int{}
	for i, x := range order {
		pos[x] = i
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(cellName(x[0], x[1]))
	}
	b.WriteByte('\n')
	type placement []int
	byFirst := make([][]placement, len(order))
	for _, sh := range shapes {
		for r := range rows {
			for c := range cols {
				var pl placement
				for _, x := range sh {
					i, ok := pos[[2]int{r + x[0], c + x[1]}]
					if !ok {
						pl = nil
						break
					}
					pl = append(pl, i)
				}
				if pl == nil {
					continue
				}
				slices.Sort(pl)
				byFirst[pl[0]] = append(byFirst[pl[0]], pl)
			}
		}
	}
	for _, pls := range byFirst {
		for _, pl := range pls {
			for j, i := range pl {
				if j > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(cellName(order[i][0], order[i][1]))
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Dominoes returns the domino tilings of a rows×cols board (OEIS A099390;
// A004003 for the 2n×2n squares): see Polyominoes.
func Dominoes(rows, cols int) string {
	return Polyominoes("domino tilings", rows, cols, [][][2]int{{{0, 0}, {0, 1}}, {{0, 0}, {1, 0}}})
}

// LTrominoes returns the tilings of a rows×cols board by L-trominoes in
// their four orientations: see Polyominoes.
func LTrominoes(rows, cols int) string {
	return Polyominoes("L-tromino tilings", rows, cols, [][][2]int{
		{{0, 0}, {1, 0}, {1, 1}}, {{0, 0}, {0, 1}, {1, 0}}, {{0, 0}, {0, 1}, {1, 1}}, {{0, 1}, {1, 0}, {1, 1}}})
}

// Matching returns the perfect matchings of the complete graph K_n as an
// exact cover: the vertices v1..vn are the items, each edge an option
// ((n−1)!! solutions for even n).
func Matching(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "| perfect matchings of K%d\n", n)
	for i := 1; i <= n; i++ {
		if i > 1 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "v%d", i)
	}
	b.WriteByte('\n')
	for i := 1; i <= n; i++ {
		for j := i + 1; j <= n; j++ {
			fmt.Fprintf(&b, "v%d v%d\n", i, j)
		}
	}
	return b.String()
}
