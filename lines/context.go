package lines

import (
	"context"
	"io"
)

// ContextReader returns a reader that reads from r until ctx ends, then
// returns the context's error (context.Canceled or
// context.DeadlineExceeded) instead of reading more. A record many
// megabytes long is thus cut short within one read of r, so that a stop
// does not wait for it to be read whole. A nil ctx never ends.
func ContextReader(ctx context.Context, r io.Reader) io.Reader {
	if ctx == nil || ctx.Done() == nil {
		return r
	}
	return &contextReader{ctx: ctx, r: r}
}

type contextReader struct {
	ctx context.Context
	r   io.Reader
}

func (c *contextReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	if c.r == nil {
		return 0, io.EOF
	}
	return c.r.Read(p)
}
