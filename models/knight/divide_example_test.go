package knight_test

import (
	"fmt"

	"github.com/coverkit/coverkit/models/knight"
)

// A closed tour of the 6×6 board by divide and conquer, printed as the
// board's matrix of move numbers.
func ExampleConstruct() {
	const rows, cols = 6, 6
	tour, err := knight.Construct(rows, cols, true)
	if err != nil {
		fmt.Println(err)
		return
	}
	move := make([]int, rows*cols)
	for i, sq := range tour {
		move[sq] = i + 1
	}
	for r := range rows {
		for c := range cols {
			fmt.Printf("%3d", move[r*cols+c])
		}
		fmt.Println()
	}
	_, err = knight.Construct(5, 5, true)
	fmt.Println(err)
	// Output:
	//   1 22  9 26  7 34
	//  10 25 36 33 16 27
	//  21  2 23  8 35  6
	//  24 11 32 17 28 15
	//   3 20 13 30  5 18
	//  12 31  4 19 14 29
	// knight: no closed tour of the 5x5 board: both sides are odd (Schwenk's theorem): core: unsupported
}

// Stream hands the tour over in pieces, so it can be written out without
// holding it.
func ExampleStream() {
	squares := 0
	err := knight.Stream(1000, 1003, true, func(piece []int32) error {
		squares += len(piece)
		return nil
	})
	fmt.Println(squares, err)
	// Output: 1003000 <nil>
}
