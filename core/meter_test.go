package core_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/stretchr/testify/require"
)

// walk is the loop the Meter's doc shows: it visits nodes until the meter
// stops it or it has visited total, costing cost work a node.
func walk(m *core.Meter, total, cost uint64) (nodes uint64, ok bool) {
	var work uint64
	nodeBound, workBound, ok := m.Poll(0, 0)
	for ok && nodes < total {
		if nodes == nodeBound || work >= workBound {
			if nodeBound, workBound, ok = m.Poll(nodes, work); !ok {
				break
			}
		}
		nodes++
		work += cost
	}
	return nodes, ok
}

func TestMeterBudget(t *testing.T) {
	for _, tc := range []struct {
		name            string
		budget, total   uint64
		cost            uint64
		wantNodes       uint64
		wantStatus      core.Status
		wantUninterrupt bool
	}{
		{"no budget", 0, 100_000, 1, 100_000, core.StatusExhausted, true},
		{"budget of one", 1, 100_000, 1, 1, core.StatusLimit, false},
		{"budget met exactly", 5000, 100_000, 3, 5000, core.StatusLimit, false},
		{"budget above the search", 200_000, 100_000, 1, 100_000, core.StatusExhausted, true},
		{"heavy nodes", 777, 100_000, 1 << 20, 777, core.StatusLimit, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := core.NewMeter(context.Background(), &core.Options{MaxNodes: tc.budget})
			nodes, ok := walk(m, tc.total, tc.cost)
			require.Equal(t, tc.wantNodes, nodes)
			require.Equal(t, tc.wantUninterrupt, ok)
			require.Equal(t, tc.wantStatus, m.Status())
		})
	}
}

// TestMeterForks checks that the forks of one meter spend the budget
// together and never more, that one that finds it spent stops alone, that
// a fork that quits early gives back its grant, and that a Halt stops
// them all.
func TestMeterForks(t *testing.T) {
	const budget, workers = 100_003, 7
	m := core.NewMeter(context.Background(), &core.Options{MaxNodes: budget})
	var total atomic.Uint64
	var wg sync.WaitGroup
	for range workers {
		f := m.Fork()
		wg.Go(func() {
			n, ok := walk(f, 1<<40, 1)
			require.False(t, ok)
			require.Equal(t, core.StatusLimit, f.Status())
			total.Add(n)
		})
	}
	wg.Wait()
	require.Equal(t, uint64(budget), total.Load()) // spent, and no more
	require.Equal(t, core.StatusLimit, m.Status())
	require.True(t, m.Stopped()) // no new work once the budget is spent

	// A fork that finishes early gives its grant back; the other spends it.
	m = core.NewMeter(context.Background(), &core.Options{MaxNodes: 5000})
	early, late := m.Fork(), m.Fork()
	n, ok := walk(early, 10, 1)
	require.True(t, ok)
	early.Release(n)
	rest, ok := walk(late, 1<<40, 1)
	require.False(t, ok)
	require.Equal(t, uint64(5000), n+rest)

	m = core.NewMeter(context.Background(), nil)
	f := m.Fork()
	f.Halt(core.StatusFound)
	m.Halt(core.StatusLimit) // the first halt wins
	_, ok = walk(m, 1<<40, 1)
	require.False(t, ok)
	require.True(t, m.Stopped())
	require.Equal(t, core.StatusFound, m.Status())
}

// TestMeterContext checks that a canceled or expired context stops a loop
// promptly, whatever a node costs, and that Check stops a phase.
func TestMeterContext(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	m := core.NewMeter(ctx, nil)
	start := time.Now()
	_, ok := walk(m, 1<<62, 1)
	require.False(t, ok)
	require.Equal(t, core.StatusTimeout, m.Status())
	require.Less(t, time.Since(start), 2*time.Second) // generous: machines are shared

	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	m = core.NewMeter(ctx, nil)
	_, ok = m.Check(0)
	require.False(t, ok)
	require.Equal(t, core.StatusCanceled, m.Status())
	require.Equal(t, ctx, m.Context())

	//lint:ignore SA1012 a nil context is what is tested: it means no deadline
	var nilMeter *core.Meter = core.NewMeter(nil, nil)
	bound, ok := nilMeter.Check(5)
	require.True(t, ok)
	require.Greater(t, bound, uint64(5))
}

func TestMeterProgress(t *testing.T) {
	var calls atomic.Int32
	m := core.NewMeter(context.Background(), &core.Options{Progress: func(core.Progress) { calls.Add(1) }})
	for range 1000 {
		m.Progress(core.Progress{Done: 1, Total: 2})
	}
	require.Equal(t, int32(1), calls.Load())                           // rate-limited
	core.NewMeter(context.Background(), nil).Progress(core.Progress{}) // no callback: nothing
}

// TestMeterLive: Live sees a halt, a spent budget and the end of the
// context (halting the search with its status) without polling, and
// Polled is the clock reading of the last poll that went on.
func TestMeterLive(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	m := core.NewMeter(ctx, nil)
	require.True(t, m.Live())
	before := time.Now()
	_, ok := m.Check(0)
	require.True(t, ok)
	at := m.Polled()
	require.False(t, at.Before(before))
	require.False(t, time.Now().Before(at))
	cancel()
	require.False(t, m.Live())
	require.Equal(t, core.StatusCanceled, m.Status())
	require.True(t, m.Stopped())
	_, ok = m.Check(1)
	require.False(t, ok)
	require.Equal(t, at, m.Polled(), "a poll that stops does not move Polled")

	h := core.NewMeter(context.Background(), nil)
	f := h.Fork()
	h.Halt(core.StatusFound)
	require.False(t, f.Live())
	require.Equal(t, core.StatusFound, f.Status())

	b := core.NewMeter(context.Background(), &core.Options{MaxNodes: 1})
	nodes, _ := walk(b, 10, 1)
	require.Equal(t, uint64(1), nodes)
	require.False(t, b.Live(), "the budget is spent")

	var zero core.Meter
	require.True(t, zero.Live())
	require.True(t, zero.Polled().IsZero())
}
