package units

// MergeDoc is the help of the merge command (coverkit merge): what Merge
// reads and checks, its exit codes and its JSON summary.
const MergeDoc = `Read the unit lines written by a split count (count --units K --unit I) from
the FILEs (or stdin, "-" or none) and print the exact total.

Every line must come from the same count: the same schema (version 3, or
2), instance (a hash of the canonical instance), decomposition, model and
K, and the same labels merge prints (size, algorithm), which a version 3
line ties to its instance by its labels digest (a label edited by hand is
refused), and the command checks the labels
against this coverkit's models (the model has split counts, the
decomposition is one of its own, the algorithm one of its); lines written
by different
versions of coverkit merge when these agree. Lines are read strictly (an
unknown field or a value out of range is refused, naming the field). Each
unit 0..K-1 must appear; a unit seen twice with the same count is
confirmed, with a different count it is a conflict. Each unit's
subproblems and fingerprint must match what the decomposition lists for
it, and its by_weight (the subproblems by class, a class being the weight
a subproblem's count was multiplied by) has known classes, adds up to its
subproblems, divides its count (their greatest common divisor), and is on
every line or on none. Every total is added with overflow detection. The
text output writes control characters of a label as escapes (\n, \x1b).

The lines are read and checked as they come, a few words kept a unit;
--timeout, SIGINT or SIGTERM stop the merge (nothing is printed).

Exit 0: complete and consistent. Exit 3: units are missing; they are printed
as index ranges ready for sbatch --array= (stderr); or the merge was
stopped. Exit 2: a conflict, a
mismatch, an overflow, or an unreadable line, named with its file and
line.

JSON: {"model":...,"size":...,"algorithm":...,"solutions":N,"units":K,
"complete":true,"decomposition":...,"instance":...,"subproblems":M,
"present":...,"lines":...,"confirmed":...,"by_weight":{...},"nodes":...,
"cpu_seconds":...,
"missing":[[first,last],...]}.`
