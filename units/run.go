package units

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/outfile"
)

// Errors a Job returns (wrapped, with details). The coverkit command maps
// ErrStopped and a full disk to exit 3 (retry) and the others to exit 2.
var (
	// ErrBadUnit: a unit index or count that is not a number, negative, or
	// not below the count of units, or an empty environment variable.
	ErrBadUnit = errors.New("units: bad unit")
	// ErrCheckpoint: a checkpoint that belongs to another count (another
	// model, size, decomposition, K or unit range) or cannot be read.
	ErrCheckpoint = errors.New("units: checkpoint does not match")
	// ErrStopped: the job was stopped (a signal, a deadline) after saving
	// its checkpoint; rerunning it resumes.
	ErrStopped = errors.New("units: stopped")
)

// EnvVars are the environment variables --unit env reads, in order: Slurm
// array tasks and Kubernetes Indexed Jobs.
var EnvVars = []string{"SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"}

// ParseUnits reads a unit count K (a positive integer).
func ParseUnits(s string) (uint64, error) {
	k, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
	if err != nil || k == 0 {
		return 0, fmt.Errorf("%w: --units %q must be a positive integer", ErrBadUnit, s)
	}
	return k, nil
}

// ParseUnit reads a unit selection: I, A-B (inclusive) or "env" (the index
// from the first of EnvVars that is set, through getenv), each shifted by
// offset; the units must lie below k. It returns the first and last unit.
func ParseUnit(s string, k, offset uint64, getenv func(string) (string, bool)) (first, last uint64, err error) {
	spec := strings.TrimSpace(s)
	if spec == "env" {
		found := false
		for _, name := range EnvVars {
			if v, ok := getenv(name); ok {
				if strings.TrimSpace(v) == "" {
					return 0, 0, fmt.Errorf("%w: --unit env: %s is empty", ErrBadUnit, name)
				}
				spec, found = v, true
				break
			}
		}
		if !found {
			return 0, 0, fmt.Errorf("%w: --unit env: neither %s is set", ErrBadUnit, strings.Join(EnvVars, " nor "))
		}
		if strings.Contains(spec, "-") {
			return 0, 0, fmt.Errorf("%w: --unit env: %q is not a unit index", ErrBadUnit, spec)
		}
	}
	num := func(t string) (uint64, error) {
		v, err := strconv.ParseUint(strings.TrimSpace(t), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%w: --unit %q: %q is not a unit index (a number from 0)", ErrBadUnit, s, t)
		}
		return v, nil
	}
	a, b, isRange := strings.Cut(spec, "-")
	if first, err = num(a); err != nil {
		return 0, 0, err
	}
	last = first
	if isRange {
		if last, err = num(b); err != nil {
			return 0, 0, err
		}
		if last < first {
			return 0, 0, fmt.Errorf("%w: --unit %q: the range ends before it starts", ErrBadUnit, s)
		}
	}
	if first+offset < first || last+offset < last || last+offset >= k {
		return 0, 0, fmt.Errorf("%w: --unit %q with --unit-offset %d: units are 0..%d (--units %d)", ErrBadUnit, s, offset, k-1, k)
	}
	return first + offset, last + offset, nil
}

// Job counts units First..Last of Units of a decomposition.
type Job struct {
	// Model, Size and Algorithm head every line.
	Model, Size, Algorithm string
	// Dec is the decomposition; Units is K.
	Dec   core.Decomposition
	Units uint64
	// First and Last are the units to count, inclusive.
	First, Last uint64
	// Version is the program's version, written in each line.
	Version string
	// Checkpoint, if set, is the file that keeps the progress; Every is
	// how often it is saved (0: every minute). It is also saved when ctx
	// ends, and removed when the job is done.
	Checkpoint string
	Every      time.Duration
	// Emit, if set, receives each unit's line as the unit finishes.
	Emit func(l *Line) error
}

// checkpointState is the content of a checkpoint file.
type checkpointState struct {
	Schema string   `json:"schema"`
	Header ckHeader `json:"header"`
	// Done holds the lines of the range's units already finished.
	Done []*Line `json:"done"`
	// The unit under way.
	Unit        uint64            `json:"unit"`
	Next        uint64            `json:"next"`
	Solutions   core.Count        `json:"solutions"`
	Subproblems uint64            `json:"subproblems"`
	Fingerprint string            `json:"fingerprint"`
	ByClass     map[string]uint64 `json:"by_weight,omitempty"`
	Stats       core.Stats        `json:"stats"`
	Elapsed     float64           `json:"elapsed_seconds"`
	CPU         float64           `json:"cpu_seconds"`
	Resumes     int               `json:"resumes"`
}

