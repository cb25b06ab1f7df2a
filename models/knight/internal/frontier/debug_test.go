package frontier

import (
	"github.com/coverkit/coverkit/core"
	"testing"
)

func TestDisjoint(t *testing.T) {
	b := newBoard(6, 8)
	c := &counter{b: b, closed: true, from: -1, workers: 1, check: func(string, uint64) error { return nil }, pool: &pool{}}
	c.m = core.NewMeter(nil, nil)
	src := &level{buckets: make([]bucket, 1), sig: c.signature(0, 1)}
	w := newWriter(c.pool, 1)
	w.add(0, 0, []uint64{1})
	src.join([]*writer{w})
	for v := 0; v < b.n; v++ {
		dst, _, _, err := c.step(v, src)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[uint64]int{}
		for bi, bk := range dst.buckets {
			for _, s := range bk.segs {
				for p := 0; p < s.used; p += 1 + s.width {
					if o, ok := seen[s.w[p]]; ok {
						var d1 window
						decode(s.w[p], &d1)
						t.Fatalf("step %d: key %d in buckets %d and %d (%d buckets, sig %v) cells %v", v, s.w[p], o, bi, len(dst.buckets), dst.sig.pos, d1[:b.w+1])
					}
					seen[s.w[p]] = bi
				}
			}
		}
		src = dst
	}
}
