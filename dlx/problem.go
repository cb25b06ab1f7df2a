package dlx

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// Problem is a generalized exact cover problem: a list of items, each
// primary (to be covered exactly once, or between bounds given with
// AddPrimaryBounds) or secondary (at most once, or by any
// number of options that give it the same color), and a list of options,
// each a set of items. Build one with New and the Add methods, or read one
// with Parse.
//
// Items and options are numbered from 0 in the order they were added. A
// Problem is not safe for concurrent modification; NewSolver takes a snapshot,
// so a Problem may be changed or dropped once its solvers exist. The zero
// Problem is an empty problem, ready to use.
//
// Building is bounded: before an array of the Problem grows past 64 MiB the
// memory is asked of resource.Check, so that an instance too large for the
// machine fails with an error wrapping resource.ErrTooLarge instead of
// crashing; Grow reserves room for a known size with one check. A Problem
// made by NewWithContext also stops building when its context ends.
type Problem struct {
	names     []string       // item names, by item index
	secondary []bool         // secondary[i]: item i is secondary
	byName    map[string]int // item index by name
	primaries int            // number of primary items
	// lo[i], hi[i]: the bounds of primary item i (Algorithm M); nil while
	// every item has the default bounds 1..1.
	lo, hi []int32

	colorNames []string       // color names, by color id − 1
	colorIDs   map[string]int // color id (≥ 1) by name

	// Options, flattened: option k holds entries start[k] .. start[k+1]−1
	// of optItems (item indexes) and optColors (0: no color).
	start     []int32
	optItems  []int32
	optColors []int32
	lines     []int32  // input line of each option (0 when not parsed)
	text      []string // each option as written, with ParseWithText
	noPrimary []int    // options without a primary item (never chosen)
	// inOption[i] is 1 + the index of the last option that took item i
	// (while it is being added), so AddOptionIndex finds an item given
	// twice in O(1) rather than by scanning the option.
	inOption []int32

	warnings []Warning

	// Building under a context (NewWithContext): the meter polled by the
	// work done (items and entries added), the work at which to poll next,
	// and the error once building stopped.
	meter   *core.Meter
	work    uint64
	next    uint64
	stopped error
}

// ErrStopped is wrapped, with the context's error, by the error of a build
// or a parse that stopped because its context ended (NewWithContext,
// ParseContext, NewSolverContext): errors.Is(err, ErrStopped) tells it
// from bad data, and errors.Is(err, context.DeadlineExceeded) or
// context.Canceled says why.
var ErrStopped = errors.New("dlx: stopped")

// MaxEntries is the most item entries (the items of all options together)
// and items a Problem may hold: the nodes a Solver can address.
const MaxEntries = int(maxNodes) - 2

// A Warning is a problem with the input that does not stop a search, such as
// an option that has no primary item and so can never be chosen.
type Warning struct {
	// Line is the 1-based input line, 0 for a Problem built in Go.
	Line int
	// Option is the 0-based index of the option concerned.
	Option int
	// Msg says what is wrong.
	Msg string
}

// String formats the warning as "dlx: line N: msg" (or "dlx: option K: msg"
// for a Problem built in Go).
func (w Warning) String() string {
	if w.Line > 0 {
		return fmt.Sprintf("dlx: line %d: %s", w.Line, w.Msg)
	}
	return fmt.Sprintf("dlx: option %d: %s", w.Option+1, w.Msg)
}

// New returns an empty Problem.
func New() *Problem {
	return &Problem{byName: map[string]int{}, colorIDs: map[string]int{}, start: []int32{0}}
}

// NewWithContext returns an empty Problem whose building stops when ctx
// ends: the Add methods poll ctx (through a core.Meter, by the items and
// entries added, about once a millisecond), and once it has ended they
// fail with an error wrapping ErrStopped and ctx's error. A nil ctx never
// ends.
func NewWithContext(ctx context.Context) *Problem {
	p := New()
	if ctx != nil {
		p.meter = core.NewMeter(ctx, nil)
	}
	return p
}

// errNil is the error of a method called on a nil *Problem.
var errNil = errors.New("dlx: nil problem (use New)")

// ready makes the zero Problem usable and reports whether building may go
// on: nil, or the error of a nil Problem or of a stopped build.
func (p *Problem) ready() error {
	switch {
	case p == nil:
		return errNil
	case p.stopped != nil:
		return p.stopped
	}
	if p.byName == nil {
		p.byName = map[string]int{}
	}
	if p.colorIDs == nil {
		p.colorIDs = map[string]int{}
	}
	if len(p.start) == 0 {
		p.start = append(p.start, 0)
	}
	return nil
}

