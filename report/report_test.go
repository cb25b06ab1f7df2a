package report_test

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/report"
	"github.com/stretchr/testify/require"
)

func TestWriteCSV(t *testing.T) {
	rec := func(alg string, nodes uint64, fields ...models.Field) report.Record {
		return report.Record{Model: "m", Size: "8", Algorithm: alg, Status: core.StatusExhausted,
			Solutions: core.CountOf(92), Nodes: nodes, Elapsed: 0.5, Fields: fields}
	}
	for _, tc := range []struct {
		name string
		recs []report.Record
		want string
	}{
		{"common columns, then fields", []report.Record{rec("a", 10, models.Field{Key: "n", Value: 8})},
			"model,size,algorithm,status,partial,solutions,fundamental,nodes,checks,updates,steps,elapsed_seconds,n\n" +
				"m,8,a,exhausted,false,92,,10,,,,0.5,8\n"},
		{"fields of later records are appended, missing ones empty",
			[]report.Record{rec("a", 1), rec("b", 2, models.Field{Key: "items", Value: 3}, models.Field{Key: "from", Value: nil})},
			"model,size,algorithm,status,partial,solutions,fundamental,nodes,checks,updates,steps,elapsed_seconds,items,from\n" +
				"m,8,a,exhausted,false,92,,1,,,,0.5,,\n" +
				"m,8,b,exhausted,false,92,,2,,,,0.5,3,\n"},
		{"a field never replaces a common column; text is quoted",
			[]report.Record{rec("a", 1, models.Field{Key: "model", Value: "x"}, models.Field{Key: "machine", Value: "AMD, 2 cores"})},
			"model,size,algorithm,status,partial,solutions,fundamental,nodes,checks,updates,steps,elapsed_seconds,machine\n" +
				"m,8,a,exhausted,false,92,,1,,,,0.5,\"AMD, 2 cores\"\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, report.WriteCSV(&buf, tc.recs))
			require.Equal(t, tc.want, buf.String())
		})
	}
}

func TestStatsWorkAndSeconds(t *testing.T) {
	require.Equal(t, "", core.Stats{}.Work())
	require.Equal(t, "2057 nodes, 15720 checks", core.Stats{Nodes: 2057, Checks: 15720}.Work())
	require.Equal(t, "12 updates, 3 steps", core.Stats{Updates: 12, Steps: 3}.Work())
	for _, tc := range []struct {
		s    float64
		want string
	}{{0.000412, "0.000412 s"}, {0.0371, "0.0371 s"}, {12.314, "12.31 s"}} {
		require.Equal(t, tc.want, report.Seconds(tc.s))
	}
}

func TestVerifyReport(t *testing.T) {
	for _, tc := range []struct {
		name, text, failure string
		rep                 models.VerifyReport
	}{
		{"all valid", "92 solutions, all valid, 92 distinct\n", "", models.VerifyReport{Solutions: 92, Valid: 92, Distinct: 92}},
		{"one", "1 solution, all valid, 1 distinct\n", "", models.VerifyReport{Solutions: 1, Valid: 1, Distinct: 1}},
		{"none", "0 solutions\n", "in: no solutions to verify", models.VerifyReport{}},
		{"a bad line", "line 2: two queens share a row\n2 solutions, 1 invalid, 1 valid, 1 distinct valid\n",
			"in: line 2: two queens share a row",
			models.VerifyReport{Solutions: 2, Valid: 1, Invalid: 1, Distinct: 1, FirstBad: &models.Bad{Line: 2, Reason: "two queens share a row"}}},
		{"unreadable", "line 4: unreadable: not a number\nline 9: attacked\n3 solutions, 2 invalid, 1 valid, 1 distinct valid; 1 unreadable; 2 records without a solution skipped\n",
			"in: line 4: not a number",
			models.VerifyReport{Solutions: 3, Valid: 1, Invalid: 2, Unreadable: 1, Distinct: 1, Skipped: 2, FirstBad: &models.Bad{Line: 4, Reason: "not a number", Unreadable: true},
				Bad: []models.Bad{{Line: 4, Reason: "not a number", Unreadable: true}, {Line: 9, Reason: "attacked"}}}},
		{"the model's words follow", "3 solutions, all valid, 3 distinct\nchecked 3\n", "", models.VerifyReport{Solutions: 3, Valid: 3, Distinct: 3, Summary: "checked 3"}},
		{"stopped", "40 solutions, all valid, 40 distinct (partial: canceled)\n", "", models.VerifyReport{Solutions: 40, Valid: 40, Distinct: 40, Status: core.StatusCanceled}},
		{"stopped after a bad one", "line 2: attacked\n2 solutions, 1 invalid, 1 valid, 1 distinct valid (partial: timeout)\n", "in: line 2: attacked",
			models.VerifyReport{Solutions: 2, Valid: 1, Invalid: 1, Distinct: 1, FirstBad: &models.Bad{Line: 2, Reason: "attacked"}, Status: core.StatusTimeout}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, report.WriteVerify(&buf, &tc.rep))
			require.Equal(t, tc.text, buf.String())
			require.Equal(t, tc.failure, report.VerifyFailure(&tc.rep, "in"))
		})
	}
	rep := models.VerifyReport{Solutions: 1, Valid: 1, Distinct: 1, Fields: []models.Field{{Key: "valid", Value: "yes"}, {Key: "n", Value: 8}}}
	b, err := report.VerifyFields("queens", &rep).MarshalJSON()
	require.NoError(t, err)
	// One schema: a model's field never replaces a common one ("valid" is the count).
	require.Equal(t, `{"model":"queens","solutions":1,"valid":1,"invalid":0,"unreadable":0,"distinct":1,"skipped":0,"all_valid":true,"n":8}`, string(b))
	rep = models.VerifyReport{Solutions: 3, Valid: 3, Distinct: 3, Status: core.StatusCanceled}
	b, err = report.VerifyFields("queens", &rep).MarshalJSON()
	require.NoError(t, err)
	require.Equal(t, `{"model":"queens","solutions":3,"valid":3,"invalid":0,"unreadable":0,"distinct":3,"skipped":0,"all_valid":true,"status":"canceled","partial":true}`, string(b),
		"a stopped verify is marked as every partial record is")
}

