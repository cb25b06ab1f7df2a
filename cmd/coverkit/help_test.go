package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/require"
)

// TestHelpExamples checks that every command's help has an Examples
// section and that every coverkit command line in it is real: the command
// exists, its flags parse and its arguments are accepted.
func TestHelpExamples(t *testing.T) {
	e := newEnv(nil, io.Discard, io.Discard)
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" || !c.IsAvailableCommand() && c.HasParent() {
			return
		}
		t.Run(c.CommandPath(), func(t *testing.T) {
			require.NotEmpty(t, c.Example, "every --help has an Examples section")
			for _, line := range strings.Split(c.Example, "\n") {
				for _, seg := range strings.Split(line, "|") {
					words := shellWords(seg)
					if len(words) == 0 || words[0] != "coverkit" {
						continue
					}
					// A fresh tree for each line: flags keep their values.
					cmd, rest, err := newRoot(e, "").Find(words[1:])
					require.NoError(t, err, line)
					require.NoError(t, cmd.ParseFlags(rest), line)
					if cmd.Args != nil {
						require.NoError(t, cmd.Args(cmd, cmd.Flags().Args()), line)
					}
				}
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot(e, ""))
}

// TestHelpExamplesRun runs every command's help Examples (issue 31: help
// that cannot drift): the lines of each command's Examples in order,
// through bash, in a new directory where testdata/ is the repository's, as
// a user who copies them from `coverkit <verb> --help` in a clone would.
// Each must answer (exit 0, or 1 where no solution is the answer) within
// helpExampleTimeout: examples use files of the repository and finish in
// seconds. -short leaves out compare, as TestDocExamples does.
func TestHelpExamplesRun(t *testing.T) {
	needBash(t)
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	e := newEnv(nil, io.Discard, io.Discard)
	seen := map[string]bool{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" || !c.IsAvailableCommand() && c.HasParent() {
			return
		}
		if ex := strings.TrimSpace(c.Example); ex != "" && !seen[ex] && !fromVerbs(c) {
			seen[ex] = true
			t.Run(c.CommandPath(), func(t *testing.T) {
				t.Parallel()
				if testing.Short() && strings.Contains(ex, " compare ") {
					t.Skip("compare examples run in the full suite")
				}
				dir := t.TempDir()
				require.NoError(t, os.Symlink(filepath.Join(root, "testdata"), filepath.Join(dir, "testdata")))
				for _, line := range strings.Split(ex, "\n") {
					line = strings.TrimSpace(line)
					ctx, cancel := context.WithTimeout(context.Background(), helpExampleTimeout)
					cmd := exec.CommandContext(ctx, "bash", "-o", "pipefail", "-c", line)
					cmd.Dir = dir
					out, err := cmd.CombinedOutput()
					late := ctx.Err() != nil
					cancel()
					require.False(t, late, "%s: more than %s", line, helpExampleTimeout)
					if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == exitNoSolution {
						err = nil // no solution is an answer
					}
					require.NoError(t, err, "%s\n%s", line, out)
				}
			})
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot(e, ""))
}

// fromVerbs reports whether every line of c's Examples is an example of
// one of its verbs (a model's own help shows each verb's first), which
// runs with its verb.
func fromVerbs(c *cobra.Command) bool {
	if !c.HasSubCommands() {
		return false
	}
	for _, line := range strings.Split(c.Example, "\n") {
		if !slices.ContainsFunc(c.Commands(), func(sub *cobra.Command) bool {
			return slices.ContainsFunc(strings.Split(sub.Example, "\n"), func(l string) bool {
				return strings.TrimSpace(l) == strings.TrimSpace(line)
			})
		}) {
			return false
		}
	}
	return true
}

// helpExampleTimeout bounds each help example line; they take well under
// a second on an idle machine.
const helpExampleTimeout = 60 * time.Second

// shellWords splits a command line into words as a shell would for the
// simple lines of our examples: quotes group, redirections are dropped.
func shellWords(s string) []string {
	var words []string
	var w strings.Builder
	quote, in := byte(0), false
	flush := func() {
		if in {
			words = append(words, w.String())
		}
		w.Reset()
		in = false
	}
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case quote != 0 && b == quote:
			quote = 0
		case quote != 0:
			w.WriteByte(b)
		case b == '"' || b == '\'':
			quote, in = b, true
		case b == ' ' || b == '\t':
			flush()
		default:
			w.WriteByte(b)
			in = true
		}
	}
	flush()
	for i, word := range words {
		if strings.HasPrefix(word, ">") || strings.HasPrefix(word, "2>") {
			return words[:i]
		}
	}
	return words
}