// tick adds work (items or entries added) and polls the meter when it
// reaches the next bound: the error once building has stopped.
func (p *Problem) tick(work int) error {
	p.work += uint64(work)
	if p.meter == nil || p.work < p.next {
		return nil
	}
	next, ok := p.meter.Check(p.work)
	if !ok {
		p.stopped = stoppedError(p.meter, "building")
		return p.stopped
	}
	p.next = next
	return nil
}

// StopError is the error of a build, parse or copy stopped by its context
// (through its core.Meter). It matches ErrStopped and the context's cause
// under errors.Is, so that core.ErrorStatus reads the status of the stop
// (timeout or canceled) from it: a model that builds its problem before
// searching returns a Result with that status, not an error.
type StopError struct {
	// Phase says what stopped: "building", "parsing", …
	Phase string
	// Cause is context.DeadlineExceeded for a timeout, context.Canceled
	// otherwise.
	Cause error
}

// Error reads "dlx: stopped while PHASE: CAUSE".
func (e *StopError) Error() string {
	return fmt.Sprintf("%v while %s: %v", ErrStopped, e.Phase, e.Cause)
}

// Unwrap returns ErrStopped and the cause.
func (e *StopError) Unwrap() []error { return []error{ErrStopped, e.Cause} }

// stoppedError is the error of a phase stopped by m: its cause is the
// context error the meter's status stands for.
func stoppedError(m *core.Meter, phase string) error {
	if m.Status() == core.StatusTimeout {
		return &StopError{Phase: phase, Cause: context.DeadlineExceeded}
	}
	return &StopError{Phase: phase, Cause: context.Canceled}
}

// pollBuild returns the poll of a phase that builds arrays: called with
// the work done so far, it asks m (nil: none) whenever the work reaches
// the bound m last set, and fails with stoppedError(m, phase) once m
// stops.
func pollBuild(m *core.Meter, phase string) func(work uint64) error {
	var bound uint64
	return func(work uint64) error {
		if m == nil || work < bound {
			return nil
		}
		var ok bool
		if bound, ok = m.Check(work); !ok {
			return stoppedError(m, phase)
		}
		return nil
	}
}

// room makes room for n more elements in *s, at least doubling its
// capacity, after asking resource.Check for the new array (what names it).
func room[T any](s *[]T, n int, what string) error {
	if cap(*s)-len(*s) >= n {
		return nil
	}
	c := max(2*cap(*s), len(*s)+n, 16)
	var zero T
	need := resource.Bytes(uint64(c), uint64(unsafe.Sizeof(zero)))
	if need > resource.SmallBytes {
		if err := resource.Check(fmt.Sprintf("dlx: %s of %d entries", what, c), need); err != nil {
			return err
		}
	}
	*s = grown(*s, c-len(*s))
	return nil
}

// grown returns s with room for n more elements: one allocation (where
// slices.Grow makes two, and copies one), whose pages the kernel gives as
// they are first written, so that a large reservation costs nothing until
// it is filled.
func grown[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	g := make([]T, len(s), len(s)+n)
	copy(g, s)
	return g
}

// Grow reserves room for options more options holding entries item
// entries in all, asking resource.Check for the memory first: a builder
// that knows its size calls it once, and fails early (with an error
// wrapping resource.ErrTooLarge) for an instance the machine cannot hold.
// It also refuses more than MaxEntries entries.
func (p *Problem) Grow(options, entries int) error {
	if err := p.ready(); err != nil {
		return err
	}
	if options < 0 || entries < 0 {
		return fmt.Errorf("dlx: Grow(%d, %d): negative size", options, entries)
	}
	if entries > MaxEntries-len(p.optItems) || options > MaxEntries-p.NumOptions() {
		return fmt.Errorf("dlx: %d options of %d entries in all, more than %d: %w", p.NumOptions()+options, len(p.optItems)+entries, MaxEntries, resource.ErrTooLarge)
	}
	// The entries (item, and color once one is colored) and the options
	// (start, and line when parsed), at once.
	per := uint64(4)
	if p.optColors != nil {
		per = 8
	}
	optPer := uint64(4)
	if p.lines != nil {
		optPer = 8
	}
	need := resource.Bytes(uint64(entries), per) + resource.Bytes(uint64(options), optPer)
	if err := resource.Check(fmt.Sprintf("dlx: a problem of %d more options, %d entries", options, entries), need); err != nil {
		return err
	}
	p.optItems = grown(p.optItems, entries)
	if p.optColors != nil {
		p.optColors = grown(p.optColors, entries)
	}
	p.start = grown(p.start, options)
	if p.lines != nil {
		p.lines = grown(p.lines, options)
	}
	return nil
}

