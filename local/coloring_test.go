package local_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/local"
	"github.com/stretchr/testify/require"
)

// coloring is graph colouring as a local.Model: one variable per vertex,
// its colour the value; an edge whose ends share a colour is a conflict.
type coloring struct {
	adj    [][]int
	colors []int
	k      int
}

func newColoring(n, k int, edges [][2]int) *coloring {
	g := &coloring{adj: make([][]int, n), colors: make([]int, n), k: k}
	for _, e := range edges {
		g.adj[e[0]] = append(g.adj[e[0]], e[1])
		g.adj[e[1]] = append(g.adj[e[1]], e[0])
	}
	return g
}

func (g *coloring) Vars() int       { return len(g.adj) }
func (g *coloring) Domain(int) int  { return g.k }
func (g *coloring) Value(v int) int { return g.colors[v] }
func (g *coloring) Set(v, c int)    { g.colors[v] = c }
func (g *coloring) Conflicts(v, c int) int {
	n := 0
	for _, u := range g.adj[v] {
		if g.colors[u] == c {
			n++
		}
	}
	return n
}
func (g *coloring) Neighbors(v int, dst []int) []int { return append(dst, g.adj[v]...) }

// proper reports whether no edge joins two vertices of one colour.
func (g *coloring) proper() bool {
	for v, us := range g.adj {
		for _, u := range us {
			if g.colors[u] == g.colors[v] {
				return false
			}
		}
	}
	return true
}

// planted returns a random graph on n vertices with m edges that has a
// hidden proper k-colouring (vertex v has colour v mod k).
func planted(n, m, k int, seed uint64) [][2]int {
	r := rand.New(rand.NewPCG(seed, 1))
	seen := map[[2]int]bool{}
	var edges [][2]int
	for len(edges) < m {
		a, b := r.IntN(n), r.IntN(n)
		if a%k == b%k || seen[[2]int{a, b}] || seen[[2]int{b, a}] {
			continue
		}
		seen[[2]int{a, b}] = true
		edges = append(edges, [2]int{a, b})
	}
	return edges
}

// petersen is the Petersen graph: chromatic number 3.
var petersen = [][2]int{
	{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, // outer cycle
	{5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5}, // inner star
	{0, 5}, {1, 6}, {2, 7}, {3, 8}, {4, 9}, // spokes
}

func TestSolveColoring(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n, k  int
		edges [][2]int
	}{
		{"petersen 3 colours", 10, 3, petersen},
		{"planted 3-colourable, 300 vertices", 300, 3, planted(300, 450, 3, 7)},
		{"planted 4-colourable, 1000 vertices", 1000, 4, planted(1000, 3000, 4, 8)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 5; seed++ {
				g := newColoring(tc.n, tc.k, tc.edges)
				res, err := local.Solve(context.Background(), g, &local.Options{Seed: seed, Randomize: true, Noise: 0.02})
				require.NoError(t, err)
				require.Equal(t, core.StatusFound, res.Status)
				require.True(t, g.proper(), "seed %d", seed)
			}
		})
	}
}

func TestSolveDeterministic(t *testing.T) {
	edges := planted(200, 300, 3, 3)
	run := func() []int {
		g := newColoring(200, 3, edges)
		_, err := local.Solve(context.Background(), g, &local.Options{Seed: 42, Randomize: true})
		require.NoError(t, err)
		return g.colors
	}
	require.Equal(t, run(), run())
}

func TestSolveLimits(t *testing.T) {
	// A triangle cannot be 2-coloured: the search never ends by itself.
	tri := [][2]int{{0, 1}, {1, 2}, {2, 0}}
	res, err := local.Solve(context.Background(), newColoring(3, 2, tri), &local.Options{MaxSteps: 500, RestartAfter: 50})
	require.NoError(t, err)
	require.Equal(t, core.StatusLimit, res.Status)
	require.Equal(t, uint64(500), res.Steps)
	require.Positive(t, res.Restarts)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = local.Solve(ctx, newColoring(3, 2, tri), nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusCanceled, res.Status)

	_, err = local.Solve(context.Background(), newColoring(3, 0, tri), nil)
	require.ErrorContains(t, err, "empty domain")
}

// Example colours the Petersen graph with three colours.
func ExampleSolve() {
	g := newColoring(10, 3, petersen)
	res, err := local.Solve(context.Background(), g, &local.Options{Seed: 1, Randomize: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, g.proper())
	// Output: found true
}
