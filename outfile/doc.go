// Package outfile writes results to standard output or to a file that is
// replaced atomically: the data go to a temporary file in the same
// directory, which is synced and renamed over the target only when the
// writer commits. A reader of the target never sees half a result, and an
// earlier file survives every run that does not commit.
//
// It is the one mechanism behind the coverkit command's --out flag and the
// checkpoints of split counts (package units).
package outfile
