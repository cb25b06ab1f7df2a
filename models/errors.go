package models

import "errors"

// ErrWorkers is returned (wrapped) for a worker count that is negative or
// above the cap of package resource (max(1024, 8 × the number of CPUs)).
// Every entry point that takes Options.Workers checks it with
// resource.Workers.
var ErrWorkers = errors.New("models: bad worker count")
