package queens_test

import (
	"context"
	"fmt"
	"os"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
)

// The bitwise algorithm counts with the 8 symmetries of the square on
// parallel workers; Unique also gives the fundamental solutions.
func Example_bitwiseCount() {
	alg, err := models.LookupAlgorithm("queens", "bitwise")
	if err != nil {
		panic(err)
	}
	res, err := alg.Solve(context.Background(), queens.New(12), &core.Options{
		Mode:    core.ModeCount,
		Unique:  true,
		Workers: 2,
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, res.Solutions, res.Fundamental)
	// Output: exhausted 14200 1787
}

// ModeAll meets the solutions in lexicographic order of Wirth's vector.
func Example_bitwiseAll() {
	alg, _ := models.LookupAlgorithm("queens", "bitwise")
	b := queens.New(6)
	_, _ = alg.Solve(context.Background(), b, &core.Options{
		Mode: core.ModeAll,
		Visit: func(sol core.Solution, _ core.Stats) bool {
			_ = queens.WritePerm(os.Stdout, sol)
			return true
		},
	})
	// Output:
	// 2 4 6 1 3 5
	// 3 6 2 5 1 4
	// 4 1 5 2 6 3
	// 5 3 1 6 4 2
}
