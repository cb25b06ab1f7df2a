package sudoku

import (
	"strconv"

	"github.com/coverkit/coverkit/core"
)

// AppendJSON appends a as one JSON Lines record, with a newline:
//
//	{"line":L,"status":"solved","solution":"...","solutions":1}
//	{"line":L,"status":"invalid","error":"..."}
//
// The solution is written as a string in the one-line format, or with rows
// set as an array of rows of numbers; it is absent when none was found.
// "solutions" is absent for an invalid puzzle, "error" present only for
// one. It allocates nothing when b has room.
func (a *Answer) AppendJSON(b []byte, rows bool) []byte {
	b = append(b, `{"line":`...)
	b = strconv.AppendInt(b, int64(a.Line), 10)
	b = append(b, `,"status":"`...)
	b = append(b, a.Verdict.String()...)
	b = append(b, '"')
	if a.Solution != nil && a.Shape != nil {
		b = append(b, `,"solution":`...)
		if rows {
			b = AppendRows(b, a.Shape.N, a.Solution)
		} else {
			b = append(b, '"')
			b = AppendLine(b, a.Solution)
			b = append(b, '"')
		}
	}
	if a.Verdict == Invalid {
		b = append(b, `,"error":`...)
		b = strconv.AppendQuote(b, ErrorMessage(a.Err))
	} else {
		b = append(b, `,"solutions":`...)
		b = appendCount(b, a.Result.Solutions)
	}
	return append(b, "}\n"...)
}

// AppendText appends a for people, with a newline: the solution of a
// solved puzzle (one line, or with grid N lines of numbers and a blank
// line), else "line L: <verdict>" with the reason ("line 3: multiple: at
// least 2 solutions", "line 6: invalid: ..."). With count, every answer is
// "line L: <verdict>: K solutions".
func (a *Answer) AppendText(b []byte, grid, count bool) []byte {
	if a.Verdict == Solved && !count && a.Solution != nil && a.Shape != nil {
		if grid {
			b = AppendGrid(b, a.Shape.N, a.Solution)
		} else {
			b = AppendLine(b, a.Solution)
		}
		return append(b, '\n')
	}
	b = append(b, "line "...)
	b = strconv.AppendInt(b, int64(a.Line), 10)
	b = append(b, ": "...)
	b = append(b, a.Verdict.String()...)
	switch {
	case a.Verdict == Invalid:
		b = append(b, ": "...)
		b = append(b, ErrorMessage(a.Err)...)
	case a.Verdict == Timeout:
		b = append(b, " ("...)
		b = appendCount(b, a.Result.Solutions)
		b = append(b, " solution(s) found before stopping)"...)
	case count || a.Verdict == Multiple:
		b = append(b, ": "...)
		if a.Result.Status == core.StatusFound {
			b = append(b, "at least "...)
		}
		b = appendCount(b, a.Result.Solutions)
		b = append(b, " solutions"...)
	}
	b = append(b, '\n')
	if grid {
		b = append(b, '\n')
	}
	return b
}

// appendCount appends a solution count without allocating when it fits 64
// bits (a sudoku count always does).
func appendCount(b []byte, c core.Count) []byte {
	if x, ok := c.Uint64(); ok {
		return strconv.AppendUint(b, x, 10)
	}
	return append(b, c.String()...)
}

// ErrorMessage is err's message for a record that already names its line:
// without the "sudoku: " prefix and, for a located error, without "line
// L: ". It returns "" for nil.
func ErrorMessage(err error) string {
	if err == nil {
		return ""
	}
	return errMsg(err)
}
