// Package dance holds the two hiding loops of the dlx search on problems
// without colors with Options.TakeSingleton (dlx/dance_dead.go): covering
// the other items of a chosen option, and undoing that, while counting the
// primary items left without options (dead) and keeping a flag byte per
// item (1 for an active item with at most one option left). They take
// about 60% of a sudoku search's time.
//
// Each loop has two kernels that make the same changes to the arrays and
// return the same counts: a Go kernel (every platform) and an amd64
// assembly kernel, used unless the purego build tag is set. The assembly
// uses only the base amd64 instructions, which every amd64 CPU has, so
// the choice needs no CPUID bit; it keeps every value of the loops in a
// register, where the Go compiler spilled the walk of the option and
// reloaded it at every update: 21% fewer instructions in the covering
// loop, 12% in the uncovering one, and 2–6% less time on the sudoku sets
// (docs/benchmarks.md, issue 24).
//
// The kernels work on dlx's arrays through raw pointers: the node array
// (nodes of NodeSize bytes: up, down, top and the next node of the option
// at offsets Up, Down, Top and Next), the item records (prev, next, len at
// Prev, NextItem, Len; a record is as large as a node, so the item whose
// header is at byte offset h of the node array has its record at offset h
// of the item array) and the flags (one byte per item, at h/NodeSize).
// dlx's TestKernelLayout checks these offsets against its types, and
// TestAsmDefines the assembly's #defines against them.
//
// A call covers or uncovers the items of one option: its work is bounded
// by the matrix, and it does not poll; the search polls its meter between
// calls, as it does with the Go loops.
package dance
