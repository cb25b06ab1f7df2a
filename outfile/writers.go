package outfile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Stoppable passes writes on to W until Ctx ends, then fails them with
// Ctx's error, so that writing a huge result stops on a timeout or an
// interrupt. It looks at Ctx once a MiB, and at every zero-length write: a
// writer that works a while before its bytes (knight's matrix inverts the
// tour first) asks with Write(nil) whether to go on.
type Stoppable struct {
	Ctx     context.Context
	W       io.Writer
	unswept int
}

// Write writes p to W, or fails with Ctx's error once Ctx has ended.
func (s *Stoppable) Write(p []byte) (int, error) {
	if s.W == nil {
		return 0, io.ErrClosedPipe
	}
	if s.unswept += len(p); (s.unswept >= 1<<20 || len(p) == 0) && s.Ctx != nil {
		s.unswept = 0
		if err := s.Ctx.Err(); err != nil {
			return 0, err
		}
	}
	return s.W.Write(p)
}

// ErrStalled is wrapped, with the context's error, by the error of a
// ContextWriter's write that its destination did not take within the
// grace after the context ended: a pipe whose reader has stopped reading.
var ErrStalled = errors.New("outfile: the output took no more bytes after the stop (its reader is not reading)")

// StopGrace is how long a ContextWriter lets a write finish once its
// context has ended: enough for a partial result to reach a reader that
// reads, short enough to keep a stop within its 100 ms.
const StopGrace = 100 * time.Millisecond

// ContextWriter returns a writer that writes to w, also after ctx ends (a
// stopped command still writes its partial result), but that gives up on
// a write that w has not taken within StopGrace of ctx's end: a pipe
// whose reader stopped reading (a pager left open) blocks a write for
// ever, where a signal must still end the command. The write given up
// fails with an error wrapping ErrStalled and ctx's error, and so does
// every later one.
//
// A regular file or an in-memory buffer (bytes.Buffer, strings.Builder),
// or a nil ctx or one that never ends, gives w itself.
// Any other w is written on a goroutine, one write at a time, from a
// copy of the bytes; a write given up is left to finish on its
// goroutine, so w must not be written by anything else afterwards.
func ContextWriter(ctx context.Context, w io.Writer) io.Writer {
	if ctx == nil || ctx.Done() == nil || w == nil {
		return w
	}
	switch f := w.(type) {
	case *bytes.Buffer, *strings.Builder:
		return w
	case *os.File:
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return w
		}
	}
	return &contextWriter{ctx: ctx, w: w}
}

// contextWriter is ContextWriter's writer. Its writes are serialized, as
// an *os.File's are: several goroutines may write it (stderr: warnings
// and a progress bar).
type contextWriter struct {
	ctx context.Context
	w   io.Writer
	mu  sync.Mutex
	buf []byte // the copy of the bytes of the write that is out
	err error  // ErrStalled, once a write was given up
}

func (c *contextWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	c.buf = append(c.buf[:0], p...)
	type result struct {
		n   int
		err error
	}
	done := make(chan result, 1)
	go func(buf []byte) {
		n, err := c.w.Write(buf)
		done <- result{n, err}
	}(c.buf)
	select {
	case r := <-done:
		return r.n, r.err
	case <-c.ctx.Done():
	}
	grace := time.NewTimer(StopGrace)
	defer grace.Stop()
	select {
	case r := <-done:
		return r.n, r.err
	case <-grace.C:
		// The write stays out with its copy of the bytes.
		c.buf = nil
		c.err = fmt.Errorf("%w: %w", ErrStalled, context.Cause(c.ctx))
		return 0, c.err
	}
}

// Sticky remembers the first error of its writer W, so that output
// written by code that ignores errors (a command-line library's help and
// usage) still fails the command: Err returns it.
type Sticky struct {
	W   io.Writer
	err error
}

// Write writes p to W, or fails with W's first error.
func (s *Sticky) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.W == nil {
		s.err = io.ErrClosedPipe
		return 0, s.err
	}
	n, err := s.W.Write(p)
	s.err = err
	return n, err
}

// Err returns the first error of a write, or nil.
func (s *Sticky) Err() error { return s.err }

// OpenInput opens path for reading, or stdin when path is "" or "-".
func OpenInput(path string, stdin io.Reader) (io.ReadCloser, error) {
	if path == "" || path == "-" {
		if stdin == nil {
			return nil, errors.New("outfile: no standard input")
		}
		return io.NopCloser(stdin), nil
	}
	return os.Open(path)
}

// DiskFull reports whether err is a write that failed for want of room: a
// full disk or an exhausted quota (ENOSPC, EDQUOT; /dev/full too). What
// was written is then incomplete, and a rerun where there is room
// completes it (a split count resumes from its checkpoint).
func DiskFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}
