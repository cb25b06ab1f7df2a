package models

import (
	"slices"
	"strings"

	"github.com/coverkit/coverkit/core"
)

// GenericVerbs are the verbs every model's command is built from, in the
// order the command lists them (a model offers those of Offers).
var GenericVerbs = []string{"solve", "count", "verify", "compare"}

// verbFlags are the shared flags of each generic verb, named from the one
// vocabulary of the command built from the registry, as Task.Flags names
// a task's.
var verbFlags = map[string][]string{
	"solve": {"algo", "workers", "timeout", "max-nodes", "method", "seed", "unique", "limit", "format", "out", "stats",
		"all", "sample", "branch", "memo-bytes", "progress"},
	"count": {"algo", "workers", "timeout", "max-nodes", "method", "seed", "unique", "limit", "format", "out", "stats",
		"branch", "memo-bytes", "progress"},
	"compare": {"algo", "workers", "timeout", "max-nodes", "method", "seed", "unique", "format", "out", "stats",
		"first", "all", "algos", "sizes", "repeat", "branch", "memo-bytes", "progress"},
	"verify": {"timeout", "format", "out", "stats", "progress"},
}

// VerbFlags returns the shared flags the generic verb takes (nil for
// another verb), named as Task.Flags names them.
func VerbFlags(verb string) []string { return slices.Clone(verbFlags[verb]) }

// Offers reports whether m offers the generic verb: it has a name for it
// (Verb), and a verify needs Verify, a solve some Formats.
func (m *Model) Offers(generic string) bool {
	return m != nil && m.Verb(generic) != "" && (generic != "verify" || m.Verify != nil) && (generic != "solve" || len(m.Formats) > 0)
}

// VerbNames lists the verbs of m's command: the generic ones it offers,
// cover, then its tasks' (one name once), as `coverkit models` lists them.
func (m *Model) VerbNames() []string {
	var verbs []string
	if m == nil {
		return nil
	}
	for _, v := range GenericVerbs {
		if m.Offers(v) {
			verbs = append(verbs, v)
		}
	}
	if m.Cover != nil {
		verbs = append(verbs, "cover")
	}
	for _, t := range m.Tasks {
		if !slices.Contains(verbs, t.Verb) {
			verbs = append(verbs, t.Verb)
		}
	}
	return verbs
}

// Example is the example of m's own command: solve's, for a model whose
// command solves (Verbs["solve"] is "."), else the first line of each
// example of its verbs (VerbNames, in the order of their names, as help
// lists them), each once.
func (m *Model) Example() string {
	if m == nil {
		return ""
	}
	if m.Verbs["solve"] == "." {
		return m.Examples["solve"]
	}
	var ex []string
	for _, verb := range slices.Sorted(slices.Values(m.VerbNames())) {
		if first, _, _ := strings.Cut(m.Examples[verb], "\n"); first != "" && !slices.Contains(ex, first) {
			ex = append(ex, first)
		}
	}
	return strings.Join(ex, "\n")
}

// VerbArgs returns the usage line of m's generic verb and how many
// arguments it takes, at least and at most: the instance's (a batch: one
// input, FILE or stdin), a compare's size may come from a list of sizes,
// and a verify reads the instance's arguments and a file of solutions (a
// literal puzzle and its solution; the instance's optional arguments
// first, where VerifyInput reads them).
func (m *Model) VerbArgs(verb string) (usage string, minArgs, maxArgs int) {
	if m == nil {
		return "", 0, 0
	}
	args := m.Instance.Args
	if verb == "verify" {
		args = m.VerifyArgs
	}
	usage, minArgs, maxArgs = m.Instance.Usage, args, args+m.Instance.Optional
	switch {
	case verb != "count" && m.Batch != nil:
		usage, minArgs, maxArgs = "[FILE|-]", 0, 1
	case verb == "compare" && args > 0:
		minArgs-- // the size may come from the sizes asked for
	}
	if verb == "verify" {
		usage = m.VerifyUsage
		if usage == "" {
			usage = "[FILE|-]"
		}
		maxArgs = args + 1
		if m.Literal != nil {
			maxArgs++ // PUZZLE SOLUTION
		}
		if m.VerifyInput != nil {
			maxArgs += m.Instance.Optional // the instance's optional arguments may come first
		}
	}
	return usage, minArgs, maxArgs
}

// verbRequests are the requests a generic verb makes of an algorithm: a
// setting that no algorithm of the model honours in any of them does not
// apply to the verb.
var verbRequests = map[string][]core.Options{
	"solve":   {{Mode: core.ModeFirst}, {Mode: core.ModeAll}, {Mode: core.ModeAll, Sample: 1}},
	"count":   {{Mode: core.ModeCount}, {Mode: core.ModeAll}}, // a count with a limit enumerates
	"compare": {{Mode: core.ModeCount}, {Mode: core.ModeFirst}},
}

// batchSettings are the settings the batch loop itself honours, whatever
// the algorithm (Model.Batch: a solve of many instances).
var batchSettings = []Setting{SetWorkers, SetMaxNodes, SetLimit}

