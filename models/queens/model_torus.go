package queens

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/resource"
)

// newBoard builds the board of size n with the request's --torus, --given
// and --given-file. Bad givens (syntax, off the board, given twice) are
// errors, which the command reports as bad input (exit 2); givens that
// attack each other are not: the algorithms answer them with a proved
// absence of solutions naming the pair (exit 1), with no search.
func newBoard(req models.Request, n int) (*Board, error) {
	b := &Board{N: n, Torus: req.Switch("torus")}
	given, file := req.Param("given"), req.Param("given-file")
	if given != "" && file != "" {
		return nil, fmt.Errorf("%w: --given and --given-file both set; give the queens one way", ErrGiven)
	}
	if given == "" && file == "" {
		return b, nil
	}
	if n > MaxGivenN {
		return nil, fmt.Errorf("queens: given queens on a board of size %d: completion goes to n = %d: %w", n, MaxGivenN, resource.ErrTooLarge)
	}
	var err error
	if given != "" {
		b.Given, err = ParseGiven(given, n)
		if err != nil {
			return nil, withSource(err, "--given")
		}
	} else {
		if req.Open == nil {
			return nil, fmt.Errorf("queens: --given-file %s: cannot open files here", file)
		}
		rc, err := req.OpenFile(file)
		if err != nil {
			return nil, fmt.Errorf("queens: --given-file: %w", err)
		}
		b.Given, err = ReadGiven(rc, n)
		rc.Close()
		if err != nil {
			return nil, withSource(err, file)
		}
	}
	if err := b.Check(); err != nil {
		var ae *AttackError
		if !errors.As(err, &ae) {
			return nil, err
		}
	}
	return b, nil
}

// withSource names the input of a *GivenError, or prefixes another error
// (a read error) with it.
func withSource(err error, src string) error {
	var ge *GivenError
	if errors.As(err, &ge) {
		ge.Source = src
		return ge
	}
	return fmt.Errorf("queens: givens (%s): %w", src, err)
}

// DefaultAlgorithm is the algorithm a front end should run on a torus or a
// board with givens when none is named: with givens, dlx (its choice of
// the most constrained row or column pays on hard completions; n ≤
// CoverMaxN); on a torus, construct for one solution (O(n), any n) and
// bitwise to count or list (n ≤ 64; dlx beyond). On the ordinary board it
// returns "" (the model's own default applies).
func DefaultAlgorithm(b *Board, mode core.Mode) string {
	switch {
	case b == nil:
		return ""
	case len(b.Given) > 0:
		return "dlx"
	case !b.Torus:
		return ""
	case mode == core.ModeFirst:
		return "construct"
	case b.N <= BitwiseMaxN:
		return "bitwise"
	}
	return "dlx"
}

// fields are the model's facts of a record: n, and torus and given when
// set.
func fields(p core.Problem, _ *core.Result) []models.Field {
	b := p.(*Board)
	out := []models.Field{{Key: "n", Value: b.N}}
	if b.Torus {
		out = append(out, models.Field{Key: "torus", Value: true})
	}
	if len(b.Given) > 0 {
		g := make([][2]int, len(b.Given))
		for i, s := range b.Given {
			g[i] = [2]int{s.Row + 1, s.Col + 1}
		}
		out = append(out, models.Field{Key: "given", Value: g})
	}
	return out
}

// countText is the second line of a count's text, after the one shape of
// every model ("4 solutions for 8"), where it says more: the givens
// completed and a theorem's reason ("0 solutions for n = 12 on the torus
// (Pólya: ...)"); "" otherwise.
func countText(p core.Problem, res *core.Result, count string) string {
	b := p.(*Board)
	if len(b.Given) == 0 && (res == nil || res.Reason == "") {
		return ""
	}
	s := fmt.Sprintf("%s for n = %d", plural(count, "solution"), b.N)
	if b.Torus {
		s += " on the torus"
	}
	if len(b.Given) > 0 {
		s += " completing " + plural(strconv.Itoa(len(b.Given)), "given queen")
	}
	if res != nil && res.Reason != "" {
		s += " (" + res.Reason + ")"
	}
	return s
}

// noSolution is the message of a proved absence of solutions.
func noSolution(p core.Problem, res *core.Result) string {
	b := p.(*Board)
	n := b.N
	switch {
	case res.Reason != "":
		return "no solution: " + res.Reason
	case len(b.Given) > 0:
		return fmt.Sprintf("no solution: the %d given queens cannot be completed to %d queens on the %s board (proved by exhaustive search)",
			len(b.Given), n, boardName(b))
	}
	return fmt.Sprintf("no solution: %d queens cannot be placed on a %s board without attacking each other (proved by exhaustive search)", n, boardName(b))
}

// boardName is "8×8" or "7×7 toroidal".
func boardName(b *Board) string {
	if b.Torus {
		return fmt.Sprintf("%d×%d toroidal", b.N, b.N)
	}
	return fmt.Sprintf("%d×%d", b.N, b.N)
}

// writeCover writes the board as an exact cover (the cover verb): Cover,
// or TorusCover on a torus. Givens are forced options, which the text
// format cannot express, so a board with givens is refused.
func writeCover(ctx context.Context, p core.Problem, w io.Writer) error {
	b := p.(*Board)
	if len(b.Given) > 0 {
		return fmt.Errorf("queens: the cover format has no forced options for the given queens: %w", core.ErrUnsupported)
	}
	n := b.N
	c, err := coverOf(ctx, b)
	if err != nil {
		return err
	}
	what := ": rows and columns primary, diagonals secondary"
	if b.Torus {
		what = " on the torus: rows, columns and both wrapped diagonals primary"
	}
	if _, err := fmt.Fprintf(w, "| %d-queens%s; option (r-1)*%d+c is a queen at row r, column c\n", n, what, n); err != nil {
		return err
	}
	return dlx.Write(w, c)
}