// validName reports why s cannot be an item or color name, or "" if it can:
// names are non-empty runs of printable non-space characters without ':'
// and '|'.
func validName(s string) string {
	if s == "" {
		return "empty name"
	}
	for _, r := range s {
		switch {
		case r == ':' || r == '|':
			return fmt.Sprintf("name %q contains %q", s, r)
		case r == utf8.RuneError || !unicode.IsGraphic(r) || unicode.IsSpace(r):
			return fmt.Sprintf("name %q contains the non-printable character %U", s, r)
		}
	}
	return ""
}

func (p *Problem) addItem(name string, secondary bool) (int, error) {
	if err := p.ready(); err != nil {
		return 0, err
	}
	if msg := validName(name); msg != "" {
		return 0, errors.New("dlx: " + msg)
	}
	if _, dup := p.byName[name]; dup {
		return 0, fmt.Errorf("dlx: duplicate item %q", name)
	}
	if len(p.names) >= MaxEntries {
		return 0, fmt.Errorf("dlx: more than %d items: %w", MaxEntries, resource.ErrTooLarge)
	}
	// The arrays by item: name, kind, the stamp of AddOptionIndex, bounds.
	if err := room(&p.names, 1, "the item names"); err != nil {
		return 0, err
	}
	if err := room(&p.secondary, 1, "the item kinds"); err != nil {
		return 0, err
	}
	if err := room(&p.inOption, len(p.names)+1-len(p.inOption), "the item stamps"); err != nil {
		return 0, err
	}
	if err := p.tick(1 + len(name)/16); err != nil {
		return 0, err
	}
	i := len(p.names)
	p.names = append(p.names, name)
	p.secondary = append(p.secondary, secondary)
	p.byName[name] = i
	if p.lo != nil {
		p.lo, p.hi = append(p.lo, 1), append(p.hi, 1)
	}
	if !secondary {
		p.primaries++
	}
	return i, nil
}

// AddPrimary adds a primary item (to be covered exactly once) and returns
// its index. Names are non-empty runs of printable non-space characters
// without ':' and '|', unique among the items.
func (p *Problem) AddPrimary(name string) (int, error) { return p.addItem(name, false) }

// MaxBound is the largest upper bound a primary item may have.
const MaxBound = 1 << 30

// AddPrimaryBounds adds a primary item to be covered between lo and hi
// times (0 ≤ lo ≤ hi, 1 ≤ hi ≤ MaxBound) and returns its index: Knuth's
// multiplicities, solved by Algorithm M. AddPrimary(name) is
// AddPrimaryBounds(name, 1, 1); a problem whose primary items all have
// those bounds runs the exact-cover code, unaffected by this extension.
func (p *Problem) AddPrimaryBounds(name string, lo, hi int) (int, error) {
	if err := checkBounds(lo, hi); err != nil {
		return 0, fmt.Errorf("dlx: item %q: %w", name, err)
	}
	i, err := p.addItem(name, false)
	if err != nil {
		return 0, err
	}
	p.setBounds(i, lo, hi)
	return i, nil
}

// SetBounds sets the bounds of primary item i: it must be covered between
// lo and hi times (0 ≤ lo ≤ hi, 1 ≤ hi ≤ MaxBound).
func (p *Problem) SetBounds(i, lo, hi int) error {
	if err := p.ready(); err != nil {
		return err
	}
	if i < 0 || i >= len(p.names) {
		return fmt.Errorf("dlx: item index %d out of range (0..%d)", i, len(p.names)-1)
	}
	if p.secondary[i] {
		return fmt.Errorf("dlx: item %q: bounds on a secondary item", p.names[i])
	}
	if err := checkBounds(lo, hi); err != nil {
		return fmt.Errorf("dlx: item %q: %w", p.names[i], err)
	}
	p.setBounds(i, lo, hi)
	return nil
}

