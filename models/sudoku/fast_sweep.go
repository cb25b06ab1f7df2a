package sudoku

// The sweep kernel (fast_sweep_amd64.s, AVX-512) is a second way of
// computing fastState.propagate's fixpoint: instead of a work list of
// changed digit-bands it applies every deduction to the whole grid at once,
// in rounds, until a round changes nothing. The whole grid fits in three
// 512-bit registers: register r holds row r of every band, one 16-bit lane
// per digit-band (lane 9·b+d: the columns where digit d+1 may go in row
// 3·b+r; lanes 27..31 are padding, all nine columns). A round, from the
// state X to the state Y:
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
//  4. the permutation filter of fastKeep on every digit-band (mini-rows on
//     no permutation of the band's 3×3 row–box grid are cleared; none left
//     is a contradiction), and the one of fastStackKeep on every stack (from
//     the column counts of step 1), with shifts inside the lanes.
//
// Every deduction here is one the Go kernel makes too (hidden singles in
// boxes come out of the permutation filter and the row singles), and each
// only removes candidates that no solution of the current state uses; so
// both kernels end at the greatest state closed under the same rules: the
// same candidates, or both a contradiction (the same fixpoint whatever the
// order of the deductions). The search around them is the same Go code,
// so the two give the same nodes, solutions and counts
// (TestFastSweepAgrees). At a fixpoint the cells not yet placed are those
// with two candidates or more, which the kernel writes to unsolved. It also
// makes pick's choice, from the counts of the last round: every cell's
// score at once, as sums of weights over rows, columns and boxes, and the
// maximum of score·128 + 127 − (27·b+p) over the cells with two
// candidates, which is pick's first best cell; the rare grids without such
// a cell are left to pick. A round costs about 240 vector instructions; a
// search node takes three or four rounds (the last one confirms the
// fixpoint).

// fastSweepTables holds the constant vectors of the sweep kernel. The
// lane permutations (VPERMW indices): rot[i] turns the nine lanes of each
// group 9·b..9·b+8 by 1, 2, 4 and 8 (lane 9·b+d takes lane 9·b+(d+k)%9),
// band[0] and band[1] bring the next group and the one after (lane 9·b+d
// takes lane 9·((b+1)%3)+d, and 9·((b+2)%3)+d), tri[i] turns each group of
// three lanes by 1 and 2. For pick, in the lanes 9·b+c of row register r:
// shift holds c, key[r] holds 127 − (27·b + 9·r + c). The padding lanes
// 27..31 stay in place and hold 0.
type fastSweepTables struct {
	rot   [4][32]uint16
	band  [2][32]uint16
	shift [32]uint16
	tri   [2][32]uint16
	key   [3][32]uint16
	// cell[27·b+9·r+c] locates a cell for the search: 9·b in bits 0-7, r
	// in bits 8-15, 1<<c in bits 16-31.
	cell [81]uint32
}

var fastSweepTab = newFastSweepTables()

func newFastSweepTables() *fastSweepTables {
	t := new(fastSweepTables)
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

// fastSweepSearch is the state of the sweep kernel's search
// (fastSearchAVX512): a stack of levels, each with its fixpoint in the
// kernel's layout (three row registers of 32 lanes), the cell guessed
// there and the digits still to try; the counters; and out, where the
// kernel leaves a solution, or a fixpoint for pick, in fastState's layout.
type fastSweepSearch struct {
	states [fastMaxDepth][3][32]uint16
	cells  [fastMaxDepth]uint32
	digits [fastMaxDepth]uint32
	level  int64
	nodes  uint64
	bound  uint64 // return (event fastEventPoll) when nodes reaches bound
	resume int64  // where the next call goes on (fastResume*)
	out    fastState
	givens *[81]uint8 // the puzzle, for fastResumeStart
}

// The events of the sweep kernel's search, and where it resumes.
const (
	fastEventDone     = 0 // the search is over
	fastEventSolution = 1 // a solution in out
	fastEventPick     = 2 // no cell with two candidates: pick on out sets cells[level]
	fastEventPoll     = 3 // the nodes reached bound

	fastResumeStart     = 0 // from the givens
	fastResumeNext      = 1 // the next branch of the current level
	fastResumeBacktrack = 2 // after a solution
	fastResumePicked    = 3 // after pick
)

// The sweep kernel's answers besides a cell 27·b+p to guess on.
const (
	fastSweepContradiction = -1
	fastSweepSolved        = 81 // every cell placed
	fastSweepNoPair        = 82 // no cell with exactly two candidates
)
