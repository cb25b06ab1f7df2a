package sudoku

import (
	"bytes"
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/stretchr/testify/require"
)

// fastGrid parses an 81-character puzzle ('.' or '0' for empty) for tests.
func fastGrid(t testing.TB, s string) *[81]uint8 {
	t.Helper()
	require.Len(t, s, 81, "puzzle %q", s)
	var g [81]uint8
	for i := range 81 {
		switch c := s[i]; {
		case c == '.' || c == '0':
		case c >= '1' && c <= '9':
			g[i] = c - '0'
		default:
			t.Fatalf("puzzle %q: bad symbol %q at %d", s, c, i)
		}
	}
	return &g
}

// fastCheck verifies, independently of the solver, that sol is a complete
// valid sudoku that agrees with the givens.
func fastCheck(t testing.TB, givens, sol *[81]uint8) {
	t.Helper()
	for i, v := range sol {
		require.True(t, v >= 1 && v <= 9, "cell %d holds %d", i, v)
		if givens[i] != 0 {
			require.Equal(t, givens[i], v, "cell %d disagrees with its given", i)
		}
	}
	for u := range 9 {
		var row, col, box [10]bool
		for k := range 9 {
			r := sol[9*u+k]
			c := sol[9*k+u]
			b := sol[9*(3*(u/3)+k/3)+3*(u%3)+k%3]
			require.False(t, row[r], "row %d repeats %d", u, r)
			require.False(t, col[c], "column %d repeats %d", u, c)
			require.False(t, box[b], "box %d repeats %d", u, b)
			row[r], col[c], box[b] = true, true, true
		}
	}
}

func fastString(g *[81]uint8) string {
	var b [81]byte
	for i, v := range g {
		b[i] = '0' + v
	}
	return string(b[:])
}

func TestFastKnownPuzzles(t *testing.T) {
	tests := []struct {
		name, puzzle, solution string
	}{
		{
			name:     "easy (Project Euler 96, grid 01)",
			puzzle:   "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
			solution: "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
		},
		{
			name:     "Inkala 2012",
			puzzle:   "800000000003600000070090200050007000000045700000100030001000068008500010090000400",
			solution: "812753649943682175675491283154237896369845721287169534521974368438526917796318452",
		},
		{
			name:     "17 clues (first of 17clue.txt)",
			puzzle:   ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
			solution: "953168742862734951417952836746893125281645397395271468138529674574386219629417583",
		},
		{
			name:     "first of top1465.txt",
			puzzle:   "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
			solution: "468931527751624839392578461134756298289413675675289314846192753513867942927345186",
		},
		{
			name:     "already solved",
			puzzle:   "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
			solution: "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
		},
	}
	var f Fast
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := fastGrid(t, tc.puzzle)
			for _, limit := range []uint64{1, 2, 0} {
				var sol [81]uint8
				found, _, st := f.Solve(context.Background(), g, limit, &sol)
				require.Equal(t, uint64(1), found, "limit %d", limit)
				if limit == 1 {
					require.Equal(t, core.StatusFound, st)
				} else {
					require.Equal(t, core.StatusExhausted, st, "limit %d", limit)
				}
				fastCheck(t, g, &sol)
				require.Equal(t, tc.solution, fastString(&sol))
			}
		})
	}
}

func TestFastCounts(t *testing.T) {
	tests := []struct {
		name   string
		puzzle string
		limit  uint64
		found  uint64
		status core.Status
	}{
		// A solved grid with one unavoidable rectangle blanked: 2 solutions.
		{"two solutions, limit 2", "403921057907345021251876493548132976729564138136798245372689514814253769695417382", 2, 2, core.StatusFound},
		{"two solutions, limit 1", "403921057907345021251876493548132976729564138136798245372689514814253769695417382", 1, 1, core.StatusFound},
		{"two solutions, count", "403921057907345021251876493548132976729564138136798245372689514814253769695417382", 0, 2, core.StatusExhausted},
		{"two solutions, limit 3", "403921057907345021251876493548132976729564138136798245372689514814253769695417382", 3, 2, core.StatusExhausted},
		// Two disjoint rectangles: 4 solutions.
		{"four solutions, count", "403921057907345021251876493508130976709560138136798245372689514814253769695417382", 0, 4, core.StatusExhausted},
		{"empty grid, limit 10", "", 10, 10, core.StatusFound},
		{"empty grid, limit 1000", "", 1000, 1000, core.StatusFound},
		// Row 1 needs a 9 in its last cell, but column 9 already has one.
		{"unsolvable, no clash", "123456780000000009" + fastZeros(63), 0, 0, core.StatusExhausted},
		{"unsolvable hard, no clash", "800000000003600000070090200050007000000045700000100030001000068008500010090000407", 2, 0, core.StatusExhausted},
		{"clash in a row", "55" + fastZeros(79), 2, 0, core.StatusExhausted},
		{"clash in a column", "5" + fastZeros(8) + "5" + fastZeros(71), 2, 0, core.StatusExhausted},
		{"clash in a box", "5" + fastZeros(9) + "5" + fastZeros(70), 2, 0, core.StatusExhausted},
	}
	var f Fast
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.puzzle
			if p == "" {
				p = fastZeros(81)
			}
			g := fastGrid(t, p)
			var sol [81]uint8
			found, _, st := f.Solve(context.Background(), g, tc.limit, &sol)
			require.Equal(t, tc.found, found)
			require.Equal(t, tc.status, st)
			if found > 0 {
				fastCheck(t, g, &sol)
			}
		})
	}
}

