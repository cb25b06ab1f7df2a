package main

// The models the command offers: each registers its descriptor and its
// algorithms when imported. A new model adds one line here.
import (
	_ "github.com/coverkit/coverkit/models/exactcover"
	_ "github.com/coverkit/coverkit/models/knight"
	_ "github.com/coverkit/coverkit/models/langford"
	_ "github.com/coverkit/coverkit/models/latin"
	_ "github.com/coverkit/coverkit/models/pieces"
	_ "github.com/coverkit/coverkit/models/polyomino"
	_ "github.com/coverkit/coverkit/models/queens"
	_ "github.com/coverkit/coverkit/models/sudoku"
)
