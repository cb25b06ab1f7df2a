package pieces

import (
	"context"
	"testing"

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
		o := models.Options{Mode: models.ModeCount}
		for _, alg := range algorithmsFor(p, &o) {
			res := solveT(t, alg, p, o)
			require.Equal(t, models.CountOf(tc.want), res.Solutions, "%s %+v", alg, tc.c)
		}
		for _, task := range []Task{Max, Dominate} {
			c := tc.c
			c.Task, c.K = task, 0
			q := mustProblem(t, c)
			for _, alg := range algorithmsFor(q, &models.Options{}) {
				a, _ := models.Lookup("pieces", alg)
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
