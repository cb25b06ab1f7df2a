package knight

// This file holds the small search program that found the base tours in
// divide_blocks.go. It runs only when asked:
//
//	KNIGHT_GEN_BLOCKS=1 go test -run TestGenerateDivideBlocks ./models/knight
//
// and rewrites divide_blocks.go. The search is a depth-first search for a
// Hamiltonian path between given squares of a small block, with Warnsdorff's
// move order (randomised ties), the forced-move rule (a square left with a
// single way in must be entered now), required edges, and random restarts.
// The tables it writes are checked again by the normal tests.

import (
	"bytes"
	"fmt"
	"go/format"
	"math/rand"
	"os"
	"slices"
	"strings"
	"testing"
)

// divMoves are the eight knight moves.
var divMoves = [8][2]int{{2, 1}, {1, 2}, {-1, 2}, {-2, 1}, {-2, -1}, {-1, -2}, {1, -2}, {2, -1}}

type divGenSearch struct {
	h, w      int
	n         int
	nb        [][]int
	vis       []bool
	avail     []int
	req       [][]int
	end       int    // required last square, or -1
	forbidEnd []bool // squares that must not be last
	path      []int
	rng       *rand.Rand
	nodes     int
	limit     int
}

func newDivGenSearch(h, w int, seed int64) *divGenSearch {
	g := &divGenSearch{h: h, w: w, n: h * w, end: -1, rng: rand.New(rand.NewSource(seed))}
	g.nb = make([][]int, g.n)
	for r := range h {
		for c := range w {
			for _, d := range divMoves {
				rr, cc := r+d[0], c+d[1]
				if rr >= 0 && rr < h && cc >= 0 && cc < w {
					g.nb[r*w+c] = append(g.nb[r*w+c], rr*w+cc)
				}
			}
		}
	}
	g.req = make([][]int, g.n)
	g.forbidEnd = make([]bool, g.n)
	return g
}

func (g *divGenSearch) sq(r, c int) int { return r*g.w + c }

func (g *divGenSearch) require(r1, c1, r2, c2 int) {
	a, b := g.sq(r1, c1), g.sq(r2, c2)
	g.req[a] = append(g.req[a], b)
	g.req[b] = append(g.req[b], a)
}

// find searches for a Hamiltonian path from start with at most limit nodes
// per attempt and the given number of attempts. It returns nil if none was
// found (which proves nothing unless limit is 0, meaning unlimited, and
// attempts is 1).
func (g *divGenSearch) find(start, limit, attempts int) []int {
	for range attempts {
		g.vis = make([]bool, g.n)
		g.avail = make([]int, g.n)
		for i := range g.n {
			g.avail[i] = len(g.nb[i])
		}
		g.path = g.path[:0]
		g.nodes, g.limit = 0, limit
		g.visit(start)
		if g.dfs(start, -1) {
			return slices.Clone(g.path)
		}
	}
	return nil
}

func (g *divGenSearch) visit(x int) {
	g.vis[x] = true
	g.path = append(g.path, x)
	for _, z := range g.nb[x] {
		g.avail[z]--
	}
}

func (g *divGenSearch) unvisit(x int) {
	g.vis[x] = false
	g.path = g.path[:len(g.path)-1]
	for _, z := range g.nb[x] {
		g.avail[z]++
	}
}

func (g *divGenSearch) dfs(cur, prev int) bool {
	g.nodes++
	if g.limit > 0 && g.nodes > g.limit {
		return false
	}
	if len(g.path) == g.n {
		if g.end >= 0 && cur != g.end || g.forbidEnd[cur] {
			return false
		}
		for _, p := range g.req[cur] {
			if p != prev {
				return false
			}
		}
		return true
	}
	var forced []int
	for _, p := range g.req[cur] {
		if p != prev {
			forced = append(forced, p)
		}
	}
	if len(forced) > 1 {
		return false
	}
	var cands []int
	if len(forced) == 1 {
		if g.vis[forced[0]] {
			return false
		}
		cands = forced
	} else {
		last := len(g.path)+1 == g.n
		must := -1
		for _, x := range g.nb[cur] {
			if g.vis[x] || x == g.end && !last {
				continue
			}
			if g.avail[x] == 0 && !last && x != g.end {
				if must >= 0 {
					return false
				}
				must = x
			}
			cands = append(cands, x)
		}
		if must >= 0 {
			cands = []int{must}
		}
	}
	if g.end >= 0 && len(g.path)+1 < g.n && g.avail[g.end] == 0 {
		return false
	}
	g.rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	slices.SortStableFunc(cands, func(a, b int) int { return g.avail[a] - g.avail[b] })
	for _, x := range cands {
		g.visit(x)
		if g.dfs(x, cur) {
			return true
		}
		g.unvisit(x)
		if g.limit > 0 && g.nodes > g.limit {
			return false
		}
	}
	return false
}

