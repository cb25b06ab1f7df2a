package outfile

import (
	"context"
	"errors"
	"io"
	"os"
	"syscall"
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
