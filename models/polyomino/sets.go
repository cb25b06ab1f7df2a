package polyomino

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Unlimited, as a Piece's Hi, lets the piece be used any number of times
// (Lo or more).
const Unlimited = -1

// MaxCopies bounds a piece's count in a --pieces spec.
const MaxCopies = 1 << 16

// Shapes are the built-in single pieces by name, each used any number of
// times when named alone in a piece set: the monomino, the domino, the
// trominoes I3 and L3, the tetrominoes I4 L4 O4 S4 T4 and the pentominoes
// by Conway's letters.
var Shapes = func() map[string]Piece {
	m := map[string]Piece{
		"monomino": mustPiece("monomino", "#"),
		"domino":   mustPiece("domino", "##"),
		"I3":       mustPiece("I3", "###"),
		"L3":       mustPiece("L3", "##/#."),
	}
	for _, p := range Tetrominoes {
		m[p.Name] = p
	}
	for _, p := range Pentominoes {
		m[p.Name] = p
	}
	return m
}()

// ShapeNames returns the names of Shapes, sorted.
func ShapeNames() []string {
	names := make([]string, 0, len(Shapes))
	for n := range Shapes {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// ParsePieces reads a piece set: terms separated by commas, each
//
//	SET[*COUNT]             a built-in set (Sets): each of its pieces once,
//	                        or COUNT times
//	NAME[*COUNT]            a built-in piece (Shapes): any number of times,
//	                        or COUNT times
//	[NAME=]DRAWING[*COUNT]  a piece drawn as ParsePiece reads it, with '#'
//	                        for cells, '.' for gaps and '/' between rows
//	                        ("##/#." is the L-tromino), named NAME or p1,
//	                        p2, ...: any number of times, or COUNT times
//
// where COUNT is K (exactly K times) or L..H (between L and H times, H
// at most MaxCopies). So "pentominoes" is the twelve pentominoes once
// each, "domino" domino tilings, "L3" L-tromino tilings, "pentominoes,
// monomino*4" the pentominoes with four monominoes, and "T=###/.#./.#.*2,
// domino" two T pentominoes with any number of dominoes.
//
// A tiling places shapes, so a piece set is a set of free shapes (up to
// rotation and reflection): terms that give one shape twice, under any
// names ("domino,##", "pentominoes,F", "L3*2,##/#.*3"), are one piece,
// named by the first, whose counts add up (any number of times if either
// is; L1+L2..H1+H2 otherwise, at most MaxCopies), not two pieces whose
// copies a tiling could swap ("domino,##" counts the 12,988,816 domino
// tilings of 8×8, not 2^32 times as many). A name given twice for two
// shapes is an error.
func ParsePieces(spec string) ([]Piece, error) {
	var out []Piece
	names := map[string]bool{}
	shapes := map[string]int{} // free shape → its piece in out
	drawn := 0
	add := func(p Piece) error {
		k := shapeKey(p)
		if i, ok := shapes[k]; ok {
			q := &out[i]
			lo, hi := q.Lo+p.Lo, q.Hi+p.Hi
			if q.Hi == Unlimited || p.Hi == Unlimited {
				hi = Unlimited
			}
			if lo > MaxCopies || hi > MaxCopies {
				return fmt.Errorf("polyomino: pieces %q: %s and %s are one shape, used %d..%d times: more than %d", spec, q.Name, p.Name, lo, hi, MaxCopies)
			}
			q.Lo, q.Hi = lo, hi
			return nil
		}
		if names[p.Name] {
			return fmt.Errorf("polyomino: pieces %q: the name %s is given to two shapes", spec, p.Name)
		}
		names[p.Name] = true
		shapes[k] = len(out)
		out = append(out, p)
		return nil
	}
	for _, term := range strings.Split(spec, ",") {
		term = strings.TrimSpace(term)
		if term == "" {
			return nil, fmt.Errorf("polyomino: pieces %q: an empty term (terms are separated by commas)", spec)
		}
		body, lo, hi, counted, err := splitCount(term)
		if err != nil {
			return nil, fmt.Errorf("polyomino: pieces %q: %v", spec, err)
		}
		if set, ok := Sets[body]; ok {
			for _, p := range set {
				p.Lo, p.Hi = 1, 1
				if counted {
					p.Lo, p.Hi = lo, hi
				}
				if err := add(p); err != nil {
					return nil, err
				}
			}
			continue
		}
		var p Piece
		if shape, ok := Shapes[body]; ok {
			p = shape
		} else {
			name, drawing, named := strings.Cut(body, "=")
			if !named {
				drawing = body
				drawn++
				name = "p" + strconv.Itoa(drawn)
			}
			if !strings.ContainsAny(drawing, "#/.") {
				return nil, fmt.Errorf("polyomino: pieces %q: %q is no piece set (%s), piece (%s) or drawing such as ##/#",
					spec, body, strings.Join(setNames(), ", "), strings.Join(ShapeNames(), " "))
			}
			if msg := pieceName(name); msg != "" {
				return nil, fmt.Errorf("polyomino: pieces %q: %s", spec, msg)
			}
			if p, err = ParsePiece(name, drawing); err != nil {
				return nil, err
			}
		}
		p.Lo, p.Hi = 0, Unlimited
		if counted {
			p.Lo, p.Hi = lo, hi
		}
		if err := add(p); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// pieceName says why s cannot name a piece ("" if it can): a piece's name
// is an item of the exact cover.
func pieceName(s string) string {
	if s == "" || strings.ContainsAny(s, " :|\t,*=/#.") {
		return fmt.Sprintf("bad piece name %q (no spaces, and none of : | , * = / # .)", s)
	}
	return ""
}

// splitCount splits "BODY*COUNT" into the body and the bounds of COUNT (K,
// or L..H).
func splitCount(term string) (body string, lo, hi int, counted bool, err error) {
	i := strings.LastIndexByte(term, '*')
	if i < 0 {
		return term, 0, 0, false, nil
	}
	body, c := strings.TrimSpace(term[:i]), strings.TrimSpace(term[i+1:])
	num := func(s string) (int, bool) {
		v, err := strconv.Atoi(s)
		return v, err == nil && v >= 0 && v <= MaxCopies
	}
	if a, b, ok := strings.Cut(c, ".."); ok {
		l, ok1 := num(a)
		h, ok2 := num(b)
		if !ok1 || !ok2 || h < 1 || l > h {
			return "", 0, 0, false, fmt.Errorf("%q: want COUNT as K or L..H with 0 ≤ L ≤ H, 1 ≤ H ≤ %d", term, MaxCopies)
		}
		return body, l, h, true, nil
	}
	k, ok := num(c)
	if !ok || k < 1 {
		return "", 0, 0, false, fmt.Errorf("%q: want COUNT as K (1..%d) or L..H", term, MaxCopies)
	}
	return body, k, k, true, nil
}

// setNames returns the names of Sets, sorted.
func setNames() []string {
	names := make([]string, 0, len(Sets))
	for n := range Sets {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// bounds returns how many times piece p may be used: lo..hi, hi −1 for
// any number. The zero value of Lo and Hi means exactly once.
func (p Piece) bounds() (lo, hi int) {
	if p.Lo == 0 && p.Hi == 0 {
		return 1, 1
	}
	return p.Lo, p.Hi
}

// once reports whether p is used exactly once.
func (p Piece) once() bool {
	lo, hi := p.bounds()
	return lo == 1 && hi == 1
}

// repeats reports whether some piece of t may be used more than once.
func (t *Tiling) repeats() bool {
	for _, p := range t.Pieces {
		if _, hi := p.bounds(); hi != 1 {
			return true
		}
	}
	return false
}
