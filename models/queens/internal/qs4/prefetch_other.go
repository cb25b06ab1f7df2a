//go:build (!amd64 && !arm64) || purego

package qs4

// prefetch3 does nothing on this architecture or with the purego tag:
// there the search waits for its memory (see prefetch_asm.go).
func prefetch3(a, b, c *uint64) {}
