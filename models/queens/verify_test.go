package queens_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/stretchr/testify/require"
)

func TestVerifyStream(t *testing.T) {
	for _, tc := range []struct {
		name             string
		in               string
		solutions, valid uint64
		distinct         uint64
		badLine          int64
		reason           string
	}{
		{"one perm", "1 5 8 6 3 7 2 4\n", 1, 1, 1, 0, ""},
		{"no final newline", "1 5 8 6 3 7 2 4", 1, 1, 1, 0, ""},
		{"crlf and bom", "\uFEFF1 5 8 6 3 7 2 4\r\n2 4 6 8 3 1 7 5\r\n", 2, 2, 2, 0, ""},
		{"duplicates", "2 4 1 3\n2 4 1 3\n3 1 4 2\n", 3, 3, 2, 0, ""},
		{"blank and comments", "\n# queens 4\n  \n2 4 1 3\n\n", 1, 1, 1, 0, ""},
		{"tabs", "2\t4\t1\t3\n", 1, 1, 1, 0, ""},
		{"json", `{"n":4,"algorithm":"backtrack","solution":[2,4,1,3],"nodes":9,"checks":30}` + "\n", 1, 1, 1, 0, ""},
		{"json spaces", `{ "solution" : [ 2 , 4 , 1 , 3 ] , "n" : 4 , "x" : {"a":[1,"]"]} }` + "\n", 1, 1, 1, 0, ""},
		{"one queen", "1\n", 1, 1, 1, 0, ""},
		{"same row", "1 1\n", 1, 0, 0, 1, "column 2: row 1 already has a queen"},
		{"diagonal", "2 4 1 3\n1 2 3 4\n", 2, 1, 1, 2, "column 2: the queen in row 2 is attacked on a diagonal"},
		{"off board", "2 4 1 5\n", 1, 0, 0, 1, "column 4: row 5 is off the board (1..4)"},
		{"zero", "0 2\n", 1, 0, 0, 1, "column 1: row 0 is off the board"},
		{"negative", "2 -4 1 3\n", 1, 0, 0, 1, "column 2: negative row"},
		{"huge", "99999999999999999999 1\n", 1, 0, 0, 1, "column 1: row > 2147483647 is off the board"},
		{"word", "2 4 x 3\n", 1, 0, 0, 1, "column 3: 'x' is not a row number"},
		{"non-ASCII character named whole", "2 4 ü 3\n", 1, 0, 0, 1, "column 3: 'ü' is not a row number"},
		{"byte that is not UTF-8", "2 4 \xff 3\n", 1, 0, 0, 1, "column 3: '\\xff' is not a row number"},
		{"glued", "2 4 1 3x\n2 4 1 3\n", 2, 1, 1, 1, "column 4: 'x' after the number"},
		{"json n mismatch", `{"n":5,"solution":[2,4,1,3]}` + "\n" + "2 4 1 3\n", 2, 1, 1, 1, `"n" is 5 but the solution has 4 entries`},
		{"json no solution", `{"n":4}` + "\n", 0, 0, 0, 0, ""}, // a listing's closing record: skipped
		{"json unclosed", `{"solution":[2,4,1,3` + "\n2 4 1 3\n", 2, 1, 1, 1, "not closed on its line"},
		{"json trailing", `{"solution":[2,4,1,3]} x` + "\n", 1, 0, 0, 1, "'x' after the object"},
		{"json bad n", `{"n":4.0,"solution":[2,4,1,3]}` + "\n", 1, 0, 0, 1, "not a whole number"},
		{"empty", "", 0, 0, 0, 0, ""},
		{"board", ".Q..\n...Q\nQ...\n..Q.\n", 1, 1, 1, 0, ""},
		{"boards, perm and crlf", ".Q..\r\n...Q\r\nQ...\r\n..Q.\r\n\r\n3 1 4 2\n\n..Q.\nQ...\n...Q\n.Q..\n", 3, 3, 2, 0, ""},
		{"board attacked", "Q...\n..Q.\n.Q..\n...Q\n", 1, 0, 0, 1, "column 3: the queen in row 2 is attacked"},
		{"board short row", "\n.Q..\n...Q\nQ..\n..Q.\n", 1, 0, 0, 2, "board row 3: 3 squares, the first row has 4"},
		{"board two queens in a row", ".Q..\nQ..Q\n", 1, 0, 0, 1, "board row 2: 2 queens, want 1"},
		{"board same column", ".Q..\n.Q..\nQ...\n..Q.\n", 1, 0, 0, 1, "board column 2: two queens (rows 1 and 2)"},
		{"board too few rows, then a board", ".Q..\n...Q\n\n.Q..\n...Q\nQ...\n..Q.\n", 2, 1, 1, 1, "board: 2 rows for 4 columns"},
		{"board too many rows", "Q\nQ\n", 1, 0, 0, 1, "more than 1 rows"},
		{"board bad square", ".Q.x\n", 1, 0, 0, 1, "board row 1: 'x' is not a square"},
		{"board non-ASCII square", ".Q.é\n", 1, 0, 0, 1, "board row 1: 'é' is not a square"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := queens.VerifyStream(strings.NewReader(tc.in))
			require.NoError(t, err)
			require.Equal(t, tc.solutions, rep.Solutions, "solutions")
			require.Equal(t, tc.valid, rep.Valid, "valid")
			require.Equal(t, tc.solutions-tc.valid, rep.Invalid, "invalid")
			require.Equal(t, tc.distinct, rep.Distinct, "distinct")
			if tc.badLine == 0 {
				require.Nil(t, rep.FirstBad)
				require.True(t, rep.AllValid())
				return
			}
			require.NotNil(t, rep.FirstBad)
			require.Equal(t, tc.badLine, int64(rep.FirstBad.Line))
			require.Contains(t, rep.FirstBad.Msg, tc.reason)
			require.Contains(t, rep.FirstBad.Error(), fmt.Sprintf("line %d: ", tc.badLine))
		})
	}
}