func TestRecordAndFailure(t *testing.T) {
	m := &models.Model{Name: "foreign", Fields: func(core.Problem, *core.Result) []models.Field {
		return []models.Field{{Key: "n", Value: 8}}
	}}
	res := &core.Result{Status: core.StatusExhausted, Method: "symmetry", Extra: map[string]any{"n": 9, "b": 2, "a": 1},
		Stats: core.Stats{Nodes: 5, Elapsed: time.Millisecond}}
	rec := report.New(m, nil, "alg", res, false, time.Second)
	b, err := rec.MarshalJSON()
	require.NoError(t, err)
	require.True(t, strings.HasSuffix(string(b), `"elapsed_seconds":0.001,"method":"symmetry","a":1,"b":2,"n":9}`), string(b),
		"without a problem, the model's fields are not asked for")
	rec = report.New(m, foreign{}, "alg", res, false, time.Second)
	b, err = rec.MarshalJSON()
	require.NoError(t, err)
	require.True(t, strings.HasSuffix(string(b), `"elapsed_seconds":0.001,"n":8,"method":"symmetry","a":1,"b":2}`), string(b))
	// A problem of another model: its hooks would assert their own type,
	// so they are not asked (issue 22: no panic on a mismatched problem).
	rec = report.New(&models.Model{Name: "queens", Fields: m.Fields}, foreign{}, "alg", res, false, time.Second)
	b, err = rec.MarshalJSON()
	require.NoError(t, err)
	require.True(t, strings.HasSuffix(string(b), `"elapsed_seconds":0.001,"method":"symmetry","a":1,"b":2,"n":9}`), string(b))

	for _, tc := range []struct {
		name   string
		kind   models.Kind
		reason string
		proved bool
		want   string
	}{
		{"exact search", models.Exact, "", true, "no solution: foreign 1: the search finished without one (5 nodes, 0.001000 s)"},
		{"a theorem", models.Exact, "n = 3 has none", true, "no solution: n = 3 has none"},
		{"a heuristic proves nothing", models.LocalSearch, "", false, "gave up without a solution (5 nodes, 0.001000 s); this proves nothing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := *res
			r.Reason = tc.reason
			msg, proved := report.Failure(m, models.Algorithm{Name: "alg", Kind: tc.kind}, foreign{}, &r)
			require.Equal(t, tc.proved, proved)
			require.Contains(t, msg, tc.want)
		})
	}
}

func TestRecordOrder(t *testing.T) {
	big := core.Count{Hi: 1, Lo: 5} // 2^64 + 5: exact, past 2^53
	res := core.Result{Status: core.StatusTimeout, Solutions: big, Stats: core.Stats{Nodes: 7, Elapsed: time.Second}}
	rec := report.NewRecord(queens.New(8), "bitwise", &res, true, 0).Add(
		models.Field{Key: "n", Value: 8}, models.Field{Key: "status", Value: "dropped: a common key"})
	b, err := json.Marshal(rec)
	require.NoError(t, err)
	require.Equal(t, `{"model":"queens","size":"8","algorithm":"bitwise","status":"timeout","partial":true,`+
		`"solutions":18446744073709551621,"fundamental":0,"nodes":7,"elapsed_seconds":1,"n":8}`, string(b))
	b, err = json.Marshal(models.Fields{{Key: "b", Value: 1}, {Key: "a", Value: "x"}})
	require.NoError(t, err)
	require.Equal(t, `{"b":1,"a":"x"}`, string(b))
}

// foreign is a problem of no registered model.
type foreign struct{}

func (foreign) Model() string                                 { return "foreign" }
func (foreign) Size() string                                  { return "1" }
func (foreign) Verify(core.Solution) error                    { return nil }
func (foreign) Render(io.Writer, core.Solution, string) error { return nil }
