package queens_test

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/stretchr/testify/require"
)

// TestDescriptorParams builds boards through the model descriptor, as the
// command does, from --torus, --given and --given-file.
func TestDescriptorParams(t *testing.T) {
	m, err := models.Lookup("queens")
	require.NoError(t, err)
	files := map[string]string{"g.txt": "\ufeff# corner\r\n1,1\r\n5,2\r\n", "bad.txt": "1,1\n2,x\n"}
	open := func(name string) (io.ReadCloser, error) {
		s, ok := files[name]
		if !ok {
			return nil, io.ErrUnexpectedEOF
		}
		return io.NopCloser(strings.NewReader(s)), nil
	}
	for _, tc := range []struct {
		name    string
		params  map[string]string
		n       string
		size    string
		given   []queens.Square
		err     string
		algo    string // the default algorithm for one solution
		countAl string // and for a count
	}{
		{"plain", nil, "8", "8", nil, "", "backtrack", "bitwise"},
		{"torus", map[string]string{"torus": "true"}, "17", "17 torus", nil, "", "construct", "bitwise"},
		{"big torus", map[string]string{"torus": "true"}, "101", "101 torus", nil, "", "construct", "dlx"},
		{"given", map[string]string{"given": "1,1 5,2"}, "8", "8 given 1,1 5,2", []queens.Square{sq(1, 1), sq(5, 2)}, "", "dlx", "dlx"},
		{"given file", map[string]string{"given-file": "g.txt"}, "8", "8 given 1,1 5,2", []queens.Square{sq(1, 1), sq(5, 2)}, "", "dlx", "dlx"},
		{"attacking givens are an instance", map[string]string{"given": "1,1 2,2"}, "8", "8 given 1,1 2,2", []queens.Square{sq(1, 1), sq(2, 2)}, "", "dlx", "dlx"},
		{"bad file", map[string]string{"given-file": "bad.txt"}, "8", "", nil, "givens (bad.txt): line 2, column 3", "", ""},
		{"off board", map[string]string{"given": "9,1"}, "8", "", nil, "givens (--given): line 1, column 1: the given queen at 9,1 is off", "", ""},
		{"twice", map[string]string{"given": "2,2 2,2"}, "8", "", nil, "given twice", "", ""},
		{"both", map[string]string{"given": "1,1", "given-file": "g.txt"}, "8", "", nil, "both set", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := m.Instance.New(models.Request{Args: []string{tc.n}, Params: tc.params, Open: open})
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			b := p.(*queens.Board)
			require.Equal(t, tc.size, b.Size())
			require.Equal(t, tc.given, b.Given)
			require.Equal(t, tc.algo, m.Default(p, &core.Options{Mode: core.ModeFirst}))
			require.Equal(t, tc.countAl, m.Default(p, &core.Options{Mode: core.ModeCount}))
		})
	}
}

// TestSettled checks the answers made without a search: givens that
// attack each other and a torus without solutions are proved to have none
// (status exhausted, 0 solutions, the reason naming the pair or the
// theorem), by every algorithm that takes them.
func TestSettled(t *testing.T) {
	for _, tc := range []struct {
		name   string
		board  *queens.Board
		reason string
	}{
		{"attack", &queens.Board{N: 8, Given: []queens.Square{sq(1, 1), sq(4, 4)}}, "the given queens at 1,1 and 4,4 attack each other (same diagonal)"},
		{"torus attack", &queens.Board{N: 5, Torus: true, Given: []queens.Square{sq(1, 1), sq(2, 5)}}, "the given queens at 1,1 and 2,5 attack each other (same toroidal diagonal)"},
		{"polya", &queens.Board{N: 9, Torus: true, Given: []queens.Square{sq(1, 1)}}, "Pólya's theorem"},
	} {
		for _, name := range []string{"bitwise", "dlx"} {
			t.Run(tc.name+"/"+name, func(t *testing.T) {
				res, err := lookup(t, name).Solve(context.Background(), tc.board, nil)
				require.NoError(t, err)
				require.Equal(t, core.StatusExhausted, res.Status)
				require.True(t, res.Solutions.IsZero())
				require.Nil(t, res.First)
				require.Contains(t, res.Reason, tc.reason)
				require.Zero(t, res.Stats.Nodes, "no search")
			})
		}
	}
}
