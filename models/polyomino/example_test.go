package polyomino_test

import (
	"context"
	"fmt"
	"os"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/polyomino"
)

// The pentominoes tile a 3×20 box in 8 ways, 2 up to the box's 4
// symmetries; one search gives both counts.
func Example() {
	board, _ := polyomino.Rect(3, 20)
	t, err := polyomino.New(board, polyomino.Pentominoes)
	if err != nil {
		panic(err)
	}
	alg, _ := models.LookupAlgorithm("polyomino", "dlx")
	res, err := alg.Run(context.Background(), t, &core.Options{Mode: core.ModeCount, Workers: 1})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, res.Solutions, res.Fundamental)
	// Output: exhausted 8 2
}

// The first tiling found, printed as the letters of its pieces.
func ExampleTiling_Render() {
	board, _ := polyomino.Rect(3, 20)
	t, _ := polyomino.New(board, polyomino.Pentominoes)
	alg, _ := models.LookupAlgorithm("polyomino", "dlx")
	res, _ := alg.Run(context.Background(), t, &core.Options{Mode: core.ModeFirst})
	_ = t.Render(os.Stdout, res.First, "text")
	// Output:
	// UUXIIIIINNNFTWYYYYZV
	// UXXXPPLNNFFFTWWYZZZV
	// UUXPPPLLLLFTTTWWZVVV
}
