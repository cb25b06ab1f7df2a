package pieces

import (
	"math/bits"
)

// indep searches the independent sets of the attack graph (placements of
// mutually non-attacking pieces) clique by clique: the free cells are
// partitioned into cliques (graph.cliques), each clique holds at most one
// piece, and the search decides the cliques in order — which available
// cell of the clique takes a piece, or none. The number of cliques still
// meeting the available cells bounds the pieces still to come, which
// prunes both the count of k-sets and the branch and bound for the most.
// Boards of at most 64 cells keep every set in one machine word.
type indep struct {
	*run
	g       *graph
	m       int
	cmask   []uint64 // m·w: the cells of clique j
	cmask1  []uint64 // w = 1: the same, one word a clique
	closed1 []uint64 // w = 1: the closed neighborhoods, one word a cell
	av      []uint64 // (m+1)·w: available cells by depth (w > 1)
	chosen  []int32
	pawns   []int
	k       int

	best    int     // branch and bound: most pieces found
	bestSet []int32 // and where
}

// newIndep returns the search of g's independent sets, or errStopped if
// r's meter stopped it while it partitioned the cells into cliques.
func newIndep(r *run, g *graph) (*indep, error) {
	cl, err := g.cliques(r.m)
	if err != nil {
		return nil, err
	}
	w := g.w
	s := &indep{run: r, g: g, m: len(cl), pawns: r.p.Board.Pawns}
	s.cmask = make([]uint64, len(cl)*w)
	for j, c := range cl {
		for _, x := range c {
			s.cmask[j*w+int(x>>6)] |= 1 << (x & 63)
		}
	}
	if w == 1 {
		s.cmask1 = s.cmask
		s.closed1 = g.closed
	} else {
		s.av = make([]uint64, (s.m+1)*w)
	}
	s.chosen = make([]int32, 0, g.n)
	return s, nil
}

// count visits every set of k mutually non-attacking pieces as r.opts
// says (count, all, first).
func (s *indep) count(k int) {
	s.k = k
	if k == 0 {
		if !s.tick() {
			s.solution(nil, s.pawns)
		}
		return
	}
	if s.tick() {
		return
	}
	if s.g.w == 1 {
		s.place1(0, 0, s.g.free[0])
		return
	}
	copy(s.av[:s.g.w], s.g.free)
	s.placeW(0, 0, 0)
}

// place1 is count on one word: clique i onwards, placed pieces so far,
// av the cells still available.
func (s *indep) place1(i, placed int, av uint64) {
	cm := s.cmask1
	m := s.m
	for i < m && cm[i]&av == 0 {
		i++
	}
	need := s.k - placed
	rest := 0 // cliques after i meeting av, up to need
	for j := i + 1; j < m && rest < need; j++ {
		if cm[j]&av != 0 {
			rest++
		}
	}
	if i == m || rest+1 < need {
		return
	}
	for c := cm[i] & av; c != 0; c &= c - 1 {
		x := bits.TrailingZeros64(c)
		if s.tick() {
			return
		}
		s.chosen = append(s.chosen, int32(x))
		if need == 1 {
			if s.solution(s.chosen, s.pawns) {
				return
			}
		} else {
			s.place1(i+1, placed+1, av&^s.closed1[x])
		}
		s.chosen = s.chosen[:len(s.chosen)-1]
		if s.stop {
			return
		}
	}
	if rest >= need {
		if s.tick() {
			return
		}
		s.place1(i+1, placed, av)
	}
}

// placeW is place1 on w-word bitsets; depth is the slot of av in s.av.
func (s *indep) placeW(i, placed, depth int) {
	w := s.g.w
	m := s.m
	av := s.av[depth*w : (depth+1)*w]
	for i < m && !meets(s.cmask[i*w:(i+1)*w], av) {
		i++
	}
	need := s.k - placed
	rest := 0
	for j := i + 1; j < m && rest < need; j++ {
		if meets(s.cmask[j*w:(j+1)*w], av) {
			rest++
		}
	}
	if i == m || rest+1 < need {
		return
	}
	child := s.av[(depth+1)*w : (depth+2)*w]
	cm := s.cmask[i*w : (i+1)*w]
	for wi := range w {
		for c := cm[wi] & av[wi]; c != 0; c &= c - 1 {
			x := wi<<6 | bits.TrailingZeros64(c)
			if s.tick() {
				return
			}
			s.chosen = append(s.chosen, int32(x))
			if need == 1 {
				if s.solution(s.chosen, s.pawns) {
					return
				}
			} else {
				row := s.g.row(x)
				for j := range w {
					child[j] = av[j] &^ row[j]
				}
				s.placeW(i+1, placed+1, depth+1)
			}
			s.chosen = s.chosen[:len(s.chosen)-1]
			if s.stop {
				return
			}
		}
	}
	if rest >= need {
		if s.tick() {
			return
		}
		copy(child, av)
		s.placeW(i+1, placed, depth+1)
	}
}

