package dlx

import "github.com/coverkit/coverkit/dlx/internal/dance"

// SetKernel makes s run the hiding loops of package dance with the kernel
// dance.Resolve(k) picks: the tests' one way to force a kernel.
func SetKernel(s *Solver, k dance.Kernel) { s.l.kernel = dance.Resolve(k) }
