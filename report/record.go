package report

import (
	"encoding/json"
	"io"
	"slices"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
)

// Record is the one result record of every model, written by solve
// --stats, count, compare rows and the --stats of every verb: the common
// fields in a fixed order, then the model's own (Fields) in the order the
// model gives them. docs/cli.md documents it.
type Record struct {
	Model     string      `json:"model"`
	Size      string      `json:"size"`
	Algorithm string      `json:"algorithm"`
	Status    core.Status `json:"status"`
	Partial   bool        `json:"partial"`
	// Solutions is exact at any size: a JSON integer that may pass 2^53.
	Solutions   core.Count  `json:"solutions"`
	Fundamental *core.Count `json:"fundamental,omitempty"`
	Nodes       uint64      `json:"nodes,omitempty"`
	Checks      uint64      `json:"checks,omitempty"`
	Updates     uint64      `json:"updates,omitempty"`
	Steps       uint64      `json:"steps,omitempty"`
	Elapsed     Number      `json:"elapsed_seconds"`
	// Fields are the model's own facts, after the common ones.
	Fields models.Fields `json:"-"`
}

// NewRecord fills the common fields of a record from a result: its
// status, counts and work. wall stands in for the elapsed time when the
// algorithm did not measure it. The fundamental count is included when
// unique is set or the algorithm counted it anyway. A nil res is an
// empty result.
func NewRecord(p core.Problem, algorithm string, res *core.Result, unique bool, wall time.Duration) Record {
	res = orEmpty(res)
	r := Record{
		Algorithm: algorithm, Status: res.Status, Partial: res.Status.Partial(), Solutions: res.Solutions,
		Nodes: res.Stats.Nodes, Checks: res.Stats.Checks, Updates: res.Stats.Updates, Steps: res.Stats.Steps,
		Elapsed: Number(wall.Seconds()),
	}
	if !isNil(p) {
		r.Model, r.Size = p.Model(), p.Size()
	}
	if res.Stats.Elapsed > 0 {
		r.Elapsed = Number(res.Stats.Elapsed.Seconds())
	}
	if unique || !res.Fundamental.IsZero() {
		f := res.Fundamental
		r.Fundamental = &f
	}
	return r
}

// New is the record of a run of algorithm on p, as the coverkit command
// writes it: the common fields (NewRecord), then Fields(m, p, res).
func New(m *models.Model, p core.Problem, algorithm string, res *core.Result, unique bool, wall time.Duration) Record {
	rec := NewRecord(p, algorithm, res, unique, wall)
	rec.Fields = Fields(m, p, res)
	return rec
}

// Fields are a result's facts after the common ones: the model's own
// (m.Fields, when p is one of m's problems), the algorithm's method, then
// its other facts (Result.Extra, sorted by key) that the model does not
// state. A nil res is an empty result.
func Fields(m *models.Model, p core.Problem, res *core.Result) models.Fields {
	res = orEmpty(res)
	var fs models.Fields
	if owns(m, p) && m.Fields != nil {
		fs = append(fs, m.Fields(p, res)...)
	}
	if res.Method != "" {
		fs = append(fs, models.Field{Key: "method", Value: res.Method})
	}
	keys := make([]string, 0, len(res.Extra))
	for k := range res.Extra {
		if !slices.ContainsFunc(fs, func(f models.Field) bool { return f.Key == k }) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		fs = append(fs, models.Field{Key: k, Value: res.Extra[k]})
	}
	return fs
}

// Add appends model-specific fields and returns r.
func (r Record) Add(f ...models.Field) Record {
	r.Fields = append(r.Fields, f...)
	return r
}

// recordCommon has Record's fields without its methods, so that
// MarshalJSON can use encoding/json on it.
type recordCommon Record

// MarshalJSON writes the common fields in their fixed order, then the
// model's fields in order. A model field whose key is a common one is
// dropped: the common field says it already.
func (r Record) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(recordCommon(r))
	if err != nil || len(r.Fields) == 0 {
		return b, err
	}
	own := make(models.Fields, 0, len(r.Fields))
	for _, f := range r.Fields {
		if !commonKeys[f.Key] {
			own = append(own, models.Field{Key: f.Key, Value: numbers(f.Value)})
		}
	}
	if len(own) == 0 {
		return b, nil
	}
	fb, err := json.Marshal(own)
	if err != nil {
		return nil, err
	}
	// {common…} and {own…} make {common…,own…}.
	return append(append(b[:len(b)-1], ','), fb[1:]...), nil
}

var commonKeys = map[string]bool{
	"model": true, "size": true, "algorithm": true, "status": true, "partial": true, "solutions": true,
	"fundamental": true, "nodes": true, "checks": true, "updates": true, "steps": true, "elapsed_seconds": true,
}

// WriteJSON writes v (a Record, a verify report's fields, any value) as one
// line of JSON. A nil w is an error.
func WriteJSON(w io.Writer, v any) error {
	if w == nil {
		return errNilWriter
	}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// OutcomeRecord is the record of a model's own task (models.Task.Run):
// its algorithm, result, size and facts.
func OutcomeRecord(model string, out *models.Outcome) Record {
	if out == nil {
		return Record{Model: model}
	}
	rec := NewRecord(nil, out.Algorithm, &out.Result, false, 0)
	rec.Model, rec.Size, rec.Fields = model, out.Size, out.Fields
	return rec
}
