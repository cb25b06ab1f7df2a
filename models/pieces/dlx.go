package pieces

import (
	"context"
	"fmt"
	"runtime"
	"strconv"

	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
)

func init() {
	models.Register(models.Algorithm{
		Model: "pieces",
		Name:  "dlx",
		Kind:  models.Exact,
		Caps:  models.CanFirst | models.CanAll | models.CanCount | models.CanParallel,
		Description: "Dancing Links: the cliques of the board's clique cover primary (one piece each), " +
			"rider line segments and leaper pairs secondary; place tasks with k = the cliques",
		Solve: solveDLX,
		Check: checkDLX,
	})
}

// Cover is a placement problem as a generalized exact cover instance, and
// the way back from its options to cells.
type Cover struct {
	// Problem is the instance: one primary item per clique of the board's
	// clique cover ("q1", "q2", ...), one secondary item per segment of a
	// rider's line between pawns or edges ("l<dir>.<n>") and per pair of
	// cells a leap joins across cliques ("p<x>.<y>"); one option per free
	// cell.
	Problem *dlx.Problem
	// Cell gives the cell of each option.
	Cell []int32
	// Cliques is the number of cliques (primary items).
	Cliques int
}

// NewCover builds the exact cover instance of p's board and piece. Its
// solutions are the placements with one piece in every clique of the
// cover: the placements of k pieces when k equals Cliques.
func (p *Problem) NewCover() (*Cover, error) {
	g, err := newGraph(&p.Board, p.Piece)
	if err != nil {
		return nil, err
	}
	dirs, err := directions(&p.Board, p.Piece)
	if err != nil {
		return nil, err
	}
	b := &p.Board
	n := g.n
	cl := g.cliques()
	cliqueOf := make([]int32, n)
	xp := dlx.New()
	prim := make([]int, len(cl))
	for j, c := range cl {
		prim[j], _ = xp.AddPrimary("q" + strconv.Itoa(j+1))
		for _, x := range c {
			cliqueOf[x] = int32(j)
		}
	}
	items := make([][]int, n) // the secondary items of each cell
	st := stepper{b: b, torus: b.Torus}
	c := make([]int, len(b.Dims))
	seg := make([]int32, n)
	seen := map[[2]int]bool{}
	for di, d := range dirs {
		if !canonicalDir(d.v) {
			continue
		}
		neg := make([]int, len(d.v))
		for i, v := range d.v {
			neg[i] = -v
		}
		if d.ride {
			for i := range seg {
				seg[i] = -1
			}
			count := 0
			for x := range n {
				if g.pawn[x] || seg[x] >= 0 {
					continue
				}
				// Back to the start of x's segment.
				start := x
				b.Coords(x, c)
				for {
					y := st.next(c, neg)
					if y < 0 || g.pawn[y] || y == x {
						break
					}
					start = y
				}
				var cells []int
				b.Coords(start, c)
				for y := start; ; {
					seg[y] = int32(count)
					cells = append(cells, y)
					y = st.next(c, d.v)
					if y < 0 || g.pawn[y] || y == start {
						break
					}
				}
				count++
				if len(cells) < 2 {
					continue
				}
				it, err := xp.AddSecondary("l" + strconv.Itoa(di+1) + "." + strconv.Itoa(count))
				if err != nil {
					return nil, err // unreachable: names are distinct
				}
				for _, y := range cells {
					items[y] = append(items[y], it)
				}
			}
			continue
		}
		for x := range n {
			if g.pawn[x] {
				continue
			}
			b.Coords(x, c)
			y := st.next(c, d.v)
			if y < 0 || y == x || g.pawn[y] || cliqueOf[x] == cliqueOf[y] {
				continue
			}
			key := [2]int{min(x, y), max(x, y)}
			if seen[key] {
				continue
			}
			seen[key] = true
			it, err := xp.AddSecondary("p" + strconv.Itoa(key[0]+1) + "." + strconv.Itoa(key[1]+1))
			if err != nil {
				return nil, err // unreachable: names are distinct
			}
			items[x] = append(items[x], it)
			items[y] = append(items[y], it)
		}
	}
	cov := &Cover{Problem: xp, Cliques: len(cl)}
	opt := make([]int, 0, 16)
	for x := range n {
		if g.pawn[x] {
			continue
		}
		opt = append(opt[:0], prim[cliqueOf[x]])
		opt = append(opt, items[x]...)
		if _, err := xp.AddOptionIndex(opt, nil); err != nil {
			return nil, err // unreachable: the items of a cell are distinct
		}
		cov.Cell = append(cov.Cell, int32(x))
	}
	return cov, nil
}

// canonicalDir reports whether v is the representative of {v, −v}: its
// first non-zero component is positive.
func canonicalDir(v []int) bool {
	for _, x := range v {
		if x != 0 {
			return x > 0
		}
	}
	return false
}

// checkDLX refuses what the dlx algorithm cannot answer.
func checkDLX(p models.Problem, o *models.Options) error {
	pp, ok := p.(*Problem)
	if !ok {
		return fmt.Errorf("pieces: dlx: %w (got %T)", models.ErrWrongProblem, p)
	}
	if pp.Task != Place {
		return fmt.Errorf("pieces: dlx answers the place task only (this is %s; use bitboard): %w", pp.Task, models.ErrUnsupported)
	}
	if n := pp.Board.Cells(); n > MaxSearchCells {
		return fmt.Errorf("pieces: dlx: %s has %d cells, at most %d: %w", &pp.Board, n, MaxSearchCells, models.ErrTooLarge)
	}
	return nil
}

// solveDLX is the registered "dlx" algorithm: Cover solved by package dlx.
func solveDLX(ctx context.Context, p models.Problem, opts *models.Options) (models.Result, error) {
	o := opts.OrDefault()
	if err := checkMode("dlx", o); err != nil {
		return models.Result{}, err
	}
	if err := checkDLX(p, o); err != nil {
		return models.Result{}, err
	}
	if o.Unique {
		return models.Result{}, fmt.Errorf("pieces: dlx does not reduce by symmetry (use bitboard): %w", models.ErrUnsupported)
	}
	pp := p.(*Problem)
	if err := pp.check(); err != nil {
		return models.Result{}, err
	}
	cov, err := pp.NewCover()
	if err != nil {
		return models.Result{}, err
	}
	if pp.K != cov.Cliques {
		return models.Result{}, fmt.Errorf("pieces: dlx: k = %d, but the exact cover puts one piece in each of the %d cliques of the board's cover (use bitboard): %w",
			pp.K, cov.Cliques, models.ErrUnsupported)
	}
	s, err := dlx.NewSolver(cov.Problem)
	if err != nil {
		return models.Result{}, err
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	if o.Mode == models.ModeFirst {
		workers = 1
	}
	sol := pp.pawnBoard()
	res, err := s.SolveModel(ctx, o, dlx.Options{Workers: workers}, func(options []int) models.Solution {
		clear(sol)
		for _, x := range pp.Board.Pawns {
			sol[x] = 2
		}
		for _, k := range options {
			sol[cov.Cell[k]] = 1
		}
		return sol
	})
	if err != nil {
		return models.Result{}, err
	}
	return res, nil
}
