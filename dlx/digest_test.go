package dlx

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDigest checks that the digest of a problem follows its items and
// options, not the text they were read from.
func TestDigest(t *testing.T) {
	digest := func(s string) string {
		p, err := Parse(strings.NewReader(s))
		require.NoError(t, err, s)
		return p.Digest()
	}
	base := digest("a b | x\na x:red\nb x:red\nb\n")
	for _, tc := range []struct {
		name, text string
		same       bool
	}{
		{"comments and spacing", "| a comment\n  a   b  |  x\r\na x:red\n\nb x:red\nb\n", true},
		{"renamed items and colors", "p q | y\np y:blue\nq y:blue\nq\n", true},
		{"another color", "a b | x\na x:red\nb x:blue\nb\n", false},
		{"no color", "a b | x\na x\nb x:red\nb\n", false},
		{"options in another order", "a b | x\nb x:red\na x:red\nb\n", false},
		{"items of an option in another order", "a b | x\nx:red a\nb x:red\nb\n", false},
		{"a bound", "2|a b | x\na x:red\nb x:red\nb\n", false},
		{"a secondary item made primary", "a b x\na x\nb x\nb\n", false},
		{"one option less", "a b | x\na x:red\nb x:red\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.same {
				require.Equal(t, base, digest(tc.text))
			} else {
				require.NotEqual(t, base, digest(tc.text))
			}
		})
	}
	var nilP *Problem
	require.Equal(t, (&Problem{}).Digest(), nilP.Digest())
	require.Equal(t, New().Digest(), nilP.Digest())
	require.Len(t, base, 64)
}
