package pieces

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ErrPiece is wrapped by every error about a piece specification.
var ErrPiece = errors.New("pieces: bad piece")

// MaxStep bounds a move's components.
const MaxStep = 64

// Move is one kind of move: a leap (one jump) or a ride (repeated steps),
// by a vector whose components may go to any axes in any order with any
// signs. All, instead of a vector, stands for every vector of length 1 to d
// with components in {1} — every direction in {−1,0,1}^d but zero, the
// queen's lines and the king's steps on a d-dimensional board.
type Move struct {
	// Ride makes the move repeat along its line.
	Ride bool
	// Step holds the non-zero components, in descending order.
	Step []int
	// All stands for every vector of ones (Step is then empty).
	All bool
}

// String writes the move in the notation: leap(1,2), ride(1,1), ride(*)
// for every line through the cell, leap(*) for every neighbor.
func (m Move) String() string {
	kind := "leap"
	if m.Ride {
		kind = "ride"
	}
	if m.All {
		return kind + "(*)"
	}
	parts := make([]string, len(m.Step))
	for i, s := range m.Step {
		parts[i] = strconv.Itoa(s)
	}
	return kind + "(" + strings.Join(parts, ",") + ")"
}

// Piece is a named set of moves.
type Piece struct {
	// Name is the name given ("queen") or the specification as written.
	Name string
	// Moves are the piece's moves, without repeats.
	Moves []Move
}

// HasRide reports whether some move of p is a ride (pawns block it).
func (p Piece) HasRide() bool {
	for _, m := range p.Moves {
		if m.Ride {
			return true
		}
	}
	return false
}

// Names lists the named pieces in the order of the documentation.
var Names = []string{"queen", "rook", "bishop", "knight", "king", "amazon", "chancellor", "archbishop", "nightrider"}

// definitions gives each name's moves in the notation.
var definitions = map[string]string{
	"queen":      "ride(*)",
	"rook":       "ride(1)",
	"bishop":     "ride(1,1)",
	"knight":     "leap(1,2)",
	"king":       "leap(*)",
	"amazon":     "ride(*)+leap(1,2)",
	"chancellor": "ride(1)+leap(1,2)",
	"archbishop": "ride(1,1)+leap(1,2)",
	"nightrider": "ride(1,2)",
}

// Definition returns the notation of a named piece ("" if unknown).
func Definition(name string) string { return definitions[name] }

// ParsePiece reads a piece: a name (queen rook bishop knight king amazon
// chancellor archbishop nightrider, any case, plurals accepted) or a sum of
// terms joined by '+', each a name or a move leap(a,b,...) / ride(a,b,...)
// with components 0..MaxStep, not all 0; leap(*) and ride(*) stand for
// every direction in {−1,0,1}^d but zero. "leap(1,2)+ride(1,1)" is the
// archbishop.
func ParsePiece(spec string) (Piece, error) {
	s := strings.ToLower(strings.TrimSpace(spec))
	if s == "" {
		return Piece{}, fmt.Errorf("%w: empty piece (known: %s, or moves such as leap(1,2)+ride(1,1))", ErrPiece, strings.Join(Names, " "))
	}
	p := Piece{Name: s}
	if err := p.add(s, 0); err != nil {
		return Piece{}, err
	}
	return p, nil
}

// add parses the sum s into p; depth guards the expansion of names.
func (p *Piece) add(s string, depth int) error {
	for term := range strings.SplitSeq(s, "+") {
		t := strings.TrimSpace(term)
		if t == "" {
			return fmt.Errorf("%w: empty term in %q", ErrPiece, s)
		}
		name := strings.TrimSuffix(t, "s")
		if def, ok := definitions[t]; ok || definitions[name] != "" {
			if !ok {
				def = definitions[name]
			}
			if depth > 0 {
				return fmt.Errorf("%w: %q", ErrPiece, t) // unreachable: definitions use moves only
			}
			if err := p.add(def, depth+1); err != nil {
				return err
			}
			continue
		}
		m, err := parseMove(t)
		if err != nil {
			return err
		}
		if !slices.ContainsFunc(p.Moves, func(o Move) bool { return o.Ride == m.Ride && o.All == m.All && slices.Equal(o.Step, m.Step) }) {
			p.Moves = append(p.Moves, m)
		}
	}
	return nil
}

// parseMove reads leap(...) or ride(...).
func parseMove(t string) (Move, error) {
	var m Move
	var rest string
	switch {
	case strings.HasPrefix(t, "leap"):
		rest = t[4:]
	case strings.HasPrefix(t, "ride"):
		m.Ride = true
		rest = t[4:]
	default:
		return Move{}, fmt.Errorf("%w: unknown piece %q (known: %s, or moves such as leap(1,2)+ride(1,1))", ErrPiece, t, strings.Join(Names, " "))
	}
	rest = strings.TrimSpace(rest)
	if !strings.HasPrefix(rest, "(") || !strings.HasSuffix(rest, ")") {
		return Move{}, fmt.Errorf("%w: %q: want %s(a,b,...)", ErrPiece, t, t[:4])
	}
	inner := strings.TrimSpace(rest[1 : len(rest)-1])
	if inner == "*" {
		m.All = true
		return m, nil
	}
	parts := strings.Split(inner, ",")
	if len(parts) > MaxDims {
		return Move{}, fmt.Errorf("%w: %q has %d components (at most %d)", ErrPiece, t, len(parts), MaxDims)
	}
	for _, ps := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(ps))
		if err != nil {
			return Move{}, fmt.Errorf("%w: %q: component %q is not a number", ErrPiece, t, strings.TrimSpace(ps))
		}
		if v < 0 {
			v = -v // signs are all taken anyway
		}
		if v > MaxStep {
			return Move{}, fmt.Errorf("%w: %q: component %d is larger than %d", ErrPiece, t, v, MaxStep)
		}
		if v != 0 {
			m.Step = append(m.Step, v)
		}
	}
	if len(m.Step) == 0 {
		return Move{}, fmt.Errorf("%w: %q does not move", ErrPiece, t)
	}
	slices.Sort(m.Step)
	slices.Reverse(m.Step)
	return m, nil
}

// vectors returns the move's displacement vectors on a d-dimensional board:
// every placement of the components on distinct axes with every sign,
// without repeats. A move with more components than d has none; the caller
// reports it.
func (m Move) vectors(d int) [][]int {
	var out [][]int
	seen := map[string]bool{}
	add := func(v []int) {
		key := fmt.Sprint(v)
		if !seen[key] {
			seen[key] = true
			out = append(out, slices.Clone(v))
		}
	}
	if m.All {
		v := make([]int, d)
		var rec func(i int, nz bool)
		rec = func(i int, nz bool) {
			if i == d {
				if nz {
					add(v)
				}
				return
			}
			for _, s := range []int{-1, 0, 1} {
				v[i] = s
				rec(i+1, nz || s != 0)
			}
			v[i] = 0
		}
		rec(0, false)
		return out
	}
	if len(m.Step) > d {
		return nil
	}
	v := make([]int, d)
	used := make([]bool, d)
	var rec func(j int)
	rec = func(j int) {
		if j == len(m.Step) {
			add(v)
			return
		}
		for a := range d {
			if used[a] {
				continue
			}
			used[a] = true
			for _, sg := range []int{1, -1} {
				v[a] = sg * m.Step[j]
				rec(j + 1)
			}
			v[a] = 0
			used[a] = false
		}
	}
	rec(0)
	return out
}
