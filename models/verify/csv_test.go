package verify

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
)

// TestCSVGuard: a CSV listing (solve --format csv) is refused by name, with
// or without a BOM, in one read or byte by byte; any other input passes
// through whole.
func TestCSVGuard(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		csv      bool
	}{
		{"listing", "model,size,algorithm,n,solution\nqueens,8,backtrack,8,\"[1,5,8,6,3,7,2,4]\"\n", true},
		{"listing with a BOM", "\uFEFFmodel,size,options\r\n", true},
		{"text", "1 5 8 6 3 7 2 4\n", false},
		{"JSON lines", `{"model":"queens","size":"8"}` + "\n", false},
		{"a short first line", "1\nmodel,size,\n", false},
		{"empty", "", false},
		{"a header cut short", "model,siz", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, r := range []io.Reader{strings.NewReader(tc.in), iotest.OneByteReader(strings.NewReader(tc.in))} {
				got, err := io.ReadAll(&csvGuard{r: r})
				if tc.csv {
					require.ErrorIs(t, err, ErrCSV)
					continue
				}
				require.NoError(t, err)
				require.Equal(t, tc.in, string(got))
			}
		})
	}
}
