// Package all imports every coverkit model, once, for its registration:
// a program that imports it finds every model in the registry
// (models.Lookup, models.Models). The coverkit command and the tests that
// walk the registry import it; a new model adds one line here.
package all

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
