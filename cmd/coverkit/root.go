package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"time"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/outfile"
	"github.com/coverkit/coverkit/report"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// env is what a command may touch: its streams and whether stderr is a
// terminal (for progress bars). Tests build one over buffers.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	stderrTTY      bool
	// streams are stdout and stderr under the run's stop: a signal or
	// a command's --timeout (run sets them; nil: never stopped).
	streams *outfile.Streams
}

func newEnv(stdin io.Reader, stdout, stderr io.Writer) *env {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	if f, ok := stderr.(*os.File); ok {
		e.stderrTTY = term.IsTerminal(int(f.Fd()))
	}
	return e
}

// newRoot builds the command tree. With only set to a model's name (the
// first argument), the other models' commands are stubs.
func newRoot(e *env, only string) *cobra.Command {
	root := &cobra.Command{
		Use:   "coverkit",
		Short: "Solve and compare exact-cover and placement problems",
		Long: `coverkit solves combinatorial placement problems — N-Queens, knight's tours,
sudoku-like puzzles, any exact cover — and compares algorithms on them.

Exit codes: 0 success, 1 no solution exists, 2 bad input or usage,
3 stopped early (--timeout or interrupt; the partial result is printed).`,
		Version: report.Version(),
		Example: `  coverkit queens solve 8
  coverkit queens count 14 --unique --format json
  coverkit knight solve 8 --format svg --out tour.svg
  coverkit sudoku solve testdata/sudoku/top50.txt --workers 0
  coverkit algorithms`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(e.stdin)
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return flagError(err) })
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		// An argument given empty (`coverkit dlx "$FILE"`, FILE unset)
		// is a mistake: an empty file name would read stdin. (A shell's
		// completion request ends with the empty word it completes.)
		completing := cmd.Name() == cobra.ShellCompRequestCmd || cmd.Name() == cobra.ShellCompNoDescRequestCmd
		for i, a := range args {
			if a == "" && !completing {
				return usagef("argument %d: an empty argument (\"\"): give a value (- for standard input)", i+1)
			}
		}
		// Every search command has --timeout; a negative one is a mistake,
		// not "no limit" (that is 0).
		if f := cmd.Flags().Lookup("timeout"); f != nil {
			if d, err := time.ParseDuration(f.Value.String()); err == nil && d < 0 {
				return usagef("--timeout %s: must not be negative (0 means no limit)", f.Value)
			}
		}
		// A value given empty (`--limit "$K"`, K unset) is a mistake,
		// not the flag left out: a string flag's empty default means
		// "not given" to the code that reads it.
		var empty error
		cmd.Flags().Visit(func(f *pflag.Flag) {
			if empty == nil && f.Value.Type() == "string" && f.Value.String() == "" {
				empty = usagef("--%s \"\": an empty value (leave the flag out for its default)", f.Name)
			}
		})
		return empty
	}
	root.AddCommand(newAlgorithmsCmd(e), newModelsCmd(e), newMergeCmd(e), &cobra.Command{
		Use: "version", Short: "Print the version, the VCS revision and the Go version of this build", Args: cobra.NoArgs, Example: "  coverkit version",
		RunE: func(cmd *cobra.Command, _ []string) error {
			bi, ok := debug.ReadBuildInfo()
			return report.WriteVersion(cmd.OutOrStdout(), bi, ok)
		},
	})
	for _, m := range models.Models() {
		if only != "" && m.Name != only {
			// Another model's command is never run here: a stub keeps
			// it in the help listing without building its verbs and
			// flags, which start-up would pay for.
			root.AddCommand(&cobra.Command{Use: m.Name, Short: m.Summary, Run: func(*cobra.Command, []string) {}})
			continue
		}
		root.AddCommand(newModelCmd(e, m))
	}
	if only == "" {
		// Help and completion: cobra's completion commands get examples
		// too.
		root.InitDefaultCompletionCmd()
		if c, _, err := root.Find([]string{"completion"}); err == nil && c.Name() == "completion" {
			c.Example = "  source <(coverkit completion bash)\n  coverkit completion zsh > _coverkit   # then into a directory of $fpath"
			c.Args, c.RunE = cobra.NoArgs, groupHelp
			for _, sh := range c.Commands() {
				sh.Example = "  coverkit completion " + sh.Name() + " > coverkit-completion." + sh.Name()
			}
		}
	}
	return root
}

// groupHelp makes a command that only groups verbs (queens, completion,
// ...) runnable, with cobra.NoArgs: bare, it prints its help; with an
// argument that names no verb (`coverkit queens solv 8`) it fails with
// cobra's "unknown command" error, a usage error (exit 2). Cobra alone
// would print the help on stdout and exit 0, since it does not check a
// non-runnable command's arguments.
func groupHelp(cmd *cobra.Command, _ []string) error { return cmd.Help() }

// run executes the command line and returns the process exit code.
func run(ctx context.Context, args []string, e *env) int {
	// A write to stdout or stderr that its reader does not take (a full
	// pipe to a pager left open) is given up soon after a stop, a signal
	// (ctx) or --timeout (searchContext), so that it cannot hold the exit.
	e.streams = outfile.NewStreams(ctx, e.stdout, e.stderr)
	defer e.streams.Close()
	out := e.streams.Stdout
	e.stdout, e.stderr = out, e.streams.Stderr
	// `coverkit queens solve 8` needs only the queens commands, and
	// `coverkit algorithms` none: the others are stubs. Help and completion
	// need them all.
	only := ""
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' && !slices.Contains(args, "--help") && !slices.Contains(args, "-h") &&
		!slices.Contains([]string{"help", "completion", cobra.ShellCompRequestCmd, cobra.ShellCompNoDescRequestCmd}, args[0]) &&
		(len(args) > 1 || args[0] == "algorithms" || args[0] == "models" || args[0] == "version") {
		only = args[0]
	}
	root := newRoot(e, only)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil && out.Err() != nil {
		err = usageError(fmt.Errorf("writing output: %w", out.Err()))
	}
	if err == nil {
		return exitOK
	}
	// Cobra's own errors (unknown command, wrong argument count) are
	// usage errors.
	var ee *exitError
	errors.As(usageError(err), &ee)
	switch {
	case outfile.DiskFull(err) && ee.code == exitUsage:
		// A full disk, whatever wrote: the output is incomplete;
		// exit 3, as for a stop (rerun where there is room).
		ee = &exitError{code: exitPartial, err: fmt.Errorf("%w: the output is incomplete (a full disk: rerun where there is room)", err)}
	case errors.Is(err, outfile.ErrStalled):
		// Stopped while stdout's reader was not reading
		// (outfile.ContextWriter): the stop wins, exit 3.
		ee = &exitError{code: exitPartial, err: fmt.Errorf("stopped early: %w", err)}
	}
	if ee.err != nil {
		fmt.Fprintf(e.stderr, "coverkit: %v\n", ee.err)
	}
	return ee.code
}
