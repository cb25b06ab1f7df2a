package models

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/lines"
)

// Model describes a problem family to front ends: how an instance is named
// on a command line, which flags of its own it takes, how its solutions are
// written and read back, which algorithm answers a request by default, and
// which facts of a result are its own, its algorithms and how its counts
// split. It is the single declaration of a model: a model registers one
// Model from init, and there is no other registry:
//
//	func init() {
//		models.Register(models.Model{
//			Name:       "langford",
//			Summary:    "Langford pairings: two of each of 1..N, k numbers between the k's",
//			Instance:   models.Instance{Usage: "N", Args: 1, New: newPairing},
//			Formats:    []string{"text", "json"},
//			Algorithms: []models.Algorithm{dlxAlgorithm},
//			Decompose:  decompose,
//		})
//	}
//
// The coverkit command builds `coverkit <model> solve|count|verify|compare`
// from it, so a new model needs no code in the command. Every field but Name,
// Summary and Instance is optional.
type Model struct {
	// Name is the registry name, such as "queens".
	Name string
	// Summary is one line for listings and help.
	Summary string
	// Doc is the long help: what an instance is, how solutions are encoded.
	Doc string
	// Instance says how an instance is named on a command line and built.
	Instance Instance
	// Params are the model's own parameters (command-line flags such as
	// --closed or --reduced), read by Instance.New and Fields.
	Params []Param
	// Algorithms are the model's algorithms, in the order listings show
	// them; the registry sets each one's Model to Name.
	Algorithms []Algorithm
	// Decompose, if set, splits the count of p (the very Problem that
	// count solves, every parameter included) for about units work units
	// (a decomposition may cut finer when there are more units). Its
	// error wraps core.ErrUnsupported, naming what cannot be split, when
	// the instance cannot be. nil: the model's counts do not split.
	Decompose func(ctx context.Context, p core.Problem, units uint64) (core.Decomposition, error)
	// Formats lists the formats Problem.Render accepts for one solution,
	// the default first. "json" renders a solution as one JSON value.
	Formats []string
	// Blocks lists the formats of Formats in which a solution is a block
	// of lines (a board, a grid, options one a line, a picture): a listing
	// separates two solutions by a blank line, and verify cuts its input
	// there, even where one solution fits on one line (a one-row board).
	// In the other formats a solution is one line.
	Blocks []string
	// Verbs gives generic verbs an alias of the model's own: Verbs["solve"]
	// = "tour" makes `knight tour` another name of `knight solve`; "."
	// makes the model's own command solve too (`coverkit dlx FILE`, with
	// --count to count, beside `dlx solve FILE` and `dlx count FILE`). The
	// verbs keep their generic names everywhere. A verb the model has no
	// use for is listed in Without.
	Verbs map[string]string
	// Without lists the generic verbs the model does not offer ("verify",
	// "compare", ...).
	Without []string
	// Default picks the algorithm for a request when none is named; nil or
	// "" means the model's first algorithm that can do it. Pick gives it
	// the request's options with the worker count resolved (Resolve): the
	// count the run will have, 1 or more.
	Default func(p core.Problem, o *core.Options) string
	// Fields returns the model's own facts about a result, written after
	// the common fields of a record (for N-Queens, "n"). A nil result
	// asks for the facts of the instance alone, which every line of a
	// listing carries (no count, no solution of the result's).
	Fields func(p core.Problem, res *core.Result) []Field
	// CountText, if set, is a second line for the text answer of a count,
	// after the one shape of every model (report.CountLine: "92 solutions
	// for 8"), in the model's own words where they say more ("1728 open
	// tours (directed) from every square"); count is the count already
	// formatted ("92", or "at least 92" for a partial count). "" writes
	// no second line.
	CountText func(p core.Problem, res *core.Result, count string) string
	// NoSolution is the message for a proved absence of solutions, such
	// as "no solution: 3 queens cannot be placed on a 3×3 board"; nil means
	// "no solution: " and Result.Reason or "the search finished without
	// one".
	NoSolution func(p core.Problem, res *core.Result) string
	// ListAll makes solve list every solution unless --limit says
	// otherwise, as Knuth's programs do, instead of the first.
	ListAll bool
	// Headline, if set, is a line solve writes before the first solution
	// in a text format, saying what the solution proves ("the domination
	// number of queens on 8x8 is 5"); "" writes none.
	Headline func(p core.Problem, res *core.Result) string
	// SolutionKey is the JSON key of a solution in solve's records
	// ("solution" if empty; "path" for a knight's tour).
	SolutionKey string
	// Verify reads solutions as the model writes them from r and checks
	// every one independently of any solver. req holds the arguments
	// before the input (an instance, when the solutions do not say what
	// they solve).
	Verify func(ctx context.Context, req Request, r io.Reader) (*VerifyReport, error)
	// VerifyUsage names verify's arguments in help ("[FILE|-]" by
	// default); VerifyArgs is the number of them before the input, which
	// is optional and defaults to standard input. VerifyInput, if set,
	// says where the input is among args instead (for an instance whose
	// last arguments are optional, such as pieces' K): its index, or
	// len(args) for standard input.
	VerifyUsage string
	VerifyArgs  int
	VerifyInput func(args []string) int
	// Cover, if set, writes the instance as a generalized exact cover in
	// the text format of Knuth's dlx1/dlx2 (docs/formats.md), for the
	// `cover` verb. Its build stops when ctx ends (a nil ctx never ends),
	// with an error that core.ErrorStatus reads as the stop.
	Cover func(ctx context.Context, p core.Problem, w io.Writer) error
	// Tasks are further verbs: a solve (or with --count a count) with
	// some parameters preset, such as `pieces max PIECE SIZE`, or work of
	// the model's own (Task.Run), such as `sudoku generate`. A task named
	// like a generic verb replaces it.
	Tasks []Task
	// Batch, if set, is the model's batch capability: its instance input
	// is many instances, one a record (a puzzle a line), and solve answers
	// every record of the input named by the last argument (a file, "-"
	// or none for standard input) through the one batch loop (package
	// models/batch: batch.Run), compare runs every algorithm over all of
	// them (batch.Load). Count, and a verify of its own, keep Instance.
	Batch func(req Request) (Batch, error)
	// Literal, if set, reads arguments that write an input out instead of
	// naming a file (a sudoku puzzle for solve; a puzzle and its solution
	// for verify): it returns the input's text. The front end uses it
	// when the first argument names no file.
	Literal func(args []string) (string, bool)
	// Examples are command lines shown in help, keyed by verb.
	Examples map[string]string
	// Stops are the model's long runs: for each phase of a run (StopPhases:
	// building the instance, parsing an input, searching, writing the
	// result), a command line that makes it last long enough to be
	// stopped, or why the model has none. The stop-latency test of the
	// command (TestStopLatency) stops each by a signal and by a deadline.
	Stops []Stop
}

