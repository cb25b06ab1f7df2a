package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/lines"
	"github.com/coverkit/coverkit/models"
	"github.com/stretchr/testify/require"
)

func queensLines(s string) []string {
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

func TestQueensSolve(t *testing.T) {
	out, errOut, code := runCLI(t, "", "queens", "solve", "8", "--format", "json")
	require.Equal(t, exitOK, code, errOut)
	require.True(t, strings.HasPrefix(out, `{"model":"queens","size":"8","algorithm":"backtrack","status":"found","partial":false,"solutions":1,"nodes":114,"checks":876,"elapsed_seconds":`), out)
	require.True(t, strings.HasSuffix(out, `,"n":8,"solution":[1,5,8,6,3,7,2,4]}`+"\n"), out)

	for _, tc := range []struct {
		name   string
		args   []string
		stdout string
		lines  int
	}{
		{"first", []string{"queens", "solve", "8"}, "1 5 8 6 3 7 2 4\n", 1},
		{"one", []string{"queens", "solve", "1"}, "1\n", 1},
		{"four", []string{"queens", "solve", "4"}, "2 4 1 3\n", 1},
		{"underscores", []string{"queens", "solve", "1_0"}, "1 3 6 8 10 5 9 2 4 7\n", 1},
		{"iterative", []string{"queens", "solve", "8", "--algo", "iterative"}, "1 5 8 6 3 7 2 4\n", 1},
		{"permutation", []string{"queens", "solve", "8", "--algo", "permutation"}, "1 5 8 6 3 7 2 4\n", 1},
		{"construct", []string{"queens", "solve", "8", "--algo", "construct"}, "4 6 8 2 7 1 3 5\n", 1},
		{"lists", []string{"queens", "solve", "8", "--algo", "construct", "--method", "lists"}, "2 4 6 8 3 1 7 5\n", 1},
		{"board", []string{"queens", "solve", "4", "--format", "board"}, "..Q.\nQ...\n...Q\n.Q..\n", 4},
		{"boards", []string{"queens", "solve", "4", "--all", "--format", "board"}, "..Q.\nQ...\n...Q\n.Q..\n\n.Q..\n...Q\nQ...\n..Q.\n", 9},
		{"none", []string{"queens", "solve", "8", "--format", "none"}, "", 0},
		{"all", []string{"queens", "solve", "8", "--all"}, "", 92},
		{"all unique", []string{"queens", "solve", "8", "--all", "--unique"}, "", 12},
		{"limit", []string{"queens", "solve", "8", "--limit", "5"}, "", 5},
		{"unique limit", []string{"queens", "solve", "10", "--all", "--unique", "--limit", "7"}, "", 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tc.args...)
			require.Equal(t, exitOK, code, errOut)
			require.Empty(t, errOut)
			if tc.stdout != "" {
				require.Equal(t, tc.stdout, out)
			}
			if tc.lines == 0 {
				require.Empty(t, out)
			} else {
				require.Len(t, queensLines(out), tc.lines)
			}
		})
	}
}

// TestQueensSolveEveryAlgorithm runs every registered algorithm through
// solve and checks its answer (the property: every reported solution
// verifies).
func TestQueensSolveEveryAlgorithm(t *testing.T) {
	for _, a := range models.Algorithms("queens") {
		if !a.Caps.Has(models.CanFirst) {
			continue // a counter such as join
		}
		for _, n := range []string{"1", "5", "8", "12"} {
			t.Run(a.Name+"/"+n, func(t *testing.T) {
				out, errOut, code := runCLI(t, "", "queens", "solve", n, "--algo", a.Name, "--timeout", "20s")
				require.Equal(t, exitOK, code, errOut)
				vout, verr, vcode := runCLI(t, out, "queens", "verify")
				require.Equal(t, exitOK, vcode, verr)
				require.Equal(t, "1 solution, all valid, 1 distinct\n", vout)
			})
		}
	}
}

