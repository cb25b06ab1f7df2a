package knight

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in         string
		rows, cols int
		err        string
	}{
		{"8", 8, 8, ""},
		{"5x6", 5, 6, ""},
		{" 3x12 ", 3, 12, ""},
		{"1_000x1_000", 1000, 1000, ""},
		{"0x5", 0, 0, "must be positive"},
		{"5x", 0, 0, "missing the number of columns"},
		{"x5", 0, 0, "missing the number of rows"},
		{"-3", 0, 0, "must be positive"},
		{"5×6", 0, 0, "ASCII x"},
		{"5X6", 0, 0, "ASCII x"},
		{"abc", 0, 0, "not a number"},
		{"1e1", 10, 10, ""},
		{"1e1x1_2", 10, 12, ""},
		{"", 0, 0, "empty size"},
		{"99999999999x2", 0, 0, "too large"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			r, c, err := ParseSize(tc.in)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				require.ErrorIs(t, err, ErrSize)
				return
			}
			require.NoError(t, err)
			require.Equal(t, [2]int{tc.rows, tc.cols}, [2]int{r, c})
		})
	}
	r, c, err := ParseSquare("2,3")
	require.NoError(t, err)
	require.Equal(t, [2]int{2, 3}, [2]int{r, c})
	for _, bad := range []string{"2", "0,1", "a,b", "-1,2"} {
		_, _, err := ParseSquare(bad)
		require.Error(t, err, bad)
	}
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    Problem
		err  string
	}{
		{"ok", Problem{Rows: 5, Cols: 6, StartRow: 5, StartCol: 6}, ""},
		{"zero", Problem{Rows: 0, Cols: 5}, "positive"},
		{"off board", Problem{Rows: 5, Cols: 5, StartRow: 6, StartCol: 1}, "off the 5x5 board"},
		{"half start", Problem{Rows: 5, Cols: 5, StartRow: 2}, "off the 5x5 board"},
		{"int32", Problem{Rows: 100000, Cols: 100000}, "2^31-1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.p.Check()
			if tc.err == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, tc.err)
		})
	}
	saved := MemoryLimit
	MemoryLimit = 1 << 20
	defer func() { MemoryLimit = saved }()
	err := New(1000, 1000).Check()
	require.ErrorIs(t, err, resource.ErrTooLarge)
	require.ErrorContains(t, err, "12000000 bytes")
}

// tour5 is the 5x5 tour the source's backtracking finds from the corner.
func tour5(t *testing.T) core.Solution {
	res, err := backtrack(context.Background(), New(5, 5), &core.Options{})
	require.NoError(t, err)
	require.Equal(t, core.StatusFound, res.Status)
	return res.First
}

func TestVerify(t *testing.T) {
	p := New(5, 5)
	good := tour5(t)
	require.NoError(t, p.Verify(good))
	swap := append(core.Solution(nil), good...)
	swap[3], swap[4] = swap[4], swap[3]
	dup := append(core.Solution(nil), good...)
	dup[10] = dup[9]
	for _, tc := range []struct {
		name string
		p    *Problem
		sol  core.Solution
		err  string
	}{
		{"short", p, good[:24], "24 squares"},
		{"not a move", p, swap, "not a knight's move"},
		{"twice", p, dup, "visited twice"},
		{"off board", p, append(append(core.Solution(nil), good[:24]...), 99), "off the"},
		{"not closed", &Problem{Rows: 5, Cols: 5, Closed: true}, good, "not closed"},
		{"wrong start", &Problem{Rows: 5, Cols: 5, StartRow: 3, StartCol: 3}, good, "not at the start square"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.ErrorContains(t, tc.p.Verify(tc.sol), tc.err)
		})
	}
}

func TestRender(t *testing.T) {
	p := New(5, 5)
	sol := tour5(t)
	var b bytes.Buffer
	require.NoError(t, p.Render(&b, sol, "text"))
	require.Equal(t, ` 1  6 15 10 21
14  9 20  5 16
19  2  7 22 11
 8 13 24 17  4
25 18  3 12 23
`, b.String())

	b.Reset()
	require.NoError(t, WriteJSON(&b, p, sol, "backtrack"))
	require.True(t, strings.HasPrefix(b.String(), `{"rows":5,"cols":5,"closed":false,"start":[1,1],"algorithm":"backtrack","path":[[1,1],[3,2],`))
	back, err := ReadTour(&b)
	require.NoError(t, err)
	require.Equal(t, sol, back.Path)

	b.Reset()
	require.NoError(t, p.Render(&b, sol, "svg"))
	dec := xml.NewDecoder(&b)
	for {
		_, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
	}
	require.Error(t, p.Render(&b, sol, "xml"))
}

