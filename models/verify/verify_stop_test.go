package verify_test

import (
	"context"
	"errors"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/verify"
	"github.com/stretchr/testify/require"
)

// TestEachStops: a stop ends the report with the records read before
// it, marked, and no error; the record whose reading the stop cut short
// (unreadable, or invalid for a streaming checker) is not counted.
func TestEachStops(t *testing.T) {
	for _, tc := range []struct {
		name string
		cut  verify.Reading
	}{
		{"unreadable", verify.Reading{Line: 3, Unreadable: context.Canceled}},
		{"invalid", verify.Reading{Line: 3, Checked: true, Invalid: errors.New("row 5 is off the board")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			k := 0
			r := verify.ReaderFunc(func() (verify.Reading, error) {
				k++
				if k <= 2 {
					return verify.Reading{Line: k, Checked: true, Key: uint64(k)}, nil
				}
				cancel() // the stop comes while the third record is read
				return tc.cut, nil
			})
			rep, err := verify.Each(ctx, nil, r)
			require.NoError(t, err)
			require.Equal(t, core.StatusCanceled, rep.Status)
			require.Equal(t, uint64(2), rep.Solutions)
			require.Equal(t, uint64(2), rep.Valid)
			require.Zero(t, rep.Invalid)
			require.Nil(t, rep.FirstBad)
		})
	}
}