// StopPhases are the phases of a run that Model.Stops covers, each once at
// least; a model may add further cases of a phase ("search-wide").
var StopPhases = []string{"build", "parse", "search", "write"}

// Stop is one long run of a model (Model.Stops).
type Stop struct {
	// Phase is the phase it makes long (one of StopPhases, or a further
	// case of one: "search-wide").
	Phase string
	// Args are the command's arguments (after `coverkit`); an argument
	// "$NAME" is the file that Inputs[NAME] makes.
	Args []string
	// From and To bound the point, after the start, at which the run is
	// stopped: well inside the phase on the reference machine (2 cores).
	From, To time.Duration
	// Inputs make the input files Args names.
	Inputs map[string]StopInput
	// None, if set, says why the model has no such phase (Args empty).
	None string
}

// StopInput makes an input file of a Stop: the output of the command with
// Args (after `coverkit`) written Repeat times over (0: once), or, with
// Write set, what Write writes.
type StopInput struct {
	Args   []string
	Repeat int
	Write  func(w io.Writer) error
}

// Verb returns the name of a generic verb for the model: the generic name
// itself (every model's verbs have the same names), or "" if the model
// does not offer it: it is in Without, or one of the model's tasks has its
// name and replaces it. Verbs holds the aliases.
func (m *Model) Verb(generic string) string {
	if slices.Contains(m.Without, generic) || slices.ContainsFunc(m.Tasks, func(t Task) bool { return t.Verb == generic }) {
		return ""
	}
	return generic
}

