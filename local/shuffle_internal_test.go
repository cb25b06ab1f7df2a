package local

import (
	"context"
	"testing"
)

// TestBlockedShuffle checks the blocked shuffle, which only boards of
// blockedShuffleMin rows and more use: it gives a permutation, the same one
// for the same seed, and moves nearly every row.
func TestBlockedShuffle(t *testing.T) {
	n := blockedShuffleMin + 12345
	perm := func(seed uint64) []int32 {
		s := newQueensSearch(context.Background(), n, &QueensOptions{Seed: seed})
		if err := s.shuffle(); err != nil {
			t.Fatal(err)
		}
		return s.p
	}
	a := perm(7)
	seen := make([]uint64, words(uint64(n)))
	fixed := 0
	for i, r := range a {
		if r < 0 || int(r) >= n || seen[r>>6]&(1<<(r&63)) != 0 {
			t.Fatalf("position %d: row %d is off the board or repeated", i, r)
		}
		seen[r>>6] |= 1 << (r & 63)
		if int(r) == i {
			fixed++
		}
	}
	if fixed > 100 {
		t.Errorf("%d rows stayed in place; a random permutation leaves about 1", fixed)
	}
	b := perm(7)
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("position %d: %d, then %d with the same seed", i, a[i], b[i])
		}
	}
}
