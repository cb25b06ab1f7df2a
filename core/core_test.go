package core_test

import (
	"context"
	"encoding/json"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/stretchr/testify/require"
)

func TestStatusNames(t *testing.T) {
	for _, tc := range []struct {
		s        core.Status
		name     string
		finished bool
	}{
		{core.StatusExhausted, "exhausted", true},
		{core.StatusFound, "found", true},
		{core.StatusLimit, "limit", false},
		{core.StatusTimeout, "timeout", false},
		{core.StatusCanceled, "canceled", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.name, tc.s.String())
			require.Equal(t, tc.finished, tc.s.Finished())
			b, err := json.Marshal(tc.s)
			require.NoError(t, err)
			var back core.Status
			require.NoError(t, json.Unmarshal(b, &back))
			require.Equal(t, tc.s, back)
		})
	}
	_, err := core.ParseStatus("nope")
	require.Error(t, err)
}

func TestContextStatus(t *testing.T) {
	_, done := core.ContextStatus(context.Background())
	require.False(t, done)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s, done := core.ContextStatus(ctx)
	require.True(t, done)
	require.Equal(t, core.StatusCanceled, s)
	ctx, cancel = context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	s, _ = core.ContextStatus(ctx)
	require.Equal(t, core.StatusTimeout, s)
}

func TestCount(t *testing.T) {
	c := core.CountOf(^uint64(0)).AddUint64(1)
	require.Equal(t, "18446744073709551616", c.String())
	require.Equal(t, 1, c.Cmp(core.CountOf(5)))
	b, err := json.Marshal(c)
	require.NoError(t, err)
	var back core.Count
	require.NoError(t, json.Unmarshal(b, &back))
	require.Equal(t, c, back)
	require.Equal(t, "36893488147419103232", c.MulUint64(2).String())
	require.Error(t, json.Unmarshal([]byte(`-1`), &back))
}

func TestCountChecked(t *testing.T) {
	max := core.Count{Hi: ^uint64(0), Lo: ^uint64(0)}
	for _, tc := range []struct {
		name string
		c    core.Count
		x    uint64
		ok   bool
	}{
		{"small", core.CountOf(6), 7, true},
		{"into the high word", core.CountOf(1 << 63), 4, true},
		{"max times one", max, 1, true},
		{"max times two", max, 2, false},
		{"high word overflows", core.Count{Hi: 1 << 63}, 2, false},
		{"carry overflows", core.Count{Hi: 1<<63 - 1, Lo: ^uint64(0)}, 2, true},
		{"carry past", core.Count{Hi: 1<<63 - 1, Lo: ^uint64(0)}, 3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := tc.c.MulChecked(tc.x)
			require.Equal(t, tc.ok, ok)
			want := new(big.Int).Mul(tc.c.Big(), new(big.Int).SetUint64(tc.x))
			require.Equal(t, tc.ok, want.BitLen() <= 128)
			if ok {
				require.Equal(t, want.String(), got.String())
			}
		})
	}
	_, ok := max.AddChecked(core.CountOf(1))
	require.False(t, ok)
	s, ok := core.CountOf(^uint64(0)).AddChecked(core.CountOf(1))
	require.True(t, ok)
	require.Equal(t, "18446744073709551616", s.String())
}

// TestResultWhy: a finished search without solutions says why (its
// theorem, or the search with its nodes); any other result says nothing.
func TestResultWhy(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    core.Result
		want string
	}{
		{"a theorem", core.Result{Status: core.StatusExhausted, Reason: "n = 2 and 3 have none"}, "n = 2 and 3 have none"},
		{"a finished search", core.Result{Status: core.StatusExhausted, Stats: core.Stats{Nodes: 7}},
			"an exhaustive search finished (7 nodes) without finding one"},
		{"a stop proves nothing", core.Result{Status: core.StatusTimeout, Reason: "n/a"}, ""},
		{"solutions", core.Result{Status: core.StatusExhausted, Solutions: core.CountOf(2)}, ""},
		{"a first solution", core.Result{Status: core.StatusExhausted, First: core.Solution{1}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, tc.r.Why())
		})
	}
}

// TestWriteRow: a row of whole numbers as text and as a JSON array (as
// encoding/json writes it, nil included); other formats are the model's.
func TestWriteRow(t *testing.T) {
	for _, tc := range []struct {
		name, format string
		sol          core.Solution
		want         string
		known        bool
	}{
		{"text", "text", core.Solution{2, 3, 1, 2, 1, 3}, "2 3 1 2 1 3\n", true},
		{"default", "", core.Solution{-1, 2147483647}, "-1 2147483647\n", true},
		{"json", "json", core.Solution{4, 1, 3, 1, 2, 4, 3, 2}, "[4,1,3,1,2,4,3,2]", true},
		{"empty json", "json", core.Solution{}, "[]", true},
		{"nil json", "json", nil, "null", true},
		{"nil text", "text", nil, "\n", true},
		{"a picture", "svg", core.Solution{1}, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			known, err := core.WriteRow(&b, tc.sol, tc.format)
			require.NoError(t, err)
			require.Equal(t, tc.known, known)
			require.Equal(t, tc.want, b.String())
		})
	}
	known, err := core.WriteRow(nil, core.Solution{1}, "text")
	require.True(t, known)
	require.Error(t, err)
}
