package outfile

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestStreams: the streams stop with their context, or at the deadline of
// a context given to StopAt (the cause then DeadlineExceeded), and not
// when that context is canceled otherwise; a nil *Streams never stops.
func TestStreams(t *testing.T) {
	for _, tc := range []struct {
		name  string
		stop  func(parent context.CancelFunc, s *Streams)
		cause error // nil: not stopped
	}{
		{"the context ends", func(parent context.CancelFunc, _ *Streams) { parent() }, context.Canceled},
		{"a deadline passes", func(_ context.CancelFunc, s *Streams) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
			t.Cleanup(cancel)
			s.StopAt(ctx)
		}, context.DeadlineExceeded},
		{"a command's context is canceled", func(_ context.CancelFunc, s *Streams) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
			s.StopAt(ctx)
			cancel()
		}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			parent, cancel := context.WithCancel(context.Background())
			defer cancel()
			var out, errb bytes.Buffer
			s := NewStreams(parent, &out, &errb)
			defer s.Close()
			tc.stop(cancel, s)
			if tc.cause == nil {
				time.Sleep(10 * time.Millisecond) // an AfterFunc would have run
				require.NoError(t, s.Context().Err())
			} else {
				<-s.Context().Done()
				require.ErrorIs(t, context.Cause(s.Context()), tc.cause)
			}
			// Writes to buffers are never given up.
			_, err := s.Stdout.Write([]byte("out"))
			require.NoError(t, err)
			_, err = s.Stderr.Write([]byte("err"))
			require.NoError(t, err)
			require.Equal(t, "out", out.String())
			require.Equal(t, "err", errb.String())
		})
	}
	var s *Streams
	require.NoError(t, s.Context().Err(), "a nil *Streams never stops")
}