// meets reports whether a and b share a bit.
func meets(a, b []uint64) bool {
	for i := range a {
		if a[i]&b[i] != 0 {
			return true
		}
	}
	return false
}

// maximum runs the branch and bound for the most mutually non-attacking
// pieces; s.best and s.bestSet hold the best found (exhaustive unless
// s.stop).
func (s *indep) maximum() {
	s.best = -1
	if s.tick() {
		return
	}
	if s.g.w == 1 {
		s.max1(0, s.g.free[0])
	} else {
		copy(s.av[:s.g.w], s.g.free)
		s.maxW(0, 0)
	}
}

// improve records the current placement as the best.
func (s *indep) improve() {
	s.best = len(s.chosen)
	s.bestSet = append(s.bestSet[:0], s.chosen...)
}

func (s *indep) max1(i int, av uint64) {
	cm := s.cmask1
	m := s.m
	for i < m && cm[i]&av == 0 {
		i++
	}
	placed := len(s.chosen)
	if i == m {
		if placed > s.best {
			s.improve()
		}
		return
	}
	room := s.best - placed // the cliques after i must beat this
	rest := 0
	for j := i + 1; j < m && rest <= room; j++ {
		if cm[j]&av != 0 {
			rest++
		}
	}
	if rest+1 <= room {
		return
	}
	for c := cm[i] & av; c != 0; c &= c - 1 {
		x := bits.TrailingZeros64(c)
		if s.tick() {
			return
		}
		s.chosen = append(s.chosen, int32(x))
		s.max1(i+1, av&^s.closed1[x])
		s.chosen = s.chosen[:placed]
		if s.stop {
			return
		}
	}
	if s.best-placed != room { // improved meanwhile: count again
		room = s.best - placed
		rest = 0
		for j := i + 1; j < m && rest <= room; j++ {
			if cm[j]&av != 0 {
				rest++
			}
		}
	}
	if rest > room {
		if s.tick() {
			return
		}
		s.max1(i+1, av)
	}
}

func (s *indep) maxW(i, depth int) {
	w := s.g.w
	m := s.m
	av := s.av[depth*w : (depth+1)*w]
	for i < m && !meets(s.cmask[i*w:(i+1)*w], av) {
		i++
	}
	placed := len(s.chosen)
	if i == m {
		if placed > s.best {
			s.improve()
		}
		return
	}
	room := s.best - placed
	rest := 0
	for j := i + 1; j < m && rest <= room; j++ {
		if meets(s.cmask[j*w:(j+1)*w], av) {
			rest++
		}
	}
	if rest+1 <= room {
		return
	}
	child := s.av[(depth+1)*w : (depth+2)*w]
	cm := s.cmask[i*w : (i+1)*w]
	for wi := range w {
		for c := cm[wi] & av[wi]; c != 0; c &= c - 1 {
			x := wi<<6 | bits.TrailingZeros64(c)
			if s.tick() {
				return
			}
			s.chosen = append(s.chosen, int32(x))
			row := s.g.row(x)
			for j := range w {
				child[j] = av[j] &^ row[j]
			}
			s.maxW(i+1, depth+1)
			s.chosen = s.chosen[:placed]
			if s.stop {
				return
			}
		}
	}
	if s.best-placed != room { // improved meanwhile: count again
		room = s.best - placed
		rest = 0
		for j := i + 1; j < m && rest <= room; j++ {
			if meets(s.cmask[j*w:(j+1)*w], av) {
				rest++
			}
		}
	}
	if rest > room {
		if s.tick() {
			return
		}
		copy(child, av)
		s.maxW(i+1, depth+1)
	}
}
