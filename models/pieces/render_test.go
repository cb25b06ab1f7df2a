package pieces

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/stretchr/testify/require"
)

func TestRender(t *testing.T) {
	p := mustProblem(t, Config{Piece: "queen", Size: "8", K: 9, Pawns: "2,3"})
	res := solveT(t, "bitboard", p, core.Options{})
	require.NotNil(t, res.First)
	var b bytes.Buffer
	require.NoError(t, p.Render(&b, res.First, ""))
	require.Equal(t, 8, strings.Count(b.String(), "\n"))
	require.Equal(t, 9, strings.Count(b.String(), "Q"))
	require.Equal(t, 1, strings.Count(b.String(), "P"))
	board := b.String()

	b.Reset()
	require.NoError(t, p.Render(&b, res.First, "coords"))
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	require.Len(t, lines, 2)
	require.Len(t, strings.Fields(lines[0]), 9)
	require.Equal(t, "pawns 2,3", lines[1])

	b.Reset()
	require.NoError(t, p.Render(&b, res.First, "json"))
	var j struct{ Pieces, Pawns [][]int }
	require.NoError(t, json.Unmarshal(b.Bytes(), &j))
	require.Len(t, j.Pieces, 9)
	require.Equal(t, [][]int{{2, 3}}, j.Pawns)
	require.NotContains(t, b.String(), "\n", "one JSON value on one line")

	b.Reset()
	require.NoError(t, p.Render(&b, res.First, "svg"))
	require.True(t, strings.HasPrefix(b.String(), "<svg"))
	require.Equal(t, 9, strings.Count(b.String(), "<circle cx")-strings.Count(b.String(), `class="pawn"`))
	require.Equal(t, 1, strings.Count(b.String(), `class="pawn"`))

	require.Error(t, p.Render(&b, res.First, "png"))
	require.Error(t, p.Render(&b, res.First[:5], "board"))

	// What board writes, VerifyStream reads back: here twice in a row.
	rep, err := p.VerifyStream(strings.NewReader(board + "\n" + board))
	require.NoError(t, err)
	require.Equal(t, uint64(2), rep.Solutions)
	require.Equal(t, uint64(2), rep.Valid)
	require.Equal(t, uint64(1), rep.Distinct)
}

func TestRenderLayers(t *testing.T) {
	p := mustProblem(t, Config{Piece: "queen", Size: "3x3x3", K: 4})
	res := solveT(t, "bitboard", p, core.Options{})
	var b bytes.Buffer
	require.NoError(t, p.Render(&b, res.First, "board"))
	require.Contains(t, b.String(), "# layer 1\n")
	require.Contains(t, b.String(), "# layer 3\n")
	rep, err := p.VerifyStream(&b)
	require.NoError(t, err)
	require.Equal(t, uint64(1), rep.Valid)
	b.Reset()
	require.NoError(t, p.Render(&b, res.First, "svg"))
	require.Equal(t, 3*9+3, strings.Count(b.String(), "<rect"), "27 squares and 3 frames")
}

func TestVerifyStreamErrors(t *testing.T) {
	p := mustProblem(t, Config{Piece: "rook", Size: "3", Task: Max})
	for _, tc := range []struct {
		in   string
		line int
		want string
	}{
		{"R..\n.R.\n..", 3, "2 squares"},
		{"R..\n.R.\n", 1, "stops after 6 of its 9"},
		{"R..\n.R.\n..?", 3, `column 3: '?'`},
	} {
		// An unreadable board is reported on its line, and the boards
		// after it are still checked.
		rep, err := p.VerifyStream(strings.NewReader(tc.in + "\nR..\n.R.\n..R\n"))
		require.NoError(t, err)
		require.Equal(t, uint64(1), rep.Unreadable, tc.in)
		require.Equal(t, uint64(1), rep.Valid, tc.in)
		require.Equal(t, tc.line, rep.FirstBad.Line)
		require.Contains(t, rep.FirstBad.Reason, tc.want)
	}
	rep, err := p.VerifyStream(strings.NewReader("\ufeff# a comment\nR..\nR..\n...\n\nR..\n.R.\n..R\n"))
	require.NoError(t, err)
	require.Equal(t, uint64(2), rep.Solutions)
	require.Equal(t, uint64(1), rep.Invalid)
	require.Equal(t, 2, rep.FirstBad.Line)
	require.Contains(t, rep.FirstBad.Reason, "attacks")
}
