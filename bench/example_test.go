package bench_test

import (
	"context"
	"fmt"

	"github.com/coverkit/coverkit/bench"
	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens"
)

// Compare three N-Queens algorithms on n = 6..9, counting every solution:
// the rows give each one's status, count and nodes, and the growth fit
// says how fast its nodes multiply from n to n+1. (The times vary from run
// to run, so this example prints only the work; bench.Write prints the
// whole table.)
func Example() {
	sizes, err := bench.ParseSizes("6..9")
	if err != nil {
		fmt.Println(err)
		return
	}
	// Two workers, so that bitwise's nodes (which depend on how its count
	// is shared out) are the same on every machine.
	cfg := bench.Config{Model: "queens", Algorithms: []string{"backtrack", "bitwise", "construct"}, Repeat: 3,
		Options: &core.Options{Workers: 2}}
	rep, err := bench.Run(context.Background(), cfg, func(size string) (core.Problem, error) {
		n, err := core.ParseSize("N", size, queens.MaxN)
		if err != nil {
			return nil, err
		}
		return queens.New(int(n)), nil
	}, sizes)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rep.Rows {
		if r.Record.Size == "9" {
			fmt.Printf("n=%s %-9s %s %s solutions, %d nodes\n", r.Record.Size, r.Record.Algorithm, r.Record.Status, r.Record.Solutions, r.Record.Nodes)
		}
	}
	fmt.Println(rep.Skipped[0].Algorithm, "skipped: it cannot count")
	for _, g := range rep.Growth {
		fmt.Printf("%s: nodes ×%.2f per n+1\n", g.Algorithm, g.Nodes)
	}
	// Output:
	// n=9 backtrack exhausted 352 solutions, 8394 nodes
	// n=9 bitwise   exhausted 352 solutions, 2110 nodes
	// construct skipped: it cannot count
	// backtrack: nodes ×3.79 per n+1
	// bitwise: nodes ×3.60 per n+1
}

// A batch: one run of each algorithm solves every problem of the batch in
// turn (here three N-Queens counts; for sudoku, every puzzle of a file), and
// the report gives the problems solved per second.
func ExampleProblems() {
	var ps []core.Problem
	for _, n := range []int{6, 7, 8} {
		ps = append(ps, queens.New(n))
	}
	cfg := bench.Config{Model: "queens", Algorithms: []string{"backtrack", "dlx"}}
	rep, err := bench.RunInstances(context.Background(), cfg, func(name string) (bench.Instance, error) {
		return bench.Problems(name, ps), nil
	}, []string{"n6-8"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rep.Rows {
		fmt.Printf("%s on %s: %s, %s solutions in %d problems\n", r.Record.Algorithm, r.Record.Size, r.Record.Status, r.Record.Solutions, r.Items)
	}
	// Output:
	// backtrack on n6-8: exhausted, 136 solutions in 3 problems
	// dlx on n6-8: exhausted, 136 solutions in 3 problems
}
