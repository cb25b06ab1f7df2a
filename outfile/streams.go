package outfile

import (
	"context"
	"errors"
	"io"
)

// Streams are a command's standard output and error under its stop: a
// write that their reader does not take (a full pipe to a pager left
// open) is given up StopGrace after the stop (ContextWriter), and
// OpenContext under Context waits for a named pipe's reader no longer. The stop is the end of the
// context NewStreams was given (a signal), or the deadline of a context
// given to StopAt (a command's --timeout), whichever comes first.
type Streams struct {
	// Stdout keeps the first error of a write (Sticky), for the command
	// to report once it has run.
	Stdout *Sticky
	Stderr io.Writer
	ctx    context.Context
	halt   context.CancelCauseFunc
}

// NewStreams returns stdout and stderr under the stop of ctx (nil: never
// stopped but by StopAt). Close releases them.
func NewStreams(ctx context.Context, stdout, stderr io.Writer) *Streams {
	if ctx == nil {
		ctx = context.Background()
	}
	s := &Streams{}
	s.ctx, s.halt = context.WithCancelCause(ctx)
	s.Stdout = &Sticky{W: ContextWriter(s.ctx, stdout)}
	s.Stderr = ContextWriter(s.ctx, stderr)
	return s
}

// StopAt stops the streams when ctx passes its deadline, as the end of
// NewStreams's context does; the stop's cause is then
// context.DeadlineExceeded. A ctx canceled otherwise does not stop them,
// nor does a nil one.
func (s *Streams) StopAt(ctx context.Context) {
	if s == nil || s.halt == nil || ctx == nil {
		return // (a Streams not made by NewStreams never stops)
	}
	context.AfterFunc(ctx, func() {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			s.halt(context.DeadlineExceeded)
		}
	})
}

// Context returns the context that ends at the streams' stop, for a
// wait that must not outlast it (OpenContext); a nil *Streams never
// stops, nor does one not made by NewStreams.
func (s *Streams) Context() context.Context {
	if s == nil || s.ctx == nil {
		return context.Background()
	}
	return s.ctx
}

// Close releases the streams' resources.
func (s *Streams) Close() {
	if s != nil && s.halt != nil {
		s.halt(nil)
	}
}
