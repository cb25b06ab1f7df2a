package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// elapsed hides the times of a text answer, which differ from run to run.
var elapsed = regexp.MustCompile(`[0-9.]+ s\b`)

// TestSameVerbs checks issue 21's "the verbs are the same for every
// model": solve is the verb's name everywhere (knight's tour is an alias),
// dlx's verbs all take the file (its own command stays the short form,
// with the same defaults), and every number of a command line, flags
// included, is read by the one parser of sizes and counts (1e1, 1_0).
func TestSameVerbs(t *testing.T) {
	same := func(t *testing.T, a, b []string) {
		t.Helper()
		outA, errA, codeA := runCLI(t, "", a...)
		outB, errB, codeB := runCLI(t, "", b...)
		require.Equal(t, exitOK, codeA, "%v: %s", a, errA)
		require.Equal(t, exitOK, codeB, "%v: %s", b, errB)
		require.NotEmpty(t, outA)
		require.Equal(t, elapsed.ReplaceAllString(outA, "T"), elapsed.ReplaceAllString(outB, "T"), "%v against %v", a, b)
	}
	knuth7 := "../../testdata/dlx/knuth7.dlx"
	for _, tc := range []struct {
		name string
		a, b []string
	}{
		{"knight solve = tour", []string{"knight", "solve", "5", "--algo", "backtrack"}, []string{"knight", "tour", "5", "--algo", "backtrack"}},
		{"dlx solve FILE = dlx FILE", []string{"dlx", "solve", knuth7}, []string{"dlx", knuth7}},
		{"dlx count FILE = dlx FILE --count", []string{"dlx", "count", "../../testdata/dlx/langford-8.dlx"}, []string{"dlx", "../../testdata/dlx/langford-8.dlx", "--count"}},
		{"dlx solve json", []string{"dlx", "solve", knuth7, "-f", "json"}, []string{"dlx", knuth7, "-f", "json"}},
		{"knight size 1e1", []string{"knight", "solve", "1e1"}, []string{"knight", "solve", "10"}},
		{"knight from 1e0", []string{"knight", "count", "5", "--from", "1e0,1"}, []string{"knight", "count", "5", "--from", "1,1"}},
		{"pieces 8e0", []string{"pieces", "count", "queen", "8e0", "8e0"}, []string{"pieces", "count", "queen", "8", "8"}},
		{"pieces pawns", []string{"pieces", "count", "queen", "8", "9", "--pawns", "2e0,3"}, []string{"pieces", "count", "queen", "8", "9", "--pawns", "2,3"}},
		{"polyomino board", []string{"polyomino", "count", "--board", "3x2e1", "--workers", "1"}, []string{"polyomino", "count", "--board", "3x20", "--workers", "1"}},
		{"sudoku box", []string{"sudoku", "count", "1...............", "--box", "2x2e0"}, []string{"sudoku", "count", "1...............", "--box", "2x2"}},
		{"--workers 1e0", []string{"queens", "count", "10", "--workers", "1e0"}, []string{"queens", "count", "10", "--workers", "1"}},
		{"--limit 1e1", []string{"queens", "solve", "8", "--limit", "1e1"}, []string{"queens", "solve", "8", "--limit", "10"}},
		{"--seed 1e3", []string{"queens", "solve", "50", "--algo", "minconflicts", "--seed", "1e3"}, []string{"queens", "solve", "50", "--algo", "minconflicts", "--seed", "1000"}},
		{"--units 1e1", []string{"queens", "count", "8", "--units", "1e1", "--unit", "0-9", "--workers", "1_0"}, []string{"queens", "count", "8", "--units", "10", "--unit", "0-9", "--workers", "10"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "--units 1e1" {
				// Unit lines carry times: compare the counts.
				a, _, code := runCLI(t, "", tc.a...)
				require.Equal(t, exitOK, code)
				b, _, _ := runCLI(t, "", tc.b...)
				re := regexp.MustCompile(`"solutions":[0-9]+`)
				require.Equal(t, re.FindAllString(b, -1), re.FindAllString(a, -1))
				return
			}
			same(t, tc.a, tc.b)
		})
	}
	// --repeat and --unit-offset take the same numbers.
	_, errOut, code := runCLI(t, "", "queens", "compare", "6", "--repeat", "1e0", "--algos", "bitwise")
	require.Equal(t, exitOK, code, errOut)
	_, errOut, code = runCLI(t, "", "queens", "count", "8", "--units", "4", "--unit", "0", "--unit-offset", "1e0")
	require.Equal(t, exitOK, code, errOut)
}