// Bounds returns how many times item i must be covered: between lo and hi
// times for a primary item (1, 1 unless set), 0 and 1 for a secondary one
// (which colors can relax); 0, 0 for an item p does not have.
func (p *Problem) Bounds(i int) (lo, hi int) {
	switch {
	case !p.hasItem(i):
		return 0, 0
	case p.secondary[i]:
		return 0, 1
	case p.lo == nil:
		return 1, 1
	}
	return int(p.lo[i]), int(p.hi[i])
}

// HasBounds reports whether some primary item has bounds other than 1..1,
// so that Algorithm M solves the problem.
func (p *Problem) HasBounds() bool {
	if p == nil {
		return false
	}
	for i := range p.lo {
		if p.lo[i] != 1 || p.hi[i] != 1 {
			return true
		}
	}
	return false
}

func checkBounds(lo, hi int) error {
	switch {
	case hi < 1:
		return fmt.Errorf("upper bound %d is not positive", hi)
	case hi > MaxBound:
		return fmt.Errorf("upper bound %d exceeds %d", hi, MaxBound)
	case lo < 0:
		return fmt.Errorf("lower bound %d is negative", lo)
	case lo > hi:
		return fmt.Errorf("lower bound %d exceeds upper bound %d", lo, hi)
	}
	return nil
}

func (p *Problem) setBounds(i, lo, hi int) {
	if p.lo == nil {
		// Small beside the names (8 bytes an item, which addItem checked).
		p.lo, p.hi = make([]int32, len(p.names)), make([]int32, len(p.names))
		for k := range p.lo {
			p.lo[k], p.hi[k] = 1, 1
		}
	}
	p.lo[i], p.hi[i] = int32(lo), int32(hi)
}

// AddSecondary adds a secondary item (covered at most once, or by options
// that all give it the same color) and returns its index.
func (p *Problem) AddSecondary(name string) (int, error) { return p.addItem(name, true) }

// Color returns the id (≥ 1) of the named color, creating it if needed. Use
// it with AddOptionIndex; color names follow the rules of item names.
func (p *Problem) Color(name string) (int, error) {
	if err := p.ready(); err != nil {
		return 0, err
	}
	if id, ok := p.colorIDs[name]; ok {
		return id, nil
	}
	if msg := validName(name); msg != "" {
		return 0, errors.New("dlx: color: " + msg)
	}
	if len(p.colorNames) >= MaxEntries {
		return 0, fmt.Errorf("dlx: more than %d colors: %w", MaxEntries, resource.ErrTooLarge)
	}
	if err := room(&p.colorNames, 1, "the color names"); err != nil {
		return 0, err
	}
	if err := p.tick(1); err != nil {
		return 0, err
	}
	p.colorNames = append(p.colorNames, name)
	id := len(p.colorNames)
	p.colorIDs[name] = id
	return id, nil
}

// AddOption adds an option given by item names, a secondary item optionally
// written "name:color", and returns the option's index. It fails on an
// unknown item, an item given twice, or a color on a primary item.
func (p *Problem) AddOption(names ...string) (int, error) {
	if err := p.ready(); err != nil {
		return 0, err
	}
	items := make([]int, len(names))
	colors := make([]int, len(names))
	for k, s := range names {
		name, color, hasColor := strings.Cut(s, ":")
		i, ok := p.byName[name]
		if !ok {
			return 0, fmt.Errorf("dlx: unknown item %q", name)
		}
		items[k] = i
		if hasColor {
			if !p.secondary[i] {
				return 0, fmt.Errorf("dlx: color on primary item %q", name)
			}
			c, err := p.Color(color)
			if err != nil {
				return 0, err
			}
			colors[k] = c
		}
	}
	return p.AddOptionIndex(items, colors)
}

