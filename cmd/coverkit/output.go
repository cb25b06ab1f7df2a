package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/coverkit/coverkit/models"
)

// output is where a command writes its results: stdout, or --out FILE
// written atomically (a temporary file in the same directory, renamed over
// FILE only when the command succeeds or prints a partial result), so no
// half-written file is ever left behind and an earlier FILE survives an
// error. A symbolic link is followed, and the file it points to replaced.
// A FILE that exists and is not a regular file (a device such as
// /dev/null, a named pipe) is written directly: it cannot be replaced.
// Writes are buffered in 1 MiB.
type output struct {
	*bufio.Writer
	file    *os.File // nil for stdout
	path    string
	direct  bool         // file is path itself, not a temporary file
	counter *countWriter // bytes that reached file
	stderr  io.Writer
}

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// stoppableWriter passes writes on to w until ctx ends, then fails them
// with ctx's error, so that writing a huge result stops on --timeout or
// Ctrl-C. It looks at ctx once a MiB.
type stoppableWriter struct {
	ctx     context.Context
	w       io.Writer
	unswept int
}

func (s *stoppableWriter) Write(p []byte) (int, error) {
	if s.unswept += len(p); s.unswept >= 1<<20 {
		s.unswept = 0
		if err := s.ctx.Err(); err != nil {
			return 0, err
		}
	}
	return s.w.Write(p)
}

// openOutput opens path for writing (stdout if path is "" or "-").
func openOutput(e *env, path string) (*output, error) {
	if path == "" || path == "-" {
		return &output{Writer: bufio.NewWriterSize(e.stdout, 1<<20), stderr: e.stderr}, nil
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		switch {
		case fi.IsDir():
			return nil, usagef("--out %s: is a directory", path)
		case !fi.Mode().IsRegular():
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			if err != nil {
				return nil, usagef("--out %s: %v", path, err)
			}
			return newFileOutput(e, f, path, true), nil
		}
		// CreateTemp makes the file private (0600); the result is an
		// ordinary output file, so give it the mode of the file it
		// replaces, or 0644.
		mode = fi.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		// Name the directory, not the temporary file's made-up name.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = fmt.Errorf("cannot create a file in %s: %w", filepath.Dir(path), pe.Err)
		}
		return nil, usagef("--out %s: %v", path, err)
	}
	if err := f.Chmod(mode); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, usagef("--out %s: %v", path, err)
	}
	return newFileOutput(e, f, path, false), nil
}

func newFileOutput(e *env, f *os.File, path string, direct bool) *output {
	c := &countWriter{w: f}
	return &output{Writer: bufio.NewWriterSize(c, 1<<20), file: f, path: path, direct: direct, counter: c, stderr: e.stderr}
}

// Commit flushes and, for a file, syncs and renames it into place.
func (o *output) Commit() error {
	if err := o.Flush(); err != nil {
		o.Abort()
		return fmt.Errorf("writing output: %w", err)
	}
	if o.file == nil {
		return nil
	}
	f := o.file
	o.file = nil
	if o.direct {
		if err := f.Close(); err != nil {
			return fmt.Errorf("writing %s: %w", o.path, err)
		}
		return nil
	}
	if err := f.Sync(); err != nil {
		f.Close()
		os.Remove(f.Name())
		return fmt.Errorf("writing %s: %w", o.path, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("writing %s: %w", o.path, err)
	}
	if err := os.Rename(f.Name(), o.path); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("writing %s: %w", o.path, err)
	}
	return nil
}

// Finish ends a command that ran a search with status s: it commits the
// output and returns statusExit(s). A partial result that wrote nothing to
// a file leaves the earlier file as it was (and says so on stderr) rather
// than replace it with an empty one.
func (o *output) Finish(s models.Status) error {
	if s.Partial() && o.file != nil && !o.direct && o.counter.n+int64(o.Buffered()) == 0 {
		o.Abort()
		fmt.Fprintf(o.stderr, "coverkit: nothing was written before the search stopped; %s left as it was\n", o.path)
		return statusExit(s)
	}
	if err := o.Commit(); err != nil {
		return err
	}
	return statusExit(s)
}

// Abort drops a file output without touching path. It is safe to call after
// Commit (it then does nothing), so commands can defer it.
func (o *output) Abort() {
	if o.file != nil {
		o.file.Close()
		if !o.direct {
			os.Remove(o.file.Name())
		}
		o.file = nil
	}
}

// openInput opens path for reading (stdin if path is "" or "-").
func openInput(e *env, path string) (io.ReadCloser, error) {
	if path == "" || path == "-" {
		return io.NopCloser(e.stdin), nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, usageError(err)
	}
	return f, nil
}

// plural writes a count with its noun: "1 solution", "3 solutions".
func plural(k uint64, noun string) string {
	if k == 1 {
		return "1 " + noun
	}
	return strconv.FormatUint(k, 10) + " " + noun + "s"
}