// divGenSpec describes one base block to search for.
type divGenSpec struct {
	name      string // table the block goes to
	h, w      int
	closed    bool
	start     [2]int
	end       [2]int // {-1, -1}: any
	forbidEnd [][2]int
	req       [][4]int
	extra     [][4]int // virtual edges (not knight moves) that the path must use
}

func (sp divGenSpec) search(t *testing.T) []int {
	g := newDivGenSearch(sp.h, sp.w, 1)
	for _, e := range sp.extra {
		a, b := g.sq(e[0], e[1]), g.sq(e[2], e[3])
		g.nb[a] = append(g.nb[a], b)
		g.nb[b] = append(g.nb[b], a)
		g.require(e[0], e[1], e[2], e[3])
	}
	for _, e := range sp.req {
		g.require(e[0], e[1], e[2], e[3])
	}
	for _, f := range sp.forbidEnd {
		g.forbidEnd[g.sq(f[0], f[1])] = true
	}
	if sp.closed {
		g.end = g.sq(1, 2)
	} else if sp.end[0] >= 0 {
		g.end = g.sq(sp.end[0], sp.end[1])
	}
	limit, attempts := 100000, 200
	if sp.h*sp.w <= 30 {
		limit, attempts = 0, 1
	}
	p := g.find(g.sq(sp.start[0], sp.start[1]), limit, attempts)
	if p == nil {
		t.Fatalf("no %s block %dx%d found", sp.name, sp.h, sp.w)
	}
	return p
}

func divGenSpecs() []divGenSpec {
	var specs []divGenSpec
	for h := 5; h <= 10; h++ {
		for w := 5; w <= 10; w++ {
			if h%2 == 1 && w%2 == 1 {
				specs = append(specs, divGenSpec{name: "divPathTables", h: h, w: w, end: [2]int{-1, -1},
					forbidEnd: [][2]int{{0, w - 1}, {h - 1, 0}}})
				continue
			}
			specs = append(specs, divGenSpec{name: "divCycleTables", h: h, w: w, closed: true,
				req: [][4]int{{1, 1, 3, 0}}})
		}
	}
	// Three rows: closed 3x10 and 3x12, the 3x4 link (a path between (1,0)
	// and (2,0), inserted into the corner edge (0,-1)-(2,-2) of the block on
	// its left), and the first blocks of open tours: paths from the corner
	// that keep the top right corner edge.
	specs = append(specs,
		divGenSpec{name: "div3Cycle10", h: 3, w: 10, closed: true},
		divGenSpec{name: "div3Cycle12", h: 3, w: 12, closed: true},
		divGenSpec{name: "div3Link", h: 3, w: 4, start: [2]int{1, 0}, end: [2]int{2, 0}},
		divGenSpec{name: "div3Corner4", h: 3, w: 4, end: [2]int{-1, -1}, forbidEnd: [][2]int{{0, 3}}},
		divGenSpec{name: "div3Corner7", h: 3, w: 7, end: [2]int{-1, -1}, forbidEnd: [][2]int{{0, 6}}},
		divGenSpec{name: "div3Corner9", h: 3, w: 9, end: [2]int{-1, -1}, forbidEnd: [][2]int{{0, 8}}},
	)
	// Four rows: every open tour has both ends on the outer rows, so blocks
	// are joined as two lanes. Each block but the last is a path with one
	// virtual edge (2,-1)-(1,-1) at its right side (relative to its right
	// edge, not a knight's move), into which the next block's path, from
	// its (0,0) to its (0,1), is put.
	specs = append(specs,
		divGenSpec{name: "div4First3", h: 4, w: 3, end: [2]int{-1, -1}, extra: [][4]int{{2, 2, 1, 2}}},
		divGenSpec{name: "div4First4", h: 4, w: 4, end: [2]int{-1, -1}, extra: [][4]int{{2, 3, 1, 3}}},
		divGenSpec{name: "div4Middle", h: 4, w: 3, end: [2]int{0, 1}, extra: [][4]int{{2, 2, 1, 2}}},
		divGenSpec{name: "div4Last3", h: 4, w: 3, end: [2]int{0, 1}},
		divGenSpec{name: "div4Last5", h: 4, w: 5, end: [2]int{0, 1}},
		divGenSpec{name: "div4Corner5", h: 4, w: 5, end: [2]int{-1, -1}},
	)
	return specs
}