func TestReadTour(t *testing.T) {
	matrix := "\ufeff 1  6 15 10 21\r\n14  9 20  5 16\r\n19  2  7 22 11\r\n 8 13 24 17  4\r\n25 18  3 12 23\r\n\r\n"
	tr, err := ReadTour(strings.NewReader(matrix))
	require.NoError(t, err)
	require.Equal(t, tour5(t), tr.Path)
	require.NoError(t, tr.Problem(false).Verify(tr.Path))
	for _, tc := range []struct{ name, in, err string }{
		{"empty", "", "empty input"},
		{"ragged", "1 2\n3\n", "line 2: 1 numbers"},
		{"word", "1 x\n", `line 1: field 2: "x"`},
		{"word after blank lines", "\n\r\n1 x\n", `knight: line 3: field 2: "x"`},
		{"zero", "0 1\n", "moves are numbered from 1"},
		{"big", "1 9\n", "larger than"},
		{"dup", "1 1\n2 3\n", "appears twice"},
		{"gap", "1 2\n\n3 4\n", "blank line inside"},
		{"json syntax", `{"rows":2,`, "JSON"},
		{"json no path", `{"rows":2,"cols":2}`, `"path" is required`},
		{"json off board", `{"rows":2,"cols":2,"path":[[3,1]]}`, "off the 2x2 board"},
		{"json bad square", `{"rows":2,"cols":2,"path":[[1]]}`, "expected ','"},
		{"json start", `{"rows":2,"cols":2,"start":[2,2],"path":[[1,1]]}`, "not the first square"},
		{"json trailing", `{"rows":1,"cols":1,"path":[[1,1]]} {}`, "unexpected data"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadTour(strings.NewReader(tc.in))
			require.ErrorContains(t, err, tc.err)
		})
	}
}

func FuzzReadTour(f *testing.F) {
	f.Add(" 1  6 15 10 21\n14  9 20  5 16\n19  2  7 22 11\n 8 13 24 17  4\n25 18  3 12 23\n")
	f.Add(`{"rows":1,"cols":1,"closed":false,"start":[1,1],"path":[[1,1]]}`)
	f.Add("1 2\r\n3 4\r\n")
	f.Fuzz(func(t *testing.T, in string) {
		tr, err := ReadTour(strings.NewReader(in))
		if err != nil {
			return
		}
		// Whatever parses must verify or be rejected, never panic.
		_ = Verify(tr.Rows, tr.Cols, tr.Closed, tr.Path)
		var b bytes.Buffer
		if len(tr.Path) == tr.Rows*tr.Cols {
			require.NoError(t, WriteMatrix(&b, tr.Rows, tr.Cols, tr.Path))
		}
	})
}

func count(t *testing.T, alg string, p *Problem) uint64 {
	t.Helper()
	a, err := models.LookupAlgorithm("knight", alg)
	require.NoError(t, err)
	res, err := a.Solve(context.Background(), p, &core.Options{Mode: core.ModeCount, Workers: 2})
	require.NoError(t, err)
	require.Equal(t, core.StatusExhausted, res.Status)
	n, ok := res.Solutions.Uint64()
	require.True(t, ok)
	return n
}

func TestCounts(t *testing.T) {
	for _, tc := range []struct {
		name string
		alg  string
		p    Problem
		want uint64
	}{
		{"5x5 open all (A165134)", "search", Problem{Rows: 5, Cols: 5, AnyStart: true}, 1728},
		{"5x5 open from a corner", "search", Problem{Rows: 5, Cols: 5}, 304},
		{"5x5 open from a corner, backtrack", "backtrack", Problem{Rows: 5, Cols: 5}, 304},
		{"5x6 closed", "search", Problem{Rows: 5, Cols: 6, Closed: true}, 8},
		{"6x5 closed", "auto", Problem{Rows: 6, Cols: 5, Closed: true}, 8},
		{"3x12 closed", "search", Problem{Rows: 3, Cols: 12, Closed: true}, 176},
		{"6x6 closed (A001230)", "search", Problem{Rows: 6, Cols: 6, Closed: true}, 9862},
		{"3x4 open all", "search", Problem{Rows: 3, Cols: 4, AnyStart: true}, 16},
		{"3x4 open all, backtrack", "backtrack", Problem{Rows: 3, Cols: 4, AnyStart: true}, 16},
		{"4x4 open", "search", Problem{Rows: 4, Cols: 4, AnyStart: true}, 0},
		{"1x1 open", "search", Problem{Rows: 1, Cols: 1, AnyStart: true}, 1},
		{"1x1 closed", "search", Problem{Rows: 1, Cols: 1, Closed: true}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, count(t, tc.alg, &tc.p))
		})
	}
}

