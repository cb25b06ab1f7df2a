package main

import (
	"path/filepath"
	"strings"
	"testing"

	// A new model is one package and this one import line
	// (docs/design.md, "Adding a model"): the toy model, which no command
	// ships, is in every generated test of this package from here on.
	_ "github.com/coverkit/coverkit/internal/toy"

	"github.com/stretchr/testify/require"
)

// TestToyModel runs the toy model (internal/toy: the domino
// tilings of a 2×N strip, F(N+1) of them) through every verb of the
// command, none of which has a line of its own for it: solve, count,
// verify, compare, cover, a split count and its merge.
func TestToyModel(t *testing.T) {
	out, errOut, code := runCLI(t, "", "toy", "solve", "4")
	require.Equal(t, exitOK, code, errOut)
	require.Equal(t, "1 1 1 1\n", out)

	out, errOut, code = runCLI(t, "", "toy", "count", "20")
	require.Equal(t, exitOK, code, errOut)
	require.True(t, strings.HasPrefix(out, "10946 solutions for 20\n"), "F(21): %s", out)

	for _, algo := range []string{"auto", "dlx", "memo", "cells", "walk"} {
		out, errOut, code = runCLI(t, "", "toy", "count", "12", "--algo", algo, "--format", "json")
		require.Equal(t, exitOK, code, errOut)
		require.Contains(t, out, `"model":"toy","size":"12","algorithm":"`+algo+`"`)
		require.Contains(t, out, `"solutions":233,`, "%s: F(13)", algo)
	}

	all, errOut, code := runCLI(t, "", "toy", "solve", "6", "--all", "--format", "json")
	require.Equal(t, exitOK, code, errOut)
	require.Equal(t, 13, strings.Count(all, `"solution":`), "F(7)")
	out, errOut, code = runCLI(t, all, "toy", "verify", "6")
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "13")
	_, _, code = runCLI(t, "1 2 1\n", "toy", "verify", "3")
	require.Equal(t, exitNoSolution, code, "a 2 without its 0 is no tiling")
	_, _, code = runCLI(t, "1 1 1 1\n", "toy", "verify", "3")
	require.Equal(t, exitNoSolution, code, "a tiling of another strip")

	out, errOut, code = runCLI(t, "", "toy", "compare", "10", "--format", "csv")
	require.Equal(t, exitOK, code, errOut)
	for _, algo := range []string{"auto", "dlx", "memo", "cells", "walk"} {
		require.Contains(t, out, "toy,10,"+algo+",exhausted,false,89,")
	}

	cover, errOut, code := runCLI(t, "", "toy", "cover", "7")
	require.Equal(t, exitOK, code, errOut)
	out, errOut, code = runCLI(t, cover, "dlx", "count", "-")
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "21 solutions", "F(8)")

	dir := t.TempDir()
	var files []string
	for u := range 3 {
		f := filepath.Join(dir, "u"+string(rune('0'+u)))
		_, errOut, code = runCLI(t, "", "toy", "count", "15", "--units", "3", "--unit", string(rune('0'+u)), "--out", f)
		require.Equal(t, exitOK, code, errOut)
		files = append(files, f)
	}
	out, errOut, code = runCLI(t, "", append([]string{"merge"}, files...)...)
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "987 solutions", "F(16), split in 3 units")
}
