package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const (
	sudokuTestPuzzle   = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	sudokuTestSolution = "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
	// sudokuTestTwo is the solution above with an unavoidable rectangle
	// emptied: exactly two solutions.
	sudokuTestTwo = "4689.15.77516.48.9392578461134756298289413675675289314846192753513867942927345186"
	// sudokuTestNone has no clashing givens and no solution.
	sudokuTestNone = "12345678.........9..............................................................."
)

type sudokuJSONLine struct {
	Line      int             `json:"line"`
	Verdict   string          `json:"verdict"`
	Solution  json.RawMessage `json:"solution"`
	Solutions *uint64         `json:"solutions"`
	Error     string          `json:"error"`
}

func sudokuDecode(t *testing.T, out string) []sudokuJSONLine {
	t.Helper()
	var got []sudokuJSONLine
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var j sudokuJSONLine
		require.NoError(t, json.Unmarshal([]byte(l), &j), l)
		got = append(got, j)
	}
	return got
}

func TestSudokuSolveCLI(t *testing.T) {
	t.Run("one puzzle as argument", func(t *testing.T) {
		out, errOut, code := runCLI(t, "", "sudoku", "solve", sudokuTestPuzzle)
		require.Equal(t, exitOK, code, errOut)
		require.Equal(t, sudokuTestSolution+"\n", out)
	})
	in := "# header\r\n" + sudokuTestPuzzle + "\r\n" + sudokuTestTwo + "\r\n\r\n" + sudokuTestNone + "\r\n" +
		sudokuTestPuzzle[:80] + "\r\n" + "1.1" + strings.Repeat(".", 78) + "\r\n" + "4.....2..3..1...\r\n"
	for _, algo := range []string{"dlx", "fast"} {
		for _, workers := range []string{"1", "3"} {
			t.Run("batch "+algo+" workers "+workers, func(t *testing.T) {
				args := []string{"sudoku", "solve", "--format", "json", "--workers", workers}
				if algo == "dlx" {
					args = append(args, "--algo", "dlx")
				}
				out, errOut, code := runCLI(t, in, args...)
				require.Equal(t, exitUsage, code, "an invalid line makes exit 2")
				require.Contains(t, errOut, "2 invalid puzzle(s), the first on line 6")
				got := sudokuDecode(t, out)
				require.Len(t, got, 6, "one line per puzzle")
				want := []struct {
					line   int
					status string
					n      uint64
				}{{2, "solved", 1}, {3, "multiple", 2}, {5, "unsolvable", 0}, {6, "invalid", 0}, {7, "invalid", 0}, {8, "solved", 1}}
				for i, w := range want {
					require.Equal(t, w.line, got[i].Line)
					require.Equal(t, w.status, got[i].Verdict)
					if w.status == "invalid" {
						require.Nil(t, got[i].Solutions)
						require.NotEmpty(t, got[i].Error)
						continue
					}
					require.Equal(t, w.n, *got[i].Solutions)
					require.Empty(t, got[i].Error)
				}
				require.Equal(t, `"`+sudokuTestSolution+`"`, string(got[0].Solution))
				require.Equal(t, "80 cells is not a square grid (a 8x8 grid has 64, a 9x9 grid 81)", got[3].Error)
				require.Equal(t, "row 1 holds 1 twice (row 1, column 1 and row 1, column 3)", got[4].Error)
			})
		}
	}
	t.Run("text", func(t *testing.T) {
		out, _, code := runCLI(t, in, "sudoku", "solve")
		require.Equal(t, exitUsage, code)
		require.Equal(t, strings.Join([]string{
			sudokuTestSolution,
			"line 3: multiple: at least 2 solutions",
			"line 5: unsolvable",
			"line 6: invalid: 80 cells is not a square grid (a 8x8 grid has 64, a 9x9 grid 81)",
			"line 7: invalid: row 1 holds 1 twice (row 1, column 1 and row 1, column 3)",
			"4213312423411432",
		}, "\n")+"\n", out)
	})
	t.Run("count", func(t *testing.T) {
		out, _, code := runCLI(t, sudokuTestTwo+"\n", "sudoku", "solve", "--count", "--format", "json")
		require.Equal(t, exitOK, code)
		got := sudokuDecode(t, out)
		require.Equal(t, "multiple", got[0].Verdict)
		require.Equal(t, uint64(2), *got[0].Solutions)
		out, _, code = runCLI(t, sudokuTestTwo+"\n", "sudoku", "solve", "--count")
		require.Equal(t, exitOK, code)
		require.Equal(t, "line 1: multiple: 2 solutions\n", out)
		out, _, code = runCLI(t, sudokuTestTwo+"\n", "sudoku", "solve", "--limit", "1")
		require.Equal(t, exitOK, code)
		require.Len(t, out, 82)
	})
	t.Run("grid input", func(t *testing.T) {
		grid := "4 0 0 0\n0 0 2 0\n0 3 0 0\n1 0 0 0\n\n1 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"
		out, _, code := runCLI(t, grid, "sudoku", "solve", "--input", "grid", "--format", "json")
		require.Equal(t, exitUsage, code)
		got := sudokuDecode(t, out)
		require.Len(t, got, 2)
		require.Equal(t, "[[4,2,1,3],[3,1,2,4],[2,3,4,1],[1,4,3,2]]", string(got[0].Solution))
		require.Equal(t, 6, got[1].Line)
		require.Equal(t, "invalid", got[1].Verdict)
		out, _, _ = runCLI(t, grid, "sudoku", "solve", "--input", "grid")
		require.True(t, strings.HasPrefix(out, "4 2 1 3\n3 1 2 4\n2 3 4 1\n1 4 3 2\n\nline 6: invalid: "), out)
	})
	t.Run("variants", func(t *testing.T) {
		dir := t.TempDir()
		regions := filepath.Join(dir, "regions.txt")
		require.NoError(t, os.WriteFile(regions, []byte("AAABBBCCC\nAAABBBCCC\nAABABCBCC\nDDDEEEFFF\nDDEDEFEFF\nDDDEEEFFF\nGGGHHHIII\nGGHGHIHII\nGGGHHHIII\n"), 0o644))
		out, errOut, code := runCLI(t, ".6..9......2..7.....1.5..2..............1....1..7.394.........4.2....4.76....9.8.\n", "sudoku", "solve", "--variant", "jigsaw", "--regions", regions)
		require.Equal(t, exitOK, code, errOut)
		require.Equal(t, "564392718812467359371954826297845163439518672186723945758631294925186437643279581\n", out)
		out, errOut, code = runCLI(t, ".9..........2...7.7.8...5..38.4........6..1........6..8...1..............19.2.3..\n", "sudoku", "solve", "--variant", "x")
		require.Equal(t, exitOK, code, errOut)
		require.Equal(t, "695187432134265879728349561386451297572693148941872653853914726267538914419726385\n", out)
		out, errOut, code = runCLI(t, "2.6...3....2..5..4....56...1...6....\n", "sudoku", "solve", "--box", "2x3")
		require.Equal(t, exitOK, code, errOut)
		require.Equal(t, "246531351642635214412356524163163425\n", out)
		out, errOut, code = runCLI(t, "43.....23....5.5......4.2\n", "sudoku", "solve", "--variant", "latin")
		require.Equal(t, exitOK, code, errOut)
		require.Equal(t, "4352114235213545214335412\n", out)
	})
	t.Run("stats and out", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "answers.jsonl")
		out, errOut, code := runCLI(t, sudokuTestPuzzle+"\n"+sudokuTestPuzzle+"\n", "sudoku", "solve", "--stats", "--format", "json", "--out", path)
		require.Equal(t, exitOK, code)
		require.Empty(t, out)
		var rec map[string]any
		require.NoError(t, json.Unmarshal([]byte(errOut), &rec), "--stats writes the JSON record on stderr: %s", errOut)
		require.Equal(t, "sudoku", rec["model"])
		require.Equal(t, "stdin", rec["size"])
		require.Equal(t, "auto", rec["algorithm"])
		require.Equal(t, "exhausted", rec["status"])
		require.EqualValues(t, 2, rec["solutions"])
		require.EqualValues(t, 2, rec["puzzles"])
		require.EqualValues(t, 2, rec["solved"])
		require.Contains(t, rec, "puzzles_per_second")
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		require.Len(t, sudokuDecode(t, string(b)), 2)
	})
	t.Run("timeout", func(t *testing.T) {
		in := strings.Repeat(sudokuTestPuzzle+"\n", 2000)
		out, errOut, code := runCLI(t, in, "sudoku", "solve", "--timeout", "1ns", "--format", "json", "--algo", "dlx", "--workers", "2")
		require.Equal(t, exitPartial, code)
		// The stop ends the reading (issue 32: an endless input ends
		// with it): nothing was read before the timeout.
		require.Contains(t, errOut, "stopped early: timeout")
		require.Empty(t, out)
	})
	for _, tc := range []struct {
		name string
		args []string
		err  string
	}{
		{"fast on 6x6", []string{"--algo", "fast", "--box", "2x3"}, "fast solves 9x9 grids with 3x3 boxes"},
		{"bad algo", []string{"--algo", "magic"}, "unknown sudoku algorithm"},
		{"bad box", []string{"--box", "2by3"}, "--box \"2by3\""},
		{"count and limit", []string{"--count", "--limit", "3"}, "exclude each other"},
		{"limit 0", []string{"--limit", "0"}, "must be positive"},
		{"workers", []string{"--workers", "-1"}, "--workers must be 0 or more"},
		{"jigsaw without map", []string{"--variant", "jigsaw"}, "needs --regions"},
		{"missing file", []string{"/nonexistent/puzzles.txt"}, "no such file"},
		{"bad input format", []string{"--input", "csv"}, "unknown input format"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append([]string{"sudoku", "solve"}, tc.args...)...)
			require.Equal(t, exitUsage, code)
			require.Empty(t, out)
			require.Contains(t, errOut, tc.err)
		})
	}
}