// TestTheoryAgainstSearch checks Schwenk's theorem and the open-tour
// classification against exhaustive search on every board up to 6x6 (and
// the 3xn, 4xn boards the open rules speak of), from every start square.
func TestTheoryAgainstSearch(t *testing.T) {
	for m := 1; m <= 6; m++ {
		for n := m; n <= 6 || (m <= 4 && n <= 8); n++ {
			t.Run(fmt.Sprintf("%dx%d", m, n), func(t *testing.T) {
				closed := &Problem{Rows: m, Cols: n, Closed: true}
				v, why := closed.Theory()
				res, err := exact(context.Background(), closed, &core.Options{}, false)
				require.NoError(t, err)
				require.True(t, res.Status.Finished())
				require.Equal(t, v == Exists, res.First != nil, "closed %dx%d: theory %s (%s)", m, n, v, why)
				require.NotEqual(t, Undecided, v)
				if m*n > 30 && m > 4 {
					return // every square of the right colour: checked from the corners below
				}
				for r := 1; r <= m; r++ {
					for c := 1; c <= n; c++ {
						p := &Problem{Rows: m, Cols: n, StartRow: r, StartCol: c}
						v, why := p.Theory()
						res, err := exact(context.Background(), p, &core.Options{}, false)
						require.NoError(t, err)
						require.True(t, res.Status.Finished())
						if v != Undecided {
							require.Equal(t, v == Exists, res.First != nil, "open %dx%d from %d,%d: theory %s (%s)", m, n, r, c, v, why)
						}
						if res.First != nil {
							require.NoError(t, p.Verify(res.First))
						}
					}
				}
			})
		}
	}
	for _, sz := range [][2]int{{6, 6}, {5, 7}, {5, 8}} {
		p := &Problem{Rows: sz[0], Cols: sz[1], StartRow: 3, StartCol: 3}
		v, _ := p.Theory()
		require.Equal(t, Exists, v)
		res, err := exact(context.Background(), p, &core.Options{}, false)
		require.NoError(t, err)
		require.NotNil(t, res.First)
	}
}

// TestEveryTourVerifies is the property test: whatever any algorithm
// returns, on any board, kind and start, verifies.
func TestEveryTourVerifies(t *testing.T) {
	boards := [][2]int{{1, 1}, {3, 4}, {4, 3}, {3, 7}, {3, 10}, {4, 5}, {5, 5}, {5, 6}, {6, 6}, {7, 7}, {8, 8}, {6, 9}, {10, 3}, {12, 12}, {31, 33}, {50, 50}}
	for _, a := range models.Algorithms("knight") {
		if !a.Caps.Has(models.CanFirst) {
			continue // frontier counts and finds no tour
		}
		for _, b := range boards {
			for _, closed := range []bool{false, true} {
				n := b[0] * b[1]
				if a.Name == "backtrack" && n > 30 || a.Name == "search" && closed && n > 100 {
					continue
				}
				starts := [][2]int{{1, 1}, {b[0], b[1]}, {(b[0] + 1) / 2, (b[1] + 1) / 2}, {1, min(2, b[1])}}
				for _, s := range starts {
					p := &Problem{Rows: b[0], Cols: b[1], Closed: closed, StartRow: s[0], StartCol: s[1]}
					name := fmt.Sprintf("%s/%s/%s/%d,%d", a.Name, p.Size(), p.Kind(), s[0], s[1])
					ctx, cancel := context.WithTimeout(context.Background(), 5e8)
					res, err := a.Solve(ctx, p, &core.Options{Seed: 7})
					cancel()
					require.NoError(t, err, name)
					if res.First != nil {
						require.NoError(t, p.Verify(res.First), name)
						continue
					}
					if v, _ := p.Theory(); v == Exists && a.Kind != models.Heuristic {
						require.True(t, res.Status.Partial(), "%s: no tour though theory says one exists", name)
					}
					if res.Why() != "" {
						v, _ := p.Theory()
						require.NotEqual(t, Exists, v, name)
					}
				}
			}
		}
	}
}

