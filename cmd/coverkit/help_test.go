package main

import (
	"io"
	"strings"
	"testing"

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