func TestSudokuVerifyCLI(t *testing.T) {
	out, _, code := runCLI(t, "", "sudoku", "verify", sudokuTestPuzzle, sudokuTestSolution)
	require.Equal(t, exitOK, code)
	require.Contains(t, out, "valid")
	bad := "6" + sudokuTestSolution[1:]
	out, _, code = runCLI(t, "", "sudoku", "verify", sudokuTestPuzzle, bad)
	require.Equal(t, exitNoSolution, code)
	require.Contains(t, out, "invalid solution: solution: row 1, column 1 holds 6 but the puzzle gives 4")
	out, errOut, code := runCLI(t, "", "sudoku", "verify", sudokuTestPuzzle, sudokuTestSolution[:80])
	require.Equal(t, exitNoSolution, code, "an unreadable solution is no valid one (exit 1, as every verify)")
	errOut += out
	require.Contains(t, errOut, "solution has 80 symbols")

	pairs := sudokuTestPuzzle + " " + sudokuTestSolution + "\n" + sudokuTestPuzzle + "," + bad + "\n"
	out, errOut, code = runCLI(t, pairs, "sudoku", "verify", "--batch", "-")
	require.Equal(t, exitNoSolution, code, errOut)
	require.Contains(t, out, "line 2: solution: row 1, column 1 holds 6")
	require.Contains(t, out, "2 solutions, 1 invalid, 1 valid")

	// JSON lines from solve, checked against the puzzle file.
	dir := t.TempDir()
	puzzles := filepath.Join(dir, "p.txt")
	require.NoError(t, os.WriteFile(puzzles, []byte("# x\n"+sudokuTestPuzzle+"\n"+sudokuTestNone+"\n"+sudokuTestTwo+"\n"), 0o644))
	answers, _, code := runCLI(t, "", "sudoku", "solve", puzzles, "--format", "json")
	require.Equal(t, exitOK, code)
	out, errOut, code = runCLI(t, answers, "sudoku", "verify", "--batch", "-", "--puzzles", puzzles)
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "2 solutions, all valid, 2 distinct; 1 record without a solution skipped")
	tampered := strings.Replace(answers, sudokuTestSolution, bad, 1)
	_, _, code = runCLI(t, tampered, "sudoku", "verify", "--batch", "-", "--puzzles", puzzles)
	require.Equal(t, exitNoSolution, code)
	_, errOut, code = runCLI(t, answers, "sudoku", "verify", "--batch", "-")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errOut, "--puzzles")
	out, _, code = runCLI(t, "", "sudoku", "verify", sudokuTestPuzzle)
	require.Equal(t, exitNoSolution, code, "a puzzle without its solution is no valid record")
	require.Contains(t, out, "want PUZZLE SOLUTION, got 1 fields")
}

