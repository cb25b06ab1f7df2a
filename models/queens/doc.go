// Package queens is the N-Queens model: place N queens on an N×N board so
// that none attacks another.
//
// A solution is a core.Solution with sol[c] = the 0-based row of the queen
// in column c; it is printed 1-based, as Wirth's vector (column i = 1..N
// holds a queen in row sol[i-1]+1). Board implements core.Problem: Verify
// checks a solution in O(N) independently of every solver, Render writes it
// as a perm line or a board, and VerifyStream checks a whole file of perm or
// JSON lines of any length in O(N) memory.
//
// # Algorithms
//
// The package registers the model's descriptor, with its algorithms, from
// init (models.Register), so the coverkit command and any program can find
// them by name (models.Lookup("queens"), then Model.Algorithm):
//
//   - backtrack: Wirth's recursive backtracking (seed 000, program 5.3),
//     column by column, rows in ascending order, with the O(1) safety test
//     of seed 001 on four arrays (row, column, sum diagonal r+c, difference
//     diagonal r−c). Its first solution is the lexicographically first.
//   - iterative: the same search with an explicit stack of (column, next
//     row) instead of recursion (seed 003); same nodes, checks and order.
//   - permutation: each column chooses only among the unused rows (a linked
//     list of flat arrays), so only the two diagonals are tested (seed 002:
//     5508 checks for all 92 solutions of n = 8, against 15720).
//   - construct: the O(n) explicit constructions of seed 002, with
//     Options.Method "formula" (Hoffman–Loessi–Moore, the default) or
//     "lists" (even/odd lists with the swaps for n mod 6 = 2, 3); a
//     billion queens take 4 GB (4 bytes a queen). It finds one solution
//     only: ModeAll and ModeCount return core.ErrUnsupported.
//   - join: Kluev's quadrant join (join.go, internal/join), count only: the solutions
//     are counted as compatible pairs of east and west half-boards, per
//     split of the rows by the side of their queen, in a bit-sliced sieve
//     (AVX-512 on amd64 where the CPU has it, portable Go elsewhere, the
//     same counts). It beats bitwise from n = JoinMinN on (JoinFaster) and
//     needs memory that grows about 9× per two n (JoinBytes); it gives no
//     fundamental count.
//   - coronal: the coronal decomposition's count (coronal.go,
//     internal/coronal), count only: every solution has one queen on each
//     of the rows and columns 0, 1, n−2, n−1; each pre-placement of those
//     eight border lines, one per class under the 8 symmetries of the
//     square and weighted 2, 4 or 8, is finished by a bitwise search of the
//     rows left, most constrained row first (row by row above
//     CoronalMRVMaxN). It solves exactly the subproblems of the split
//     counts' queens-coronal decomposition, strided over the workers, so
//     its nodes are the sum over the units of any split of it, on any
//     number of workers. It gives no fundamental count and takes no node
//     budget.
//
// The bitwise, dlx and min-conflicts algorithms of this package are
// described in their own files.
//
// # The torus and given queens
//
// Board.Torus makes the board toroidal (diagonals wrap around; NewTorus,
// VerifyTorus). Pólya's theorem (Polya) answers at once that no solution
// exists when n is divisible by 2 or 3, with status exhausted and the
// theorem in Result.Reason; construct builds the solution 2c mod n (method
// "modular"); bitwise counts the torus with its translations and a mirror
// (OEIS A051906) and lists its solutions; dlx solves TorusCover.
//
// Board.Given holds queens placed in advance (N-Queens completion,
// NP-complete): dlx forces them as options of the exact cover, bitwise
// fixes their columns; ReadGiven and ParseGiven read them as 1-based
// "row,column" pairs; Check rejects givens off the board or given twice
// (ErrGiven), and the solvers answer givens that attack each other
// (*AttackError) with a proved absence naming the pair, with no search.
// The other algorithms refuse a torus or givens with
// core.ErrUnsupported. DefaultAlgorithm says which algorithm to run.
//
// # Statistics
//
// The exact searches report, exactly, the numbers the classic texts
// compare: Stats.Nodes is the number of consistent partial placements
// visited, the empty board included (2057 for n = 8); Stats.Checks is the
// number of candidate squares tested for safety (for backtrack and
// iterative every row tried in a column, 15720 for all solutions of n = 8;
// for permutation every unused row tried, 5508). Options.Visit receives each
// solution with the nodes and checks since the previous one, which is
// Wirth's table: 876 checks before the first solution of n = 8, a mean of
// 161 over the 92.
//
// # Symmetry
//
// The 8 symmetries of the square act on solutions (Symmetry, Canonical,
// IsCanonical, ClassSize). Unique wraps any algorithm that can enumerate
// and keeps the lexicographically least solution of each class, with no
// memory of earlier solutions: that counts the fundamental solutions (OEIS
// A002562: 12 for n = 8) and lists one representative per class.
package queens
