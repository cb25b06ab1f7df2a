// Package sweep is the sudoku model's AVX-512 kernel for 9×9 grids
// (sweep_amd64.s), a second way of computing the fixpoint of the Go
// kernel's propagation (models/sudoku, fastState.propagate): instead of a
// work list of changed digit-bands it applies every deduction to the whole
// grid at once, in rounds, until a round changes nothing. The whole grid
// fits in three 512-bit registers: register r holds row r of every band,
// one 16-bit lane per digit-band (lane 9·b+d: the columns where digit d+1
// may go in row 3·b+r; lanes 27..31 are padding, all nine columns). A
// round, from the state X to the state Y:
//
//  1. counts, over the three rows of each band, the rows where a digit
//     may go in each column (one, two or more), then over the three bands
//     (lane permutations by 9 and 18): a column with no place for a digit is
//     a contradiction, a column with one is a hidden single in a column;
//  2. counts, over the nine digits of each band (lane rotations within
//     groups of nine), the digits each cell may hold: none is a
//     contradiction, one is a naked single;
//  3. the determined cells D: those singles and the rows with one place
//     (hidden singles in rows). Two determined cells in a row are a
//     contradiction; each determined cell clears its row, its box and its
//     column (in every band) of its digit, and its cell of the other
//     digits;
//  4. the permutation filters of the Go kernel (fastKeep, fastStackKeep):
//     on every digit-band, the mini-rows on no permutation of the band's
//     3×3 row–box grid are cleared (none left is a contradiction); on
//     every stack, likewise for the mini-columns, from the column counts of
//     step 1; both with shifts inside the lanes.
//
// Every deduction here is one the Go kernel makes too (hidden singles in
// boxes come out of the permutation filter and the row singles), and each
// only removes candidates that no solution of the current state uses; so
// both kernels end at the greatest state closed under the same rules: the
// same candidates, or both a contradiction (the same fixpoint whatever the
// order of the deductions). The search is the same too (Search: the Go
// kernel's recursion on an explicit stack), so the two give the same
// nodes, solutions and counts (models/sudoku, TestFastSweepAgrees). At a
// fixpoint the cells not yet placed are those with two candidates or more.
// The kernel also makes the Go kernel's choice of the cell to guess on
// (pick), from the counts of the last round: every cell's score at once, as
// sums of weights over rows, columns and boxes, and the maximum of
// score·128 + 127 − (27·b+p) over the cells with two candidates, which is
// pick's first best cell; the rare grids without such a cell are left to
// the Go pick. A round costs about 230 vector instructions; a search node
// takes three or four rounds (the last one confirms the fixpoint).
//
// Available says whether the CPU has the instructions (AVX512F and
// AVX512BW, with the ZMM state enabled by the operating system); with the
// purego build tag, or on another architecture, it is false and Run and
// Step must not be called.
package sweep

// MaxDepth bounds the levels of a search: every guess places at least one
// cell.
const MaxDepth = 82

// State is a grid's candidates in the Go kernel's layout (fastState's first
// fields): Cand[9·b+d] holds the cells of band b (bit 9·r+c: row 3·b+r,
// column c) where digit d+1 may go; Unsolved[b] the cells of band b with two
// candidates or more (at a fixpoint). Step reads and writes it.
type State struct {
	Cand     [27]uint32
	Unsolved [3]uint32
	Changed  uint32
	Diag     bool
}

// Tables holds the constant vectors of the kernel. The lane permutations (VPERMW indices): rot[i] turns the nine lanes of each
// group 9·b..9·b+8 by 1, 2, 4 and 8 (lane 9·b+d takes lane 9·b+(d+k)%9),
// band[0] and band[1] bring the next group and the one after (lane 9·b+d
// takes lane 9·((b+1)%3)+d, and 9·((b+2)%3)+d), tri[i] turns each group of
// three lanes by 1 and 2. For pick, in the lanes 9·b+c of row register r:
// shift holds c, key[r] holds 127 − (27·b + 9·r + c). The padding lanes
// 27..31 stay in place and hold 0.
type Tables struct {
	rot   [4][32]uint16
	band  [2][32]uint16
	shift [32]uint16
	tri   [2][32]uint16
	key   [3][32]uint16
	// cell[27·b+9·r+c] locates a cell for the search: 9·b in bits 0-7, r
	// in bits 8-15, 1<<c in bits 16-31.
	cell [81]uint32
}

// tab is the one Tables the kernel reads.
var tab = NewTables()

// NewTables builds the kernel's constant vectors.
func NewTables() *Tables {
	t := new(Tables)
	for l := range 32 {
		for i, k := range [4]int{1, 2, 4, 8} {
			t.rot[i][l] = uint16(l)
			if l < 27 {
				t.rot[i][l] = uint16(l/9*9 + (l%9+k)%9)
			}
		}
		for i := range 2 {
			t.band[i][l] = uint16(l)
			t.tri[i][l] = uint16(l)
			if l < 27 {
				t.band[i][l] = uint16((l/9+i+1)%3*9 + l%9)
				t.tri[i][l] = uint16(l/3*3 + (l%3+i+1)%3)
			}
		}
		if l < 27 {
			for p := range 27 {
				t.cell[27*(l/9)+p] = uint32(9*(l/9)) | uint32(p/9)<<8 | uint32(1)<<(16+p%9)
			}
			t.shift[l] = uint16(l % 9)
			for r := range 3 {
				t.key[r][l] = uint16(127 - (27*(l/9) + 9*r + l%9))
			}
		}
	}
	return t
}

// Search is the state of a search (Run): a stack of levels, each with its
// fixpoint in the kernel's layout (three row registers of 32 lanes), the
// cell guessed there (Cells, 27·b+p) and its digits still to try, lowest
// first (the last one is tried in place, at the same level, as the Go
// search does); the counters; and Out, where Run leaves a solution, or a
// fixpoint for the Go pick, in the Go kernel's layout.
type Search struct {
	states [MaxDepth][3][32]uint16
	Cells  [MaxDepth]uint32
	digits [MaxDepth]uint32
	Level  int64
	Nodes  uint64     // the branches tried so far
	Bound  uint64     // Run returns EventPoll when Nodes reaches Bound
	Resume int64      // where the next Run goes on (Resume*)
	Out    State      // a solution (EventSolution), or a fixpoint for pick (EventPick)
	Givens *[81]uint8 // the puzzle, for ResumeStart
}

// The events at which Run returns, and where the next Run resumes.
const (
	EventDone     = 0 // the search is over
	EventSolution = 1 // a solution in Out; resume with ResumeBacktrack
	EventPick     = 2 // a fixpoint without a cell of two candidates in Out (with Unsolved): the caller sets Cells[Level] and resumes with ResumePicked
	EventPoll     = 3 // Nodes reached Bound: resume with ResumeNext (a higher Bound)

	ResumeStart     = 0 // from the givens (Level, Nodes 0)
	ResumeNext      = 1 // the next branch of the current level, counted as a node
	ResumeBacktrack = 2 // after a solution
	ResumePicked    = 3 // after the caller's pick
)

// The answers of Step besides a cell 27·b+p to guess on.
const (
	Contradiction = -1
	Solved        = 81 // every cell placed
	NoPair        = 82 // no cell with exactly two candidates
)