// AddOptionIndex adds an option given by item indexes, with colors[k] the
// color id (from Color) of items[k], 0 for none; colors may be nil when no
// item is colored. It returns the option's index. Building large models this
// way avoids looking names up.
func (p *Problem) AddOptionIndex(items []int, colors []int) (int, error) {
	if err := p.ready(); err != nil {
		return 0, err
	}
	if colors != nil && len(colors) != len(items) {
		return 0, fmt.Errorf("dlx: %d colors for %d items", len(colors), len(items))
	}
	if len(items) > MaxEntries-len(p.optItems) || p.NumOptions() >= MaxEntries {
		return 0, fmt.Errorf("dlx: more than %d item entries: %w", MaxEntries, resource.ErrTooLarge)
	}
	if err := p.tick(1 + len(items)); err != nil {
		return 0, err
	}
	if err := room(&p.optItems, len(items), "the options' items"); err != nil {
		return 0, err
	}
	if err := room(&p.start, 1, "the options"); err != nil {
		return 0, err
	}
	if p.lines != nil {
		if err := room(&p.lines, 1, "the options' lines"); err != nil {
			return 0, err
		}
	}
	base := len(p.optItems)
	stamp := int32(len(p.start)) // 1 + the new option's index
	if n := len(p.names); len(p.inOption) < n {
		p.inOption = append(p.inOption, make([]int32, n-len(p.inOption))...)
	}
	fail := func(err error) (int, error) {
		for _, j := range p.optItems[base:] {
			p.inOption[j] = 0
		}
		p.optItems = p.optItems[:base]
		if p.optColors != nil {
			p.optColors = p.optColors[:base]
		}
		return 0, err
	}
	hasPrimary := false
	for k, i := range items {
		if i < 0 || i >= len(p.names) {
			return fail(fmt.Errorf("dlx: item index %d out of range (0..%d)", i, len(p.names)-1))
		}
		c := 0
		if colors != nil {
			c = colors[k]
		}
		switch {
		case c < 0 || c > len(p.colorNames):
			return fail(fmt.Errorf("dlx: color id %d out of range (1..%d)", c, len(p.colorNames)))
		case c != 0 && !p.secondary[i]:
			return fail(fmt.Errorf("dlx: color on primary item %q", p.names[i]))
		case p.inOption[i] == stamp:
			return fail(fmt.Errorf("dlx: item %q twice in one option", p.names[i]))
		}
		if c != 0 && p.optColors == nil {
			// The first colored entry: colors are kept from now on, 0 for
			// every entry before it.
			if err := room(&p.optColors, cap(p.optItems), "the options' colors"); err != nil {
				return fail(err)
			}
			p.optColors = p.optColors[:len(p.optItems)]
		}
		p.inOption[i] = stamp
		hasPrimary = hasPrimary || !p.secondary[i]
		p.optItems = append(p.optItems, int32(i))
		if p.optColors != nil {
			if err := room(&p.optColors, 1, "the options' colors"); err != nil {
				return fail(err)
			}
			p.optColors = append(p.optColors, int32(c))
		}
	}
	k := len(p.start) - 1
	p.start = append(p.start, int32(len(p.optItems)))
	if p.lines != nil {
		p.lines = append(p.lines, 0)
	}
	if !hasPrimary {
		p.noPrimary = append(p.noPrimary, k)
		p.warnings = append(p.warnings, Warning{Option: k, Msg: "option has no primary item and can never be chosen"})
	}
	return k, nil
}

// NumItems returns the number of items.
func (p *Problem) NumItems() int {
	if p == nil {
		return 0
	}
	return len(p.names)
}

// NumPrimary returns the number of primary items.
func (p *Problem) NumPrimary() int {
	if p == nil {
		return 0
	}
	return p.primaries
}

// NumOptions returns the number of options.
func (p *Problem) NumOptions() int {
	if p == nil || len(p.start) == 0 {
		return 0
	}
	return len(p.start) - 1
}

// ItemName returns the name of item i ("" for an item p does not have).
func (p *Problem) ItemName(i int) string {
	if !p.hasItem(i) {
		return ""
	}
	return p.names[i]
}

// IsSecondary reports whether item i is secondary (false for an item p does
// not have).
func (p *Problem) IsSecondary(i int) bool { return p.hasItem(i) && p.secondary[i] }

// hasItem reports whether p has item i; hasOption, option k. The accessors
// answer any index (a nil Problem has none), as the house rule of no panic
// on any input asks.
func (p *Problem) hasItem(i int) bool   { return p != nil && i >= 0 && i < len(p.names) }
func (p *Problem) hasOption(k int) bool { return k >= 0 && k < p.NumOptions() }
func (p *Problem) hasColor(c int) bool  { return p != nil && c >= 1 && c <= len(p.colorNames) }

// Item returns the index of the named item.
func (p *Problem) Item(name string) (int, bool) {
	if p == nil {
		return 0, false
	}
	i, ok := p.byName[name]
	return i, ok
}

// ColorName returns the name of color id c (≥ 1; "" for a color p does not
// have).
func (p *Problem) ColorName(c int) string {
	if !p.hasColor(c) {
		return ""
	}
	return p.colorNames[c-1]
}