func TestSudokuGenerateCLI(t *testing.T) {
	out1, errOut, code := runCLI(t, "", "sudoku", "generate", "--seed", "7", "--count", "3")
	require.Equal(t, exitOK, code, errOut)
	out2, _, _ := runCLI(t, "", "sudoku", "generate", "--seed", "7", "--count", "3", "--algo", "dlx")
	require.Equal(t, out1, out2, "deterministic per seed, whatever the checker")
	lines := strings.Split(strings.TrimSpace(out1), "\n")
	require.Len(t, lines, 3)
	// Each puzzle is unique: solve says "solved" with the uniqueness search.
	res, _, code := runCLI(t, out1, "sudoku", "solve", "--format", "json", "--algo", "dlx")
	require.Equal(t, exitOK, code)
	for _, j := range sudokuDecode(t, res) {
		require.Equal(t, "solved", j.Verdict)
	}
	out, _, code := runCLI(t, "", "sudoku", "generate", "--size", "6", "--givens", "14", "--format", "json")
	require.Equal(t, exitOK, code)
	var g struct {
		Seed             uint64
		Size             string
		Givens           int
		Puzzle, Solution string
	}
	require.NoError(t, json.Unmarshal([]byte(out), &g))
	require.Equal(t, "6x6 (2x3 boxes)", g.Size)
	require.Equal(t, 14, g.Givens)
	vout, _, code := runCLI(t, "", "sudoku", "verify", g.Puzzle, g.Solution)
	require.Equal(t, exitOK, code, vout)

	_, errOut, code = runCLI(t, "", "sudoku", "generate", "--size", "7")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errOut, "side 7 has no box shape")
	_, _, code = runCLI(t, "", "sudoku", "generate", "--givens", "100")
	require.Equal(t, exitUsage, code)
	out, errOut, code = runCLI(t, "", "sudoku", "generate", "--givens", "15", "--attempts", "1")
	require.Equal(t, exitNoSolution, code)
	require.Contains(t, errOut, "15 givens wanted")
	require.Len(t, out, 82, "the best puzzle is still printed")
}

