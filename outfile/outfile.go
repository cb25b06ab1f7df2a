package outfile

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// bufferSize is the size of a File's write buffer.
const bufferSize = 1 << 20

// File is a destination for results: standard output, or a path written
// atomically. A symbolic link is followed and the file it points to
// replaced. A path that exists and is not a regular file (a device such as
// /dev/null, a named pipe) is written in place, since it cannot be
// replaced. Writes are buffered; nothing reaches a replaced path before
// Commit.
type File struct {
	*bufio.Writer
	file    *os.File // nil for standard output, or after Commit or Abort
	path    string
	direct  bool // file is path itself, not a temporary file
	written int64
}

// counter counts the bytes that reach the file under a File's buffer.
type counter struct {
	w io.Writer
	n *int64
}

func (c counter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	*c.n += int64(n)
	return n, err
}

// Open returns a File that writes to path, or to stdout when path is "" or
// "-". The error of a path that cannot be written names it with the prefix
// "outfile:".
func Open(path string, stdout io.Writer) (*File, error) {
	return OpenContext(context.Background(), path, stdout)
}

// OpenContext is Open under ctx: opening a path that is written in place
// may wait (a named pipe waits for a reader), and when ctx ends first
// OpenContext returns the context's cause (context.Cause: its error, or
// the cause it was canceled with), closing the file if it opens later. A
// nil ctx never ends.
func OpenContext(ctx context.Context, path string, stdout io.Writer) (*File, error) {
	if path == "" || path == "-" {
		if stdout == nil {
			return nil, errors.New("outfile: standard output: nil writer")
		}
		return &File{Writer: bufio.NewWriterSize(stdout, bufferSize)}, nil
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		switch {
		case fi.IsDir():
			return nil, fmt.Errorf("outfile: %s: is a directory", path)
		case !fi.Mode().IsRegular():
			f, err := openWaiting(ctx, path)
			if err != nil {
				return nil, err
			}
			// A reader that stops reading (a named pipe) holds a
			// write no longer than StopGrace past ctx's end.
			o := newFile(f, path, true)
			o.Writer = bufio.NewWriterSize(counter{ContextWriter(ctx, f), &o.written}, bufferSize)
			return o, nil
		}
		// CreateTemp makes the file private (0600); a result is an
		// ordinary file, so it takes the mode of the file it replaces.
		mode = fi.Mode().Perm()
	}
	f, err := createTemp(path, mode)
	if err != nil {
		return nil, err
	}
	return newFile(f, path, false), nil
}

// openWaiting opens path, not a regular file, for writing in place: on a
// goroutine where ctx can end, since a named pipe's open waits for a
// reader, and a signal or a deadline must not wait with it.
func openWaiting(ctx context.Context, path string) (*os.File, error) {
	open := func() (*os.File, error) {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return nil, fmt.Errorf("outfile: %w", err)
		}
		return f, nil
	}
	if ctx == nil || ctx.Done() == nil {
		return open()
	}
	if ctx.Err() != nil {
		return nil, context.Cause(ctx)
	}
	type opened struct {
		f   *os.File
		err error
	}
	done := make(chan opened, 1)
	go func() {
		f, err := open()
		done <- opened{f, err}
	}()
	select {
	case o := <-done:
		return o.f, o.err
	case <-ctx.Done():
		go func() {
			if o := <-done; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, context.Cause(ctx)
	}
}

// createTemp creates the temporary file that will replace path.
func createTemp(path string, mode fs.FileMode) (*os.File, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		// Name the directory, not the temporary file's made-up name.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("outfile: %s: cannot create a file in %s: %w", path, filepath.Dir(path), err)
	}
	if err := f.Chmod(mode); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, fmt.Errorf("outfile: %s: %w", path, err)
	}
	return f, nil
}

func newFile(f *os.File, path string, direct bool) *File {
	o := &File{file: f, path: path, direct: direct}
	o.Writer = bufio.NewWriterSize(counter{f, &o.written}, bufferSize)
	return o
}

// Path returns the path written, or "" for standard output.
func (o *File) Path() string { return o.path }

// Replaces reports whether Commit will replace a file (rather than write
// standard output or a device in place), that is, whether Abort leaves an
// earlier file as it was.
func (o *File) Replaces() bool { return o.file != nil && !o.direct }

// Empty reports whether nothing has been written yet.
func (o *File) Empty() bool {
	if o.Writer == nil {
		return o.written == 0 // a zero File writes nothing
	}
	return o.written+int64(o.Buffered()) == 0
}

// Commit flushes the buffer and, for a replaced file, syncs the temporary
// file and renames it over the path. After Commit the File writes nothing
// more.
func (o *File) Commit() error {
	if o.Writer == nil {
		return errors.New("outfile: Commit of a File that Open did not make")
	}
	if err := o.Flush(); err != nil {
		o.Abort()
		return o.fail(err)
	}
	f := o.file
	if f == nil {
		return nil
	}
	o.file = nil
	if o.direct {
		if err := f.Close(); err != nil {
			return o.fail(err)
		}
		return nil
	}
	err := f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), o.path)
	}
	if err != nil {
		os.Remove(f.Name())
		return o.fail(err)
	}
	return nil
}

func (o *File) fail(err error) error {
	if o.path == "" {
		return fmt.Errorf("outfile: writing output: %w", err)
	}
	return fmt.Errorf("outfile: writing %s: %w", o.path, err)
}

// Settle ends a File whose result may be partial by the one rule of every
// output: a partial result that found nothing (found false) or wrote
// nothing leaves an earlier file as it was (Abort; kept reports it), and
// anything else is committed (Commit).
func (o *File) Settle(partial, found bool) (kept bool, err error) {
	if o == nil {
		return false, errors.New("outfile: Settle of a nil File")
	}
	if partial && o.Replaces() && (o.Empty() || !found) {
		o.Abort()
		return true, nil
	}
	return false, o.Commit()
}

// Abort drops what was written without touching the path. It does nothing
// after Commit, so callers can defer it.
func (o *File) Abort() {
	if o.file != nil {
		o.file.Close()
		if !o.direct {
			os.Remove(o.file.Name())
		}
		o.file = nil
	}
}

// WriteFile writes data to path atomically, as a File does: through a
// synced temporary file renamed over path, which keeps the mode of the
// file it replaces (0644 for a new one).
func WriteFile(path string, data []byte) error {
	if path == "" || path == "-" {
		return errors.New("outfile: WriteFile needs a path")
	}
	o, err := Open(path, io.Discard)
	if err != nil {
		return err
	}
	defer o.Abort()
	if _, err := o.Write(data); err != nil {
		return o.fail(err)
	}
	return o.Commit()
}