// OptionLen returns the number of items of option k (0 for an option p
// does not have).
func (p *Problem) OptionLen(k int) int {
	if !p.hasOption(k) {
		return 0
	}
	return int(p.start[k+1] - p.start[k])
}

// OptionItem returns the j-th item of option k and its color id (0: none);
// -1, 0 when option k has no j-th item.
func (p *Problem) OptionItem(k, j int) (item, color int) {
	if j < 0 || j >= p.OptionLen(k) {
		return -1, 0
	}
	e := p.start[k] + int32(j)
	return int(p.optItems[e]), int(p.colorAt(e))
}

// colorAt returns the color of entry e (0: none).
func (p *Problem) colorAt(e int32) int32 {
	if p.optColors == nil {
		return 0
	}
	return p.optColors[e]
}

// OptionLine returns the input line of option k, or 0 for a Problem built in
// Go or an option p does not have.
func (p *Problem) OptionLine(k int) int {
	if !p.hasOption(k) || p.lines == nil {
		return 0
	}
	return int(p.lines[k])
}

// OptionText returns option k as its input line spelled it (without the
// line end and trailing blanks) when p was read by ParseWithText, and
// OptionString(k) otherwise ("" for an option p does not have).
func (p *Problem) OptionText(k int) string {
	if p.hasOption(k) && k < len(p.text) {
		return p.text[k]
	}
	return p.OptionString(k)
}

// OptionString returns option k as it is written in the text format: its
// item names separated by single spaces, colored items as "name:color" (""
// for an option p does not have).
func (p *Problem) OptionString(k int) string {
	if !p.hasOption(k) {
		return ""
	}
	var b strings.Builder
	p.appendOption(&b, k)
	return b.String()
}

func (p *Problem) appendOption(b *strings.Builder, k int) {
	for e := p.start[k]; e < p.start[k+1]; e++ {
		if e > p.start[k] {
			b.WriteByte(' ')
		}
		b.WriteString(p.names[p.optItems[e]])
		if c := p.colorAt(e); c != 0 {
			b.WriteByte(':')
			b.WriteString(p.colorNames[c-1])
		}
	}
}

// Warnings returns the problems found while building or parsing that do not
// stop a search: options with no primary item, which are kept (they keep
// their numbers) but can never be chosen.
func (p *Problem) Warnings() []Warning {
	if p == nil {
		return nil
	}
	return p.warnings
}

// Verify checks, independently of any solver, that the options sol (0-based
// indexes) form a solution: every index is in range and used once, every
// primary item is covered exactly once (or between its bounds, see
// AddPrimaryBounds), and every secondary item is covered at most once or
// only by options giving it the same color. It returns nil or an error
// naming the first item or option at fault.
func (p *Problem) Verify(sol []int) error {
	if p == nil {
		return errNil
	}
	n := p.NumOptions()
	used := make(map[int]bool, len(sol))
	count := make([]int, len(p.names))
	color := make([]int32, len(p.names)) // 0 unseen, -1 uncolored, else color
	for _, k := range sol {
		if k < 0 || k >= n {
			return fmt.Errorf("dlx: option %d out of range (1..%d)", k+1, n)
		}
		if used[k] {
			return fmt.Errorf("dlx: option %d chosen twice", k+1)
		}
		used[k] = true
		for e := p.start[k]; e < p.start[k+1]; e++ {
			i, c := p.optItems[e], p.colorAt(e)
			count[i]++
			if !p.secondary[i] {
				if _, hi := p.Bounds(int(i)); count[i] > hi {
					if hi == 1 {
						return fmt.Errorf("dlx: primary item %q covered more than once (option %d)", p.names[i], k+1)
					}
					return fmt.Errorf("dlx: primary item %q covered more than %d times (option %d)", p.names[i], hi, k+1)
				}
				continue
			}
			switch {
			case count[i] == 1 && c == 0:
				color[i] = -1
			case count[i] == 1:
				color[i] = c
			case c == 0 || color[i] != c:
				return fmt.Errorf("dlx: secondary item %q covered by incompatible options (option %d)", p.names[i], k+1)
			}
		}
	}
	for i, name := range p.names {
		if p.secondary[i] {
			continue
		}
		if lo, _ := p.Bounds(i); count[i] < lo {
			if count[i] == 0 {
				return fmt.Errorf("dlx: primary item %q not covered", name)
			}
			return fmt.Errorf("dlx: primary item %q covered %d times, fewer than %d", name, count[i], lo)
		}
	}
	return nil
}