func TestLatinCLI(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"4"}, "576 solutions for 4\n"},
		{[]string{"5"}, "161280 solutions for 5\n"},
		{[]string{"5", "--method", "direct"}, "161280 solutions for 5\n"},
		{[]string{"4", "--reduced"}, "4 solutions for 4 reduced\n"},
		{[]string{"5", "--reduced"}, "56 solutions for 5 reduced\n"},
		{[]string{"6", "--reduced"}, "9408 solutions for 6 reduced\n"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append([]string{"latin", "count"}, tc.args...)...)
			require.Equal(t, exitOK, code, errOut)
			first, work, _ := strings.Cut(out, "\n")
			require.Equal(t, tc.want, first+"\n")
			require.True(t, strings.HasPrefix(work, "auto: exhausted, "), work)
		})
	}
	out, _, code := runCLI(t, "", "latin", "count", "5", "--format", "json")
	require.Equal(t, exitOK, code)
	var j struct {
		Status    string
		Solutions uint64
		Reduced   uint64 `json:"reduced_squares"`
		Method    string
	}
	require.NoError(t, json.Unmarshal([]byte(out), &j))
	require.Equal(t, "exhausted", j.Status)
	require.Equal(t, uint64(161280), j.Solutions)
	require.Equal(t, uint64(56), j.Reduced)
	require.Equal(t, "reduced", j.Method)

	out, _, code = runCLI(t, "", "latin", "solve", "3", "--reduced")
	require.Equal(t, exitOK, code)
	require.Equal(t, "1 2 3\n2 3 1\n3 1 2\n", out)

	out, errOut, code := runCLI(t, "", "latin", "count", "8", "--timeout", "30ms", "--workers", "1")
	require.Equal(t, exitPartial, code)
	require.Contains(t, out, "partial")
	require.Contains(t, errOut, "stopped early")

	for _, args := range [][]string{{"count", "0"}, {"count", "65"}, {"count", "x"}, {"count", "4", "--method", "magic"}, {"count"}} {
		out, _, code := runCLI(t, "", append([]string{"latin"}, args...)...)
		require.Equal(t, exitUsage, code, args)
		require.Empty(t, out)
	}
}

