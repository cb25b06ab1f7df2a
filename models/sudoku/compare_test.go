package sudoku_test

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/bench"
	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/batch"
	"github.com/coverkit/coverkit/models/sudoku"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

var (
	_ bench.Instance = (*batch.Instance)(nil)
	_ bench.Batch    = (*batch.Instance)(nil)
)

// loadBatch reads in through the sudoku model's batch capability, with
// the layout flags given.
func loadBatch(t *testing.T, name, in string, params map[string]string) *batch.Instance {
	t.Helper()
	m, err := models.Lookup("sudoku")
	require.NoError(t, err)
	b, err := m.Batch(models.Request{Params: params})
	require.NoError(t, err)
	bi, err := batch.Load(name, b, strings.NewReader(in))
	require.NoError(t, err)
	return bi
}

func TestBatchInstance(t *testing.T) {
	in := "# two 9x9 puzzles, a bad line, a 4x4\n" +
		"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n" +
		".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...\n" +
		"1.1\n" +
		"4.....2..3..1...\n"
	b := loadBatch(t, "batch.txt", in, nil)
	require.Equal(t, "batch.txt", b.Size())
	require.Equal(t, uint64(3), b.Items())
	require.Equal(t, uint64(1), b.Skipped())
	for _, a := range models.Algorithms("sudoku") {
		if a.Name == "fast" {
			// fast cannot solve the 4x4 grid: it is refused, not compared
			// on fewer puzzles than the others.
			require.ErrorIs(t, b.Supports(a, nil), core.ErrUnsupported)
			continue
		}
		require.NoError(t, b.Supports(a, nil), a.Name)
		res, err := b.Run(context.Background(), a, &core.Options{Workers: 2})
		require.NoError(t, err)
		require.Equal(t, core.StatusExhausted, res.Status, a.Name)
		require.Equal(t, core.CountOf(3), res.Solutions, a.Name) // each valid puzzle has one solution
		require.NotZero(t, res.Stats.Nodes+res.Stats.Updates+1)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dlx, _ := sudoku.Algorithm("dlx")
	res, err := b.Run(ctx, dlx, nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusCanceled, res.Status)

	b6 := loadBatch(t, "six.txt", "2.6...3....2..5..4....56...1...6....\n", map[string]string{"box": "2x3"})
	fast, _ := sudoku.Algorithm("fast")
	require.ErrorIs(t, b6.Supports(fast, nil), core.ErrUnsupported)
	q, _ := models.LookupAlgorithm("queens", "backtrack")
	if q.Name != "" {
		require.ErrorIs(t, b6.Supports(q, nil), core.ErrWrongProblem)
	}
	require.Len(t, b6.Fields(nil), 2)
}

// TestBatchWorkers: a batch's worker count 0 is the one worker rule's
// default (GOMAXPROCS: the answers come in input order whatever the
// count), resolved by batch.Run once and reported in its summary, for
// every way into the loop; a count the rule refuses is refused before
// anything is read.
func TestBatchWorkers(t *testing.T) {
	m, err := models.Lookup("sudoku")
	require.NoError(t, err)
	b, err := m.Batch(models.Request{})
	require.NoError(t, err)
	alg, err := m.Algorithm("fast")
	require.NoError(t, err)
	in := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n"
	for _, tc := range []struct {
		workers, want int
	}{{0, runtime.GOMAXPROCS(0)}, {1, 1}, {3, 3}} {
		sum, err := batch.Run(context.Background(), b, strings.NewReader(in), batch.Options{Algorithm: alg, Limit: 2, Workers: tc.workers},
			func(*batch.Answer) error { return nil })
		require.NoError(t, err)
		require.Equal(t, tc.want, sum.Workers, "workers %d", tc.workers)
		require.Equal(t, 1, sum.ByVerdict[batch.Solved])
	}
	for _, w := range []int{-1, resource.Cap() + 1} {
		_, err := batch.Run(context.Background(), b, strings.NewReader(in), batch.Options{Algorithm: alg, Workers: w},
			func(*batch.Answer) error { return nil })
		require.ErrorIs(t, err, resource.ErrWorkers)
		_, err = loadBatch(t, "one.txt", in, nil).Run(context.Background(), alg, &core.Options{Mode: core.ModeCount, Workers: w})
		require.ErrorIs(t, err, resource.ErrWorkers)
	}
}