type ckHeader struct {
	Model         string `json:"model"`
	Size          string `json:"size"`
	Algorithm     string `json:"algorithm"`
	Decomposition string `json:"decomposition"`
	Units         uint64 `json:"units"`
	First         uint64 `json:"first"`
	Last          uint64 `json:"last"`
}

const checkpointSchema = "coverkit-checkpoint/1"

func (j *Job) header() ckHeader {
	return ckHeader{Model: j.Model, Size: j.Size, Algorithm: j.Algorithm, Decomposition: j.Dec.Name(),
		Units: j.Units, First: j.First, Last: j.Last}
}

// loadCheckpoint reads the checkpoint, or returns nil if there is none.
func (j *Job) loadCheckpoint() (*checkpointState, error) {
	if j.Checkpoint == "" {
		return nil, nil
	}
	b, err := os.ReadFile(j.Checkpoint)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCheckpoint, j.Checkpoint, err)
	}
	var st checkpointState
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, fmt.Errorf("%w: %s is not a checkpoint: %v", ErrCheckpoint, j.Checkpoint, err)
	}
	if st.Schema != checkpointSchema {
		return nil, fmt.Errorf("%w: %s has schema %q, not %q", ErrCheckpoint, j.Checkpoint, st.Schema, checkpointSchema)
	}
	if h := j.header(); st.Header != h {
		return nil, fmt.Errorf("%w: %s is from %s %s (%s, %s, units %d-%d of %d), this run is %s %s (%s, %s, units %d-%d of %d); remove it or use another --checkpoint",
			ErrCheckpoint, j.Checkpoint, st.Header.Model, st.Header.Size, st.Header.Algorithm, st.Header.Decomposition,
			st.Header.First, st.Header.Last, st.Header.Units,
			h.Model, h.Size, h.Algorithm, h.Decomposition, h.First, h.Last, h.Units)
	}
	if st.Unit < j.First || st.Unit > j.Last || uint64(len(st.Done)) != st.Unit-j.First ||
		(st.Next < st.Unit) || (st.Next-st.Unit)%j.Units != 0 {
		return nil, fmt.Errorf("%w: %s: inconsistent progress (unit %d, next subproblem %d)", ErrCheckpoint, j.Checkpoint, st.Unit, st.Next)
	}
	if _, err := ParseFingerprint(st.Fingerprint); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCheckpoint, j.Checkpoint, err)
	}
	return &st, nil
}

func (j *Job) saveCheckpoint(st *checkpointState) error {
	b, err := json.Marshal(st)
	if err != nil {
		return err
	}
	if err := outfile.WriteFile(j.Checkpoint, append(b, '\n')); err != nil {
		return fmt.Errorf("units: saving checkpoint %s: %w", j.Checkpoint, err)
	}
	return nil
}

// Run counts the job's units and returns their lines. When ctx ends it
// saves the checkpoint (if any) and returns ErrStopped; the unit under way
// prints no line.
func (j *Job) Run(ctx context.Context) ([]*Line, error) {
	if j.Dec == nil || j.Units == 0 || j.First > j.Last || j.Last >= j.Units {
		return nil, fmt.Errorf("%w: units %d-%d of %d", ErrBadUnit, j.First, j.Last, j.Units)
	}
	st, err := j.loadCheckpoint()
	if err != nil {
		return nil, err
	}
	if j.Checkpoint != "" {
		// A process killed while saving leaves its temporary file behind.
		stale, _ := filepath.Glob(filepath.Join(filepath.Dir(j.Checkpoint), "."+filepath.Base(j.Checkpoint)+".tmp*"))
		for _, f := range stale {
			os.Remove(f)
		}
	}
	if st == nil {
		st = &checkpointState{Schema: checkpointSchema, Header: j.header(), Unit: j.First, Next: j.First,
			Fingerprint: FormatFingerprint(0)}
	} else {
		st.Resumes++
		for _, l := range st.Done {
			l.Resumes = st.Resumes
			if j.Emit != nil {
				if err := j.Emit(l); err != nil {
					return nil, err
				}
			}
		}
	}
	every := j.Every
	if every <= 0 {
		every = time.Minute
	}
	seed := NameSeed(j.Dec.Name())
	for {
		line, err := j.runUnit(ctx, st, seed, every)
		if err != nil {
			return nil, err
		}
		line.Resumes = st.Resumes
		st.Done = append(st.Done, line)
		if j.Emit != nil {
			if err := j.Emit(line); err != nil {
				return nil, err
			}
		}
		if st.Unit == j.Last {
			break
		}
		st.Unit++
		st.Next = st.Unit
		st.Solutions, st.Subproblems, st.ByClass = core.Count{}, 0, nil
		st.Fingerprint = FormatFingerprint(0)
		st.Stats, st.Elapsed, st.CPU = core.Stats{}, 0, 0
		if j.Checkpoint != "" {
			if err := j.saveCheckpoint(st); err != nil {
				return nil, err
			}
		}
	}
	if j.Checkpoint != "" {
		os.Remove(j.Checkpoint)
	}
	return st.Done, nil
}