// TestSudokuLongLine: a line of 70,000 characters between two valid
// puzzles is answered as invalid, and the puzzles before and after it are
// answered; verify --batch marks it malformed and still prints its summary.
func TestSudokuLongLine(t *testing.T) {
	long := strings.Repeat(".", 70_000)
	in := sudokuTestPuzzle + "\n" + long + "\n" + sudokuTestPuzzle + "\n"
	out, errOut, code := runCLI(t, in, "sudoku", "solve")
	require.Equal(t, exitUsage, code)
	require.Equal(t, sudokuTestSolution+"\nline 2: invalid: line too long (more than 65536 bytes)\n"+sudokuTestSolution+"\n", out)
	require.Contains(t, errOut, "1 invalid puzzle(s), the first on line 2")
	out, _, code = runCLI(t, in, "sudoku", "solve", "--format", "json", "--workers", "2")
	require.Equal(t, exitUsage, code)
	got := sudokuDecode(t, out)
	require.Len(t, got, 3)
	require.Equal(t, "solved", got[0].Verdict)
	require.Equal(t, "invalid", got[1].Verdict)
	require.Equal(t, 2, got[1].Line)
	require.Equal(t, "solved", got[2].Verdict)

	// verify goes on past the unreadable line, as every verify does, and
	// exits 1.
	pairs := sudokuTestPuzzle + " " + sudokuTestSolution + "\n" + long + "\n" + sudokuTestPuzzle + " " + sudokuTestSolution + "\n"
	out, errOut, code = runCLI(t, pairs, "sudoku", "verify", "--batch", "-")
	require.Equal(t, exitNoSolution, code)
	require.Equal(t, "line 2: unreadable: line too long (more than 65536 bytes)\n3 solutions, 1 invalid, 2 valid, 1 distinct valid; 1 unreadable\n", out)
	require.Contains(t, errOut, "stdin: line 2: line too long")
	out, _, code = runCLI(t, pairs, "sudoku", "verify", "--format", "json")
	require.Equal(t, exitNoSolution, code)
	require.Contains(t, out, `"valid":2,"invalid":1,"unreadable":1`)
}

// TestSudokuProgress: on a terminal, a batch shows a progress bar of the
// puzzles answered on stderr (cleared at the end); stdout is unchanged.
func TestSudokuProgress(t *testing.T) {
	in := strings.Repeat(sudokuTestPuzzle+"\n", 500)
	var out, errb bytes.Buffer
	e := newEnv(strings.NewReader(in), &out, &errb)
	e.stderrTTY = true
	code := run(context.Background(), []string{"sudoku", "solve", "--limit", "1"}, e)
	require.Equal(t, exitOK, code, errb.String())
	require.Equal(t, strings.Repeat(sudokuTestSolution+"\n", 500), out.String())
	require.Contains(t, errb.String(), "sudoku solve: ")
}

func TestSudokuCompareCLI(t *testing.T) {
	in := sudokuTestPuzzle + "\n" + sudokuTestTwo + "\n" + "4.....2..3..1...\n"
	out, errOut, code := runCLI(t, in, "sudoku", "compare", "-", "--format", "json", "--repeat", "2")
	require.Equal(t, exitOK, code, errOut)
	var algos []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r struct {
			Algorithm string
			Status    string
			Solutions uint64
			Puzzles   uint64
			Items     uint64
		}
		require.NoError(t, json.Unmarshal([]byte(l), &r), l)
		algos = append(algos, r.Algorithm)
		require.Equal(t, "exhausted", r.Status)
		require.Equal(t, uint64(3), r.Puzzles)
		require.Equal(t, uint64(4), r.Solutions, "1 + 2 + 1 with the uniqueness check")
	}
	// fast cannot solve the 4x4 grid: it is skipped (stderr says why), not
	// compared on fewer puzzles.
	require.Equal(t, []string{"auto", "dlx", "cells"}, algos)
	require.Contains(t, errOut, "skipping fast")

	out, errOut, code = runCLI(t, in+"1.1\n", "sudoku", "compare", "-", "--algos", "dlx")
	require.Equal(t, exitUsage, code)
	require.Contains(t, out, "dlx")
	require.Contains(t, errOut, "1 invalid line(s) skipped: compared on the 3 valid ones")

	_, errOut, code = runCLI(t, in, "sudoku", "compare", "-", "--algos", "fast", "--box", "2x2")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errOut, "fast solves 9x9 grids")
}

// TestSudokuSolvePictures: --format pretty and svg draw each solution (the
// descriptor's render formats); an answer without one stays a line.
func TestSudokuSolvePictures(t *testing.T) {
	in := sudokuTestPuzzle + "\n1.1\n"
	out, _, code := runCLI(t, in, "sudoku", "solve", "--format", "pretty")
	require.Equal(t, exitUsage, code, "the invalid line")
	require.True(t, strings.HasPrefix(out, "4 6 8 | 9 3 1 | 5 2 7\n"), out)
	require.Contains(t, out, "\n\nline 2: invalid: ")
	out, _, code = runCLI(t, in, "sudoku", "solve", "--format", "svg")
	require.Equal(t, exitUsage, code)
	require.True(t, strings.HasPrefix(out, "<svg "), out)
	require.Equal(t, 1, strings.Count(out, "</svg>"))
	require.Contains(t, out, "<!-- line 2: invalid -->")
	out, errOut, code := runCLI(t, in, "sudoku", "solve", "--format", "svg", "--count")
	require.Equal(t, exitUsage, code)
	require.Empty(t, out)
	require.Contains(t, errOut, "--count keeps none")
}
