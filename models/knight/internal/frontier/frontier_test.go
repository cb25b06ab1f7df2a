package frontier

import (
	"fmt"
	"math/big"
	"os"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

// long reports whether the long tests run (COVERKIT_LONG=1).
func long() bool { return os.Getenv("COVERKIT_LONG") == "1" }

func count(t testing.TB, rows, cols int, closed bool, from int, o *Options) Result {
	t.Helper()
	r, err := Count(nil, Problem{Rows: rows, Cols: cols, Closed: closed, From: from}, o)
	require.NoError(t, err)
	require.Equal(t, core.StatusExhausted, r.Status)
	return r
}

func bigOf(t testing.TB, s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 10)
	require.True(t, ok, s)
	return v
}

// The OEIS tables of closed tours of m×n boards, m ≤ 8, computed by
// frontier dynamic programs: Elkies and Knuth for 3×n (A070030, 3×2n),
// de Ruiter for 5×n and 6×n (A175855, 5×2n; A175881, 6×n), Yang and Du
// for 7×n and 8×n (A193054, 7×2n; A193055, 8×n). Boards of odd area have
// no closed tour. short: the part that runs in go test -short.
var closedTables = []struct {
	name       string
	rows, step int // the boards rows×(step·k), k = 1, 2, …
	short, ci  int // entries run by the short tests and by go test (all with COVERKIT_LONG=1)
	want       []string
}{
	{"A070030", 3, 2, 20, 20, []string{"0", "0", "0", "0", "16", "176", "1536", "15424", "147728", "1448416",
		"14060048", "136947616", "1332257856", "12965578752", "126169362176", "1227776129152",
		"11947846468608", "116266505653888", "1131418872918784", "11010065269439104", "107141489725900544"}},
	{"A175855", 5, 2, 5, 10, []string{"0", "0", "8", "44202", "13311268", "4557702762", "1495135512514",
		"491857035772330", "161514101568508400", "53034853662012222798", "17414154188157170439208",
		"5717847862749642677204182", "1877435447920358266870897874", "616447390029326136628439042672",
		"202407848349722353779265745190616", "66459727085467788423206394162537418",
		"21821760546806761707309514948565417796", "7165079447164571822068029945303172129766",
		"2352622444655438705806553391345493395131580", "772473271844923268504474277422663237674924998"}},
	{"A175881", 6, 1, 6, 7, []string{"0", "0", "0", "0", "8", "9862", "1067638", "55488142", "3374967940",
		"239187240144", "15360134570696", "964730606632516", "61989683445413228", "4005716717182224826",
		"255967892553030600920", "16378998506224697063588", "1050504687249683771795632",
		"67351449674771471216148786", "4314151246752166099728445868", "276453522147273309254029785276"}},
	{"A193054", 7, 2, 2, 3, []string{"0", "0", "1067638", "34524432316", "1250063279938854",
		"38350427205194670084", "1254934986399237346242334"}},
	{"A193055", 8, 1, 5, 6, []string{"0", "0", "0", "0", "44202", "55488142", "34524432316", "13267364410532"}},
}

func TestClosedTables(t *testing.T) {
	for _, tc := range closedTables {
		t.Run(tc.name, func(t *testing.T) {
			for k, want := range tc.want {
				cols := tc.step * (k + 1)
				if testing.Short() && k >= tc.short || !long() && k >= tc.ci {
					break
				}
				rows, c := tc.rows, cols
				if c < rows {
					rows, c = c, rows // the frontier spans the shorter side
				}
				r := count(t, rows, c, true, -1, &Options{Workers: 2})
				require.Equal(t, bigOf(t, want), r.Count, "%dx%d closed (%s)", tc.rows, cols, tc.name)
			}
		})
	}
}

// Open tours of n×n boards as directed paths from every start, A165134.
func TestOpenSquares(t *testing.T) {
	want := []string{"1", "0", "0", "0", "1728", "6637920", "165575218320"}
	for n, w := range want {
		n++
		if n >= 6 && !long() {
			break
		}
		r := count(t, n, n, false, -1, &Options{Workers: 2})
		require.Equal(t, bigOf(t, w), r.Count, "%dx%d open", n, n)
	}
}

