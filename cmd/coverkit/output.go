package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// output is where a command writes its results: stdout, or --out FILE
// written atomically (a temporary file in the same directory, renamed over
// FILE only when the command succeeds or prints a partial result), so no
// half-written file is ever left behind and an earlier FILE survives an
// error. Writes are buffered in 1 MiB.
type output struct {
	*bufio.Writer
	file *os.File // nil for stdout
	path string
}

// openOutput opens path for writing (stdout if path is "" or "-").
func openOutput(e *env, path string) (*output, error) {
	if path == "" || path == "-" {
		return &output{Writer: bufio.NewWriterSize(e.stdout, 1<<20)}, nil
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return nil, usagef("--out %s: %v", path, err)
	}
	// CreateTemp makes the file private (0600); the result is an ordinary
	// output file, so give it the mode of the file it replaces, or 0644.
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	if err := f.Chmod(mode); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, usagef("--out %s: %v", path, err)
	}
	return &output{Writer: bufio.NewWriterSize(f, 1<<20), file: f, path: path}, nil
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
	if err := o.file.Sync(); err != nil {
		o.Abort()
		return fmt.Errorf("writing %s: %w", o.path, err)
	}
	if err := o.file.Close(); err != nil {
		os.Remove(o.file.Name())
		return fmt.Errorf("writing %s: %w", o.path, err)
	}
	if err := os.Rename(o.file.Name(), o.path); err != nil {
		os.Remove(o.file.Name())
		return fmt.Errorf("writing %s: %w", o.path, err)
	}
	o.file = nil
	return nil
}

// Abort drops a file output without touching path. It is safe to call after
// Commit (it then does nothing), so commands can defer it.
func (o *output) Abort() {
	if o.file != nil {
		o.file.Close()
		os.Remove(o.file.Name())
		o.file = nil
	}
}

// inputArg returns the input path named by args[i], or "-" (stdin) when
// the optional argument is absent.
func inputArg(args []string, i int) string {
	if i < len(args) {
		return args[i]
	}
	return "-"
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