func TestFitStart(t *testing.T) {
	// An open 5x5 tour from the corner serves the start at any image of
	// either end under the board's symmetries.
	base := tour5(t)
	last := base[len(base)-1]
	for i := range symmetryCount(5, 5) {
		for _, end := range []int32{base[0], last} {
			s := symmetryOf(5, 5, i, end)
			p := &Problem{Rows: 5, Cols: 5, StartRow: int(s)/5 + 1, StartCol: int(s)%5 + 1}
			tour := append(core.Solution(nil), base...)
			require.True(t, fitStart(core.NewMeter(context.Background(), nil), p, tour))
			require.NoError(t, p.Verify(tour))
		}
	}
	p := &Problem{Rows: 5, Cols: 5, StartRow: 2, StartCol: 4}
	require.False(t, fitStart(core.NewMeter(context.Background(), nil), p, append(core.Solution(nil), base...)))
}

func TestAutoSettlesStartSquares(t *testing.T) {
	a, err := models.LookupAlgorithm("knight", "auto")
	require.NoError(t, err)
	// 3x7 from 2,4 has the right colour but no tour: exhaustive search.
	res, err := a.Solve(context.Background(), &Problem{Rows: 3, Cols: 7, StartRow: 2, StartCol: 4}, nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusExhausted, res.Status)
	require.Contains(t, res.Why(), "exhaustive search")
	// 4x6 from an inner line: theory.
	res, err = a.Solve(context.Background(), &Problem{Rows: 4, Cols: 6, StartRow: 2, StartCol: 2}, nil)
	require.NoError(t, err)
	require.Contains(t, res.Why(), "outer")
	// Counting is not possible for the constructive and heuristic ones.
	d, _ := models.LookupAlgorithm("knight", "divide")
	_, err = d.Solve(context.Background(), New(5, 5), &core.Options{Mode: core.ModeCount})
	require.ErrorIs(t, err, core.ErrUnsupported)
	_, err = d.Solve(context.Background(), fakeProblem{}, nil)
	require.ErrorIs(t, err, core.ErrWrongProblem)
}

type fakeProblem struct{}

func (fakeProblem) Model() string                                 { return "fake" }
func (fakeProblem) Size() string                                  { return "0" }
func (fakeProblem) Verify(core.Solution) error                    { return nil }
func (fakeProblem) Render(io.Writer, core.Solution, string) error { return nil }

func TestTimeoutIsPartial(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, alg := range []string{"backtrack", "search"} {
		a, _ := models.LookupAlgorithm("knight", alg)
		res, err := a.Solve(ctx, New(12, 12), &core.Options{Mode: core.ModeCount})
		require.NoError(t, err)
		require.Equal(t, core.StatusCanceled, res.Status, alg)
	}
	a, _ := models.LookupAlgorithm("knight", "search")
	res, err := a.Solve(context.Background(), New(7, 7), &core.Options{Mode: core.ModeCount, MaxNodes: 10000})
	require.NoError(t, err)
	require.Equal(t, core.StatusLimit, res.Status)
}

// TestExactStoppedEarly checks that a search stopped before it starts (while
// the graph or the work list of a large board is built) reports the
// context's status, never an exhausted count of zero, and that boards too
// large to search are refused.
func TestExactStoppedEarly(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, anyStart := range []bool{false, true} {
		p := &Problem{Rows: 300, Cols: 300}
		res, err := exact(ctx, p, &core.Options{Mode: core.ModeCount}, anyStart)
		require.NoError(t, err)
		require.Equal(t, core.StatusCanceled, res.Status)
	}
	old := MemoryLimit
	defer func() { MemoryLimit = old }()
	MemoryLimit = 1 << 30 // a 2000x2000 tour fits (48 MB), its search not (1.3 GB)
	_, err := exact(context.Background(), &Problem{Rows: 2000, Cols: 2000}, &core.Options{Mode: core.ModeCount}, true)
	require.ErrorIs(t, err, resource.ErrTooLarge)
	require.ErrorContains(t, err, "searching a 2000x2000 board needs about")
}

// FuzzParseSize checks that ParseSize and ParseSquare never panic, that
// their errors wrap ErrSize and ErrSquare, and that what they accept is
// positive.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"8", "5x6", "1_000x1_000", "5X6", "5×6", "x", "0x5", "-3", "99999999999x2", " 3x4 ", "1,1", "0,1", "a,b", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, c, err := ParseSize(s)
		if err != nil {
			require.ErrorIs(t, err, ErrSize)
		} else {
			require.Positive(t, r)
			require.Positive(t, c)
		}
		r, c, err = ParseSquare(s)
		if err != nil {
			require.ErrorIs(t, err, ErrSquare)
		} else {
			require.Positive(t, r)
			require.Positive(t, c)
		}
	})
}

