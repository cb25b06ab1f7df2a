package units_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/units"
	"github.com/stretchr/testify/require"
)

// TestFundamentalThroughUnits: the count up to symmetry of a decomposition
// that counts it (stopDec with fund) goes on every unit line, through a checkpoint and a
// resume, and adds up in a merge; a line whose fundamental is more than
// its solutions, a checkpoint without it, and a merge of lines with and
// without it are refused.
func TestFundamentalThroughUnits(t *testing.T) {
	const m, k = 50, 3
	var wantSolutions, wantFund uint64
	for j := range uint64(m) {
		wantSolutions += j % 3 * (1 + j%2) // stopDec: j%3 times its class
		if j%3 == 2 {
			wantFund++
		}
	}
	ck := filepath.Join(t.TempDir(), "ck.json")
	job := func(dec core.Decomposition) *units.Job {
		return &units.Job{Model: "fund", Size: "50", Algorithm: "none", Dec: dec, Units: k, First: 0, Last: k - 1,
			Version: "test", Checkpoint: ck}
	}
	ctx, cancel := context.WithCancel(context.Background())
	left := 20
	_, err := job(stopAfter{stopDec{m, true}, &left, cancel}).Run(ctx)
	require.ErrorIs(t, err, units.ErrStopped)
	b, err := os.ReadFile(ck)
	require.NoError(t, err)
	require.Contains(t, string(b), `"fundamental":`)
	require.NoError(t, units.ReadCheckpoint(b))

	// Without its fundamental the checkpoint is refused by the job.
	var raw map[string]any
	require.NoError(t, json.Unmarshal(b, &raw))
	delete(raw, "fundamental")
	stripped, err := json.Marshal(raw)
	require.NoError(t, err)
	bad := filepath.Join(t.TempDir(), "bad.json")
	require.NoError(t, os.WriteFile(bad, stripped, 0o644))
	j := job(stopDec{m, true})
	j.Checkpoint = bad
	_, err = j.Run(context.Background())
	require.ErrorIs(t, err, units.ErrCheckpoint)
	require.ErrorContains(t, err, "fundamental")

	ls, err := job(stopDec{m, true}).Run(context.Background())
	require.NoError(t, err)
	var text strings.Builder
	for _, l := range ls {
		require.NotNil(t, l.Fundamental, "unit %d", l.Unit)
		b, err := l.Marshal()
		require.NoError(t, err)
		text.Write(append(b, '\n'))
	}
	s, err := merge(t, text.String())
	require.NoError(t, err)
	require.True(t, s.Complete)
	require.Equal(t, wantSolutions, s.Solutions.Uint64())
	require.NotNil(t, s.Fundamental)
	require.Equal(t, wantFund, s.Fundamental.Uint64())
	var out strings.Builder
	require.NoError(t, s.WriteText(&out))
	require.Contains(t, out.String(), "fund 50: 74 solutions (16 fundamental) (complete)")

	first := strings.SplitN(text.String(), "\n", 2)[0]
	_, err = units.ParseLine([]byte(strings.Replace(first, `"fundamental":`, `"fundamental":1000`, 1)))
	require.ErrorContains(t, err, "is more than solutions")
	without := strings.Replace(first, `"fundamental":`+jsonNumber(t, first, "fundamental")+`,`, "", 1)
	require.NotContains(t, without, "fundamental")
	_, err = merge(t, without+"\n"+strings.Join(strings.Split(text.String(), "\n")[1:], "\n"))
	require.ErrorContains(t, err, "a line with fundamental and one without")
}

// jsonNumber returns the text of the number field key of the JSON object
// line.
func jsonNumber(t *testing.T, line, key string) string {
	t.Helper()
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(line), &m))
	return string(m[key])
}
