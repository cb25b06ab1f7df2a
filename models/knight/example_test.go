package knight_test

import (
	"context"
	"fmt"
	"os"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/knight"
)

// The source text's backtracking on a 5x5 board from the corner, printed as
// its matrix of move numbers.
func Example() {
	p := knight.New(5, 5)
	alg, _ := models.LookupAlgorithm("knight", "backtrack")
	res, err := alg.Solve(context.Background(), p, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, p.Verify(res.First))
	p.Render(os.Stdout, res.First, "text")
	// Output:
	// found <nil>
	//  1  6 15 10 21
	// 14  9 20  5 16
	// 19  2  7 22 11
	//  8 13 24 17  4
	// 25 18  3 12 23
}

// Counting the closed tours of 6x6 (OEIS A001230) with the pruned search.
func Example_count() {
	alg, _ := models.LookupAlgorithm("knight", "search")
	p := &knight.Problem{Rows: 6, Cols: 6, Closed: true}
	res, _ := alg.Solve(context.Background(), p, &core.Options{Mode: core.ModeCount})
	fmt.Println(res.Status, res.Solutions)
	// Output: exhausted 9862
}

// Theory answers at once where it can.
func ExampleProblem_Theory() {
	for _, p := range []*knight.Problem{
		{Rows: 5, Cols: 5, Closed: true},
		{Rows: 3, Cols: 8, Closed: true},
		{Rows: 3, Cols: 10, Closed: true},
		{Rows: 4, Cols: 4},
	} {
		v, _ := p.Theory()
		fmt.Println(p.Size(), p.Kind(), v)
	}
	// Output:
	// 5x5 closed none
	// 3x8 closed none
	// 3x10 closed exists
	// 4x4 open none
}

func ExampleParseSize() {
	r, c, _ := knight.ParseSize("5x6")
	fmt.Println(r, c)
	_, _, err := knight.ParseSize("5x")
	fmt.Println(err)
	// Output:
	// 5 6
	// knight: bad size: "5x": missing the number of columns (write RxC, such as 5x6)
}

// FindTour is the short way to a tour: theory, then the fastest method.
func ExampleFindTour() {
	res, err := knight.FindTour(context.Background(), 6, 6, true, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, res.Method, knight.New(6, 6).Verify(res.First))
	res, _ = knight.FindTour(context.Background(), 5, 5, true, nil)
	fmt.Println(res.Status, res.Reason)
	// Output:
	// found divide <nil>
	// exhausted Schwenk's theorem: the 5x5 board has an odd number of squares, and a closed tour alternates colours, so it needs an even number
}