func TestQueensNoSolution(t *testing.T) {
	for _, args := range [][]string{
		{"queens", "solve", "2"},
		{"queens", "solve", "3"},
		{"queens", "solve", "3", "--all"},
		{"queens", "solve", "3", "--algo", "iterative"},
		{"queens", "solve", "2", "--algo", "construct"},
	} {
		t.Run(strings.Join(args[2:], " "), func(t *testing.T) {
			out, errOut, code := runCLI(t, "", args...)
			require.Equal(t, exitNoSolution, code)
			require.Empty(t, out)
			require.Contains(t, errOut, "coverkit: no solution: ")
		})
	}
}

func TestQueensBadInput(t *testing.T) {
	// A construction beyond the memory: beyond the machine's on 64 bits,
	// beyond the address space on 32.
	tooMany := "1e10"
	if strconv.IntSize == 32 {
		tooMany = "2e9"
	}
	for _, tc := range []struct {
		name string
		args []string
		msg  string
	}{
		{"zero", []string{"queens", "solve", "0"}, "must be positive"},
		{"negative", []string{"queens", "solve", "-3"}, "must be positive"},
		{"negative count", []string{"queens", "count", "-3"}, "must be positive"},
		{"word", []string{"queens", "solve", "abc"}, "not a number"},
		{"huge", []string{"queens", "solve", "1e30"}, "too large"},
		{"fraction", []string{"queens", "solve", "8.5"}, "not a number"},
		{"no N", []string{"queens", "solve"}, "arg"},
		{"unknown algorithm", []string{"queens", "solve", "8", "--algo", "magic"}, "unknown queens algorithm"},
		{"construct all", []string{"queens", "solve", "8", "--algo", "construct", "--all"}, "cannot list all"},
		{"construct count", []string{"queens", "count", "8", "--algo", "construct"}, "cannot count"},
		{"construct method", []string{"queens", "solve", "8", "--algo", "construct", "--method", "magic"}, "unknown method"},
		{"construct memory", []string{"queens", "solve", tooMany, "--algo", "construct"}, "GiB"},
		{"search too large", []string{"queens", "solve", "1e7", "--algo", "backtrack"}, "too large"},
		{"format", []string{"queens", "solve", "8", "--format", "xml"}, "unknown --format"},
		{"count format", []string{"queens", "count", "8", "--format", "xml"}, "unknown --format"},
		{"limit zero", []string{"queens", "solve", "8", "--limit", "0"}, "--limit"},
		{"board too big", []string{"queens", "solve", "1e6", "--algo", "construct", "--format", "board"}, "board"},
		{"unknown flag", []string{"queens", "solve", "8", "--zz"}, "unknown flag"},
		{"compare algos", []string{"queens", "compare", "8", "--algos", "backtrack,magic"}, "unknown queens algorithm"},
		{"compare repeat", []string{"queens", "compare", "8", "--repeat", "0"}, "--repeat"},
		{"verify missing", []string{"queens", "verify", filepath.Join(t.TempDir(), "missing.txt")}, "no such file"},
		{"verify directory", []string{"queens", "verify", t.TempDir()}, "is a directory"},
		{"verify format", []string{"queens", "verify", "--format", "xml"}, "unknown --format"},
		{"leading underscore", []string{"queens", "solve", "_100"}, "not a number"},
		{"double underscore", []string{"queens", "solve", "1__0"}, "not a number"},
		{"trailing underscore", []string{"queens", "solve", "10_"}, "not a number"},
		{"negative timeout", []string{"queens", "solve", "8", "--timeout", "-1s"}, "must not be negative"},
		{"negative count timeout", []string{"queens", "count", "8", "--timeout", "-5m"}, "must not be negative"},
		{"method without methods", []string{"queens", "solve", "8", "--algo", "backtrack", "--method", "lists"}, "--method needs --algo construct (queens algorithm backtrack has no methods)"},
		{"compare nothing to run", []string{"queens", "compare", "8", "--algos", "construct", "--all"}, "none of the algorithms"},
		{"unknown verb", []string{"queens", "solv", "8"}, `unknown command "solv"`},
		{"N without verb", []string{"queens", "8"}, `unknown command "8"`},
		{"unknown knight verb", []string{"knight", "foo"}, `unknown command "foo"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tc.args...)
			require.Equal(t, exitUsage, code, errOut)
			require.Empty(t, out)
			require.Contains(t, errOut, "coverkit: ")
			require.Contains(t, errOut, tc.msg)
		})
	}
}

// TestQueensWirthTable reproduces Wirth's table from the CLI: the checks
// before each solution, 876 for the first, mean 161 over the 92.
func TestQueensWirthTable(t *testing.T) {
	out, errOut, code := runCLI(t, "", "queens", "solve", "8", "--all", "--format", "json", "--stats")
	require.Equal(t, exitOK, code, errOut)
	lines := queensLines(out)
	require.Len(t, lines, 92)
	var sum uint64
	for i, line := range lines {
		var rec struct {
			N         int     `json:"n"`
			Algorithm string  `json:"algorithm"`
			Solution  []int32 `json:"solution"`
			Nodes     uint64  `json:"nodes"`
			Checks    uint64  `json:"checks"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &rec))
		require.Equal(t, 8, rec.N)
		require.Equal(t, "backtrack", rec.Algorithm)
		if i == 0 {
			require.Equal(t, []int32{1, 5, 8, 6, 3, 7, 2, 4}, rec.Solution)
			require.Equal(t, uint64(876), rec.Checks)
			require.Equal(t, uint64(114), rec.Nodes)
		}
		sum += rec.Checks
	}
	require.Equal(t, uint64(14852), sum)
	require.Equal(t, uint64(161), sum/92)

	var stats map[string]any
	require.NoError(t, json.Unmarshal([]byte(errOut), &stats))
	require.Equal(t, "exhausted", stats["status"])
	require.EqualValues(t, 92, stats["solutions"])
	require.EqualValues(t, 2057, stats["nodes"])
	require.EqualValues(t, 15720, stats["checks"])
	require.Contains(t, stats, "elapsed_seconds")
}

