package sudoku

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/lines"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/report"
	"github.com/coverkit/coverkit/resource"
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
		{"bad JSON without puzzles", p + " " + s + "\n" + "{garbage\n" + p + " " + s + "\n", "",
			[]check{{1, true, false}, {2, false, true}, {3, true, false}},
			VerifySummary{Checked: 2, Malformed: 1, FirstMalformed: &lines.Error{Line: 2, Msg: "malformed JSON: invalid character 'g' looking for beginning of object key string"}}, ""},
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

// TestSolveBatchRecords: a Go program's batch (SolveBatch, its answers
// written by report.BatchWriter) writes exactly the command's records
// (report.BatchSolve, what `coverkit sudoku solve` runs), in every format
// and with --count: one front end, one record shape.
func TestSolveBatchRecords(t *testing.T) {
	m, err := models.Lookup("sudoku")
	require.NoError(t, err)
	in := "# every verdict\n" + knownPuzzles[2].puzzle + "\n" + strings.Repeat(".", 16) + "\n" +
		"1.1" + strings.Repeat(".", 13) + "\n"
	for _, count := range []bool{false, true} {
		for _, format := range []string{"json", "csv", "text"} {
			if count && format == "csv" {
				continue // a count keeps no solution: text and json only
			}
			t.Run(fmt.Sprintf("%s/count=%v", format, count), func(t *testing.T) {
				o := BatchOptions{Count: count, MaxNodes: 1000, Workers: 1}
				var lib bytes.Buffer
				w := &report.BatchWriter{W: &lib, Format: format, Batch: o.Batch(), Model: "sudoku", Count: count}
				_, err := SolveBatch(context.Background(), strings.NewReader(in), o, w.Write)
				require.NoError(t, err)

				params := map[string]string{}
				if count {
					params["count"] = "true"
				}
				var cli bytes.Buffer
				_, err = (&report.BatchSolve{Model: m, Request: models.Request{Params: params,
					Open: func(string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(in)), nil }},
					MaxNodes: 1000, Workers: 1, Format: format}).Run(context.Background(), &cli)
				require.NoError(t, err)
				require.Equal(t, withoutTimes(t, format, cli.String()), withoutTimes(t, format, lib.String()))
				if format == "json" {
					require.Contains(t, lib.String(), `"status":"exhausted","partial":false`)
					require.Contains(t, lib.String(), `"verdict":"solved"`)
					require.NotContains(t, lib.String(), `"status":"solved"`)
				}
			})
		}
	}
}

// withoutTimes returns a batch's output with its elapsed times blanked.
func withoutTimes(t *testing.T, format, out string) string {
	t.Helper()
	switch format {
	case "json":
		return regexp.MustCompile(`"elapsed_seconds":[0-9.e+-]+`).ReplaceAllString(out, `"elapsed_seconds":0`)
	case "csv":
		rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		require.NoError(t, err)
		col := slices.Index(rows[0], "elapsed_seconds")
		require.GreaterOrEqual(t, col, 0)
		var b strings.Builder
		for _, r := range rows[1:] {
			r[col] = ""
			b.WriteString(strings.Join(r, "|") + "\n")
		}
		return b.String()
	}
	return out
}

// TestVerifyPuzzlesAskMemory: the puzzles of --puzzles, held to the end,
// grow in steps asked of the memory policy; one it refuses ends the
// verify with the limit named (5,000,000 puzzles under ulimit -v 2.5 GB
// ran the process out of memory).
func TestVerifyPuzzlesAskMemory(t *testing.T) {
	defer func(g func(string, uint64, uint64) error) { growPuzzles = g }(growPuzzles)
	var asked int
	growPuzzles = func(what string, held, step uint64) error {
		asked++
		if held >= 8<<20 {
			return fmt.Errorf("%s: no more: %w", what, resource.ErrTooLarge)
		}
		return nil
	}
	puzzles := strings.Repeat(knownPuzzles[2].puzzle+"\n", 100_000) // 100,000 puzzles, 33 MB held
	in := `{"line":1,"solution":"` + knownPuzzles[2].solution + `"}` + "\n"
	_, err := VerifyBatch(context.Background(), strings.NewReader(in), VerifyOptions{Puzzles: strings.NewReader(puzzles)}, func(*Check) error { return nil })
	require.ErrorIs(t, err, resource.ErrTooLarge)
	require.ErrorContains(t, err, "sudoku: puzzle file:")
	require.Equal(t, 3, asked, "a step every 4 MiB")
}
