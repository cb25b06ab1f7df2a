package frontier

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc64"
	"io"
	"math"
	"os"
	"path/filepath"
	"time"
)

// A checkpoint is the level after a column's last square, where the states
// of a column are fewest, with what the sweep had counted by then: a long
// count saves one at the end of a column and resumes from the last one saved
// after a stop (SIGTERM, a timeout, a crash), instead of from the start.
//
// The file is binary, little-endian 64-bit words: the magic
// "CKFRONT1", the problem (rows, cols, closed, from), the last square
// swept, the nodes and the peak so far, the tours completed (a length and
// its words), the states and moves of each step swept, and the level (its
// buckets, each a list of segments: width, words used, the words); then a
// CRC-64 (ECMA) of everything before it. It is written to a temporary file
// beside it and renamed over it, so that a stop while saving leaves the
// last checkpoint whole.

// checkpointMagic opens every checkpoint file.
const checkpointMagic = "CKFRONT1"

// ErrCheckpoint is wrapped by the errors of a checkpoint that cannot be
// read back: damaged, truncated, or of another count.
var ErrCheckpoint = errors.New("frontier: bad checkpoint")

// saved is what a checkpoint holds beside the level.
type saved struct {
	last         int // the last square swept
	nodes, peak  uint64
	done         []uint64
	states, move []uint64
}

// errSaveStopped is the error of a save abandoned because the count was
// stopped: the last checkpoint saved is left as it was.
var errSaveStopped = errors.New("frontier: checkpoint: the count was stopped while saving")

// stopCheckWords is how often a save asks whether the count was stopped:
// every 1 MiB written.
const stopCheckWords = 1 << 17

// ckWriter writes words and keeps the checksum.
type ckWriter struct {
	w       *bufio.Writer
	h       hash.Hash64
	buf     [8]byte
	err     error
	n       int         // words written
	stopped func() bool // nil: never
}

func (w *ckWriter) word(x uint64) {
	if w.err != nil {
		return
	}
	if w.n++; w.n%stopCheckWords == 0 && w.stopped != nil && w.stopped() {
		w.err = errSaveStopped
		return
	}
	binary.LittleEndian.PutUint64(w.buf[:], x)
	w.h.Write(w.buf[:])
	_, w.err = w.w.Write(w.buf[:])
}

func (w *ckWriter) words(x []uint64) {
	w.word(uint64(len(x)))
	for _, v := range x {
		w.word(v)
	}
}

// saveCheckpoint writes the level l after square sv.last of p to path,
// atomically. It asks stopped (nil: never) every 1 MiB and while the file
// is synced, and abandons the save when the count was stopped, so that a
// stop never waits for a save of gigabytes: the temporary file is
// removed, the last checkpoint left whole, and the error is
// errSaveStopped.
func saveCheckpoint(path string, p Problem, sv *saved, l *level, stopped func() bool) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("frontier: checkpoint: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	w := &ckWriter{w: bufio.NewWriterSize(f, 1<<20), h: crc64.New(crc64.MakeTable(crc64.ECMA)), stopped: stopped}
	w.h.Write([]byte(checkpointMagic))
	if _, err := w.w.WriteString(checkpointMagic); err != nil {
		return fmt.Errorf("frontier: checkpoint %s: %w", path, err)
	}
	closed := uint64(0)
	if p.Closed {
		closed = 1
	}
	for _, x := range []uint64{uint64(p.Rows), uint64(p.Cols), closed, uint64(int64(p.From)), uint64(sv.last), sv.nodes, sv.peak} {
		w.word(x)
	}
	w.words(sv.done)
	w.words(sv.states)
	w.words(sv.move)
	w.word(uint64(len(l.buckets)))
	for _, bk := range l.buckets {
		w.word(uint64(len(bk.segs)))
		for _, s := range bk.segs {
			w.word(uint64(s.width))
			w.words(s.w[:s.used])
		}
	}
	sum := w.h.Sum64()
	w.word(sum)
	if w.err == nil {
		w.err = w.w.Flush()
	}
	if w.err == nil {
		w.err = syncUnlessStopped(f, stopped)
	}
	if errors.Is(w.err, errSaveStopped) {
		return errSaveStopped
	}
	if w.err != nil {
		return fmt.Errorf("frontier: checkpoint %s: %w", path, w.err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("frontier: checkpoint %s: %w", path, err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("frontier: checkpoint %s: %w", path, err)
	}
	return nil
}

// syncUnlessStopped syncs f to its disk, asking stopped (nil: never)
// every 10 ms meanwhile; when it says so, it returns errSaveStopped at
// once, and the sync ends on its own (the file is closed when it does).
func syncUnlessStopped(f *os.File, stopped func() bool) error {
	if stopped == nil {
		return f.Sync()
	}
	done := make(chan error, 1)
	go func() { done <- f.Sync() }()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case err := <-done:
			return err
		case <-tick.C:
			if stopped() {
				return errSaveStopped
			}
		}
	}
}

