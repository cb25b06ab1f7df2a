//go:build !amd64 && !arm64

package local

// prefetch3 does nothing on this architecture: there the search waits for
// its memory (see prefetch_asm.go).
func prefetch3(a, b, c *uint64) {}
