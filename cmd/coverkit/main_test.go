package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/stretchr/testify/require"
)

// runCLI runs coverkit with args and stdin, returning stdout, stderr and the
// exit code. Every command test goes through it.
func runCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, newEnv(strings.NewReader(stdin), &out, &errb))
	return out.String(), errb.String(), code
}

func TestVersionAndUsage(t *testing.T) {
	out, _, code := runCLI(t, "", "--version")
	require.Equal(t, exitOK, code)
	require.Contains(t, out, "coverkit version")

	for _, tc := range []struct {
		name string
		args []string
	}{
		{"unknown command", []string{"bogus"}},
		{"unknown flag", []string{"algorithms", "--zz"}},
		{"bad format", []string{"algorithms", "--format", "xml"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tc.args...)
			require.Equal(t, exitUsage, code)
			require.Empty(t, out)
			require.Contains(t, errOut, "coverkit: ")
		})
	}
}

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		err  string
	}{
		{"8", 8, ""},
		{"1000000", 1000000, ""},
		{"1e6", 1000000, ""},
		{"1_000_000", 1000000, ""},
		{"0", 0, "must be positive"},
		{"-3", 0, "must be positive"},
		{"abc", 0, "not a number"},
		{"1e30", 0, "too large"},
		{"99999999999999999999999", 0, "too large"},
		{"1.5e0", 0, "not a whole number"},
		{"0x10", 0, "not a number"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := core.ParseSize("N", tc.in, 1<<40)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

// TestOutputFinish checks --out after a partial result: replaced by what
// was written, kept when nothing was (the atomic file itself is tested in
// package outfile).
func TestOutputFinish(t *testing.T) {
	dir := t.TempDir()
	var stderr bytes.Buffer
	e := newEnv(nil, nil, &stderr)

	t.Run("partial result with nothing written keeps the earlier file", func(t *testing.T) {
		path := filepath.Join(dir, "keep.txt")
		require.NoError(t, os.WriteFile(path, []byte("old\n"), 0o644))
		o, err := openOutput(e, path)
		require.NoError(t, err)
		err = finish(e, o, core.StatusTimeout, false)
		var ee *exitError
		require.ErrorAs(t, err, &ee)
		require.Equal(t, exitPartial, ee.code)
		b, _ := os.ReadFile(path)
		require.Equal(t, "old\n", string(b))
		require.Contains(t, stderr.String(), "left as it was")
	})

	t.Run("partial result with output replaces it", func(t *testing.T) {
		path := filepath.Join(dir, "partial.txt")
		require.NoError(t, os.WriteFile(path, []byte("old\n"), 0o644))
		o, err := openOutput(e, path)
		require.NoError(t, err)
		o.WriteString("1 3 5\n")
		require.Error(t, finish(e, o, core.StatusCanceled, true))
		b, _ := os.ReadFile(path)
		require.Equal(t, "1 3 5\n", string(b))
	})

	t.Run("partial result that found nothing keeps it, whatever it wrote", func(t *testing.T) {
		path := filepath.Join(dir, "zero.txt")
		require.NoError(t, os.WriteFile(path, []byte("old\n"), 0o644))
		o, err := openOutput(e, path)
		require.NoError(t, err)
		o.WriteString("at least 0 solutions for 8 (partial: limit)\n")
		require.Error(t, finish(e, o, core.StatusLimit, false))
		b, _ := os.ReadFile(path)
		require.Equal(t, "old\n", string(b))
	})
}