func TestQueensSolveStats(t *testing.T) {
	out, errOut, code := runCLI(t, "", "queens", "solve", "1e6", "--algo", "construct", "--format", "none", "--stats")
	require.Equal(t, exitOK, code, errOut)
	require.Empty(t, out)
	var stats map[string]any
	require.NoError(t, json.Unmarshal([]byte(errOut), &stats))
	require.EqualValues(t, 1000000, stats["n"])
	require.Equal(t, "construct", stats["algorithm"])
	require.Equal(t, "found", stats["status"])
	require.Equal(t, "formula", stats["method"], "Result.Extra keys are printed")
	require.EqualValues(t, 4, stats["bytes_per_queen"])
	// The key order is fixed for people reading it.
	require.True(t, strings.HasPrefix(errOut, `{"model":"queens","size":"1000000","algorithm":"construct","status":"found","partial":false,"solutions":1,`), errOut)
}

func TestQueensCount(t *testing.T) {
	for _, tc := range []struct {
		name        string
		args        []string
		solutions   uint64
		fundamental uint64
	}{
		{"eight", []string{"queens", "count", "8", "--algo", "backtrack"}, 92, 0},
		{"unique", []string{"queens", "count", "8", "--algo", "backtrack", "--unique"}, 92, 12},
		{"iterative", []string{"queens", "count", "10", "--algo", "iterative", "--unique"}, 724, 92},
		{"permutation", []string{"queens", "count", "9", "--algo", "permutation", "--unique"}, 352, 46},
		{"default", []string{"queens", "count", "10"}, 724, 0},
		{"default unique", []string{"queens", "count", "10", "--unique"}, 724, 92},
		{"three", []string{"queens", "count", "3", "--algo", "backtrack"}, 0, 0},
		{"one", []string{"queens", "count", "1"}, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append(tc.args, "--format", "json")...)
			require.Equal(t, exitOK, code, errOut)
			var rec map[string]any
			require.NoError(t, json.Unmarshal([]byte(out), &rec))
			require.Equal(t, "queens", rec["model"])
			require.Equal(t, "exhausted", rec["status"])
			require.EqualValues(t, tc.solutions, rec["solutions"])
			if tc.fundamental > 0 {
				require.EqualValues(t, tc.fundamental, rec["fundamental"])
			} else {
				require.NotContains(t, rec, "fundamental")
			}
			require.Contains(t, rec, "elapsed_seconds")
			require.True(t, strings.HasPrefix(out, `{"model":"queens","size":`), out)

			text, errOut, code := runCLI(t, "", tc.args...)
			require.Equal(t, exitOK, code, errOut)
			require.Regexp(t, `^\d+ solutions?( \(\d+ fundamental\))? for \d+\n`, text, "the one shape of a count")
			require.Contains(t, text, ": exhausted")
		})
	}
	out, _, code := runCLI(t, "", "queens", "count", "8", "--algo", "backtrack")
	require.Equal(t, exitOK, code)
	require.Equal(t, "92 solutions for 8\nbacktrack: exhausted, 2057 nodes, 15720 checks, ", out[:strings.LastIndex(out, ", ")+2])
}