// TestGenerateDivideBlocks rewrites divide_blocks.go.
func TestGenerateDivideBlocks(t *testing.T) {
	if os.Getenv("KNIGHT_GEN_BLOCKS") == "" {
		t.Skip("set KNIGHT_GEN_BLOCKS=1 to regenerate divide_blocks.go")
	}
	var buf bytes.Buffer
	buf.WriteString(`// Code generated by TestGenerateDivideBlocks (divide_gen_test.go); DO NOT EDIT.
// The tours below were found once by a small depth-first search with
// Warnsdorff's move order and are checked by the tests.

package knight

`)
	tables := map[string][]string{}
	var names []string
	for _, sp := range divGenSpecs() {
		p := sp.search(t)
		if _, ok := tables[sp.name]; !ok {
			names = append(names, sp.name)
		}
		var cells bytes.Buffer
		for i, x := range p {
			if i > 0 {
				cells.WriteString(", ")
			}
			fmt.Fprint(&cells, x)
		}
		tables[sp.name] = append(tables[sp.name],
			fmt.Sprintf("{h: %d, w: %d, closed: %v, cells: []uint8{%s}},", sp.h, sp.w, sp.closed, cells.String()))
		t.Logf("%s %dx%d ok", sp.name, sp.h, sp.w)
	}
	for _, name := range names {
		if !strings.HasSuffix(name, "Tables") {
			fmt.Fprintf(&buf, "var %s = divBlock%s\n\n", name, strings.TrimSuffix(tables[name][0], ","))
			continue
		}
		fmt.Fprintf(&buf, "var %s = []divBlock{\n", name)
		for _, line := range tables[name] {
			buf.WriteString(line + "\n")
		}
		buf.WriteString("}\n\n")
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("divide_blocks.go", src, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestDivideGenExploreLanes lists the two-lane patterns for 4-row blocks
// (see div4Chain) and the block widths each allows; it chose the one used.
// It takes about a minute.
func TestDivideGenExploreLanes(t *testing.T) {
	if os.Getenv("KNIGHT_GEN_BLOCKS") == "" {
		t.Skip("set KNIGHT_GEN_BLOCKS=1 to explore base tours")
	}
	const h = 4
	type sqr [2]int
	ok := func(sp divGenSpec) bool {
		g := newDivGenSearch(sp.h, sp.w, 1)
		for _, e := range sp.extra {
			a, b := g.sq(e[0], e[1]), g.sq(e[2], e[3])
			g.nb[a] = append(g.nb[a], b)
			g.nb[b] = append(g.nb[b], a)
			g.require(e[0], e[1], e[2], e[3])
		}
		if sp.end[0] >= 0 {
			g.end = g.sq(sp.end[0], sp.end[1])
		}
		return g.find(g.sq(sp.start[0], sp.start[1]), 2000000, 1) != nil
	}
	adjacent := func(p, q sqr) bool {
		dr, dc := p[0]-q[0], p[1]-q[1]
		return dr*dr+dc*dc == 5
	}
	for wM := 3; wM <= 6; wM++ {
		var lefts, rights []sqr
		for r := range h {
			for c := range 2 {
				lefts = append(lefts, sqr{r, c})
				rights = append(rights, sqr{r, wM - 1 - c})
			}
		}
		for _, a := range lefts {
			for _, d := range lefts {
				if a == d {
					continue
				}
				for _, b := range rights {
					if !adjacent(b, sqr{a[0], a[1] + wM}) {
						continue
					}
					for _, c := range rights {
						if c == b || !adjacent(c, sqr{d[0], d[1] + wM}) {
							continue
						}
						if !ok(divGenSpec{h: h, w: wM, start: a, end: d, extra: [][4]int{{b[0], b[1], c[0], c[1]}}}) {
							continue
						}
						var fs, ls []int
						for w := 3; w <= 10; w++ {
							bb, cc := sqr{b[0], b[1] - wM + w}, sqr{c[0], c[1] - wM + w}
							if ok(divGenSpec{h: h, w: w, end: [2]int{-1, -1}, extra: [][4]int{{bb[0], bb[1], cc[0], cc[1]}}}) {
								fs = append(fs, w)
							}
							if ok(divGenSpec{h: h, w: w, start: a, end: d}) {
								ls = append(ls, w)
							}
						}
						t.Logf("wM=%d a=%v b=%v c=%v d=%v F=%v L=%v", wM, a, b, c, d, fs, ls)
					}
				}
			}
		}
	}
}
