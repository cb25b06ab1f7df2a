package pieces

import (
	"context"
	"errors"
	"fmt"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/resource"
)

var bitboardAlgorithm = models.Algorithm{
	Name: "bitboard",
	Kind: models.Exact,
	Caps: models.CanFirst | models.CanAll | models.CanCount | models.CanUnique | models.CanBudget,
	Description: "bitset search over the attack graph: clique by clique with a clique-cover bound " +
		"(place, max), fewest dominators first with a gain bound (dominate), pawn sets by symmetry class (pawns)",
	Limits: "boards of at most 2^14 squares (MaxSearchCells)",
	Solve:  solveBitboard,
	Check:  checkBitboard,
}

// checkBitboard refuses what the bitboard search cannot answer: a board
// beyond MaxSearchCells.
func checkBitboard(p core.Problem, o *core.Options) error {
	pp, ok := p.(*Problem)
	if !ok {
		return fmt.Errorf("pieces: bitboard: %w (got %T)", core.ErrWrongProblem, p)
	}
	if err := pp.check(); err != nil {
		return err
	}
	if n := pp.Board.Cells(); n > MaxSearchCells {
		return fmt.Errorf("pieces: bitboard: %s has %d cells, at most %d: %w", &pp.Board, n, MaxSearchCells, resource.ErrTooLarge)
	}
	return nil
}

// solveBitboard is the registered "bitboard" algorithm.
func solveBitboard(ctx context.Context, p core.Problem, opts *core.Options) (core.Result, error) {
	o := opts.OrDefault()
	if err := checkMode("bitboard", o); err != nil {
		return core.Result{}, err
	}
	if err := checkBitboard(p, o); err != nil {
		return core.Result{}, err
	}
	pp := p.(*Problem)
	if err := pp.check(); err != nil {
		return core.Result{}, err
	}
	r, err := newRun(ctx, pp, o)
	if err != nil {
		return core.Result{}, err
	}
	ans := &Answer{Task: pp.Task, Best: -1, Bound: -1}
	if pp.Task == Place || pp.Task == Pawns {
		ans.Proved = true
	}
	switch pp.Task {
	case Pawns:
		ps, err := newPawnSearch(r, pp)
		if err != nil {
			return core.Result{}, err
		}
		found, bound := ps.search()
		ans.Proved = found >= 0
		switch {
		case found >= 0:
			ans.MinPawns = found
			ans.Pawns = [][]int{}
			for _, x := range ps.result {
				ans.Pawns = append(ans.Pawns, pp.coords1(x))
			}
			for _, x := range ps.queens {
				ans.Pieces = append(ans.Pieces, pp.coords1(int(x)))
			}
		case r.stop:
			ans.Bound = bound
		default:
			ans.Reason = fmt.Sprintf("no number of pawns lets %d pieces stand: every set of pawns on the squares where one blocks a line was tried", pp.K)
		}
		return finish(r, ans), nil
	}
	g, err := newGraph(r.m, &pp.Board, pp.Piece)
	var s *indep
	if err == nil && pp.Task != Dominate {
		s, err = newIndep(r, g)
	}
	if errors.Is(err, errStopped) {
		r.halt(r.m.Status()) // stopped while the graph was built
		return finish(r, ans), nil
	}
	if err != nil {
		return core.Result{}, err
	}
	switch pp.Task {
	case Place:
		s.count(pp.K)
	case Max:
		s.maximum()
		if r.stop {
			ans.Best = s.best
			ans.Bound = s.m // at most one piece a clique
			res := finish(r, ans)
			if s.best >= 0 {
				res.First = r.fill(s.bestSet, pp.Board.Pawns)
			}
			return res, nil
		}
		ans.Proved, ans.Max = true, s.best
		r.reset()
		s.count(s.best)
	case Dominate:
		s := newDom(r, g, pp.Independent)
		for k := s.lowerBound(); ; k++ {
			r.reset()
			s.search(k)
			if !r.found.IsZero() || r.status == core.StatusFound {
				ans.Proved, ans.Domination = true, k
				break
			}
			if r.stop {
				ans.Bound = k
				break
			}
			if k > g.n {
				break // unreachable: the free cells dominate themselves
			}
		}
	}
	return finish(r, ans), nil
}

// finish assembles the result with the answer, and the first placement's
// pieces in the answer.
func finish(r *run, ans *Answer) core.Result {
	res := r.result()
	if ans.Pieces == nil && res.First != nil && ans.Task != Place {
		ans.Pieces, ans.Pawns = r.p.Placement(res.First)
		if ans.Pieces == nil {
			ans.Pieces = [][]int{}
		}
	}
	r.p.setAnswer(&res, ans)
	return res
}
