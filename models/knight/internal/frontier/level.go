package frontier

import (
	"sync"
)

// A level is the set of frontier states between two steps, with their
// counts, kept dense: each bucket is a list of segments of entries (a key,
// then its count in the segment's width of words). The states of a level
// are split into buckets by a signature the next step cannot change (the
// degrees of some frontier cells its moves do not touch), so that the
// successors of two buckets are different states: a step expands one
// bucket at a time into a hash table of its own, which a worker owns, and
// no state of the next level is made by two workers.
type level struct {
	buckets []bucket
	sig     signature // how the states are split
	n       uint64    // states
}

// bucket is one part of a level.
type bucket struct {
	segs []*segment
	n    uint64
}

// segment is a run of entries of one width, filled from the front.
type segment struct {
	w     []uint64
	width int
	used  int // words
}

// segWords is the size of a segment in words: 32 KiB.
const segWords = 1 << 12

// entries returns the number of entries in s.
func (s *segment) entries() int { return s.used / (1 + s.width) }

// pool recycles segments: those of a bucket a step has expanded go back to
// it, and the next level's are taken from it, so that the memory of a
// count is that of the states it holds at once (the source states not yet
// expanded and the new states made), never a level dropped and waiting
// for the collector.
type pool struct {
	mu      sync.Mutex
	free    []*segment
	total   uint64 // segments made
	granted uint64 // segments the memory policy has granted
	// grow asks the memory policy for step bytes more beside held; nil
	// grants every step. The first refusal is kept in err.
	grow func(held, step uint64) error
	err  error
}

// growSegments is the number of segments (8 MiB) the pool asks the memory
// policy for at a time.
const growSegments = 256

// get returns an empty segment of the given width.
func (p *pool) get(width int) *segment {
	p.mu.Lock()
	var s *segment
	if n := len(p.free); n > 0 {
		s = p.free[n-1]
		p.free = p.free[:n-1]
	}
	if s == nil {
		p.total++
		if p.total > p.granted {
			if p.grow != nil && p.err == nil {
				p.err = p.grow(p.total*segWords*8, growSegments*segWords*8)
			}
			p.granted += growSegments
		}
	}
	p.mu.Unlock()
	if s == nil {
		s = &segment{w: make([]uint64, segWords)}
	}
	s.width, s.used = width, 0
	return s
}

// failed returns the memory policy's refusal of the pool's growth, if any:
// the step that took the segment then stops (a bucket's successors past
// the refusal are the most it holds beyond what was granted).
func (p *pool) failed() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// put gives segments back.
func (p *pool) put(segs []*segment) {
	p.mu.Lock()
	p.free = append(p.free, segs...)
	p.mu.Unlock()
}

// bytes returns the memory of the segments made so far.
func (p *pool) bytes() uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.total * segWords * 8
}

// writer appends entries to the buckets of a level under construction, for
// one worker: each bucket has a segment being filled; full segments go to
// the worker's own lists, joined into the level when the step ends.
type writer struct {
	pool *pool
	cur  []*segment   // bucket → segment being filled (nil: none yet)
	full [][]*segment // bucket → filled segments
	n    []uint64     // bucket → entries
}

func newWriter(p *pool, buckets int) *writer {
	return &writer{pool: p, cur: make([]*segment, buckets),
		full: make([][]*segment, buckets), n: make([]uint64, buckets)}
}

// add appends the entry (key, c) to bucket b, in a segment of c's width.
func (w *writer) add(b int, key uint64, c []uint64) {
	s := w.cur[b]
	if s == nil || s.used+1+len(c) > len(s.w) || s.width != len(c) {
		if s != nil {
			w.full[b] = append(w.full[b], s)
		}
		s = w.pool.get(len(c))
		w.cur[b] = s
	}
	s.w[s.used] = key
	copy(s.w[s.used+1:], c)
	s.used += 1 + len(c)
	w.n[b]++
}

// join moves the writers' segments into l.
func (l *level) join(ws []*writer) {
	for _, w := range ws {
		for b := range l.buckets {
			if s := w.cur[b]; s != nil {
				w.full[b] = append(w.full[b], s)
			}
			l.buckets[b].segs = append(l.buckets[b].segs, w.full[b]...)
			l.buckets[b].n += w.n[b]
			l.n += w.n[b]
		}
	}
}

// signature splits the states at a step into buckets: the degrees of
// the frontier cells of mask cells (which the step's moves do not touch)
// hashed into buckets.
type signature struct {
	cells   uint32
	w       int
	buckets int
}

// bucketOf returns the bucket of the state key.
func (s *signature) bucketOf(key uint64) int {
	if s.buckets <= 1 {
		return 0
	}
	full, end := masksOf(key, s.w)
	h := uint64(full&s.cells)<<32 | uint64(end&s.cells)
	h *= 0x9e3779b97f4a7c15
	return int((h >> 32) * uint64(s.buckets) >> 32)
}
