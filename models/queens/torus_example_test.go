package queens_test

import (
	"context"
	"fmt"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
)

// Toroidal queens: Pólya's theorem, the modular construction and the exact
// count (OEIS A051906).
func ExampleNewTorus() {
	bitwise, _ := models.LookupAlgorithm("queens", "bitwise")
	for _, n := range []int{12, 13} {
		res, _ := bitwise.Solve(context.Background(), queens.NewTorus(n), &core.Options{Mode: core.ModeCount})
		fmt.Println(queens.NewTorus(n).Size(), res.Solutions, res.Status)
	}
	sol, _ := queens.ConstructTorus(7)
	fmt.Println(sol, queens.VerifyTorus(7, sol))
	_, why := queens.Polya(12)
	fmt.Println(why)
	// Output:
	// 12 torus 0 exhausted
	// 13 torus 4524 exhausted
	// [0 2 4 6 1 3 5] <nil>
	// Pólya's theorem: n queens fit on the n×n torus only when n is divisible by neither 2 nor 3, and 12 is even
}

// N-Queens completion: complete two given queens, or prove that none
// completes them.
func ExampleNewCompletion() {
	dlx, _ := models.LookupAlgorithm("queens", "dlx")
	for _, given := range []string{"1,1 5,2", "1,1 3,2", "1,1 3,3"} {
		g, err := queens.ParseGiven(given, 8)
		if err != nil {
			fmt.Println(err)
			continue
		}
		b, err := queens.NewCompletion(8, false, g)
		if err != nil {
			fmt.Println(err) // givens that attack each other
			continue
		}
		res, _ := dlx.Solve(context.Background(), b, nil)
		fmt.Println(given, "→", res.Status, res.First)
	}
	// Output:
	// 1,1 5,2 → found [0 4 7 5 2 6 1 3]
	// 1,1 3,2 → exhausted []
	// queens: the given queens at 1,1 and 3,3 attack each other (same diagonal)
}
