package sweep

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/coverkit/coverkit/internal/asmlayout"
)

// TestAsmLayout checks the offsets the kernel reads against its #defines.
func TestAsmLayout(t *testing.T) {
	var s State
	var tb Tables
	var x Search
	require.Equal(t, uintptr(128), unsafe.Sizeof(s), "State is the Go kernel's 128-byte state")
	want := map[string]uintptr{
		"CAND": unsafe.Offsetof(s.Cand), "UNSOLVED": unsafe.Offsetof(s.Unsolved), "CHANGED": unsafe.Offsetof(s.Changed),
		"ROT": unsafe.Offsetof(tb.rot), "BAND": unsafe.Offsetof(tb.band), "SHIFT": unsafe.Offsetof(tb.shift),
		"TRI": unsafe.Offsetof(tb.tri), "KEY": unsafe.Offsetof(tb.key), "CELLINFO": unsafe.Offsetof(tb.cell),
		"STATES": unsafe.Offsetof(x.states), "CELLS": unsafe.Offsetof(x.Cells), "DIGITS": unsafe.Offsetof(x.digits),
		"LEVEL": unsafe.Offsetof(x.Level), "NODES": unsafe.Offsetof(x.Nodes), "BOUND": unsafe.Offsetof(x.Bound),
		"RESUME": unsafe.Offsetof(x.Resume), "OUT": unsafe.Offsetof(x.Out), "GIVENS": unsafe.Offsetof(x.Givens),
	}
	asmlayout.Check(t, "sweep_amd64.s", want)
}

// TestTables checks the permutations against their definitions.
func TestTables(t *testing.T) {
	tb := NewTables()
	for l := range 32 {
		if l >= 27 {
			require.Equal(t, uint16(l), tb.rot[3][l])
			require.Equal(t, uint16(0), tb.key[0][l])
			continue
		}
		b, d := l/9, l%9
		require.Equal(t, uint16(9*b+(d+8)%9), tb.rot[3][l])
		require.Equal(t, uint16(9*((b+2)%3)+d), tb.band[1][l])
		require.Equal(t, uint16(3*(l/3)+(l+2)%3), tb.tri[1][l])
		require.Equal(t, uint16(127-(27*b+9*2+d)), tb.key[2][l])
	}
	for c := range 81 {
		b, p := c/27, c%27
		require.Equal(t, uint32(9*b)|uint32(p/9)<<8|uint32(1)<<(16+p%9), tb.cell[c])
	}
}