// SplitVerb is the verb of a split count (Model.Decompose: count --units),
// as Applies and Refuses take it. Its units count every subproblem of
// their share, with the algorithm of the decomposition: no budget, no
// limit, no symmetry classes and no method (splitIgnores).
const SplitVerb = "units"

var splitIgnores = []Setting{SetMaxNodes, SetLimit, SetUnique, SetMethod}

// Refuses returns the refusal of the settings o asks for that do not
// apply to m's generic verb (Applies), naming them in the order of
// Settings, or nil: a solve of a batch honours the batch loop's settings
// alone, whatever the algorithm, and lists no solutions (ModeAll).
func (m *Model) Refuses(verb string, o *core.Options) error {
	var names []string
	if m == nil {
		return core.Wrap(core.ErrUnsupported, "models: Refuses on a nil model")
	}
	if verb == "solve" && m.Batch != nil && o.OrDefault().Mode == core.ModeAll {
		names = append(names, "--all")
	}
	for _, s := range Settings {
		if s.Asked(o) && !m.Applies(verb, s) {
			names = append(names, "--"+s.String())
		}
	}
	switch {
	case len(names) == 0:
		return nil
	case verb == SplitVerb:
		return core.Wrap(core.ErrUnsupported, "%s does not apply to a split count (--units)", strings.Join(names, ", "))
	case verb == "solve" && m.Batch != nil:
		return core.Wrap(core.ErrUnsupported, "%s solve: %s: a batch reads only --workers, --max-nodes and --limit "+
			"(each record is solved for its answer and a uniqueness check)", m.Name, strings.Join(names, ", "))
	}
	return core.Wrap(core.ErrUnsupported, "%s %s: %s: no %s algorithm reads it here", m.Name, verb, strings.Join(names, ", "), m.Name)
}

// Applies reports whether some algorithm of m honours setting s in one of
// the requests the generic verb makes (Algorithm.Honours); a solve of a
// batch honours the batch loop's settings. Any other verb (a task's)
// applies every setting.
func (m *Model) Applies(verb string, s Setting) bool {
	if m == nil {
		return false
	}
	switch {
	case verb == "solve" && m.Batch != nil:
		return slices.Contains(batchSettings, s)
	case verb == SplitVerb:
		return m.Decompose != nil && !slices.Contains(splitIgnores, s)
	}
	reqs, ok := verbRequests[verb]
	if !ok {
		return true // a task's own settings
	}
	for _, o := range reqs {
		if len(m.Honouring(s, &o)) > 0 {
			return true
		}
	}
	return false
}

// HonouringVerb returns the algorithms of m that honour setting s in one
// of the requests the generic verb makes, and whether every algorithm
// that can answer one of them does (a solve of a batch: every one, since
// the batch loop honours its settings whatever the algorithm).
func (m *Model) HonouringVerb(verb string, s Setting) (names []string, every bool) {
	every = true
	if m == nil || verb == "solve" && m.Batch != nil {
		return nil, every
	}
	for _, a := range m.Algorithms {
		can, honours := false, false
		for _, o := range verbRequests[verb] {
			if a.CanDo(&o) {
				can = true
				honours = honours || a.Honours(s, &o)
			}
		}
		if honours {
			names = append(names, a.Name)
		} else if can {
			every = false
		}
	}
	return names, every
}

// ListsAll reports whether m's solve can list every solution: no batch,
// and some algorithm lists them.
func (m *Model) ListsAll() bool {
	return m != nil && m.Batch == nil && slices.ContainsFunc(m.Algorithms, func(a Algorithm) bool { return a.CanDo(&core.Options{Mode: core.ModeAll}) })
}

// VerbDoc is the long help of m's generic verb: the model's Doc, and for
// verify what verify does with it.
func (m *Model) VerbDoc(verb string) string {
	if m == nil {
		return ""
	}
	if verb != "verify" {
		return m.Doc
	}
	return verifyDoc + m.Doc
}

// verifyDoc is what the verify verb of every model does.
const verifyDoc = `Check solutions independently of any solver: every solution read from the
input (a file, stdin if absent or -) in the forms solve writes with types
(text or JSON lines; a CSV listing or an SVG picture is refused by name)
is checked against the instance, each bad one reported on its line (one
that cannot be read is marked unreadable) and the rest still checked;
then a summary: the solutions, how many are invalid, valid and distinct. Exit 0 every solution
valid, 1 some solution invalid or unreadable (or none at all), 2 only when
the input itself cannot be read.

The model: `

// SplitAlgorithms returns the algorithms of the model of Default named
// model when its counts split (Model.Decompose); ok is false for a model
// that is not registered or whose counts do not split. It is the registry
// a merge checks its lines' labels against (units.Summary.CheckLabels).
func SplitAlgorithms(model string) (names []string, ok bool) {
	m, err := Lookup(model)
	if err != nil || m.Decompose == nil {
		return nil, false
	}
	return m.AlgorithmNames(), true
}
