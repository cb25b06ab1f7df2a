package bench_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/coverkit/coverkit/bench"
	"github.com/stretchr/testify/require"
)

func TestParseSizes(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string
		err      string
	}{
		{"one", "8", []string{"8"}, ""},
		{"range", "8..14", []string{"8", "9", "10", "11", "12", "13", "14"}, ""},
		{"list", "8,10,12", []string{"8", "10", "12"}, ""},
		{"spaces", " 8 , 10..11 ", []string{"8", "10", "11"}, ""},
		{"range of one", "5..5", []string{"5"}, ""},
		{"boards", "5x5..7x7", []string{"5x5", "6x6", "7x7"}, ""},
		{"one dimension moves", "6x4..6x6", []string{"6x4", "6x5", "6x6"}, ""},
		{"written large", "1e3..1_002", []string{"1000", "1001", "1002"}, ""},
		{"names pass through", "easy.txt,../hard.txt", []string{"easy.txt", "../hard.txt"}, ""},
		{"sizes as written", "5x6,1e3", []string{"5x6", "1e3"}, ""},
		{"empty", "", nil, `bench: sizes "": empty`},
		{"blank", "  ", nil, `bench: sizes "  ": empty`},
		{"empty item", "8,,9", nil, `bench: sizes "8,,9": item 2 is empty`},
		{"trailing comma", "8,", nil, `bench: sizes "8,": item 2 is empty`},
		{"no end", "8..", nil, `bench: sizes "8..": item 1 ("8.."): the range has no end`},
		{"bad end", "8..y", nil, `bench: sizes "8..y": item 1 ("8..y"): end "y" is not a number`},
		{"backwards", "14..8", nil, `bench: sizes "14..8": item 1 ("14..8"): the end "8" is below the start "14"`},
		{"zero", "0..3", nil, `bench: sizes "0..3": item 1 ("0..3"): start must be positive, got "0"`},
		{"dimensions", "5x5..7", nil, `bench: sizes "5x5..7": item 1 ("5x5..7"): "5x5" and "7" have different numbers of dimensions`},
		{"uneven steps", "5x5..7x8", nil, "move by different steps (2 and 3)"},
		{"double range", "1..2..3", nil, `end "2..3" is not a number`},
		{"too many", "1..1e9", nil, "more than 10000 sizes"},
		{"too many in all", "1..6000,1..6000", nil, "more than 10000 sizes"},
		{"too large", "1..1e12", nil, "too large"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := bench.ParseSizes(tc.in)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				require.Nil(t, got)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

func FuzzParseSizes(f *testing.F) {
	for _, s := range []string{"8", "8..14", "8,10,12", "5x5..7x7", "6x4..6x8", "1e3..1_002", "../a.txt", "8..", "x..y", "1..1e9", "\xff..3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := bench.ParseSizes(s)
		if err != nil {
			require.True(t, strings.HasPrefix(err.Error(), "bench: "), err.Error())
			require.True(t, utf8.ValidString(err.Error()) || !utf8.ValidString(s), err.Error())
			require.Nil(t, got)
			return
		}
		require.NotEmpty(t, got)
		require.LessOrEqual(t, len(got), bench.MaxSizes)
		for _, size := range got {
			require.NotEmpty(t, size)
			require.Equal(t, strings.TrimSpace(size), size)
			require.NotContains(t, size, ",")
		}
	})
}
