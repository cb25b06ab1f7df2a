package apitest

// A new model is one package and this one import line (docs/design.md,
// "Adding a model"): the harness derives the toy model's entries from the
// registry (described), with no line of its own in table.
import _ "github.com/coverkit/coverkit/internal/toy"
