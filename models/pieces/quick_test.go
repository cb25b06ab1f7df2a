package pieces

import (
	"context"
	"testing"
	"time"

	"github.com/coverkit/coverkit/models"
)

func TestQuick(t *testing.T) {
	cases := []Config{
		{Piece: "knight", Size: "8", K: 32},
		{Piece: "bishop", Size: "8", K: 14},
		{Piece: "king", Size: "8", K: 16},
		{Piece: "rook", Size: "8", K: 8},
		{Piece: "queen", Size: "8", K: 8},
		{Piece: "queen", Size: "3x3x3", K: 4},
		{Piece: "queen", Size: "8", Task: Max},
		{Piece: "knight", Size: "8", Task: Max},
		{Piece: "queen", Size: "8", Task: Dominate},
		{Piece: "queen", Size: "8", Task: Pawns, K: 9},
	}
	for _, c := range cases {
		p, err := c.Problem()
		if err != nil {
			t.Fatal(err)
		}
		for _, mode := range []models.Mode{models.ModeCount, models.ModeFirst} {
			t0 := time.Now()
			res, err := solveBitboard(context.Background(), p, &models.Options{Mode: mode})
			if err != nil {
				t.Fatal(err)
			}
			a := AnswerOf(&res)
			t.Logf("%+v mode %d: %s %v nodes %d %v ans %+v", c, mode, res.Status, res.Solutions, res.Stats.Nodes, time.Since(t0), *a)
			if res.First != nil {
				if err := p.Verify(res.First); err != nil {
					t.Error(err)
				}
			}
		}
	}
}