func TestVerifyStreamReadError(t *testing.T) {
	boom := errors.New("boom")
	_, err := queens.VerifyStream(io.MultiReader(strings.NewReader("2 4 1 3\n"), iotest.ErrReader(boom)))
	require.ErrorIs(t, err, boom)
	// One byte at a time exercises every buffer boundary.
	rep, err := queens.VerifyStream(iotest.OneByteReader(strings.NewReader("2 4 1 3\r\n" + `{"solution":[3,1,4,2]}` + "\n")))
	require.NoError(t, err)
	require.Equal(t, uint64(2), rep.Valid)
}

// TestVerifyStreamLarge streams a million-queen line through the 1 MiB
// buffer, as perm and as JSON.
func TestVerifyStreamLarge(t *testing.T) {
	sol, err := queens.Construct(1_000_000, "")
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, queens.WritePerm(&b, sol))
	perm := b.String()
	in := perm + `{"n":1000000,"solution":[` + strings.ReplaceAll(strings.TrimSpace(perm), " ", ",") + "]}\n"
	rep, err := queens.VerifyStream(strings.NewReader(in))
	require.NoError(t, err)
	require.Equal(t, uint64(2), rep.Valid)
	require.Equal(t, uint64(1), rep.Distinct)

	sol[10], sol[11] = sol[11], sol[10]
	b.Reset()
	require.NoError(t, queens.WritePerm(&b, sol))
	rep, err = queens.VerifyStream(&b)
	require.NoError(t, err)
	require.Equal(t, uint64(1), rep.Invalid)
	require.Equal(t, queens.Verify(len(sol), sol).Error(), "queens: "+rep.FirstBad.Msg)
}

// FuzzVerifyStream checks that the streaming parser never panics, keeps
// its counts consistent, and agrees with Verify on lines of plain numbers.
func FuzzVerifyStream(f *testing.F) {
	for _, s := range []string{
		"1 5 8 6 3 7 2 4\n", "2 4 1 3\r\n3 1 4 2", "\uFEFF1\n", "1 1\n", "0\n", "-1\n",
		`{"n":4,"solution":[2,4,1,3]}`, `{"solution":[1,"x"]}`, "{", `{"a":"\"}`, "# c\n\n2 4 1 3",
		"99999999999 1", "2 4 1 3x", ".Q..\n...Q\nQ...\n..Q.\n\n", "Q.\n.Q", ".Q\nQ\n\nQ",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		rep, err := queens.VerifyStream(bytes.NewReader(in))
		require.NoError(t, err)
		require.Equal(t, rep.Solutions, rep.Valid+rep.Invalid)
		require.LessOrEqual(t, rep.Distinct, rep.Valid)
		require.Equal(t, rep.Invalid == 0, rep.FirstBad == nil)
		if bytes.ContainsAny(in, "{#\uFEFFQ.") { // JSON, comments, BOM, boards: no reference model
			return
		}
		// Reference: split lines, parse fields, call Verify.
		var want uint64
		for _, line := range strings.Split(string(in), "\n") {
			fields := strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' || r == '\r' })
			if len(fields) == 0 {
				continue
			}
			sol := make(core.Solution, 0, len(fields))
			ok := true
			for _, f := range fields {
				x, err := strconv.ParseUint(f, 10, 31)
				if err != nil || x == 0 || strings.HasPrefix(f, "+") {
					ok = false
					break
				}
				sol = append(sol, int32(x-1))
			}
			if ok && queens.Verify(len(sol), sol) == nil {
				want++
			}
		}
		require.Equal(t, want, rep.Valid, "input %q", in)
	})
}