// TestNegativeArgument: a negative number where a verb takes one is
// refused in the verb's own words (the numbers its usage names, a task's
// included), and one where it takes a file, stdin or a puzzle keeps the
// flag parser's words: never "FILE must be positive".
func TestNegativeArgument(t *testing.T) {
	for _, tc := range []struct{ args, want string }{
		{"queens solve -3", `N must be positive, got "-3"`},
		{"pieces max -3", `PIECE SIZE: no number may be negative, got "-3"`},
		{"pieces pawns -3", `N must be positive, got "-3"`},
		{"pieces verify queen -3", `PIECE SIZE [K]: no number may be negative, got "-3"`},
		{"queens cover -3", `N must be positive, got "-3"`},
		{"dlx -3", `unknown shorthand flag: '3' in -3`},
		{"dlx verify -3", `unknown shorthand flag: '3' in -3`},
		{"knight verify -3", `unknown shorthand flag: '3' in -3`},
		{"polyomino solve -3", `unknown shorthand flag: '3' in -3`},
	} {
		t.Run(tc.args, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", strings.Fields(tc.args)...)
			require.Equal(t, exitUsage, code)
			require.Empty(t, out)
			require.Equal(t, "coverkit: "+tc.want+"\n", errOut)
		})
	}
}

// TestEmptyFlagValue: a flag given with an empty value (`--limit "$K"`
// with K unset) is refused, for every string flag of every command: it
// was read as the flag left out (one solution instead of K, no budget, the
// default algorithm, --progress auto), where --limit 0 is refused.
func TestEmptyFlagValue(t *testing.T) {
	for _, args := range [][]string{
		{"queens", "solve", "8", "--limit", ""},
		{"queens", "count", "8", "--max-nodes", ""},
		{"queens", "count", "8", "--algo", ""},
		{"queens", "count", "8", "--progress", ""},
		{"queens", "solve", "8", "--out", ""},
		{"queens", "compare", "6", "--algos", ""},
		{"pieces", "solve", "queen", "6", "4", "--task", ""},
		{"sudoku", "solve", "../../testdata/sudoku/puzzles.txt", "--variant", ""},
		{"queens", "verify", "--out=", "-"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			out, errOut, code := runCLI(t, "1 5 8 6 3 7 2 4\n", args...)
			require.Equal(t, exitUsage, code, errOut)
			require.Empty(t, out)
			require.Contains(t, errOut, `"": an empty value`)
		})
	}
}

// TestEmptyArgument: an argument given empty (`coverkit dlx "$FILE"` with
// FILE unset) is refused, for every command: an empty file name read
// standard input (a script waited on the terminal, or checked the wrong
// input: `queens verify ""` said ": no solutions to verify"), and an
// empty size or piece was refused only by the words of another check.
func TestEmptyArgument(t *testing.T) {
	for _, args := range [][]string{
		{"dlx", ""},
		{"dlx", "verify", "../../testdata/dlx/knuth7.dlx", ""},
		{"queens", "verify", ""},
		{"sudoku", "solve", ""},
		{"queens", "count", ""},
		{"pieces", "count", "", "8", "8"},
		{"merge", ""},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			out, errOut, code := runCLI(t, "1 5 8 6 3 7 2 4\n", args...)
			require.Equal(t, exitUsage, code, errOut)
			require.Empty(t, out)
			require.Contains(t, errOut, `an empty argument ("")`)
		})
	}
	// A shell's completion request ends with the word it completes,
	// empty at a blank.
	out, errOut, code := runCLI(t, "", "__complete", "queens", "solve", "8", "--algo", "")
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "backtrack")
}