// brute counts the tours of a rows×cols board by depth-first search, in
// the kernel's conventions: closed tours once per undirected cycle, open
// tours as directed paths from from (row-major) or from every square.
func brute(rows, cols int, closed bool, from int) uint64 {
	n := rows * cols
	adj := make([][]int, n)
	for r := range rows {
		for c := range cols {
			for _, d := range [8][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
				if rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < rows && cc >= 0 && cc < cols {
					adj[r*cols+c] = append(adj[r*cols+c], rr*cols+cc)
				}
			}
		}
	}
	seen := make([]bool, n)
	var total uint64
	var dfs func(u, depth, start int)
	dfs = func(u, depth, start int) {
		if depth == n {
			if !closed {
				total++
				return
			}
			for _, w := range adj[u] {
				if w == start {
					total++
				}
			}
			return
		}
		for _, w := range adj[u] {
			if !seen[w] {
				seen[w] = true
				dfs(w, depth+1, start)
				seen[w] = false
			}
		}
	}
	starts := []int{from}
	if closed {
		starts = []int{0}
	} else if from < 0 {
		starts = starts[:0]
		for s := range n {
			starts = append(starts, s)
		}
	}
	for _, s := range starts {
		seen[s] = true
		dfs(s, 1, s)
		seen[s] = false
	}
	if closed && n > 2 {
		total /= 2 // each cycle in both directions
	}
	return total
}

// The kernel against depth-first search on every small board, closed and
// open, from every square and from each square.
func TestAgainstSearch(t *testing.T) {
	maxSquares := 20
	if !testing.Short() {
		maxSquares = 25
	}
	for rows := 1; rows <= MaxRows; rows++ {
		for cols := rows; rows*cols <= maxSquares; cols++ {
			for _, closed := range []bool{true, false} {
				froms := []int{-1}
				if !closed {
					for s := range rows * cols {
						froms = append(froms, s)
					}
				}
				for _, from := range froms {
					want := brute(rows, cols, closed, from)
					for _, b := range [][2]int{{rows, cols}, {cols, rows}} {
						if b[0] > MaxRows {
							continue
						}
						f := from
						if f >= 0 && b[0] != rows {
							f = (f%cols)*rows + f/cols // the transposed square
						}
						for _, method := range []string{MethodSweep, MethodJoin} {
							r := count(t, b[0], b[1], closed, f, &Options{Method: method})
							require.Equal(t, want, r.Count.Uint64(), "%dx%d closed=%v from=%d %s", b[0], b[1], closed, f, method)
						}
					}
				}
			}
		}
	}
}

// The states of a level are split into buckets whose successors are
// different states: no state is made twice.
func TestLevelsDisjoint(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		closed     bool
	}{{6, 6, true}, {5, 6, false}} {
		one := count(t, tc.rows, tc.cols, tc.closed, -1, nil)
		for _, w := range []int{1, 3} {
			r := count(t, tc.rows, tc.cols, tc.closed, -1, &Options{Workers: w, bucketStates: 500})
			require.Equal(t, one.Count, r.Count)
			require.Equal(t, one.States, r.States, "the same levels in one bucket and in many, on %d workers", w)
			require.Equal(t, one.Nodes, r.Nodes)
		}
	}
}

// The memory policy is asked up front for the estimate of the peak, named
// in the refusal, and for every step of the levels' growth.
func TestMemoryPolicy(t *testing.T) {
	refuse := func(what string, need uint64) error {
		return fmt.Errorf("%s needs %d bytes: %w", what, need, resource.ErrTooLarge)
	}
	_, err := Count(nil, Problem{Rows: 8, Cols: 8, From: -1}, &Options{Check: func(what string, need uint64) error {
		if need > 1<<30 {
			return refuse(what, need)
		}
		return nil
	}})
	require.ErrorIs(t, err, resource.ErrTooLarge)
	require.ErrorContains(t, err, "8x8 open count (sweep, an estimated peak of 8148581316 states)")

	var asked int
	_, err = Count(nil, Problem{Rows: 6, Cols: 8, Closed: true, From: -1}, &Options{Method: MethodSweep, Grow: func(what string, held, step uint64) error {
		asked++
		if held > 4<<20 {
			return fmt.Errorf("%s: %w", what, resource.ErrTooLarge)
		}
		return nil
	}})
	require.ErrorIs(t, err, resource.ErrTooLarge)
	require.ErrorContains(t, err, "the states of a 6x8 board")
	require.Greater(t, asked, 0)
}
