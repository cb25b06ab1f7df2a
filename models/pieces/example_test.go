package pieces_test

import (
	"context"
	"fmt"
	"os"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/pieces"
)

// Count the placements of 16 non-attacking kings on the chessboard.
func Example() {
	p, err := pieces.Config{Piece: "king", Size: "8", K: 16}.Problem()
	if err != nil {
		fmt.Println(err)
		return
	}
	alg, _ := models.LookupAlgorithm("pieces", "bitboard")
	res, err := alg.Run(context.Background(), p, &core.Options{Mode: core.ModeCount})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Solutions)
	// Output: exhausted 281571
}

// The domination number of the queen on 8×8, with a minimum dominating set.
func ExampleProblem_Answer() {
	p, _ := pieces.Config{Piece: "queen", Size: "8", Task: pieces.Dominate}.Problem()
	alg, _ := models.LookupAlgorithm("pieces", "bitboard")
	res, _ := alg.Run(context.Background(), p, nil)
	a := p.Answer(&res)
	fmt.Println("domination number", a.Domination, "proved", a.Proved)
	fmt.Println("queens on", a.Pieces)
	p.Render(os.Stdout, res.First, "board")
	// Output:
	// domination number 5 proved true
	// queens on [[2 3] [3 8] [5 5] [7 1] [8 6]]
	// ........
	// ..Q.....
	// .......Q
	// ........
	// ....Q...
	// ........
	// Q.......
	// .....Q..
}

// Nine queens and one pawn on 8×8: the least number of pawns.
func ExampleProblem_Answer_pawns() {
	p, _ := pieces.Config{Piece: "queen", Size: "8", Task: pieces.Pawns, K: 9}.Problem()
	alg, _ := models.LookupAlgorithm("pieces", "bitboard")
	res, _ := alg.Run(context.Background(), p, nil)
	a := p.Answer(&res)
	fmt.Println("pawns", a.MinPawns, "at", a.Pawns)
	p.Render(os.Stdout, res.First, "board")
	// Output:
	// pawns 1 at [[2 3]]
	// ..Q.....
	// Q.P....Q
	// ...Q....
	// ......Q.
	// ..Q.....
	// .....Q..
	// .Q......
	// ....Q...
}

// A custom piece: a knight that also rides diagonally (the archbishop),
// written in the notation.
func ExampleParsePiece() {
	pc, err := pieces.ParsePiece("leap(1,2)+ride(1,1)")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pc.Moves)
	_, err = pieces.ParsePiece("dragon")
	fmt.Println(err)
	// Output:
	// [leap(2,1) ride(1,1)]
	// pieces: bad piece: unknown piece "dragon" (known: queen rook bishop knight king amazon chancellor archbishop nightrider, or moves such as leap(1,2)+ride(1,1))
}
