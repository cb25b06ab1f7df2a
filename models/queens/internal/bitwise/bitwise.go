// Package bitwise is the counting kernel of the queens model's bitwise
// algorithm: Richards' bitmask search with the 8-fold symmetry of the
// square (Takaken's scheme, see count.go), cut into tasks that workers
// take in turn, each task searched by a Go kernel or, where the CPU has
// BMI1 and POPCNT, an amd64 assembly kernel that visits the same nodes
// and gives the same counts. The purego build tag forces the Go kernel.
package bitwise

// MaxN is the largest board the counter takes: a line of the board is one
// uint64 mask.
const MaxN = 64

// The counting methods.
const (
	// Symmetry counts with the full 8-fold symmetry of the square, as in
	// Takaken's program: one representative per symmetry class is
	// searched and weighted by its class size (2, 4 or 8), so the
	// fundamental count (A002562) comes for free.
	Symmetry = "symmetry"
	// Mirror counts with the left–right mirror only, as in Jeff Somers'
	// program: the first row's queen in the left half, doubled. It is the
	// baseline the symmetry method is measured against.
	Mirror = "mirror"
	// Plain counts every solution with no symmetry at all; it exists to
	// cross-check the other two.
	Plain = "plain"
)

// Kernel names a kernel of the counter.
type Kernel int

const (
	// Auto is the assembly kernel where the CPU has it (never with the
	// purego tag), else the Go kernel: what every count uses.
	Auto Kernel = iota
	// Go is the Go kernel, on every platform.
	Go
	// Asm is the assembly kernel; where there is none, the Go kernel.
	Asm
)

// HaveAsm reports whether this build and this CPU have the assembly
// kernel.
func HaveAsm() bool { return haveAsm }

// resolve returns the kernel that counts for k: the one choice of kernel,
// which tests also go through to force one.
func (k Kernel) resolve() Kernel {
	if k != Go && haveAsm {
		return Asm
	}
	return Go
}

// Mask returns the mask of the n squares of a line (n ≤ 64).
func Mask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(n) - 1
}

// Frame is one level of an explicit bitmask search: the columns and the
// two diagonals attacked on the level's line (L shifts left, R shifts
// right from one line to the next, D stays), and the squares still to try.
type Frame struct {
	L, D, R, A uint64
}