// TestCapReader checks that a JSON tour is read only as far as the cap:
// the decoder's error wraps resource.ErrTooLarge.
func TestCapReader(t *testing.T) {
	r := &capReader{r: strings.NewReader(`{"rows":1,"cols":1,"path":[[1,1]]}`), left: 10}
	err := json.NewDecoder(r).Decode(&jsonTour{})
	require.ErrorIs(t, err, resource.ErrTooLarge)
	r = &capReader{r: strings.NewReader(`{"rows":1,"cols":1,"path":[[1,1]]}`), left: 1000}
	require.NoError(t, json.NewDecoder(r).Decode(&jsonTour{}))
}

// TestCountersIndependentOfWorkers checks issue 21's rule: the nodes of a
// count are a function of the instance, the same on 1, 2, 3 and 8
// workers, and the nodes of the subproblems of a split add up to them.
func TestCountersIndependentOfWorkers(t *testing.T) {
	a, err := models.LookupAlgorithm("knight", "search")
	require.NoError(t, err)
	for _, tc := range []struct {
		name  string
		p     Problem
		tours uint64
	}{
		{"5x5 open, any start", Problem{Rows: 5, Cols: 5, AnyStart: true}, 1728},
		{"5x5 open from 1,1", Problem{Rows: 5, Cols: 5}, 304},
		{"3x8 open, any start", Problem{Rows: 3, Cols: 8, AnyStart: true}, 792},
		{"5x6 closed", Problem{Rows: 5, Cols: 6, Closed: true}, 8},
		{"6x6 closed", Problem{Rows: 6, Cols: 6, Closed: true}, 9862},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var nodes []uint64
			for _, w := range []int{1, 2, 3, 8} {
				res, err := a.Run(context.Background(), &tc.p, &core.Options{Mode: core.ModeCount, Workers: w})
				require.NoError(t, err)
				require.Equal(t, core.StatusExhausted, res.Status)
				require.Equal(t, core.CountOf(tc.tours), res.Solutions, "workers %d", w)
				nodes = append(nodes, res.Stats.Nodes)
			}
			require.Equal(t, []uint64{nodes[0], nodes[0], nodes[0], nodes[0]}, nodes, "nodes on 1, 2, 3, 8 workers")
			for _, units := range []uint64{1, 7, 100} {
				d, err := NewPrefixes(&tc.p, units)
				require.NoError(t, err)
				var sum uint64
				var count core.Count
				st, err := d.Run(context.Background(), 0, 1, func(_ uint64, r core.SubResult) bool {
					sum += r.Stats.Nodes
					count = count.Add(r.Count)
					return true
				})
				require.NoError(t, err)
				require.Equal(t, core.StatusExhausted, st)
				require.Equal(t, core.CountOf(tc.tours), count, "units %d", units)
				require.Equal(t, nodes[0], sum, "nodes of the subproblems for %d units", units)
			}
		})
	}
}

// TestNodeBudgetExact checks that --max-nodes K stops the searches at
// exactly K nodes on one worker and within K on several.
func TestNodeBudgetExact(t *testing.T) {
	for _, alg := range []string{"search", "backtrack"} {
		a, err := models.LookupAlgorithm("knight", alg)
		require.NoError(t, err)
		for _, k := range []uint64{1, 2, 1000, 12345} {
			for _, w := range []int{1, 3} {
				if w > 1 && !a.Caps.Has(models.CanParallel) {
					continue // refused: it counts on one worker
				}
				res, err := a.Run(context.Background(), &Problem{Rows: 7, Cols: 7, AnyStart: true}, &core.Options{Mode: core.ModeCount, MaxNodes: k, Workers: w})
				require.NoError(t, err)
				require.Equal(t, core.StatusLimit, res.Status)
				if w == 1 {
					require.Equal(t, k, res.Stats.Nodes, "%s, K = %d", alg, k)
				} else {
					require.LessOrEqual(t, res.Stats.Nodes, k, "%s, K = %d, %d workers", alg, k, w)
				}
			}
		}
	}
}

// TestRenderSmall: drawing a small tour allocates about its own size,
// whatever the format: each drawing took a 1 MiB buffer, so `knight solve
// 6 --all --closed --limit 20000` wrote for 5.0 s against 0.07 s now.
func TestRenderSmall(t *testing.T) {
	p := New(5, 5)
	sol := tour5(t)
	for _, format := range []string{"text", "json", "svg"} {
		t.Run(format, func(t *testing.T) {
			bytes := ^uint64(0)
			for range 3 {
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				for range 20 {
					require.NoError(t, p.Render(io.Discard, sol, format))
				}
				runtime.ReadMemStats(&after)
				bytes = min(bytes, after.TotalAlloc-before.TotalAlloc)
			}
			require.Less(t, bytes/20, uint64(16<<10), "%d bytes a drawing of 25 squares", bytes/20)
		})
	}
}
