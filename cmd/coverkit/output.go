package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/outfile"
)

// openOutput opens --out FILE, written atomically (package outfile), or
// stdout when path is "" or "-". Opening a named pipe waits for a reader,
// no longer than the run's stop (a signal, --timeout): exit 3.
func openOutput(e *env, path string) (*outfile.File, error) {
	o, err := outfile.OpenContext(e.streams.Context(), path, e.stdout)
	if _, stopped := core.ErrorStatus(err); stopped {
		return nil, phaseError(err, "opening --out "+path)
	}
	if err != nil {
		return nil, usagef("--out %s", strings.TrimPrefix(err.Error(), "outfile: "))
	}
	return o, nil
}

// finish ends a command that ran a search with status s: the output
// settles by the one --out rule of every verb (outfile.File.Settle, found
// false: no solution listed, a count of 0, no line answered; an earlier
// --out file kept is said on stderr), and it returns statusExit(s).
func finish(e *env, o *outfile.File, s core.Status, found bool) error {
	kept, err := o.Settle(s.Partial(), found)
	if kept {
		fmt.Fprintf(e.stderr, "coverkit: nothing was found before the search stopped; %s left as it was\n", o.Path())
	} else if err != nil {
		return err
	}
	return statusExit(s)
}

// finishAnswers ends a run of many answers (a batch, a task) as out says
// it ended: a run stopped early ends as finish ends it (found: something
// was answered), exit 3 with out's message as its own ("": finish's);
// otherwise the output is committed and the run exits 2 if it marked
// invalid items, 1 if it failed (a "no"), else 0.
func finishAnswers(e *env, o *outfile.File, out *models.Outcome, found bool) error {
	if out.Status.Partial() {
		err := finish(e, o, out.Status, found)
		if out.Message == "" || !errors.As(err, new(*exitError)) {
			return err
		}
		return &exitError{code: exitPartial, err: fmt.Errorf("stopped early: %s", out.Message)}
	}
	if err := o.Commit(); err != nil {
		return err
	}
	switch {
	case out.Invalid:
		return usagef("%s", out.Message)
	case out.Failed:
		return noSolutionf("%s", out.Message)
	}
	return nil
}

// openInput opens path for reading (stdin if path is "" or "-"), or a
// usage error.
func openInput(e *env, path string) (io.ReadCloser, error) {
	f, err := outfile.OpenInput(path, e.stdin)
	if err != nil {
		return nil, usageError(err)
	}
	return f, nil
}
