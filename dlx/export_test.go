package dlx

import (
	"github.com/coverkit/coverkit/dlx/internal/dance"
)

// SetKernel makes s run the hiding loops of package dance with the kernel
// dance.Resolve(k) picks: the tests' one way to force a kernel.
func SetKernel(s *Solver, k dance.Kernel) { s.l.kernel = dance.Resolve(k) }

// SetCellsKernel makes s's dancing cells (built now if need be) choose an
// option without colors with the kernel dance.Resolve(k).
func SetCellsKernel(s *Solver, k dance.Kernel) error {
	if s.cl == nil {
		cl, err := newCells(nil, s.l)
		if err != nil {
			return err
		}
		s.cl = cl
	}
	s.cl.kernel = dance.Resolve(k)
	return nil
}
