package models

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/coverkit/coverkit/core"
)

// The input of a request: the file, standard input or the arguments a
// verb reads (OpenInput), and the batch capability of a
// model whose input is many instances (Batch, answered by the one batch
// loop of package models/batch).

// Batch is a model's batch capability for one request (its layout, its
// input format): how its input is cut into records, how a record becomes
// a problem, and what an answer looks like.
type Batch interface {
	// NewReader cuts r into records.
	NewReader(r io.Reader) BatchReader
	// NewParser returns a parser for one chunk of records: it owns the
	// problems it makes.
	NewParser() BatchParser
	// Class returns a comparable key of a problem's kind (sudoku: its
	// shape): the loop asks an algorithm's Supports once per class, not
	// once per record.
	Class(p core.Problem) any
	// Supports refuses an algorithm that can solve none of the batch's
	// problems (a solver of 9x9 grids for a 16x16 layout), before any
	// input is read.
	Supports(a Algorithm, o *core.Options) error
	// Limit is how many solutions an answer looks for by default: 2 tells
	// a unique solution from several; 0 counts them all.
	Limit() uint64
	// Formats are the render formats of a solution in a text answer
	// ("line") and in a JSON answer ("json"); block says that a text
	// answer spans several lines (a grid), so that a blank line follows
	// each.
	Formats() (text, json string, block bool)
	// Noun names the instances in summaries ("puzzles").
	Noun() string
}

// BatchRecord is one record of a batch's input.
type BatchRecord struct {
	// Line is the 1-based line where the record starts.
	Line int
	// Text is the record's text.
	Text []byte
	// Err, if not nil, says why the record cannot be read (a line too
	// long): it is answered invalid and the batch goes on.
	Err error
}

// BatchReader reads a batch's records.
type BatchReader interface {
	// Next appends the next record's text to buf and returns the record;
	// io.EOF after the last one; any other error means the input cannot
	// be read, which ends the batch.
	Next(buf []byte) (BatchRecord, error)
}

// BatchChunk is the number of records a worker takes at a time; a
// BatchParser holds a problem for each.
const BatchChunk = 64

// BatchParser parses records into problems.
type BatchParser interface {
	// Parse reads rec into the problem of slot (0 ≤ slot < BatchChunk),
	// which stays valid until the slot is parsed again; an error makes the
	// record invalid.
	Parse(slot int, rec BatchRecord) (core.Problem, error)
}

// ArgumentsInput is the name OpenInput gives an input written out on the
// command line (Model.Literal).
const ArgumentsInput = "arguments"

// OpenInput opens the input of a request read from the argument at index
// at (a file; "-" or no argument for standard input) or, for a model with
// Literal, written out by the arguments from at on when the first of them
// names no file (a puzzle on the command line). name is the input's name
// in messages: the file's name, "stdin" or "arguments".
func (m *Model) OpenInput(req Request, at int) (rc io.ReadCloser, name string, err error) {
	if m == nil {
		return nil, "", errors.New("models: OpenInput: no model")
	}
	if at = max(at, 0); m.Literal != nil && at < len(req.Args) && req.Args[at] != "-" {
		if _, serr := os.Stat(req.Args[at]); serr != nil {
			if text, ok := m.Literal(req.Args[at:]); ok {
				return io.NopCloser(strings.NewReader(text)), ArgumentsInput, nil
			}
		}
	}
	rc, name, err = req.OpenArg(at)
	if name == "-" {
		name = "stdin"
	}
	if rc == nil && err == nil {
		err = fmt.Errorf("models: %s: nothing to read", name)
	}
	return rc, name, err
}

// SampleRequest is the request of one of the model's samples
// (Instance.Samples: positional arguments, then any of the model's flags,
// "--name value" or "--switch"), with every other parameter at its
// default and no way to open input (set Open to read the files a sample
// names, relative to the repository's root). The generated tests build
// every model's samples through it, as the command builds an instance
// from its command line.
func (m *Model) SampleRequest(sample string) (Request, error) {
	if m == nil {
		return Request{}, errors.New("models: SampleRequest: no model")
	}
	req := Request{Params: map[string]string{}}
	for _, p := range m.Params {
		req.Params[p.Name] = p.Default
	}
	fields := strings.Fields(sample)
	for i := 0; i < len(fields); i++ {
		name, ok := strings.CutPrefix(fields[i], "--")
		if !ok {
			req.Args = append(req.Args, fields[i])
			continue
		}
		k := slices.IndexFunc(m.Params, func(p Param) bool { return p.Name == name })
		switch {
		case k < 0:
			return Request{}, fmt.Errorf("models: %s sample %q: no parameter --%s", m.Name, sample, name)
		case m.Params[k].Switch:
			req.Params[name] = "true"
		case i+1 < len(fields):
			req.Params[name], i = fields[i+1], i+1
		default:
			return Request{}, fmt.Errorf("models: %s sample %q: --%s without a value", m.Name, sample, name)
		}
	}
	return req, nil
}
