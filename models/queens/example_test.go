package queens_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
)

// A Board verifies a candidate independently of any solver and renders it.
func ExampleBoard() {
	b := queens.New(4)
	sol := core.Solution{1, 3, 0, 2} // 0-based rows of columns 1..4
	fmt.Println(b.Verify(sol))
	b.Render(os.Stdout, sol, "perm")
	b.Render(os.Stdout, sol, "board")
	fmt.Println(b.Verify(core.Solution{0, 1, 2, 3}))
	// Output:
	// <nil>
	// 2 4 1 3
	// ..Q.
	// Q...
	// ...Q
	// .Q..
	// queens: column 2: the queen in row 2 is attacked on a diagonal
}

// Wirth's eight queens: the first solution of the backtracking search, with
// the safety checks it took (876, as in Wirth's table).
func ExampleBoard_backtrack() {
	alg, _ := models.LookupAlgorithm("queens", "backtrack")
	res, err := alg.Solve(context.Background(), queens.New(8), nil)
	if err != nil {
		panic(err)
	}
	queens.WritePerm(os.Stdout, res.First)
	fmt.Println(res.Status, res.Stats.Nodes, "nodes", res.Stats.Checks, "checks")
	// Output:
	// 1 5 8 6 3 7 2 4
	// found 114 nodes 876 checks
}

// Options.Visit receives each solution with the work done since the
// previous one: Wirth's table of checks per solution.
func ExampleBoard_wirthTable() {
	alg, _ := models.LookupAlgorithm("queens", "backtrack")
	var total uint64
	i := 0
	res, _ := alg.Solve(context.Background(), queens.New(8), &core.Options{
		Mode: core.ModeAll,
		Visit: func(sol core.Solution, since core.Stats) bool {
			if i < 3 {
				fmt.Print(since.Checks, " ")
				queens.WritePerm(os.Stdout, sol)
			}
			i++
			total += since.Checks
			return true
		},
	})
	fmt.Println(res.Solutions, "solutions, mean", total/92, "checks")
	// Output:
	// 876 1 5 8 6 3 7 2 4
	// 264 1 6 8 3 7 4 2 5
	// 200 1 7 4 6 8 2 5 3
	// 92 solutions, mean 161 checks
}

// Counting with fundamental solutions (classes under the 8 symmetries).
func ExampleBoard_count() {
	alg, _ := models.LookupAlgorithm("queens", "permutation")
	res, _ := alg.Solve(context.Background(), queens.New(8), &core.Options{Mode: core.ModeCount, Unique: true})
	fmt.Println(res.Status, res.Solutions, res.Fundamental, res.Stats.Checks)
	// Output: exhausted 92 12 5508
}

// Construct builds a solution in O(n) with no search.
func ExampleConstruct() {
	for _, method := range []string{queens.MethodFormula, queens.MethodLists} {
		sol, _ := queens.Construct(8, method)
		queens.WritePerm(os.Stdout, sol)
	}
	big, _ := queens.Construct(1_000_000, "")
	fmt.Println(queens.Verify(len(big), big))
	// Output:
	// 4 6 8 2 7 1 3 5
	// 2 4 6 8 3 1 7 5
	// <nil>
}

// Canonical gives the representative of a solution's symmetry class.
func ExampleCanonical() {
	sol, err := queens.Rotate90.Apply(core.Solution{0, 4, 7, 5, 2, 6, 1, 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	queens.WritePerm(os.Stdout, sol)
	rep, _ := queens.Canonical(sol) // sol is a permutation: no error
	queens.WritePerm(os.Stdout, rep)
	size, _ := queens.ClassSize(sol)
	fmt.Println(size)
	// Output:
	// 3 6 4 2 8 5 7 1
	// 1 5 8 6 3 7 2 4
	// 8
}

// VerifyStream checks a stream of perm or JSON lines.
func ExampleVerifyStream() {
	in := "2 4 1 3\n" + `{"n":4,"solution":[3,1,4,2]}` + "\n1 2 3 4\n"
	rep, err := queens.VerifyStream(strings.NewReader(in))
	fmt.Println(rep.Solutions, rep.Valid, rep.Distinct, err)
	fmt.Println(rep.FirstBad) // a *lines.Error: its Line and Msg
	// Output:
	// 3 2 2 <nil>
	// line 3: column 2: the queen in row 2 is attacked on a diagonal
}

// Count is the short way to count: the model's default counter.
func ExampleCount() {
	res, err := queens.Count(context.Background(), 12, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, res.Solutions)
	// Output: exhausted 14200
}