// ckReader reads words and keeps the checksum.
type ckReader struct {
	r   *bufio.Reader
	h   hash.Hash64
	buf [8]byte
	err error
}

func (r *ckReader) word() uint64 {
	if r.err != nil {
		return 0
	}
	if _, r.err = io.ReadFull(r.r, r.buf[:]); r.err != nil {
		return 0
	}
	r.h.Write(r.buf[:])
	return binary.LittleEndian.Uint64(r.buf[:])
}

// count reads a length, refused past max (0 once an error is met).
func (r *ckReader) count(max uint64, what string) int {
	n := r.word()
	if r.err == nil && n > max {
		r.err = fmt.Errorf("%s: %d, more than %d", what, n, max)
	}
	if r.err != nil {
		return 0
	}
	return int(n)
}

func (r *ckReader) words(max uint64, what string) []uint64 {
	n := r.count(max, what)
	if r.err != nil {
		return nil
	}
	x := make([]uint64, n)
	for i := range x {
		x[i] = r.word()
	}
	return x
}

// errLoadStopped is loadCheckpoint's error when the count was stopped
// while the checkpoint was read.
var errLoadStopped = errors.New("frontier: checkpoint: the load was stopped")

// stopReader reads r until stopped says the count was stopped, asking it
// before each read (through a bufio.Reader of 1 MiB: once a MiB).
type stopReader struct {
	r       io.Reader
	stopped func() bool
}

func (s stopReader) Read(p []byte) (int, error) {
	if s.stopped != nil && s.stopped() {
		return 0, errLoadStopped
	}
	return s.r.Read(p)
}

// loadCheckpoint reads the checkpoint at path for the count c of p: the
// level after its last square and what was counted by then. It returns a
// nil level, and no error, when there is no file, and errLoadStopped when
// stopped (nil: never) says the count was stopped during the read.
func (c *counter) loadCheckpoint(path string, p Problem, stopped func() bool) (*level, *saved, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("frontier: checkpoint: %w", err)
	}
	defer f.Close()
	bad := func(why string, args ...any) error {
		return fmt.Errorf("%w %s: %s", ErrCheckpoint, path, fmt.Sprintf(why, args...))
	}
	r := &ckReader{r: bufio.NewReaderSize(stopReader{f, stopped}, 1<<20), h: crc64.New(crc64.MakeTable(crc64.ECMA))}
	magic := make([]byte, len(checkpointMagic))
	if _, err := io.ReadFull(r.r, magic); err != nil || string(magic) != checkpointMagic {
		if errors.Is(err, errLoadStopped) {
			return nil, nil, err
		}
		return nil, nil, bad("not a frontier checkpoint")
	}
	r.h.Write(magic)
	closed := uint64(0)
	if p.Closed {
		closed = 1
	}
	head := [4]uint64{r.word(), r.word(), r.word(), r.word()}
	if r.err == nil && head != [4]uint64{uint64(p.Rows), uint64(p.Cols), closed, uint64(int64(p.From))} {
		return nil, nil, bad("of another count (rows %d, cols %d, closed %d, from %d)", head[0], head[1], head[2], int64(head[3]))
	}
	n := uint64(c.b.n)
	sv := &saved{last: int(r.word()), nodes: r.word(), peak: r.word()}
	if r.err == nil && (sv.last < 0 || uint64(sv.last) >= n) {
		return nil, nil, bad("square %d is off the board", sv.last)
	}
	sv.done = r.words(1<<16, "count words")
	sv.states = r.words(n, "steps")
	sv.move = r.words(n, "steps")
	nb := r.count(maxBuckets, "buckets")
	l := &level{buckets: make([]bucket, max(nb, 1))}
	for b := 0; b < nb && r.err == nil; b++ {
		segs := r.count(math.MaxInt32, "segments")
		for range segs {
			width := r.count(1<<16, "count words")
			used := r.count(segWords, "segment words")
			if r.err != nil {
				break
			}
			if width < 1 || used == 0 || used%(1+width) != 0 {
				return nil, nil, bad("a segment of %d words of width %d", used, width)
			}
			s := c.pool.get(width)
			for i := range used {
				s.w[i] = r.word()
			}
			s.used = used
			l.buckets[b].segs = append(l.buckets[b].segs, s)
			l.buckets[b].n += uint64(s.entries())
			l.n += uint64(s.entries())
		}
		if err := c.pool.failed(); err != nil {
			return nil, nil, err
		}
	}
	want := r.h.Sum64()
	got := r.word()
	if errors.Is(r.err, errLoadStopped) {
		return nil, nil, r.err
	}
	if r.err != nil {
		return nil, nil, bad("%v", r.err)
	}
	if got != want {
		return nil, nil, bad("checksum %016x, want %016x", got, want)
	}
	if len(sv.states) != sv.last+1 || len(sv.move) != sv.last+1 || len(sv.done) == 0 {
		return nil, nil, bad("%d steps recorded after square %d", len(sv.states), sv.last)
	}
	l.sig = c.signature(sv.last+1, len(l.buckets))
	return l, sv, nil
}
