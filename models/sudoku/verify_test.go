package sudoku

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/lines"
	"github.com/stretchr/testify/require"
)

func TestVerifyBatch(t *testing.T) {
	p, s := knownPuzzles[2].puzzle, knownPuzzles[2].solution
	bad := "4213312423411423"
	puzzles := "# 4x4\n" + p + "\n1.1.............\n"
	long := strings.Repeat("x", 70_000)
	type check struct {
		line      int
		valid     bool
		malformed bool
	}
	for _, tc := range []struct {
		name, in, puzzles string
		want              []check
		sum               VerifySummary
		err               string
	}{
		{"pairs", p + " " + s + "\n" + p + "," + bad + "\n" + p + ";" + s + "\n", "",
			[]check{{1, true, false}, {2, false, false}, {3, true, false}}, VerifySummary{Checked: 3, Invalid: 1}, ""},
		{"malformed", p + "\n" + "1.1............. " + s + "\n" + p + " " + s[:15] + "\n" + long + "\n" + p + " " + s + "\n", "",
			[]check{{1, false, true}, {2, false, true}, {3, false, true}, {4, false, true}, {5, true, false}},
			VerifySummary{Checked: 1, Malformed: 4, FirstMalformed: &lines.Error{Line: 1, Msg: "want PUZZLE SOLUTION, got 1 fields"}}, ""},
		{"json", `{"line":2,"status":"solved","solution":"` + s + `","solutions":1}` + "\n" +
			`{"line":2,"status":"solved","solution":[[4,2,1,3],[3,1,2,4],[2,3,4,1],[1,4,2,3]]}` + "\n" +
			`{"line":3,"status":"invalid","error":"x"}` + "\n" +
			`{"line":3,"status":"solved","solution":"` + s + `"}` + "\n" +
			`{"line":9,"solution":"` + s + `"}` + "\n" + `{"line":` + "\n", puzzles,
			[]check{{1, true, false}, {2, false, false}, {4, false, true}, {5, false, true}, {6, false, true}},
			VerifySummary{Checked: 2, Invalid: 1, Skipped: 1, Malformed: 3, FirstMalformed: &lines.Error{Line: 4, Msg: "puzzle line 3 is invalid: row 1 holds 1 twice (row 1, column 1 and row 1, column 3)"}}, ""},
		{"json without puzzles", `{"line":1}` + "\n", "", nil, VerifySummary{}, "line 1: sudoku: JSON records need"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := VerifyOptions{}
			if tc.puzzles != "" {
				o.Puzzles = strings.NewReader(tc.puzzles)
			}
			var got []check
			sum, err := VerifyBatch(context.Background(), strings.NewReader(tc.in), o, func(c *Check) error {
				got = append(got, check{c.Line, c.Err == nil, c.Malformed})
				return nil
			})
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				require.True(t, errors.Is(err, ErrNeedPuzzles))
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
			require.Equal(t, tc.sum, sum)
		})
	}
}

func TestParseSolution(t *testing.T) {
	p := mustParse(t, Layout{}, knownPuzzles[2].puzzle)
	sol, err := ParseSolution(p, []byte("\ufeff "+knownPuzzles[2].solution+"\r\n"))
	require.NoError(t, err)
	require.NoError(t, VerifyGrid(p, sol))
	_, err = ParseSolution(p, []byte("421331242341143"))
	require.ErrorContains(t, err, "solution has 15 symbols, want 16 for a 4x4 grid")
	_, err = ParseSolution(p, []byte("4213312423411435"))
	require.ErrorContains(t, err, "position 16: bad symbol '5'")
	_, err = ParseSolution(&Puzzle{}, []byte("1"))
	require.Error(t, err)
	_, err = DecodeJSONSolution(p, []byte(`[[4,2,1,3],[3,1,2,4],[2,3,4,1]]`))
	require.ErrorContains(t, err, "3 rows, want 4")
	_, err = DecodeJSONSolution(p, []byte(`{}`))
	require.ErrorContains(t, err, "neither a string nor an array")
}

func FuzzVerifyBatch(f *testing.F) {
	p, s := knownPuzzles[2].puzzle, knownPuzzles[2].solution
	f.Add(p+" "+s+"\n", p+"\n")
	f.Add(`{"line":1,"solution":"`+s+`"}`+"\n", p+"\n")
	f.Add(`{"line":1,"solution":[[4,2,1,3]]}`, "4 0 0 0\n")
	f.Fuzz(func(t *testing.T, in, puzzles string) {
		var n int
		sum, err := VerifyBatch(context.Background(), strings.NewReader(in), VerifyOptions{Puzzles: strings.NewReader(puzzles)}, func(c *Check) error {
			n++
			return nil
		})
		if err == nil {
			require.Equal(t, n, sum.Checked+sum.Malformed)
			require.LessOrEqual(t, sum.Invalid, sum.Checked)
		}
	})
}

func TestAnswerFormats(t *testing.T) {
	p := mustParse(t, Layout{}, knownPuzzles[2].puzzle)
	sol := cellsOf(t, knownPuzzles[2].solution)
	solved := &Answer{Line: 2, Verdict: Solved, Shape: p.Shape, Solution: sol, Result: core.Result{Solutions: core.CountOf(1)}}
	multiple := &Answer{Line: 3, Verdict: Multiple, Shape: p.Shape, Solution: sol, Result: core.Result{Status: core.StatusFound, Solutions: core.CountOf(2)}}
	timeout := &Answer{Line: 4, Verdict: Timeout, Shape: p.Shape, Result: core.Result{Status: core.StatusTimeout}}
	invalid := &Answer{Line: 5, Verdict: Invalid, Err: lineErr(5, "empty puzzle")}
	for _, tc := range []struct {
		name string
		got  []byte
		want string
	}{
		{"json", solved.AppendJSON(nil, false), `{"line":2,"status":"solved","solution":"4213312423411432","solutions":1}` + "\n"},
		{"json rows", solved.AppendJSON(nil, true), `{"line":2,"status":"solved","solution":[[4,2,1,3],[3,1,2,4],[2,3,4,1],[1,4,3,2]],"solutions":1}` + "\n"},
		{"json invalid", invalid.AppendJSON(nil, false), `{"line":5,"status":"invalid","error":"empty puzzle"}` + "\n"},
		{"text", solved.AppendText(nil, false, false), "4213312423411432\n"},
		{"text grid", solved.AppendText(nil, true, false), "4 2 1 3\n3 1 2 4\n2 3 4 1\n1 4 3 2\n\n"},
		{"text count", solved.AppendText(nil, false, true), "line 2: solved: 1 solutions\n"},
		{"text multiple", multiple.AppendText(nil, false, false), "line 3: multiple: at least 2 solutions\n"},
		{"text timeout", timeout.AppendText(nil, false, false), "line 4: timeout (0 solution(s) found before stopping)\n"},
		{"text invalid", invalid.AppendText(nil, false, false), "line 5: invalid: empty puzzle\n"},
	} {
		t.Run(tc.name, func(t *testing.T) { require.Equal(t, tc.want, string(tc.got)) })
	}
	require.Equal(t, "", ErrorMessage(nil))
}
