package dlx

import (
	"sync"
)

// sharedShards is the number of independently locked parts of a memo
// table shared by the workers of a parallel count.
const sharedShards = 64

// sharedTable is a memo table the workers of a parallel count share: 64
// memoTables, each behind its own lock, a key's shard chosen by the low
// bits of its hash (its slot in the shard by the high bits). A worker
// reserves the entry of a subproblem it starts; another worker meeting it
// while it is pending searches it too (the parallel overhead, counted
// apart). A full shard stops taking entries (no eviction: entries pending
// in other workers' searches must stay where they are).
type sharedTable struct {
	shards [sharedShards]struct {
		mu sync.Mutex
		t  *memoTable
		_  [40]byte // a cache line each
	}
}

// Results of sharedTable.lookup.
const (
	lookFound   = iota // the count is known
	lookReserve        // absent: reserved for the caller (or the table is full: entry −1)
	lookPending        // another worker is searching it
)

// newSharedTable returns an empty table for keys of words words, of at
// most budget bytes.
func newSharedTable(words int, budget uint64) *sharedTable {
	st := &sharedTable{}
	for i := range st.shards {
		st.shards[i].t = newMemoTable(words, max(budget/sharedShards, MinMemoBytes/8))
	}
	return st
}

// lookup finds key (hash h): its count and virtual nodes, or reserves an
// entry for it (e encodes the shard), or says another worker has it.
func (st *sharedTable) lookup(h uint64, key []uint64) (c count, v uint64, e int64, state int) {
	i := h & (sharedShards - 1)
	sh := &st.shards[i]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	x, slot := sh.t.find(h, key)
	if x >= 0 {
		if c, v, ok := sh.t.value(x); ok {
			return c, v, -1, lookFound
		}
		return count{}, 0, -1, lookPending
	}
	x = sh.t.reserve(h, key, slot)
	if x < 0 {
		return count{}, 0, -1, lookReserve
	}
	return count{}, 0, int64(x)<<8 | int64(i), lookReserve
}

// set stores the count of entry e (from lookup).
func (st *sharedTable) set(e int64, c count, v uint64) {
	sh := &st.shards[e&0xff]
	sh.mu.Lock()
	// A big count is stored under the lock: t.bigs grows.
	sh.t.set(int(e>>8), c, v)
	sh.mu.Unlock()
}

// usage returns the entries, bytes and whether some shard filled up.
func (st *sharedTable) usage() (entries, bytes uint64, full bool) {
	for i := range st.shards {
		sh := &st.shards[i]
		sh.mu.Lock()
		entries += uint64(sh.t.n)
		bytes += sh.t.bytes()
		full = full || sh.t.filled
		sh.mu.Unlock()
	}
	return entries, bytes, full
}
