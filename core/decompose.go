package core

import "context"

// Decomposition cuts one exact count into M deterministic subproblems,
// numbered 0..M−1 in a fixed order that depends only on the instance and
// the decomposition's name (never on timing, workers or the machine), so
// that separate processes on separate machines agree on what subproblem j
// is. The count of the instance is the sum of the counts of its
// subproblems. Package units builds work units, checkpoints and the merge
// on top of it: unit i of K is every subproblem j with j mod K = i.
//
// Implementations list their subproblems as they go (a list may be far too
// long to hold: 2 billion at 27 queens), so the subproblems of a unit are
// solved by one call to Run that walks the list once; Run allocates nothing
// per subproblem.
type Decomposition interface {
	// Name identifies the decomposition and its version, such as
	// "queens-coronal/1": two runs with the same name, model and size list
	// the same subproblems in the same order. A change to the list must
	// change the name.
	Name() string
	// Instance returns the canonical form of the instance the
	// decomposition splits — every parameter that changes the count, in
	// a form that does not depend on how the instance was written (the
	// order of given queens, the names and comments of a dlx file), such
	// as "queens n=13 torus=true given=" — or a digest of it. Units write
	// a hash of it on every unit line ("instance"), and a merge refuses
	// lines of different instances. A change to the form must change it
	// for every instance (a version in it).
	Instance() string
	// Len returns M, the number of subproblems. It may have to list them
	// (polling ctx), so callers should call it once.
	Len(ctx context.Context) (uint64, error)
	// Run solves the subproblems first, first+stride, first+2·stride, …
	// (those below M) in increasing order, on the calling goroutine, and
	// calls done after each one with its index and result. done returning
	// false stops Run early, and so does ctx: the subproblem under way when
	// ctx ends is abandoned (done is not called for it) and Run returns
	// the status from ContextStatus, StatusExhausted when every subproblem
	// was done. stride 0 is taken as 1. An error means the instance cannot
	// be decomposed (it is never a partial result).
	Run(ctx context.Context, first, stride uint64, done func(j uint64, r SubResult) bool) (Status, error)
}

// SubResult is the outcome of one subproblem of a Decomposition.
type SubResult struct {
	// Count is the subproblem's contribution to the instance's count,
	// weights included (for N-Queens, the weight 2, 4 or 8 times the
	// completions of the pre-placement).
	Count Count
	// Fundamental is the subproblem's contribution to the instance's count
	// up to symmetry (Result.Fundamental), for a decomposition that counts
	// it too (one whose Fundamental method reports true: see
	// FundamentalCounter); zero otherwise.
	Fundamental Count
	// Class is a small label of the subproblem that outputs tally: the
	// weight its Count was multiplied by, such as the symmetry weight 2, 4
	// or 8 of an N-Queens pre-placement, so that Count is a multiple of it
	// (package units checks it, and a merge checks each unit's count
	// against its classes); 0 when the decomposition has none.
	Class int
	// Stats is the work the subproblem took (Elapsed may be 0).
	Stats Stats
}

// FundamentalCounter is implemented by a Decomposition whose subproblems
// count the solutions up to symmetry too (SubResult.Fundamental), such as
// a tiling count with one piece restricted to orbit representatives:
// Fundamental reports whether this one does.
type FundamentalCounter interface {
	Fundamental() bool
}
