package verify

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
)

// TestFormatGuard: a CSV listing (solve --format csv) and an SVG picture
// (solve --format svg) are refused by name, with or without a BOM, in one
// read or byte by byte; any other input passes through whole.
func TestFormatGuard(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		err      error
	}{
		{"listing", "model,size,algorithm,n,solution\nqueens,8,backtrack,8,\"[1,5,8,6,3,7,2,4]\"\n", ErrCSV},
		{"listing with a BOM", "\uFEFFmodel,size,options\r\n", ErrCSV},
		{"picture", `<svg xmlns="http://www.w3.org/2000/svg" width="144">` + "\n<rect/>\n</svg>\n", ErrSVG},
		{"picture with a declaration", "<?xml version=\"1.0\"?>\n<svg/>\n", ErrSVG},
		{"picture with a BOM", "\uFEFF<svg/>", ErrSVG},
		{"text", "1 5 8 6 3 7 2 4\n", nil},
		{"JSON lines", `{"model":"queens","size":"8"}` + "\n", nil},
		{"a short first line", "1\nmodel,size,\n", nil},
		{"a picture on the second line", "1\n<svg/>\n", nil},
		{"empty", "", nil},
		{"a header cut short", "model,siz", nil},
		{"an element cut short", "<sv", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, r := range []io.Reader{strings.NewReader(tc.in), iotest.OneByteReader(strings.NewReader(tc.in))} {
				got, err := io.ReadAll(&formatGuard{r: r})
				if tc.err != nil {
					require.ErrorIs(t, err, tc.err)
					continue
				}
				require.NoError(t, err)
				require.Equal(t, tc.in, string(got))
			}
		})
	}
}
