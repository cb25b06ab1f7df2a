package verify_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/verify"
	"github.com/coverkit/coverkit/report"
	"github.com/coverkit/coverkit/resource"
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
		// A block cut short reads as a solution that its problem's
		// Verify then refuses (dlx verify of an endless block: exit 1).
		{"refused by Verify", verify.Reading{Line: 3, Problem: refuses{}, Solution: core.Solution{1, 1}}},
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

// refuses is a problem whose Verify refuses every solution.
type refuses struct{}

func (refuses) Model() string                                 { return "refuses" }
func (refuses) Size() string                                  { return "1" }
func (refuses) Verify(core.Solution) error                    { return errors.New("option 1 chosen twice") }
func (refuses) Render(io.Writer, core.Solution, string) error { return nil }

// TestRecordReader: a text block read as it is, its lines joined by
// newlines, whatever the size of the reads (knight's verify parses a tour
// of millions of squares through it rather than a copy of the block).
func TestRecordReader(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		want  string
	}{
		{"none", nil, ""},
		{"one", []string{"1 2 3"}, "1 2 3"},
		{"empty lines", []string{"ab", "", "c", ""}, "ab\n\nc\n"},
		{"long", []string{strings.Repeat("7 ", 5000), "8"}, strings.Repeat("7 ", 5000) + "\n8"},
	} {
		for _, size := range []int{1, 3, 4096} {
			rec := &verify.Record{}
			for _, l := range tc.lines {
				rec.Lines = append(rec.Lines, []byte(l))
			}
			got, err := io.ReadAll(iotest.OneByteReader(rec.Reader()))
			if size > 1 {
				got, err = io.ReadAll(&sized{r: rec.Reader(), n: size})
			}
			require.NoError(t, err, tc.name)
			require.Equal(t, tc.want, string(got), "%s, reads of %d", tc.name, size)
		}
	}
}

// sized reads at most n bytes a Read.
type sized struct {
	r io.Reader
	n int
}

func (s *sized) Read(p []byte) (int, error) { return s.r.Read(p[:min(len(p), s.n)]) }

// TestTextBlockBounded: a text block of more lines than MaxLines is one
// unreadable record, read to its end without its lines kept, and the
// records after it are read (a block that no blank line ends, `yes 1 2 3
// | latin verify`, held every line: 1.4 GB in 9 s).
func TestTextBlockBounded(t *testing.T) {
	in := strings.Repeat("1 2 3\n", 100_000) + "\n1 2\n2 1\n\n{\"square\":[[1]]}\n"
	var decoded []int
	r := verify.TextSolutions(strings.NewReader(in), verify.TextOptions{MaxLines: 64,
		Decode: func(rec *verify.Record) (core.Problem, core.Solution, error) {
			decoded = append(decoded, rec.Line)
			require.LessOrEqual(t, len(rec.Lines), 64)
			return nil, nil, verify.ErrNoSolution
		}})
	var got []verify.Reading
	for {
		rd, err := r.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		got = append(got, rd)
	}
	require.Len(t, got, 3)
	require.Equal(t, 1, got[0].Line)
	require.ErrorContains(t, got[0].Unreadable, "a text block of more than 64 lines")
	require.Equal(t, []int{100_002, 100_005}, decoded, "the records after it are read")
}

// TestEachDistinctAsksMemory: the set of distinct solutions grows in
// steps asked of the memory policy; past a refusal every solution is
// still checked, and the distinct count is marked a lower bound (a
// listing of 10^8 solutions took 4.5 GB, asking no one).
func TestEachDistinctAsksMemory(t *testing.T) {
	defer verify.SetGrowSeen(func(what string, held, step uint64) error {
		if held >= 4<<20 {
			return fmt.Errorf("%s: no more: %w", what, resource.ErrTooLarge)
		}
		return nil
	})()
	const n = 200_000
	k := 0
	rep, err := verify.Each(context.Background(), nil, verify.ReaderFunc(func() (verify.Reading, error) {
		if k++; k > n {
			return verify.Reading{}, io.EOF
		}
		return verify.Reading{Line: k, Checked: true, Key: uint64(k)}, nil
	}))
	require.NoError(t, err)
	require.Equal(t, uint64(n), rep.Valid, "every solution is checked")
	require.True(t, rep.DistinctAtLeast)
	require.Less(t, rep.Distinct, uint64(n))
	require.Positive(t, rep.Distinct)
	var b strings.Builder
	require.NoError(t, report.WriteVerify(&b, rep))
	require.Contains(t, b.String(), "200000 solutions, all valid, at least ")
	require.Contains(t, report.VerifyFields("queens", rep), models.Field{Key: "distinct_at_least", Value: true})
}
