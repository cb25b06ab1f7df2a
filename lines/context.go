package lines

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"time"
)

// ContextReader returns a reader that reads from r until ctx ends, then
// returns the context's error (context.Canceled or
// context.DeadlineExceeded) instead of reading more, also from a Read
// that is waiting for input when ctx ends: a pipe, a FIFO or a terminal
// where no byte comes. So a stop reaches a reader that blocks, and a
// record many megabytes long is cut short within one read. A nil ctx, or
// one that never ends, gives r itself.
//
// How a blocked Read is ended depends on r. A reader that never blocks
// (a regular file, bytes.Reader, strings.Reader, bytes.Buffer) is read
// directly and looked at between reads. An *os.File the runtime polls
// (a pipe or FIFO opened by name, a socket) gets a read deadline when ctx
// ends. Any other reader (standard input, a terminal, a character device,
// an io.Pipe) is read on a goroutine of the returned reader's own, one
// read at a time into a buffer of its own; when ctx ends while a read is
// out, Read returns at once and that read is left to finish on its
// goroutine, its bytes dropped, so r must not be read by anything else
// afterwards.
func ContextReader(ctx context.Context, r io.Reader) io.Reader {
	if ctx == nil || ctx.Done() == nil {
		return r
	}
	switch r := r.(type) {
	case nil:
		return &contextReader{ctx: ctx} // the context's error, then io.EOF
	case *contextReader:
		if r.ctx == ctx {
			return r
		}
	case *readCloser: // opened by Open under ctx: read as it is
		if c, ok := r.Reader.(*contextReader); ok && c.ctx == ctx {
			return r
		}
	case *bytes.Reader, *strings.Reader, *bytes.Buffer:
		return &contextReader{ctx: ctx, r: r}
	case *os.File:
		if st, err := r.Stat(); err == nil && st.Mode().IsRegular() {
			return &contextReader{ctx: ctx, r: r}
		}
		if r.SetReadDeadline(time.Time{}) == nil {
			c := &contextReader{ctx: ctx, r: r}
			c.stop = context.AfterFunc(ctx, func() { r.SetReadDeadline(time.Now()) })
			return c
		}
	}
	return &contextReader{ctx: ctx, r: r, pump: make(chan readResult, 1)}
}

// Open calls open (which opens an input: a file by name, standard input)
// and returns its reader under ctx, as ContextReader reads: a stop ends a
// read that waits for input, and Close closes what open returned. Opening
// may itself wait (a FIFO waits for a writer): where ctx can end, open
// runs on a goroutine, and when ctx ends first Open returns the context's
// error, closing the input if it opens later. A nil ctx never ends.
func Open(ctx context.Context, open func() (io.ReadCloser, error)) (io.ReadCloser, error) {
	if open == nil {
		return nil, errors.New("lines: Open: nothing to open")
	}
	if ctx == nil || ctx.Done() == nil {
		return open()
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	type opened struct {
		rc  io.ReadCloser
		err error
	}
	done := make(chan opened, 1)
	go func() {
		rc, err := open()
		done <- opened{rc, err}
	}()
	select {
	case o := <-done:
		if o.err != nil || o.rc == nil {
			return o.rc, o.err
		}
		return &readCloser{Reader: ContextReader(ctx, o.rc), c: o.rc}, nil
	case <-ctx.Done():
		go func() {
			if o := <-done; o.rc != nil {
				o.rc.Close()
			}
		}()
		return nil, ctx.Err()
	}
}

// readCloser is a reader under a context with the Close of what it reads.
type readCloser struct {
	io.Reader
	c io.Closer
}

// Close releases the reader's deadline, if it set one, and closes the
// input.
func (rc *readCloser) Close() error {
	if c, ok := rc.Reader.(*contextReader); ok && c.stop != nil {
		c.stop()
	}
	return rc.c.Close()
}

// contextReader is ContextReader's reader: r read directly (pump nil;
// stop, if set, undoes the deadline that ends a blocked read), or on a
// goroutine (pump: the result of the read that is out).
type contextReader struct {
	ctx  context.Context
	r    io.Reader
	stop func() bool

	pump chan readResult
	buf  []byte // the goroutine's buffer
	out  bool   // a read is out
	data []byte // bytes read and not yet passed on
	err  error  // the error after data
}

// readResult is the outcome of one read of the goroutine.
type readResult struct {
	n   int
	err error
}

// pumpSize is the buffer of a reader read on a goroutine.
const pumpSize = 64 << 10

func (c *contextReader) Read(p []byte) (int, error) {
	if c.pump == nil {
		if err := c.ctx.Err(); err != nil {
			return 0, err
		}
		if c.r == nil {
			return 0, io.EOF
		}
		n, err := c.r.Read(p)
		if err != nil && errors.Is(err, os.ErrDeadlineExceeded) && c.ctx.Err() != nil {
			err = c.ctx.Err()
		}
		return n, err
	}
	if len(c.data) == 0 && c.err == nil {
		if err := c.ctx.Err(); err != nil {
			c.err = err
			return 0, err
		}
		if !c.out {
			if c.buf == nil {
				c.buf = make([]byte, pumpSize)
			}
			c.out = true
			go func(r io.Reader, buf []byte, res chan<- readResult) {
				n, err := r.Read(buf)
				res <- readResult{n, err}
			}(c.r, c.buf, c.pump)
		}
		select {
		case res := <-c.pump:
			c.out = false
			c.data, c.err = c.buf[:res.n], res.err
		case <-c.ctx.Done():
			// The read stays out; its bytes, when they come, are
			// dropped with the buffer.
			c.buf, c.err = nil, c.ctx.Err()
			return 0, c.err
		}
	}
	if len(c.data) > 0 {
		n := copy(p, c.data)
		c.data = c.data[n:]
		return n, nil
	}
	return 0, c.err
}
