package main

import (
	"errors"
	"fmt"

	"github.com/coverkit/coverkit/core"
)

// Exit codes, the same for every command.
const (
	exitOK         = 0 // success; a count of zero is an answer
	exitNoSolution = 1 // the problem has no solution (proved), or verify found an invalid solution
	exitUsage      = 2 // bad input or usage
	exitPartial    = 3 // stopped early by --timeout or an interrupt, or a full disk (outfile.DiskFull)
)

// exitError carries an exit code up to run. err, if not nil, is printed on
// stderr.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// usageError marks err as bad input or usage (exit 2), unless it carries
// its exit already. An error from a solver is one too: a refused size or
// an unsupported request, and anything else, since solvers only fail on
// what they were given.
func usageError(err error) error {
	if errors.As(err, new(*exitError)) {
		return err
	}
	return &exitError{code: exitUsage, err: err}
}

// usagef is usageError with a formatted message.
func usagef(format string, a ...any) error { return usageError(fmt.Errorf(format, a...)) }

// noSolutionf reports a proved absence of solutions (exit 1); the message
// starts with what the caller passes, e.g. "no solution: ...".
func noSolutionf(format string, a ...any) error {
	return &exitError{code: exitNoSolution, err: fmt.Errorf(format, a...)}
}

// statusExit maps a finished command's search status to its exit error: nil
// for exhausted or found, exit 3 for a partial result (already printed).
func statusExit(s core.Status) error {
	if s.Partial() {
		return &exitError{code: exitPartial, err: fmt.Errorf("stopped early: %s (partial result)", s)}
	}
	return nil
}