// Task is a verb of the model's own. Without Run it solves (or, with
// --count, counts) with parameters preset and arguments put first: `pieces
// max PIECE SIZE` is `pieces solve PIECE SIZE --task max`. With Run it does
// work that is no solve at all (a batch of puzzles, a generator), and the
// front end gives it the shared flags it names, the model's parameters for
// its verb, an output and a context, and turns its Outcome into an exit
// code.
type Task struct {
	// Verb is the command's name; Short its one-line help; Long, if set,
	// its long help (the model's Doc otherwise).
	Verb, Short, Long string
	// Usage names its arguments; Args and Optional count them.
	Usage          string
	Args, Optional int
	// Prefix goes before the user's arguments (`pawns N` is the instance
	// "queen N").
	Prefix []string
	// Params are preset; the user cannot change them.
	Params map[string]string
	// Flags names the shared flags a task with Run takes, from the one
	// vocabulary: "algo", "workers", "timeout", "limit", "format", "out",
	// "stats". A task without Run takes those of solve.
	Flags []string
	// Formats are the --format values of a task with Run, the default
	// first.
	Formats []string
	// Run does the task. Its error is the user's (bad input or usage, exit
	// 2), returned before anything is written; how the work ended
	// otherwise is in the Outcome.
	Run func(ctx context.Context, c *Call) (*Outcome, error)
}

// Call is what a front end hands a task's Run: the request and the values
// of the shared flags, checked, and where to write.
type Call struct {
	Request
	// Algorithm is --algo ("" for the model's choice).
	Algorithm string
	// Workers is --workers as given: 0 is the default, which the one
	// worker rule resolves (resource.Workers) where the task's work is
	// shared out, in the library call it makes (batch.Run), once.
	Workers int
	// Limit is --limit, 0 when it was not given.
	Limit uint64
	// Format is --format, one of the task's Formats.
	Format string
	// Out receives the results; Log diagnostics.
	Out, Log io.Writer
	// Progress, if not nil, receives how much of the work is done (total
	// -1 when it is not known).
	Progress func(done, total int64)
}

// Outcome says how a task ended, for the exit code.
type Outcome struct {
	// Status is how the work ended. A partial status (timeout, canceled,
	// limit) means stopped early (exit 3): what was written is kept, an
	// output file replaced only if something was written.
	Status core.Status
	// Invalid marks a run that answered every valid item of its input and
	// marked the invalid ones (exit 2).
	Invalid bool
	// Failed marks a "no": an invalid solution, a goal that no attempt
	// reached (exit 1).
	Failed bool
	// Message, if set, says what happened (on standard error).
	Message string
	// Size, Algorithm, Result and Fields describe the work done, for the
	// result record that --stats writes on standard error (package
	// report): what was solved (a batch's input), the algorithm, the
	// summed result (status, solutions, work, elapsed time) and the task's
	// own facts. A task that leaves Algorithm "" has no record.
	Size, Algorithm string
	Result          core.Result
	Fields          []Field
}

// Instance says how a model's instance is named and made.
type Instance struct {
	// Usage names the arguments in help: "N", "SIZE", "[FILE|-]".
	Usage string
	// Args is the number of positional arguments; Optional more may follow
	// (an input file that defaults to stdin).
	Args, Optional int
	// SizeArg is the index among the positional arguments of the one
	// that sizes the instance, where `compare --sizes` puts each size
	// (pieces' SIZE, after PIECE: 1); 0, the first.
	SizeArg int
	// New builds the instance from a request. Its errors are the user's:
	// they name the argument or the line at fault.
	New func(req Request) (core.Problem, error)
	// Samples are small instances as command-line arguments (the
	// positional arguments, then any of the model's flags; file names
	// relative to the repository's root), each counted in well under a
	// second, that the generated tests count, split and compare with
	// every sample of every parameter (see Param.Samples). A model with a
	// decomposition has at least one.
	Samples []string
}

