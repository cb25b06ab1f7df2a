package pieces

import (
	"context"
	"fmt"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
)

// bench runs alg on the problem of c with options o, b.N times.
func bench(b *testing.B, alg string, c Config, o core.Options) {
	p, err := c.Problem()
	if err != nil {
		b.Fatal(err)
	}
	a, err := models.LookupAlgorithm("pieces", alg)
	if err != nil {
		b.Fatal(err)
	}
	var res core.Result
	for b.Loop() {
		res, err = a.Run(context.Background(), p, &o)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(res.Stats.Nodes), "nodes")
}

var count = core.Options{Mode: core.ModeCount}

// The 8×8 independence counts of seed 002 (targets: each under a second).
func BenchmarkPlace8x8(b *testing.B) {
	for _, c := range []Config{
		{Piece: "knight", Size: "8", K: 32},
		{Piece: "bishop", Size: "8", K: 14},
		{Piece: "king", Size: "8", K: 16},
		{Piece: "rook", Size: "8", K: 8},
		{Piece: "queen", Size: "8", K: 8},
	} {
		for _, alg := range []string{"bitboard", "dlx"} {
			b.Run(fmt.Sprintf("%s/%s", c.Piece, alg), func(b *testing.B) { bench(b, alg, c, count) })
		}
	}
}

// The independence numbers with one placement, and with the count of
// maximum placements.
func BenchmarkMax8x8(b *testing.B) {
	for _, piece := range []string{"knight", "bishop", "king", "rook", "queen"} {
		c := Config{Piece: piece, Size: "8", Task: Max}
		b.Run(piece+"/first", func(b *testing.B) { bench(b, "bitboard", c, core.Options{}) })
		b.Run(piece+"/count", func(b *testing.B) { bench(b, "bitboard", c, count) })
	}
}

// Queen domination numbers n = 1..12 with one minimum set each (target:
// under a minute in all), and the count of the 4,860 minimum dominating
// sets of 8×8 (target: under a second).
func BenchmarkDominate(b *testing.B) {
	b.Run("queens1-12", func(b *testing.B) {
		a, _ := models.LookupAlgorithm("pieces", "bitboard")
		var ps []*Problem
		for n := 1; n <= 12; n++ {
			p, _ := Config{Piece: "queen", Size: fmt.Sprint(n), Task: Dominate}.Problem()
			ps = append(ps, p)
		}
		for b.Loop() {
			for _, p := range ps {
				if _, err := a.Run(context.Background(), p, nil); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("queens8/count", func(b *testing.B) { bench(b, "bitboard", Config{Piece: "queen", Size: "8", Task: Dominate}, count) })
	b.Run("queens8/independent/count", func(b *testing.B) {
		bench(b, "bitboard", Config{Piece: "queen", Size: "8", Task: Dominate, Independent: true}, count)
	})
	b.Run("knights8", func(b *testing.B) {
		bench(b, "bitboard", Config{Piece: "knight", Size: "8", Task: Dominate}, core.Options{})
	})
	b.Run("kings8", func(b *testing.B) {
		bench(b, "bitboard", Config{Piece: "king", Size: "8", Task: Dominate}, core.Options{})
	})
}

// The least number of pawns for 9 and 10 queens on 8×8.
func BenchmarkPawns(b *testing.B) {
	for _, k := range []int{9, 10} {
		b.Run(fmt.Sprint(k), func(b *testing.B) {
			bench(b, "bitboard", Config{Piece: "queen", Size: "8", Task: Pawns, K: k}, core.Options{})
		})
	}
}

// Toroidal queens and the 3×3×3 cube.
func BenchmarkOtherBoards(b *testing.B) {
	for _, n := range []int{11, 13} {
		c := Config{Piece: "queen", Size: fmt.Sprint(n), K: n, Torus: true}
		for _, alg := range []string{"bitboard", "dlx"} {
			b.Run(fmt.Sprintf("torus%d/%s", n, alg), func(b *testing.B) { bench(b, alg, c, count) })
		}
	}
	b.Run("cube3/max", func(b *testing.B) { bench(b, "bitboard", Config{Piece: "queen", Size: "3x3x3", Task: Max}, count) })
	b.Run("queens8/unique", func(b *testing.B) {
		bench(b, "bitboard", Config{Piece: "queen", Size: "8", K: 8}, core.Options{Mode: core.ModeCount, Unique: true})
	})
}
