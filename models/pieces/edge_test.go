package pieces

import (
	"context"
	"math"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/stretchr/testify/require"
)

// Degenerate boards: one cell, every cell a pawn, sides 1 and 2 on a
// torus, where moves wrap onto their own cell.
func TestDegenerateBoards(t *testing.T) {
	tests := []struct {
		c    Config
		want uint64
	}{
		{Config{Piece: "queen", Size: "1", K: 1}, 1},
		{Config{Piece: "queen", Size: "1", K: 0}, 1},
		{Config{Piece: "knight", Size: "2", K: 4}, 1},
		{Config{Piece: "knight", Size: "2", K: 4, Torus: true}, 0}, // (1,2) wraps to (1,0)
		{Config{Piece: "rook", Size: "1x5", K: 2, Torus: true}, 0},
		{Config{Piece: "king", Size: "2", K: 2, Torus: true}, 0},
		{Config{Piece: "queen", Size: "1x2", K: 0, Pawns: "1,1 1,2"}, 1},
		{Config{Piece: "queen", Size: "1x3", K: 2, Pawns: "1,2"}, 1},
		{Config{Piece: "leap(2)", Size: "2", K: 4, Torus: true}, 1},
		{Config{Piece: "king", Size: "1x1x1x1", K: 1}, 1},
	}
	for _, tc := range tests {
		p := mustProblem(t, tc.c)
		o := core.Options{Mode: core.ModeCount}
		for _, alg := range algorithmsFor(p, &o) {
			res := solveT(t, alg, p, o)
			require.Equal(t, core.CountOf(tc.want), res.Solutions, "%s %+v", alg, tc.c)
		}
		for _, task := range []Task{Max, Dominate} {
			c := tc.c
			c.Task, c.K = task, 0
			q := mustProblem(t, c)
			for _, alg := range algorithmsFor(q, &core.Options{}) {
				a, _ := models.LookupAlgorithm("pieces", alg)
				res, err := a.Run(context.Background(), q, nil)
				require.NoError(t, err, "%s %+v", alg, c)
				ans := q.Answer(&res)
				require.True(t, ans.Proved, "%s %+v %v", alg, c, res.Status)
				if res.First != nil {
					require.NoError(t, q.Verify(res.First))
				}
			}
		}
	}
}

// Robustness: nil and hand-built invalid problems, every algorithm, every
// mode, Unique, a canceled context: an error or a valid status, never a
// panic, and every solution reported verifies.
func TestRobustness(t *testing.T) {
	queen, _ := ParsePiece("queen")
	bad := []*Problem{
		nil,
		{},
		{Board: Board{Dims: []int{8, 8}}},
		{Board: Board{Dims: []int{8, 8}}, Piece: queen, K: -5},
		{Board: Board{Dims: []int{8, 8}}, Piece: queen, K: math.MaxInt32},
		{Board: Board{Dims: []int{8, 8}}, Piece: queen, Task: 99},
		{Board: Board{Dims: []int{0, 8}}, Piece: queen, K: 1},
		{Board: Board{Dims: []int{-1}}, Piece: queen, K: 1},
		{Board: Board{Dims: []int{8, 8}, Pawns: []int{64}}, Piece: queen, K: 1},
		{Board: Board{Dims: []int{8, 8}, Pawns: []int{-1}}, Piece: queen, K: 1},
		{Board: Board{Dims: []int{3, 3, 3}, Pawns: []int{1}}, Piece: queen, K: 1},
		{Board: Board{Dims: []int{1 << 30, 1 << 30}}, Piece: queen, K: 1},
		{Board: Board{Dims: []int{8, 8}}, Piece: Piece{Name: "odd", Moves: []Move{{Step: []int{1, 1, 1}}}}, K: 1},
	}
	valid := []*Problem{
		{Board: Board{Dims: []int{4, 4}}, Piece: Piece{Name: "wrap", Moves: []Move{{Ride: true, Step: []int{math.MaxInt32, 0}}}}, K: 2},
		{Board: Board{Dims: []int{3, 3}, Torus: true}, Piece: Piece{Name: "big", Moves: []Move{{Ride: true, Step: []int{-7, 5}}}}, K: 3},
		mustProblem(t, Config{Piece: "queen", Size: "4", Task: Pawns, K: 5}),
		mustProblem(t, Config{Piece: "king", Size: "3", Task: Dominate, Independent: true}),
	}
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	modes := []core.Options{{}, {Mode: core.ModeAll, Limit: 3}, {Mode: core.ModeCount}, {Mode: core.ModeCount, Unique: true},
		{Mode: core.ModeAll, Unique: true}, {Mode: 7}, {Workers: -3}, {MaxNodes: 1}}
	for _, alg := range models.Algorithms("pieces") {
		for i, p := range append(bad, valid...) {
			for _, o := range modes {
				for _, ctx := range []context.Context{context.Background(), canceled} {
					o := o
					res, err := alg.Run(ctx, p, &o)
					if i < len(bad) {
						require.Error(t, err, "%s %d %+v", alg.Name, i, o)
						continue
					}
					if err != nil {
						continue
					}
					require.Contains(t, []core.Status{core.StatusExhausted, core.StatusFound, core.StatusLimit, core.StatusCanceled}, res.Status)
					if res.First != nil {
						require.NoError(t, p.Verify(res.First), "%s %d", alg.Name, i)
					}
				}
			}
		}
	}
	var nilp *Problem
	require.Equal(t, "", nilp.Size())
	require.Error(t, nilp.Verify(nil))
	require.Error(t, nilp.Render(nil, nil, ""))
	require.Nil(t, nilp.Fields(nil))
	_, err := nilp.NewCover()
	require.Error(t, err)
}