// Param is a model's own command-line parameter.
type Param struct {
	// Name is the flag's name without dashes.
	Name string
	// Usage is its one-line help.
	Usage string
	// Default is the value when the flag is not given ("" for none).
	Default string
	// Switch marks a boolean flag (--closed); its value is "true" or
	// "false".
	Switch bool
	// Values lists the accepted values, for completion and checking; nil
	// accepts any.
	Values []string
	// Verbs lists the verbs that take the flag; nil means solve, count and
	// compare.
	Verbs []string
	// Samples are values the generated tests try for the parameter (a
	// switch: "true"; a file: its path from the repository root), each
	// among Values when Values is set; every parameter has some.
	Samples []string
}

// For reports whether the parameter applies to the generic verb.
func (p *Param) For(verb string) bool {
	if p.Verbs == nil {
		return verb == "solve" || verb == "count" || verb == "compare"
	}
	return slices.Contains(p.Verbs, verb)
}

// Request carries what a front end was given to name an instance: the
// positional arguments, the model's parameters and a way to open input.
type Request struct {
	// Args are the positional arguments of the verb.
	Args []string
	// Params holds the model's parameters by name, defaults filled in.
	Params map[string]string
	// Open opens an input named by an argument ("-" is standard input).
	// nil opens nothing.
	Open func(name string) (io.ReadCloser, error)
	// Warn, if set, receives warnings about the input (for people, on
	// standard error); nil drops them.
	Warn func(msg string)
	// Context, if set, is what reading and building the instance stop on
	// (the command's timeout and signals): a model whose instance takes
	// long to build (a large file, a large board) polls it through a
	// core.Meter and fails with an error wrapping its cause
	// (context.DeadlineExceeded, context.Canceled). nil never ends.
	Context context.Context
}

// Ctx returns r.Context, or context.Background() when it is nil.
func (r Request) Ctx() context.Context {
	if r.Context == nil {
		return context.Background()
	}
	return r.Context
}

// Warnf sends a formatted warning to r.Warn, if set.
func (r Request) Warnf(format string, a ...any) {
	if r.Warn != nil {
		r.Warn(fmt.Sprintf(format, a...))
	}
}

// Param returns the named parameter's value ("" if absent).
func (r Request) Param(name string) string { return r.Params[name] }

// Switch reports whether the named switch is on.
func (r Request) Switch(name string) bool { return r.Params[name] == "true" }

// OpenArg opens the i-th argument as input, or standard input ("-") when
// there is no such argument, through OpenFile. A negative i is an error.
func (r Request) OpenArg(i int) (io.ReadCloser, string, error) {
	if i < 0 {
		return nil, "", fmt.Errorf("models: no argument %d", i)
	}
	name := "-"
	if i < len(r.Args) {
		name = r.Args[i]
	}
	rc, err := r.OpenFile(name)
	return rc, name, err
}

// OpenFile opens the input name names (a file; "-" is standard input)
// with r.Open, read under r.Context as lines.Open reads it: a stop or a
// deadline ends a read that waits for input (a pipe, a FIFO, a terminal)
// at once, with the context's error, and opening (a FIFO waits for its
// writer) waits no longer than the context. Every input a model reads is
// opened here: an argument (OpenArg, Model.OpenInput) or a parameter's
// file (--given-file, --from, --regions).
func (r Request) OpenFile(name string) (io.ReadCloser, error) {
	if r.Open == nil {
		return nil, fmt.Errorf("models: cannot open %s here", name)
	}
	return lines.Open(r.Context, func() (io.ReadCloser, error) { return r.Open(name) })
}

// Field is one model-specific fact in a record: a JSON key and its value.
type Field struct {
	Key   string
	Value any
}

// Fields is an ordered list of facts; it is written to JSON as an object
// with its keys in order.
type Fields []Field

// MarshalJSON writes the fields as one JSON object, keys in order.
func (fs Fields) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, f := range fs {
		k, err := json.Marshal(f.Key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(f.Value)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}'), nil
}