func TestQueensPartial(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		status string
	}{
		{"count timeout", []string{"queens", "count", "30", "--algo", "backtrack", "--timeout", "50ms", "--format", "json"}, "timeout"},
		{"count max-nodes", []string{"queens", "count", "30", "--algo", "permutation", "--max-nodes", "10000", "--format", "json"}, "limit"},
		{"solve timeout", []string{"queens", "solve", "30", "--all", "--timeout", "50ms", "--format", "none", "--stats"}, "timeout"},
		{"solve max-nodes", []string{"queens", "solve", "30", "--algo", "backtrack", "--max-nodes", "1000", "--stats"}, "limit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tc.args...)
			require.Equal(t, exitPartial, code, errOut)
			require.Contains(t, errOut, "stopped early: "+tc.status+" (partial result)")
			rec := out
			if strings.Contains(strings.Join(tc.args, " "), "--stats") {
				rec = strings.SplitN(errOut, "\n", 2)[0]
			}
			var m map[string]any
			require.NoError(t, json.Unmarshal([]byte(rec), &m))
			require.Equal(t, tc.status, m["status"])
			require.NotContains(t, errOut, "no solution")
		})
	}
	// A partial listing keeps the solutions found before the stop.
	out, _, code := runCLI(t, "", "queens", "solve", "12", "--all", "--max-nodes", "5000")
	require.Equal(t, exitPartial, code)
	require.NotEmpty(t, out)
	vout, _, vcode := runCLI(t, out, "queens", "verify")
	require.Equal(t, exitOK, vcode, vout)
}

func TestQueensOut(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sols.txt")
	out, errOut, code := runCLI(t, "", "queens", "solve", "8", "--all", "--out", path)
	require.Equal(t, exitOK, code, errOut)
	require.Empty(t, out)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Len(t, queensLines(string(b)), 92)

	// A failing run leaves the earlier file as it was and no temporary.
	for _, args := range [][]string{
		{"queens", "solve", "3", "--all", "--out", path},
		{"queens", "solve", "8", "--algo", "construct", "--method", "magic", "--out", path},
	} {
		_, _, code = runCLI(t, "", args...)
		require.NotEqual(t, exitOK, code)
		b2, err := os.ReadFile(path)
		require.NoError(t, err)
		require.Equal(t, b, b2)
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1)

	// A partial result is written, marked by the exit code.
	_, _, code = runCLI(t, "", "queens", "solve", "12", "--all", "--max-nodes", "5000", "--out", path)
	require.Equal(t, exitPartial, code)
	vout, _, vcode := runCLI(t, "", "queens", "verify", path)
	require.Equal(t, exitOK, vcode, vout)

	_, errOut, code = runCLI(t, "", "queens", "solve", "8", "--out", filepath.Join(dir, "no", "such", "dir", "x"))
	require.Equal(t, exitUsage, code)
	require.Contains(t, errOut, "--out")
}

