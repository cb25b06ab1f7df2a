// Package sparse holds the hot steps of dlx's dancing cells (dlx/cells.go,
// Knuth's SSXCC): choosing an option, which makes its items inactive and
// removes from the other active items' sets every option that clashes with
// it, looking at the sets that shrink to one option (forced moves) or to
// none (a dead end). On a search without colors that step takes most of
// the time.
//
// The arrays are dlx's, reached through raw pointers held in one block,
// Kern: set (each item x owns set[x−2] its position in the item list,
// set[x−1] its size, set[x…] its active options, as nodes), loc (each
// node's place in its item's set), on (each node's item and the next node
// of its option, the first after the last), item (the item list, the
// active first) and force (the stack of items with one option left).
//
// The choice of option without colors has two kernels that make the same
// changes to the arrays and the same counts: a Go kernel (every platform)
// and an amd64 assembly kernel, used unless the purego build tag is set
// (CoverPlain takes dlx's one choice of kernel, dance.Resolve's).
// The assembly uses only base amd64 instructions, so the choice needs no
// CPUID bit. It keeps the values of its three nested loops in registers,
// where the Go compiler spills the walk of an item's set around the rare
// steps and reloads it at every update. A call chooses one option: its
// work is bounded by the matrix, and it does not poll; the search polls
// its meter between calls. TestAsmDefines checks the offsets the assembly
// reads against Kern.
package sparse