// runUnit counts unit st.Unit from subproblem st.Next on.
func (j *Job) runUnit(ctx context.Context, st *checkpointState, seed uint64, every time.Duration) (*Line, error) {
	fp, _ := ParseFingerprint(st.Fingerprint)
	start, cpu0 := time.Now(), cpuTime()
	elapsed0, cpuPrev := st.Elapsed, st.CPU
	var due atomic.Bool
	if j.Checkpoint != "" {
		t := time.NewTicker(every)
		defer t.Stop()
		stopTick := make(chan struct{})
		defer close(stopTick)
		go func() {
			for {
				select {
				case <-t.C:
					due.Store(true)
				case <-stopTick:
					return
				}
			}
		}()
	}
	sync := func() {
		st.Fingerprint = FormatFingerprint(fp)
		st.Elapsed = elapsed0 + time.Since(start).Seconds()
		st.CPU = cpuPrev + (cpuTime() - cpu0).Seconds()
	}
	var saveErr error
	status, err := j.Dec.Run(ctx, st.Next, j.Units, func(sj uint64, r core.SubResult) bool {
		st.Solutions = st.Solutions.Add(r.Count)
		st.Subproblems++
		fp += Hash(seed, sj)
		if r.Class != 0 {
			if st.ByClass == nil {
				st.ByClass = map[string]uint64{}
			}
			st.ByClass[strconv.Itoa(r.Class)]++
		}
		r.Stats.Elapsed = 0
		st.Stats = st.Stats.Add(r.Stats)
		st.Next = sj + j.Units
		if due.Load() {
			due.Store(false)
			sync()
			if saveErr = j.saveCheckpoint(st); saveErr != nil {
				return false
			}
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	if saveErr != nil {
		return nil, saveErr
	}
	sync()
	if status != core.StatusExhausted {
		if j.Checkpoint != "" {
			if err := j.saveCheckpoint(st); err != nil {
				return nil, err
			}
			return nil, fmt.Errorf("%w (%s): progress saved in %s at unit %d, subproblem %d; rerun the same command to resume",
				ErrStopped, status, j.Checkpoint, st.Unit, st.Next)
		}
		return nil, fmt.Errorf("%w (%s) at unit %d, subproblem %d (no --checkpoint: the unit starts over)", ErrStopped, status, st.Unit, st.Next)
	}
	stats := st.Stats
	stats.Elapsed = 0
	return &Line{
		Model: j.Model, Size: j.Size, Algorithm: j.Algorithm,
		Status: core.StatusExhausted, Solutions: st.Solutions, Stats: stats,
		ElapsedSeconds: roundMicro(st.Elapsed),
		Schema:         Schema{Name: SchemaName, Version: SchemaVersion},
		Decomposition:  j.Dec.Name(), Units: j.Units, Unit: st.Unit,
		Subproblems: st.Subproblems, Fingerprint: st.Fingerprint, ByWeight: st.ByClass,
		CPUSeconds: roundMicro(st.CPU), Version: j.Version,
	}, nil
}

// roundMicro rounds seconds to the microsecond, for short JSON numbers.
func roundMicro(s float64) float64 { return math.Round(s*1e6) / 1e6 }
