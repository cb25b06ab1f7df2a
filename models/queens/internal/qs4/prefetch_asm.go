//go:build (amd64 || arm64) && !purego

package qs4

// prefetch3 asks the processor to bring the cache lines of a, b and c into
// cache without waiting for them (PREFETCHT0 on x86-64, PRFM PLDL1KEEP on
// arm64). Unlike a load, a prefetch never holds up the instructions after
// it, so the search can ask for the memory of a column it will place a few
// dozen columns later. Go has no prefetch of its own; the pointers are only
// read as addresses.
//
//go:noescape
func prefetch3(a, b, c *uint64)