func TestQueensCompare(t *testing.T) {
	out, errOut, code := runCLI(t, "", "queens", "compare", "8", "--all", "--repeat", "3")
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "machine: ")
	require.Contains(t, out, "ALGORITHM")
	require.Regexp(t, `(?m)^backtrack\s+exact\s+exhausted\s+92\s+2057\s+15720\s`, out)
	require.Regexp(t, `(?m)^permutation\s+exact\s+exhausted\s+92\s+2057\s+5508\s`, out)
	require.Contains(t, errOut, "skipping construct")

	out, _, code = runCLI(t, "", "queens", "compare", "10", "--algos", "backtrack,construct", "--first", "--format", "json")
	require.Equal(t, exitOK, code)
	lines := queensLines(out)
	require.Len(t, lines, 2)
	var rec map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &rec))
	require.Equal(t, "construct", rec["algorithm"])
	require.Equal(t, "found", rec["status"])
	require.EqualValues(t, 1, rec["solutions"])
	require.Contains(t, rec, "machine")

	out, _, code = runCLI(t, "", "queens", "compare", "6", "--algos", "iterative", "--all", "--format", "csv")
	require.Equal(t, exitOK, code)
	lines = queensLines(out)
	require.Len(t, lines, 2)
	// The one CSV header shape of every model (issue 21): the common
	// columns, then compare's, then the model's.
	require.Equal(t, "model,size,algorithm,status,partial,solutions,fundamental,nodes,checks,updates,steps,elapsed_seconds,"+
		"kind,job,min_seconds,max_seconds,runs,machine,n", lines[0])
	require.True(t, strings.HasPrefix(lines[1], "queens,6,iterative,exhausted,false,4,,"), lines[1])

	out, errOut, code = runCLI(t, "", "queens", "compare", "30", "--algos", "backtrack", "--all", "--timeout", "30ms")
	require.Equal(t, exitPartial, code, errOut)
	require.Regexp(t, `(?m)^backtrack\s+exact\s+timeout\s`, out)
}

