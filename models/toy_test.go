package models_test

// A new model is one package and this one import line (docs/design.md,
// "Adding a model"): the toy model, which no command ships, is in every
// generated test of this package (the robustness matrix, the instance
// builders, the verifiers, the registry's completeness) from here on.
import _ "github.com/coverkit/coverkit/internal/toy"
