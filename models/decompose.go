package models

import (
	"sync"

	"github.com/coverkit/coverkit/core"
)

// Decomposer builds the decomposition of an instance for a count that will
// be split into about units work units (a decomposition may cut finer when
// there are more units, as the exact-cover one does by searching deeper).
// It returns an error wrapping ErrUnsupported when the instance or the
// algorithm cannot be split.
type Decomposer func(p core.Problem, units uint64) (core.Decomposition, error)

var decomposers = struct {
	mu sync.RWMutex
	m  map[string]Decomposer
}{m: map[string]Decomposer{}}

// RegisterDecomposer makes d the decomposition of model's instances, for
// split counts. It is meant for init functions; a second registration for
// the same model replaces the first.
func RegisterDecomposer(model string, d Decomposer) {
	decomposers.mu.Lock()
	defer decomposers.mu.Unlock()
	decomposers.m[model] = d
}

// LookupDecomposer returns the decomposition registered for model, or nil.
func LookupDecomposer(model string) Decomposer {
	decomposers.mu.RLock()
	defer decomposers.mu.RUnlock()
	return decomposers.m[model]
}