func TestQueensVerify(t *testing.T) {
	all, _, code := runCLI(t, "", "queens", "solve", "8", "--all")
	require.Equal(t, exitOK, code)
	jsonAll, _, code := runCLI(t, "", "queens", "solve", "6", "--all", "--format", "json", "--stats")
	require.Equal(t, exitOK, code)
	file := filepath.Join(t.TempDir(), "sols.txt")
	require.NoError(t, os.WriteFile(file, []byte(all), 0o644))

	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		code  int
		out   string
	}{
		{"stdin", all, nil, exitOK, "92 solutions, all valid, 92 distinct\n"},
		{"dash", all, []string{"-"}, exitOK, "92 solutions, all valid, 92 distinct\n"},
		{"file", "", []string{file}, exitOK, "92 solutions, all valid, 92 distinct\n"},
		{"json lines", jsonAll, nil, exitOK, "4 solutions, all valid, 4 distinct\n"},
		{"crlf bom", "\uFEFF2 4 1 3\r\n2 4 1 3\r\n", nil, exitOK, "2 solutions, all valid, 1 distinct\n"},
		{"invalid", "2 4 1 3\n1 2 3 4\n3 1 4 2\n", nil, exitNoSolution,
			"line 2: column 2: the queen in row 2 is attacked on a diagonal\n3 solutions, 1 invalid, 2 valid, 2 distinct valid\n"},
		{"garbage", "hello\n", nil, exitNoSolution, "line 1: unreadable: column 1: 'h' is not a row number\n1 solution, 1 invalid, 0 valid, 0 distinct valid; 1 unreadable\n"},
		{"empty", "", nil, exitNoSolution, "0 solutions\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, tc.stdin, append([]string{"queens", "verify"}, tc.args...)...)
			require.Equal(t, tc.code, code, errOut)
			require.Equal(t, tc.out, out)
			if tc.code == exitNoSolution {
				require.Contains(t, errOut, "coverkit: stdin: ")
			}
		})
	}

	out, _, code := runCLI(t, "2 4 1 3\n2 4 4 3\n", "queens", "verify", "--format", "json")
	require.Equal(t, exitNoSolution, code)
	var rep struct {
		Solutions, Valid, Invalid, Distinct uint64
		AllValid                            bool         `json:"all_valid"`
		FirstBad                            *lines.Error `json:"first_bad"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.Equal(t, uint64(2), rep.Solutions)
	require.Equal(t, uint64(1), rep.Invalid)
	require.False(t, rep.AllValid)
	require.Equal(t, 2, rep.FirstBad.Line)
	require.Equal(t, "column 3: row 4 already has a queen", rep.FirstBad.Msg)
}

func TestQueensHelp(t *testing.T) {
	out, _, code := runCLI(t, "", "queens", "--help")
	require.Equal(t, exitOK, code)
	for _, verb := range []string{"solve", "count", "compare", "verify"} {
		require.Contains(t, out, verb)
	}
	out, _, code = runCLI(t, "", "algorithms", "--format", "json")
	require.Equal(t, exitOK, code)
	for _, name := range []string{"backtrack", "iterative", "permutation", "construct"} {
		require.Contains(t, out, `"algorithm":"`+name+`"`)
	}
}

// TestQueensVerifyTestdata runs verify on the files in testdata/queens.
func TestQueensVerifyTestdata(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "queens")
	for _, tc := range []struct {
		file string
		code int
		out  string
	}{
		{"fundamental8.txt", exitOK, "12 solutions, all valid, 12 distinct\n"},
		{"crlf_bom.txt", exitOK, "2 solutions, all valid, 2 distinct\n"},
		{"bad_diagonal.txt", exitNoSolution, "line 3: column 2: the queen in row 2 is attacked on a diagonal\n3 solutions, 1 invalid, 2 valid, 1 distinct valid\n"},
		{"bad_json_n.txt", exitNoSolution, "line 2: unreadable: \"n\" is 9 but the solution has 8 entries\n2 solutions, 1 invalid, 1 valid, 1 distinct valid; 1 unreadable\n"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", "queens", "verify", filepath.Join(dir, tc.file))
			require.Equal(t, tc.code, code, errOut)
			require.Equal(t, tc.out, out)
		})
	}
}

// TestQueensCountEveryAlgorithm counts n = 8 with every exact algorithm,
// with --unique through the algorithm's own symmetry support or the
// generic one for those that can enumerate.
func TestQueensCountEveryAlgorithm(t *testing.T) {
	for _, a := range models.Algorithms("queens") {
		if a.Kind != models.Exact {
			continue
		}
		t.Run(a.Name, func(t *testing.T) {
			args := []string{"queens", "count", "8", "--algo", a.Name, "--format", "json"}
			if a.Caps.Has(models.CanUnique) {
				args = append(args, "--unique")
			}
			out, errOut, code := runCLI(t, "", args...)
			require.Equal(t, exitOK, code, errOut)
			var rec map[string]any
			require.NoError(t, json.Unmarshal([]byte(out), &rec))
			require.Equal(t, a.Name, rec["algorithm"])
			require.EqualValues(t, 92, rec["solutions"])
			if a.Caps.Has(models.CanUnique) {
				require.EqualValues(t, 12, rec["fundamental"])
			}
		})
	}
	out, _, code := runCLI(t, "", "queens", "count", "8", "--format", "json")
	require.Equal(t, exitOK, code)
	want := "backtrack"
	if _, err := models.LookupAlgorithm("queens", "bitwise"); err == nil {
		want = "bitwise"
	}
	require.Contains(t, out, `"algorithm":"`+want+`"`)
}

func TestQueensMinConflictsCLI(t *testing.T) {
	t.Run("perm verifies, seed is deterministic", func(t *testing.T) {
		a, _, code := runCLI(t, "", "queens", "solve", "1000", "--algo", "minconflicts", "--seed", "7")
		require.Equal(t, exitOK, code)
		b, _, _ := runCLI(t, "", "queens", "solve", "1000", "--algo", "minconflicts", "--seed", "7")
		require.Equal(t, a, b)
		c, _, _ := runCLI(t, "", "queens", "solve", "1000", "--algo", "minconflicts", "--seed", "8")
		require.NotEqual(t, a, c)
		out, errOut, code := runCLI(t, a, "queens", "verify")
		require.Equal(t, exitOK, code, errOut)
		require.Contains(t, out, "1 solution, all valid")
	})

	t.Run("stats on stderr and in the json", func(t *testing.T) {
		out, errOut, code := runCLI(t, "", "queens", "solve", "500", "--algo", "minconflicts", "--format", "json", "--stats")
		require.Equal(t, exitOK, code)
		for _, stream := range []string{out, errOut} {
			var rec map[string]any
			require.NoError(t, json.Unmarshal([]byte(strings.TrimSpace(stream)), &rec), stream)
			for _, k := range []string{"n", "algorithm", "status", "seed", "steps", "initial_conflicts", "verified", "solve_seconds", "elapsed_seconds", "bytes_per_queen"} {
				require.Contains(t, rec, k, stream)
			}
			require.Equal(t, "found", rec["status"])
			require.Equal(t, true, rec["verified"])
			require.EqualValues(t, 1, rec["seed"], "the default seed is printed")
		}
	})

	t.Run("no solution for 2 and 3", func(t *testing.T) {
		for _, n := range []string{"2", "3"} {
			out, errOut, code := runCLI(t, "", "queens", "solve", n, "--algo", "minconflicts")
			require.Equal(t, exitNoSolution, code)
			require.Empty(t, out)
			require.Contains(t, errOut, "no solution")
		}
	})

	t.Run("a step limit is partial, never no solution, and keeps --out", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "q.txt")
		require.NoError(t, os.WriteFile(path, []byte("old\n"), 0o644))
		_, errOut, code := runCLI(t, "", "queens", "solve", "100000", "--algo", "minconflicts", "--max-steps", "5", "--out", path)
		require.Equal(t, exitPartial, code)
		require.Contains(t, errOut, "stopped early: limit")
		require.NotContains(t, errOut, "no solution")
		b, _ := os.ReadFile(path)
		require.Equal(t, "old\n", string(b))

		out, _, code := runCLI(t, "", "queens", "solve", "100000", "--algo", "minconflicts", "--max-steps", "5", "--format", "json")
		require.Equal(t, exitPartial, code)
		var rec map[string]any
		require.NoError(t, json.Unmarshal([]byte(out), &rec))
		require.Equal(t, "limit", rec["status"])
		require.Equal(t, true, rec["partial"])
		require.NotContains(t, rec, "solution")

		_, errOut, code = runCLI(t, "", "queens", "solve", "1e6", "--algo", "minconflicts", "--timeout", "1ns", "--format", "none")
		require.Equal(t, exitPartial, code)
		require.Contains(t, errOut, "timeout")
	})

	t.Run("bad input", func(t *testing.T) {
		huge := "would be needed" // the solver's refusal, naming the memory
		if strconv.IntSize == 32 {
			huge = "too large (at most 2147483647)" // a size beyond int: the parser's
		}
		for _, tc := range []struct{ n, msg string }{
			{"0", "must be positive"}, {"-1", "must be positive"}, {"abc", "not a number"}, {"1e11", huge},
		} {
			out, errOut, code := runCLI(t, "", "queens", "solve", tc.n, "--algo", "minconflicts")
			require.Equal(t, exitUsage, code, tc.n)
			require.Empty(t, out)
			require.Contains(t, errOut, tc.msg, tc.n)
		}
	})
}
