package core

import (
	"strconv"
	"strings"
	"time"
)

// Stats is the work a search did. Fields an algorithm does not measure stay
// zero; outputs omit them.
type Stats struct {
	// Nodes is the number of search-tree nodes visited: for N-Queens, the
	// consistent partial placements, the empty board included.
	Nodes uint64 `json:"nodes,omitempty"`
	// Checks is the number of candidate squares tested for safety
	// (N-Queens): the measure the classic texts compare.
	Checks uint64 `json:"checks,omitempty"`
	// Updates is the number of link removals (Dancing Links, as Knuth
	// counts them).
	Updates uint64 `json:"updates,omitempty"`
	// Steps is the number of moves made by a local search.
	Steps uint64 `json:"steps,omitempty"`
	// Elapsed is the wall time of the search.
	Elapsed time.Duration `json:"-"`
}

// Add returns the field-wise sum of s and t (for merging parallel workers).
func (s Stats) Add(t Stats) Stats {
	return Stats{
		Nodes:   s.Nodes + t.Nodes,
		Checks:  s.Checks + t.Checks,
		Updates: s.Updates + t.Updates,
		Steps:   s.Steps + t.Steps,
		Elapsed: max(s.Elapsed, t.Elapsed),
	}
}

// Sub returns s − t field-wise: the work done between two snapshots.
func (s Stats) Sub(t Stats) Stats {
	return Stats{
		Nodes:   s.Nodes - t.Nodes,
		Checks:  s.Checks - t.Checks,
		Updates: s.Updates - t.Updates,
		Steps:   s.Steps - t.Steps,
		Elapsed: s.Elapsed - t.Elapsed,
	}
}

// Work describes the work counters that were measured, for people: "2057
// nodes, 15720 checks"; "" when none was.
func (s Stats) Work() string {
	var parts []string
	for _, c := range []struct {
		k string
		v uint64
	}{{"nodes", s.Nodes}, {"checks", s.Checks}, {"updates", s.Updates}, {"steps", s.Steps}} {
		if c.v > 0 {
			parts = append(parts, strconv.FormatUint(c.v, 10)+" "+c.k)
		}
	}
	return strings.Join(parts, ", ")
}