func fastZeros(n int) string { return string(bytes.Repeat([]byte{'0'}, n)) }

func TestFastBadValues(t *testing.T) {
	var f Fast
	for _, v := range []uint8{10, 11, 255} {
		var g [81]uint8
		g[40] = v
		found, nodes, st := f.Solve(context.Background(), &g, 2, nil)
		require.Zero(t, found)
		require.Zero(t, nodes)
		require.Equal(t, core.StatusExhausted, st)
	}
}

func TestFastNilSolution(t *testing.T) {
	var f Fast
	g := fastGrid(t, fastZeros(81))
	found, _, st := f.Solve(context.Background(), g, 5, nil)
	require.Equal(t, uint64(5), found)
	require.Equal(t, core.StatusFound, st)
}

func TestFastContext(t *testing.T) {
	var f Fast
	g := fastGrid(t, fastZeros(81))

	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	found, _, st := f.Solve(canceled, g, 0, nil)
	require.Zero(t, found)
	require.Equal(t, core.StatusCanceled, st)

	// Counting every sudoku grid never ends: the deadline must stop it.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	found, nodes, st := f.Solve(ctx, g, 0, nil)
	require.Equal(t, core.StatusTimeout, st)
	require.Positive(t, found)
	require.Positive(t, nodes)
	require.Less(t, time.Since(start), 5*time.Second)

	// The same Fast is reusable after an interrupted search.
	found, _, st = f.Solve(context.Background(), fastGrid(t, "003020600900305001001806400008102900700000008006708200002609500800203009005010300"), 2, nil)
	require.Equal(t, uint64(1), found)
	require.Equal(t, core.StatusExhausted, st)
}

func TestFastAllocs(t *testing.T) {
	var f Fast
	g := fastGrid(t, "800000000003600000070090200050007000000045700000100030001000068008500010090000400")
	var sol [81]uint8
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, c := range []context.Context{context.Background(), ctx} {
		allocs := testing.AllocsPerRun(20, func() { f.Solve(c, g, 2, &sol) })
		require.Zero(t, allocs)
	}
}

func TestFastSharedCollections(t *testing.T) {
	tests := []struct {
		name  string
		file  string
		every int
	}{
		{"17clue every 5th", "17clue.txt", 5},
		{"top1465", "top1465.txt", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			puzzles := fastLoad(t, tc.file)
			var f Fast
			for i := 0; i < len(puzzles); i += tc.every {
				var sol [81]uint8
				found, _, st := f.Solve(context.Background(), &puzzles[i], 2, &sol)
				require.Equal(t, uint64(1), found, "puzzle %d", i+1)
				require.Equal(t, core.StatusExhausted, st, "puzzle %d", i+1)
				fastCheck(t, &puzzles[i], &sol)
			}
		})
	}
}

// fastReferenceCount counts the solutions of g up to limit with a plain
// cell-by-cell backtracking search, independent of Fast: a reference for
// property tests. Clashing givens give 0. It gives up, returning -1, after
// 100,000 nodes (unsolvable sparse grids can take it very long).
func fastReferenceCount(g [81]uint8, limit int, diag bool) int {
	var rows, cols, boxes [9]uint16
	var diags [2]uint16 // used when diag: the main and anti-diagonal
	for i, v := range g {
		if v == 0 {
			continue
		}
		bit := uint16(1) << v
		r, c, b := i/9, i%9, i/27*3+i%9/3
		if (rows[r]|cols[c]|boxes[b])&bit != 0 {
			return 0
		}
		rows[r] |= bit
		cols[c] |= bit
		boxes[b] |= bit
		for k, on := range fastOnDiagonals(diag, i) {
			if on {
				if diags[k]&bit != 0 {
					return 0
				}
				diags[k] |= bit
			}
		}
	}
	count, nodes := 0, 0
	var rec func() bool
	rec = func() bool {
		if nodes++; nodes > 100_000 {
			count = -1
			return true
		}
		best, bestN := -1, 10
		var bestFree uint16
		for i, v := range g {
			if v != 0 {
				continue
			}
			used := rows[i/9] | cols[i%9] | boxes[i/27*3+i%9/3]
			for k, on := range fastOnDiagonals(diag, i) {
				if on {
					used |= diags[k]
				}
			}
			free := ^used & 0x3fe
			n := 0
			for f := free; f != 0; f &= f - 1 {
				n++
			}
			if n < bestN {
				best, bestN, bestFree = i, n, free
			}
		}
		if best < 0 {
			count++
			return count >= limit
		}
		r, c, b := best/9, best%9, best/27*3+best%9/3
		for v := uint8(1); v <= 9; v++ {
			bit := uint16(1) << v
			if bestFree&bit == 0 {
				continue
			}
			g[best] = v
			rows[r] |= bit
			cols[c] |= bit
			boxes[b] |= bit
			on := fastOnDiagonals(diag, best)
			for k := range on {
				if on[k] {
					diags[k] |= bit
				}
			}
			stop := rec()
			rows[r] &^= bit
			cols[c] &^= bit
			boxes[b] &^= bit
			for k := range on {
				if on[k] {
					diags[k] &^= bit
				}
			}
			g[best] = 0
			if stop {
				return true
			}
		}
		return false
	}
	rec()
	return count
}

