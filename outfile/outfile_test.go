package outfile

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestStdout(t *testing.T) {
	var buf bytes.Buffer
	for _, path := range []string{"", "-"} {
		buf.Reset()
		o, err := Open(path, &buf)
		require.NoError(t, err)
		require.False(t, o.Replaces())
		require.True(t, o.Empty())
		o.WriteString("x\n")
		require.False(t, o.Empty())
		require.Empty(t, buf.String(), "buffered until Commit")
		require.NoError(t, o.Commit())
		require.Equal(t, "x\n", buf.String())
	}
}

// TestFileRule checks the atomic rule: the target changes only on Commit,
// and no temporary file is left either way.
func TestFileRule(t *testing.T) {
	for _, tc := range []struct {
		name    string
		earlier bool
		commit  bool
		want    string
	}{
		{"new file committed", false, true, "result\n"},
		{"new file aborted", false, false, ""},
		{"earlier file replaced", true, true, "result\n"},
		{"earlier file kept", true, false, "earlier\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "out")
			if tc.earlier {
				require.NoError(t, os.WriteFile(path, []byte("earlier\n"), 0o640))
			}
			o, err := Open(path, nil)
			require.NoError(t, err)
			require.True(t, o.Replaces())
			require.Equal(t, path, o.Path())
			o.WriteString("result\n")
			if tc.commit {
				require.NoError(t, o.Commit())
			}
			o.Abort()
			b, err := os.ReadFile(path)
			if tc.want == "" {
				require.ErrorIs(t, err, os.ErrNotExist)
			} else {
				require.NoError(t, err)
				require.Equal(t, tc.want, string(b))
			}
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			require.LessOrEqual(t, len(entries), 1, "no temporary file is left behind")
			if tc.earlier && tc.commit && runtime.GOOS != "windows" {
				fi, err := os.Stat(path)
				require.NoError(t, err)
				require.Equal(t, os.FileMode(0o640), fi.Mode().Perm(), "the mode of the replaced file")
			}
		})
	}
}

func TestSymlinkFollowed(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	link := filepath.Join(dir, "link")
	require.NoError(t, os.WriteFile(target, []byte("earlier\n"), 0o644))
	require.NoError(t, os.Symlink(target, link))
	o, err := Open(link, nil)
	require.NoError(t, err)
	o.WriteString("new\n")
	require.NoError(t, o.Commit())
	b, err := os.ReadFile(target)
	require.NoError(t, err)
	require.Equal(t, "new\n", string(b))
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	require.NotZero(t, fi.Mode()&os.ModeSymlink, "the link stays a link")
}

func TestDeviceWrittenInPlace(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no /dev/null")
	}
	o, err := Open("/dev/null", nil)
	require.NoError(t, err)
	require.False(t, o.Replaces())
	o.WriteString("gone\n")
	require.NoError(t, o.Commit())
}

func TestRefused(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, path, want string }{
		{"directory", dir, "is a directory"},
		{"missing directory", filepath.Join(dir, "no", "out"), "cannot create a file in"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Open(tc.path, nil)
			require.ErrorContains(t, err, tc.want)
			require.ErrorContains(t, err, "outfile: ")
		})
	}
	require.Error(t, WriteFile("", nil))
}

func TestWriteFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "checkpoint")
	require.NoError(t, WriteFile(path, []byte("one\n")))
	require.NoError(t, WriteFile(path, []byte("two\n")))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, "two\n", string(b))
}

// TestStoppable: writes pass until the context ends; then a write fails at
// the next MiB, and a zero-length write (a writer asking whether to go on)
// fails at once.
func TestStoppable(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var b bytes.Buffer
	s := &Stoppable{Ctx: ctx, W: &b}
	n, err := s.Write([]byte("ab"))
	require.NoError(t, err)
	require.Equal(t, 2, n)
	_, err = s.Write(nil)
	require.NoError(t, err, "a zero-length write before the stop passes")
	cancel()
	_, err = s.Write(nil)
	require.ErrorIs(t, err, context.Canceled, "a zero-length write looks at the stop")
	_, err = s.Write([]byte("cd"))
	require.NoError(t, err, "a short write is passed on: the stop is looked at once a MiB")
	_, err = s.Write(make([]byte, 1<<20))
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, "abcd", b.String())
	_, err = (&Stoppable{}).Write([]byte("x"))
	require.ErrorIs(t, err, io.ErrClosedPipe)
}
