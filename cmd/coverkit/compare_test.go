package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCompareSizes(t *testing.T) {
	out, errOut, code := runCLI(t, "", "queens", "compare", "--sizes", "6..8", "--algos", "backtrack,bitwise,construct")
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "queens compare: size = 6,7,8, count, median of 1 run(s)\nmachine: ")
	require.Regexp(t, `(?m)^SIZE\s+ALGORITHM\s+KIND\s+STATUS\s+SOLUTIONS\s+NODES\s+CHECKS\s+ELAPSED\s+MIN\s+MAX$`, out)
	// OEIS A000170: 4, 40, 92 solutions for n = 6, 7, 8.
	require.Regexp(t, `(?m)^7\s+backtrack\s+exact\s+exhausted\s+40\s`, out)
	require.Regexp(t, `(?m)^8\s+bitwise\s+exact\s+exhausted\s+92\s`, out)
	require.Contains(t, out, "growth per size step (size + 1)")
	require.Regexp(t, `(?m)^backtrack\s+\d+\.\d\dx\s+\d+\.\d\dx\s+3$`, out)
	require.Contains(t, errOut, "coverkit: queens compare: skipping construct: models: queens algorithm construct cannot count solutions")
	require.Equal(t, 1, strings.Count(errOut, "skipping construct"), "one note for every size")

	out, errOut, code = runCLI(t, "", "queens", "compare", "--sizes", "6,8", "--algos", "backtrack", "-f", "json", "--first")
	require.Equal(t, exitOK, code, errOut)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 2)
	var rec map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &rec))
	require.Equal(t, "8", rec["size"])
	require.Equal(t, "first solution", rec["job"])
	require.Contains(t, rec, "time_growth")
	require.Contains(t, rec, "nodes_growth")

	// Names stand for the instance too: a model's input files (dlx's
	// optional FILE), as docs/cli.md says.
	out, errOut, code = runCLI(t, "", "dlx", "compare", "--sizes", "../../testdata/dlx/knuth7.dlx,../../testdata/dlx/langford-7.dlx", "--algos", "dlx")
	require.Equal(t, exitOK, code, errOut)
	require.Regexp(t, `(?m)^knuth7.dlx\s+dlx\s+exact\s+exhausted\s+1\s`, out)
	require.Regexp(t, `(?m)^langford-7.dlx\s+dlx\s+exact\s+exhausted\s+52\s`, out)

	// The size goes where the model's instance has it: pieces' SIZE
	// comes after PIECE (4 non-attacking kings on 4x4, 5x5, 6x6).
	out, errOut, code = runCLI(t, "", "pieces", "compare", "--sizes", "4..6", "king", "4", "--algos", "bitboard")
	require.Equal(t, exitOK, code, errOut)
	require.Regexp(t, `(?m)^4x4\s+bitboard\s+exact\s+exhausted\s+79\s`, out)
	require.Regexp(t, `(?m)^6x6\s+bitboard\s+exact\s+exhausted\s+16834\s`, out)
	require.Contains(t, out, "growth per size step")

	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"file and sizes", []string{"dlx", "compare", "../../testdata/dlx/knuth7.dlx", "--sizes", "../../testdata/dlx/knuth7.dlx"}, "give [FILE|-] or --sizes, not both"},
		{"size and sizes", []string{"queens", "compare", "8", "--sizes", "6..8"}, "give N or --sizes, not both"},
		{"neither", []string{"queens", "compare"}, "give N or --sizes"},
		{"bad sizes", []string{"queens", "compare", "--sizes", "8..6"}, `--sizes: bench: sizes "8..6"`},
		{"bad size in the list", []string{"queens", "compare", "--sizes", "6,abc"}, "not a number"},
		{"unknown format", []string{"queens", "compare", "6", "--format", "xml"}, "unknown --format"},
		{"absurd repeat", []string{"queens", "compare", "6", "--repeat", "1e9"}, "at most 1000000 runs"},
		{"all and first", []string{"queens", "compare", "6", "--all", "--first"}, "--all (count every solution) and --first"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := runCLI(t, "", tc.args...)
			require.Equal(t, exitUsage, code, errOut)
			require.Contains(t, errOut, tc.want)
		})
	}
}

func TestCompareProgress(t *testing.T) {
	var out, errb bytes.Buffer
	e := newEnv(strings.NewReader(""), &out, &errb)
	e.stderrTTY = true
	code := run(context.Background(), []string{"queens", "compare", "--sizes", "9..10", "--algos", "backtrack,permutation", "--repeat", "2"}, e)
	require.Equal(t, exitOK, code, errb.String())
	require.Contains(t, errb.String(), "queens compare: runs")
	require.True(t, strings.HasSuffix(errb.String(), "\r\033[K"), "the bar is cleared: %q", errb.String())
	require.Contains(t, out.String(), "growth per size step")
}