// TestFastAgreesWithReference compares Fast with the reference search on
// random puzzles: grids derived from a solution (relabelled, with cells
// removed) and sparse random givens that may clash or be unsolvable.
func TestFastAgreesWithReference(t *testing.T) {
	base := fastGrid(t, "812753649943682175675491283154237896369845721287169534521974368438526917796318452")
	rng := rand.New(rand.NewPCG(7, 11))
	var f Fast
	tests := []struct {
		name   string
		count  int
		puzzle func() [81]uint8
	}{
		{"solution with cells removed", 300, func() [81]uint8 {
			perm := rng.Perm(9)
			var g [81]uint8
			for i, v := range base {
				g[i] = uint8(perm[v-1] + 1)
			}
			for _, i := range rng.Perm(81)[:25+rng.IntN(36)] {
				g[i] = 0
			}
			return g
		}},
		{"random givens", 300, func() [81]uint8 {
			var g [81]uint8
			for range 8 + rng.IntN(14) {
				g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
			}
			return g
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			skipped := 0
			for n := range tc.count {
				g := tc.puzzle()
				want := fastReferenceCount(g, 3, false)
				if want < 0 {
					skipped++ // too hard for the reference
					continue
				}
				var sol [81]uint8
				found, _, st := f.Solve(context.Background(), &g, 3, &sol)
				require.Equal(t, uint64(want), found, "case %d: %s", n, fastString(&g))
				if want == 3 {
					require.Equal(t, core.StatusFound, st)
				} else {
					require.Equal(t, core.StatusExhausted, st)
				}
				if found > 0 {
					fastCheck(t, &g, &sol)
				}
			}
			t.Logf("%d of %d skipped", skipped, tc.count)
			require.Less(t, skipped, tc.count/4)
		})
	}
}

// fastOnDiagonals reports whether cell i is on the main and on the
// anti-diagonal, when diag (X-sudoku) is set.
func fastOnDiagonals(diag bool, i int) [2]bool {
	return [2]bool{diag && i/9 == i%9, diag && i/9+i%9 == 8}
}

// fastCheckX verifies an X-sudoku solution: a valid sudoku whose two main
// diagonals also hold every digit once.
func fastCheckX(t testing.TB, givens, sol *[81]uint8) {
	t.Helper()
	fastCheck(t, givens, sol)
	var main, anti [10]bool
	for r := range 9 {
		a, b := sol[9*r+r], sol[9*r+8-r]
		require.False(t, main[a], "main diagonal repeats %d", a)
		require.False(t, anti[b], "anti-diagonal repeats %d", b)
		main[a], anti[b] = true, true
	}
}

func TestFastX(t *testing.T) {
	var f Fast
	empty := fastGrid(t, fastZeros(81))
	var sol [81]uint8
	found, _, st := f.SolveX(context.Background(), empty, 5, &sol)
	require.Equal(t, uint64(5), found)
	require.Equal(t, core.StatusFound, st)
	fastCheckX(t, empty, &sol)
	solution := sol

	// Equal givens on a diagonal clash in X-sudoku only.
	clash := fastGrid(t, "5"+fastZeros(79)+"5")
	found, _, st = f.SolveX(context.Background(), clash, 2, nil)
	require.Zero(t, found)
	require.Equal(t, core.StatusExhausted, st)
	found, _, st = f.Solve(context.Background(), clash, 2, &sol)
	require.Equal(t, uint64(2), found)
	require.Equal(t, core.StatusFound, st)
	fastCheck(t, clash, &sol)

	rng := rand.New(rand.NewPCG(3, 5))
	tests := []struct {
		name   string
		puzzle func() [81]uint8
	}{
		{"X solution with cells removed", func() [81]uint8 {
			g := solution
			for _, i := range rng.Perm(81)[:30+rng.IntN(35)] {
				g[i] = 0
			}
			return g
		}},
		{"random givens", func() [81]uint8 {
			var g [81]uint8
			for range 8 + rng.IntN(12) {
				g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
			}
			return g
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			skipped := 0
			for n := range 200 {
				g := tc.puzzle()
				want := fastReferenceCount(g, 3, true)
				if want < 0 {
					skipped++
					continue
				}
				found, _, st := f.SolveX(context.Background(), &g, 3, &sol)
				require.Equal(t, uint64(want), found, "case %d: %s", n, fastString(&g))
				if want == 3 {
					require.Equal(t, core.StatusFound, st)
				} else {
					require.Equal(t, core.StatusExhausted, st)
				}
				if found > 0 {
					fastCheckX(t, &g, &sol)
				}
			}
			require.Less(t, skipped, 50)
		})
	}
}
