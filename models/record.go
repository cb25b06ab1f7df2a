package models

import (
	"encoding/json"
	"time"

	"github.com/coverkit/coverkit/core"
)

// Record is the one result record of every model, written by solve
// --stats, count, compare and the work units of a distributed count: the
// common fields in a fixed order, then the model's own (Fields) in the order
// the model gives them. docs/cli.md documents it.
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
	Elapsed     float64     `json:"elapsed_seconds"`
	// Fields are the model's own facts, after the common ones.
	Fields Fields `json:"-"`
}

// NewRecord fills a record from a result: its status, counts and work. wall
// stands in for the elapsed time when the algorithm did not measure it. The
// fundamental count is included when unique is set or the algorithm counted
// it anyway.
func NewRecord(p core.Problem, algorithm string, res *core.Result, unique bool, wall time.Duration) Record {
	r := Record{
		Algorithm: algorithm, Status: res.Status, Partial: res.Status.Partial(), Solutions: res.Solutions,
		Nodes: res.Stats.Nodes, Checks: res.Stats.Checks, Updates: res.Stats.Updates, Steps: res.Stats.Steps,
		Elapsed: wall.Seconds(),
	}
	if p != nil {
		r.Model, r.Size = p.Model(), p.Size()
	}
	if res.Stats.Elapsed > 0 {
		r.Elapsed = res.Stats.Elapsed.Seconds()
	}
	if unique || !res.Fundamental.IsZero() {
		f := res.Fundamental
		r.Fundamental = &f
	}
	return r
}

// Add appends model-specific fields and returns r.
func (r Record) Add(f ...Field) Record {
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
	return appendFields(b[:len(b)-1], r.Fields, commonKeys, false)
}

// appendFields appends ,"key":value for each field not in skip, then '}'.
func appendFields(b []byte, fs []Field, skip map[string]bool, first bool) ([]byte, error) {
	for _, f := range fs {
		if skip[f.Key] {
			continue
		}
		k, err := json.Marshal(f.Key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(f.Value)
		if err != nil {
			return nil, err
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}'), nil
}

var commonKeys = map[string]bool{
	"model": true, "size": true, "algorithm": true, "status": true, "partial": true, "solutions": true,
	"fundamental": true, "nodes": true, "checks": true, "updates": true, "steps": true, "elapsed_seconds": true,
}