// VerifyReport is what checking a file of solutions found (verify.Each, the
// one verify loop of package models/verify).
type VerifyReport struct {
	// Solutions is the number of records read that should be solutions;
	// Valid and Invalid split it; Unreadable counts the invalid ones that
	// could not be read as a solution at all; Distinct counts the
	// different valid ones; Skipped the records without a solution, not
	// checked.
	Solutions, Valid, Invalid, Unreadable, Distinct, Skipped uint64
	// DistinctAtLeast marks Distinct as a lower bound: the memory policy
	// refused to hold more of the valid solutions seen (verify.Each),
	// and those read after it were checked but not told apart.
	DistinctAtLeast bool
	// Status is StatusExhausted when every record was read, else why the
	// reading stopped (timeout, canceled): the counts are those of the
	// records before the stop.
	Status core.Status
	// FirstBad locates the first invalid solution, or is nil; Bad lists
	// the invalid ones in input order, the first verify.MaxBadListed.
	FirstBad *Bad
	Bad      []Bad
	// Summary, if set, is the model's own words about the solutions,
	// written after the one summary line of every model ("valid closed
	// knight's tour of 6x6 from 1,1").
	Summary string
	// Fields are the model's own facts for the JSON record.
	Fields []Field
}

// Bad locates an invalid solution.
type Bad struct {
	// Line is the 1-based line where the solution starts.
	Line int `json:"line"`
	// Reason says what is wrong.
	Reason string `json:"error"`
	// Unreadable marks a record that is no solution in any form solve
	// writes.
	Unreadable bool `json:"unreadable,omitempty"`
}

// Algorithm returns the model's algorithm called name, or an error that
// lists the known ones.
func (m *Model) Algorithm(name string) (Algorithm, error) {
	for _, a := range m.Algorithms {
		if a.Name == name {
			return a, nil
		}
	}
	return Algorithm{}, fmt.Errorf("models: unknown %s algorithm %q (known: %s)", m.Name, name, strings.Join(m.AlgorithmNames(), ", "))
}

// AlgorithmNames returns the names of m's algorithms in the order the
// descriptor lists them (nil for none, or a nil m): those `--algo`
// completes, `coverkit models` lists and a merge checks labels against.
func (m *Model) AlgorithmNames() []string {
	var names []string
	if m == nil {
		return nil
	}
	for _, a := range m.Algorithms {
		names = append(names, a.Name)
	}
	return names
}

// Pick returns the algorithm that answers p with options o: the one named
// (if name is not ""), else the model's default, else the first of its
// algorithms that supports the request. The algorithm is checked with
// Supports, so a named algorithm that would ignore a setting o asks for
// (Honours) is refused, the error naming the algorithms that honour it.
// The model's own choice honours every setting asked: when the default
// would ignore one (`--sample` where it lists, `--branch` where it picks
// the branching rule itself), the first algorithm in the model's order
// that supports the whole request answers instead.
func (m *Model) Pick(name string, p core.Problem, o *core.Options) (Algorithm, error) {
	named := name != ""
	if !named && m.Default != nil {
		r, err := Resolve(o) // the worker count the run will have
		if err != nil {
			r = o // refused by Supports below, or by the run
		}
		name = m.Default(p, r)
	}
	var first error
	if name != "" {
		a, err := m.Algorithm(name)
		if err != nil {
			return a, err
		}
		err = a.Supports(p, o)
		if err == nil || named || len(a.Ignores(o)) == 0 {
			return a, err
		}
		first = err // the default ignores a setting: another may honour it
	}
	var honouring error // the refusal of an algorithm that honours every setting: the most to the point
	for _, a := range m.Algorithms {
		err := a.Supports(p, o)
		if err == nil {
			return a, nil
		}
		if first == nil {
			first = err
		}
		if honouring == nil && a.CanDo(o) && len(a.Ignores(o)) == 0 {
			honouring = err
		}
	}
	switch {
	case honouring != nil && name != "":
		return Algorithm{}, honouring
	case first == nil:
		first = fmt.Errorf("models: model %s lists no algorithm", m.Name)
	}
	return Algorithm{}, first
}
