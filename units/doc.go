// Package units splits an exact count into deterministic work units that
// separate processes — Slurm array tasks, Kubernetes Indexed Job pods, GNU
// parallel jobs — count independently, resumably, and that a merge adds up
// exactly with proof that every subproblem was counted once.
//
// A core.Decomposition lists the subproblems 0..M−1 of an instance in a
// fixed order; unit i of K is every subproblem j with j mod K = i (strided,
// so that the rare heavy subproblems spread over the units). Job runs one
// unit or a range of them, saving its progress in a checkpoint file, and
// produces one Line per unit: the count, the work, and a fingerprint of the
// subproblems covered — the sum mod 2^64 of a 64-bit hash of (decomposition,
// j) over them, which is additive and order-independent, so Merge can
// recompute it for every unit. Merge reads the lines of all units, checks
// that they agree, that each unit appears once (a repeat with the same count
// confirms it) and that the subproblems and fingerprints add up, and sums
// the counts with math/big.
package units
