package units

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
	gosync "sync"
	"sync/atomic"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/outfile"
	"github.com/coverkit/coverkit/resource"
)

// Errors a Job returns (wrapped, with details). The coverkit command maps
// ErrStopped and a full disk to exit 3 (retry) and the others to exit 2.
var (
	// ErrBadUnit: a unit index or count that is not a number, negative, or
	// not below the count of units, or an empty environment variable.
	ErrBadUnit = errors.New("units: bad unit")
	// ErrCheckpoint: a checkpoint that belongs to another count (another
	// model, size, decomposition, instance, K or unit range), that is
	// damaged or forged (a field out of range, progress that does not fit
	// its unit), that cannot be read, or a checkpoint path that cannot be
	// written or is the output's.
	ErrCheckpoint = errors.New("units: checkpoint")
	// ErrStopped: the job was stopped (a signal, a deadline) after saving
	// its checkpoint; rerunning it resumes.
	ErrStopped = errors.New("units: stopped")
	// ErrOverflow: a count or a counter passed what it can hold exactly
	// (2^128 solutions, 2^64 for the counters): never wrapped, refused.
	ErrOverflow = errors.New("units: overflow")
)

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
	// Workers is the number of goroutines that count a unit, 0 for the
	// one worker rule's default of a count (resource.Workers:
	// runtime.GOMAXPROCS(0)), which Run resolves, once; with NewDec nil a
	// unit is counted on one goroutine whatever it says. The unit's subproblems from where it stands are dealt into one lane
	// a worker (lane l of W: the subproblems next + K·l, next + K·(l + W),
	// …), and their results are added in the order of the list, so the
	// unit's line and its checkpoints are the same for every W.
	Workers int
	// NewDec returns another decomposition of the same count for each
	// worker beyond the first (a Decomposition's Run is not safe for
	// concurrent use); it must list the same subproblems as Dec. nil
	// counts on one goroutine.
	NewDec func() (core.Decomposition, error)

	instance string    // InstanceHash of Model and Dec.Instance()
	saved    time.Time // when the checkpoint was last saved
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
	Fundamental *core.Count       `json:"fundamental,omitempty"` // where the decomposition counts it
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
	Instance      string `json:"instance"`
	Units         uint64 `json:"units"`
	First         uint64 `json:"first"`
	Last          uint64 `json:"last"`
}

// CheckpointSchema names the checkpoint format. Version 2 added the
// instance and the strict checks of ReadCheckpoint.
const CheckpointSchema = "coverkit-checkpoint/2"

func (j *Job) header() ckHeader {
	return ckHeader{Model: j.Model, Size: j.Size, Algorithm: j.Algorithm, Decomposition: j.Dec.Name(),
		Instance: j.instance, Units: j.Units, First: j.First, Last: j.Last}
}

// ReadCheckpoint reads a checkpoint file's content strictly: an unknown
// field, a value of the wrong type or beyond its type's range, or a
// damaged unit line among the units done is an error naming the field.
// It checks the form only; a Job checks the content against its units.
func ReadCheckpoint(b []byte) error {
	_, err := readCheckpoint(b)
	return err
}

func readCheckpoint(b []byte) (*checkpointState, error) {
	var st checkpointState
	var done []json.RawMessage
	h := &st.Header
	err := decodeStrict(b, []field{
		{"schema", &st.Schema},
		{"header", func(r []byte) error {
			return decodeStrict(r, []field{{"model", &h.Model}, {"size", &h.Size}, {"algorithm", &h.Algorithm},
				{"decomposition", &h.Decomposition}, {"instance", &h.Instance}, {"units", &h.Units},
				{"first", &h.First}, {"last", &h.Last}})
		}},
		{"done", &done}, {"unit", &st.Unit}, {"next", &st.Next}, {"solutions", &st.Solutions}, {"fundamental", &st.Fundamental},
		{"subproblems", &st.Subproblems}, {"fingerprint", &st.Fingerprint}, {"by_weight", &st.ByClass},
		{"stats", func(r []byte) error { return decodeStrict(r, statsFields(&st.Stats)) }},
		{"elapsed_seconds", &st.Elapsed}, {"cpu_seconds", &st.CPU}, {"resumes", &st.Resumes},
	})
	if err != nil {
		return nil, err
	}
	if st.Schema != CheckpointSchema {
		return nil, fmt.Errorf("schema %q, not %q", st.Schema, CheckpointSchema)
	}
	for i, r := range done {
		l, err := ParseLine(r)
		if err != nil {
			return nil, fmt.Errorf("done[%d]: %v", i, err)
		}
		st.Done = append(st.Done, l)
	}
	if err := checkSeconds("elapsed_seconds", st.Elapsed); err != nil {
		return nil, err
	}
	if err := checkSeconds("cpu_seconds", st.CPU); err != nil {
		return nil, err
	}
	if st.Resumes < 0 || st.Resumes == math.MaxInt {
		return nil, fmt.Errorf("resumes %d out of range", st.Resumes)
	}
	if _, err := ParseFingerprint(st.Fingerprint); err != nil {
		return nil, err
	}
	if err := checkByWeight(st.ByClass, st.Subproblems, st.Solutions); err != nil {
		return nil, err
	}
	if err := checkFundamental(st.Fundamental, st.Solutions); err != nil {
		return nil, err
	}
	return &st, nil
}

// loadCheckpoint reads the checkpoint, or returns nil if there is none,
// and checks it against the job: its header (model, size, algorithm,
// decomposition, instance, K, the range), the units done (each a valid
// line of its unit: its subproblems, fingerprint and instance), the unit
// under way and its progress (next = unit + subproblems·K, within the
// unit, the fingerprint of those subproblems). Errors wrap ErrCheckpoint
// and name the field.
func (j *Job) loadCheckpoint(ctx context.Context) (*checkpointState, error) {
	if j.Checkpoint == "" {
		return nil, nil
	}
	if fi, err := os.Stat(j.Checkpoint); err == nil {
		// Its lines are decoded in memory: a checkpoint (forged, or of
		// a range this large) that would not fit is refused unread.
		if err := resource.Check(fmt.Sprintf("units: reading checkpoint %s", j.Checkpoint), resource.Bytes(uint64(fi.Size()), 4)); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrCheckpoint, err)
		}
	}
	b, err := os.ReadFile(j.Checkpoint)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCheckpoint, j.Checkpoint, err)
	}
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: %s: %s; remove it or use another --checkpoint", ErrCheckpoint, j.Checkpoint, fmt.Sprintf(format, a...))
	}
	st, err := readCheckpoint(b)
	if err != nil {
		return nil, bad("not a checkpoint of this program: %v", err)
	}
	if want := j.header(); st.Header != want {
		g, h := st.Header, want
		for _, f := range []struct {
			name      string
			got, want any
		}{
			{"model", g.Model, h.Model}, {"size", g.Size, h.Size}, {"algorithm", g.Algorithm, h.Algorithm},
			{"decomposition", g.Decomposition, h.Decomposition}, {"instance", g.Instance, h.Instance},
			{"units", g.Units, h.Units}, {"first", g.First, h.First}, {"last", g.Last, h.Last},
		} {
			if f.got != f.want {
				return nil, bad("header.%s is %v, this run's is %v (the checkpoint is of another count)", f.name, f.got, f.want)
			}
		}
	}
	if st.Unit < j.First || st.Unit > j.Last {
		return nil, bad("unit %d out of the range %d-%d", st.Unit, j.First, j.Last)
	}
	if uint64(len(st.Done)) != st.Unit-j.First {
		return nil, bad("done holds %d units, unit %d needs %d", len(st.Done), st.Unit, st.Unit-j.First)
	}
	// The list's length, to check the progress against: only when a
	// checkpoint is resumed (a listing may take seconds).
	m, err := j.Dec.Len(ctx)
	if err != nil {
		return nil, err
	}
	seed := NameSeed(j.Dec.Name())
	for i, l := range st.Done {
		u := j.First + uint64(i)
		switch {
		case l.Unit != u:
			return nil, bad("done[%d].unit is %d, not %d", i, l.Unit, u)
		case l.Units != j.Units:
			return nil, bad("done[%d].units is %d, not %d", i, l.Units, j.Units)
		case l.Decomposition != j.Dec.Name():
			return nil, bad("done[%d].decomposition is %s, not %s", i, l.Decomposition, j.Dec.Name())
		case l.Instance != j.instance:
			return nil, bad("done[%d].instance is %s, not %s", i, l.Instance, j.instance)
		case l.Subproblems != UnitSize(m, u, j.Units):
			return nil, bad("done[%d].subproblems is %d, unit %d has %d", i, l.Subproblems, u, UnitSize(m, u, j.Units))
		}
		if fp, _ := ParseFingerprint(l.Fingerprint); fp != UnitFingerprint(seed, u, j.Units, l.Subproblems) {
			return nil, bad("done[%d].fingerprint %s is not that of unit %d", i, l.Fingerprint, u)
		}
		if (l.Fundamental != nil) != countsFundamental(j.Dec) {
			return nil, bad("done[%d].fundamental: %s", i, fundamentalRule(j.Dec))
		}
	}
	if st.Fundamental != nil && !countsFundamental(j.Dec) || st.Fundamental == nil && countsFundamental(j.Dec) && st.Subproblems > 0 {
		return nil, bad("fundamental: %s", fundamentalRule(j.Dec))
	}
	size := UnitSize(m, st.Unit, j.Units)
	if st.Subproblems > size {
		return nil, bad("subproblems %d past the end of unit %d (%d subproblems)", st.Subproblems, st.Unit, size)
	}
	// next = unit + subproblems·K exactly: the subproblem after the last
	// one done, within the unit (at most its end).
	hiN, loN := bits.Mul64(st.Subproblems, j.Units)
	want, carry := bits.Add64(loN, st.Unit, 0)
	if hiN != 0 || carry != 0 || st.Next != want {
		return nil, bad("next %d is not subproblem %d of unit %d (unit + subproblems·units)", st.Next, st.Subproblems, st.Unit)
	}
	if fp, _ := ParseFingerprint(st.Fingerprint); fp != UnitFingerprint(seed, st.Unit, j.Units, st.Subproblems) {
		return nil, bad("fingerprint %s is not that of the %d subproblems done", st.Fingerprint, st.Subproblems)
	}
	if st.Subproblems == 0 && (!st.Solutions.IsZero() || st.Stats != core.Stats{} || len(st.ByClass) > 0 || st.Fundamental != nil && !st.Fundamental.IsZero()) {
		return nil, bad("solutions, fundamental, stats or by_weight without a subproblem done")
	}
	return st, nil
}

func (j *Job) saveCheckpoint(st *checkpointState) error {
	b, err := json.Marshal(st)
	if err != nil {
		return err
	}
	if err := outfile.WriteFile(j.Checkpoint, append(b, '\n')); err != nil {
		return fmt.Errorf("units: saving checkpoint %s: %w", j.Checkpoint, err)
	}
	j.saved = time.Now()
	return nil
}

// CheckRoom refuses, before anything is counted, a file of a split count
// (named by flag: "--checkpoint", "--out") that would hold need bytes
// where its file system has less free: an error wrapping
// resource.ErrTooLarge. An empty path (standard output), or a file system
// that cannot tell, passes.
func CheckRoom(path, flag string, need uint64) error {
	if path == "" || path == "-" {
		return nil
	}
	if free, ok := freeDisk(path); ok && need > free {
		return fmt.Errorf("units: %s %s would take about %s (%d bytes, about %d a unit), more than the %s free on its disk: %w",
			flag, path, resource.FormatBytes(need), need, LineBytes, resource.FormatBytes(free), resource.ErrTooLarge)
	}
	return nil
}

// CheckPaths checks a split count's files before anything is counted: the
// checkpoint and the output must be different files, the checkpoint a
// regular file if it exists (not a directory, a FIFO or a device), and its
// directory must exist and take a new file (one is created and removed).
// Its errors wrap ErrCheckpoint.
func CheckPaths(checkpoint, out string) error {
	if checkpoint == "" {
		return nil
	}
	if out != "" && out != "-" {
		a, errA := filepath.Abs(checkpoint)
		b, errB := filepath.Abs(out)
		same := errA == nil && errB == nil && a == b
		if fa, err := os.Stat(checkpoint); err == nil {
			if fb, err := os.Stat(out); err == nil && os.SameFile(fa, fb) {
				same = true
			}
		}
		if same {
			return fmt.Errorf("%w: --checkpoint %s and --out %s are the same file", ErrCheckpoint, checkpoint, out)
		}
	}
	if fi, err := os.Stat(checkpoint); err == nil {
		switch {
		case fi.IsDir():
			return fmt.Errorf("%w: --checkpoint %s is a directory", ErrCheckpoint, checkpoint)
		case !fi.Mode().IsRegular():
			// A FIFO or a device: reading one may wait forever, and a
			// save renames a new file over it.
			return fmt.Errorf("%w: --checkpoint %s is not a regular file (%s)", ErrCheckpoint, checkpoint, fileKind(fi.Mode()))
		}
	}
	dir := filepath.Dir(checkpoint)
	f, err := os.CreateTemp(dir, "."+filepath.Base(checkpoint)+".tmp*")
	if err != nil {
		return fmt.Errorf("%w: --checkpoint %s cannot be written: %v", ErrCheckpoint, checkpoint, err)
	}
	name := f.Name()
	f.Close()
	os.Remove(name)
	return nil
}

// fileKind names the kind of a file that is not a regular one.
func fileKind(m os.FileMode) string {
	switch {
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "mode " + m.Type().String()
}

// CheckFiles checks the job's files before anything is built or counted:
// its checkpoint (CheckPaths: not the output out, in a directory that
// takes a file) and out, where the lines of the units First to Last go as
// they finish, refused now if they would not fit on its disk rather than
// when it is full (CheckRoom).
func (j *Job) CheckFiles(out string) error {
	if j == nil || j.Last < j.First {
		return fmt.Errorf("%w: no units to count", ErrBadUnit)
	}
	if err := CheckPaths(j.Checkpoint, out); err != nil {
		return err
	}
	return CheckRoom(out, "--out", resource.Bytes(j.Last-j.First+1, LineBytes))
}

// Split splits p into the job's Units with decompose (a model's
// decomposition, through Decompose) for algo, and sets the job's Size,
// Dec, NewDec and Algorithm. An algo ("": the decomposition's own) that
// names neither the algorithm of the decomposition's lines nor one of its
// Alternates is refused. When ctx ends the error is its status's
// (core.ErrorStatus).
func (j *Job) Split(ctx context.Context, decompose func(context.Context, core.Problem, uint64) (core.Decomposition, error),
	p core.Problem, algo string) error {
	if j == nil || p == nil {
		return errors.New("units: Split: no job or no problem")
	}
	dec, again, err := Decompose(ctx, decompose, p, j.Units, algo)
	switch {
	case err != nil:
		return err
	case dec == nil:
		return errors.New("units: Split: the decomposition is nil")
	}
	j.Size, j.Dec, j.NewDec, j.Algorithm = p.Size(), dec, again, AlgorithmOf(dec)
	if algo != "" && algo != j.Algorithm {
		return fmt.Errorf("--units counts with the %s decomposition and the %s algorithm, not --algo %s", dec.Name(), j.Algorithm, algo)
	}
	return nil
}

// LineBytes is about the most a unit line takes (its JSON, with a
// by_weight of a few classes): what the checks of room count a unit.
const LineBytes = 1 << 10

// Run counts the job's units and returns their lines, or passes each to
// Emit as its unit finishes and returns none: with Emit and no
// checkpoint, the job holds no line, so that its memory does not grow
// with the number of units. A job that holds its lines (a checkpoint
// keeps those of the units done, to write them again when it resumes;
// without Emit they are returned) is refused before anything is counted
// when they would not fit (LineBytes a unit) in the memory the resource
// policy allows or, for a checkpoint, on its disk: an error wrapping
// resource.ErrTooLarge. The checkpoint, if any, is read and checked, or
// created, before anything is counted. Every unit, empty or not, looks at
// ctx before it starts; when ctx ends the job saves the checkpoint (if
// any) and returns ErrStopped, and the unit under way prints no line.
func (j *Job) Run(ctx context.Context) ([]*Line, error) {
	if j.Dec == nil || j.Units == 0 || j.First > j.Last || j.Last >= j.Units {
		return nil, fmt.Errorf("%w: units %d-%d of %d", ErrBadUnit, j.First, j.Last, j.Units)
	}
	workers, err := resource.Workers(j.Workers, false) // resolved once, here
	if err != nil {
		return nil, fmt.Errorf("units: %w", err)
	}
	j.instance = InstanceHash(j.Model, j.Dec.Instance())
	keep := j.Checkpoint != "" || j.Emit == nil // the lines of the units done are held
	if keep {
		held := resource.Bytes(j.Last-j.First+1, LineBytes)
		if err := resource.Check(fmt.Sprintf("units: the lines of units %d-%d (held for the checkpoint or the caller, about %d bytes a unit)",
			j.First, j.Last, LineBytes), held); err != nil {
			return nil, err
		}
		if err := CheckRoom(j.Checkpoint, "--checkpoint", held); err != nil {
			return nil, err
		}
	}
	if j.Checkpoint != "" {
		if err := CheckPaths(j.Checkpoint, ""); err != nil {
			return nil, err
		}
	}
	st, err := j.loadCheckpoint(ctx)
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
		st = &checkpointState{Schema: CheckpointSchema, Header: j.header(), Unit: j.First, Next: j.First,
			Fingerprint: FormatFingerprint(0)}
		if j.Checkpoint != "" {
			// Created before counting: a path that cannot be written
			// fails now, not after the count.
			if err := j.saveCheckpoint(st); err != nil {
				return nil, fmt.Errorf("%w: %v", ErrCheckpoint, err)
			}
		}
	} else {
		st.Resumes++
		for _, l := range st.Done {
			l.Resumes = st.Resumes
		}
	}
	// The lines of the units a checkpoint says are done are emitted with
	// the unit under way's, once it has counted: a checkpoint refused
	// while counting (a partial count that overflows) emits nothing.
	restored := st.Done
	every := j.Every
	if every <= 0 {
		every = time.Minute
	}
	seed := NameSeed(j.Dec.Name())
	decs := []core.Decomposition{j.Dec}
	if j.NewDec != nil {
		for len(decs) < min(workers, maxWorkers) {
			d, err := j.NewDec()
			if err != nil {
				return nil, err
			}
			if d == nil || d.Name() != j.Dec.Name() {
				return nil, fmt.Errorf("units: a worker's decomposition is not %s", j.Dec.Name())
			}
			decs = append(decs, d)
		}
	}
	m := core.NewMeter(ctx, nil)
	for {
		if !m.Live() {
			// An empty unit runs no search that would see the stop:
			// every unit looks before it starts.
			return nil, j.stopped(st, m.Status())
		}
		line, err := j.runUnit(ctx, st, seed, every, decs)
		if err != nil {
			return nil, err
		}
		line.Resumes = st.Resumes
		if keep {
			st.Done = append(st.Done, line)
		}
		if j.Emit != nil {
			for _, l := range restored {
				if err := j.Emit(l); err != nil {
					return nil, err
				}
			}
			if err := j.Emit(line); err != nil {
				return nil, err
			}
		}
		restored = nil
		if st.Unit == j.Last {
			break
		}
		st.Unit++
		st.Next = st.Unit
		st.Solutions, st.Fundamental, st.Subproblems, st.ByClass = core.Count{}, nil, 0, nil
		st.Fingerprint = FormatFingerprint(0)
		st.Stats, st.Elapsed, st.CPU = core.Stats{}, 0, 0
		// Saved between units as within one, when due: saving after
		// every unit rewrote the lines of all the units done each time,
		// work that grew with the square of the units (a stop saves it
		// at once, and a kill loses at most every's worth of units).
		if j.Checkpoint != "" && time.Since(j.saved) >= every {
			if err := j.saveCheckpoint(st); err != nil {
				return nil, err
			}
		}
	}
	if j.Checkpoint != "" {
		os.Remove(j.Checkpoint)
	}
	if j.Emit != nil {
		return nil, nil // each line went to Emit
	}
	return st.Done, nil
}

// stopped saves the checkpoint of a job stopped with status at st.Unit,
// st.Next, and returns the error wrapping ErrStopped that says so.
func (j *Job) stopped(st *checkpointState, status core.Status) error {
	if j.Checkpoint != "" {
		if err := j.saveCheckpoint(st); err != nil {
			return err
		}
		return fmt.Errorf("%w (%s): progress saved in %s at unit %d, subproblem %d; rerun the same command to resume",
			ErrStopped, status, j.Checkpoint, st.Unit, st.Next)
	}
	return fmt.Errorf("%w (%s) at unit %d, subproblem %d (no --checkpoint: the unit starts over)", ErrStopped, status, st.Unit, st.Next)
}

// maxWorkers bounds the workers of a unit.
const maxWorkers = 1 << 12

// maxPending bounds the results a unit's workers hold ahead of the first
// subproblem not yet done: a worker that gets further ahead waits.
var maxPending = 1 << 14

// laneBatch is how many results a worker hands over at once.
var laneBatch = 64

// pending is the result of a subproblem done ahead of the unit's prefix.
type pending struct {
	j uint64
	r core.SubResult
}

// runUnit counts unit st.Unit from subproblem st.Next on, on len(decs)
// workers, worker w with decs[w] (see Job.Workers): st always holds the
// prefix of the unit's list that is done, as one worker would have it.
func (j *Job) runUnit(ctx context.Context, st *checkpointState, seed uint64, every time.Duration, decs []core.Decomposition) (*Line, error) {
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
		st.Elapsed = min(elapsed0+time.Since(start).Seconds(), MaxSeconds)
		st.CPU = min(cpuPrev+(cpuTime()-cpu0).Seconds(), MaxSeconds)
	}
	var runErr error
	fund := countsFundamental(j.Dec)
	if fund && st.Fundamental == nil {
		st.Fundamental = new(core.Count)
	}
	// fold adds the result of subproblem sj, the next of the unit, to st.
	fold := func(sj uint64, r core.SubResult) bool {
		if sj != st.Next {
			runErr = fmt.Errorf("units: %s ran subproblem %d where %d was due", j.Dec.Name(), sj, st.Next)
			return false
		}
		var ok bool
		if st.Solutions, ok = st.Solutions.AddChecked(r.Count); !ok {
			runErr = fmt.Errorf("%w: unit %d: solutions: the count passes 2^128 at subproblem %d", ErrOverflow, st.Unit, sj)
			if st.Resumes > 0 {
				runErr = fmt.Errorf("%w (resumed from %s: its solutions cannot be right; remove it)", runErr, j.Checkpoint)
			}
			return false
		}
		if fund {
			if st.Fundamental == nil {
				st.Fundamental = new(core.Count)
			}
			if *st.Fundamental, ok = st.Fundamental.AddChecked(r.Fundamental); !ok {
				runErr = fmt.Errorf("%w: unit %d: fundamental: the count passes 2^128 at subproblem %d", ErrOverflow, st.Unit, sj)
				return false
			}
		}
		r.Stats.Elapsed = 0
		if st.Stats, ok = addStats(st.Stats, r.Stats); !ok {
			runErr = fmt.Errorf("%w: unit %d: stats: a work counter passes 2^64 at subproblem %d", ErrOverflow, st.Unit, sj)
			if st.Resumes > 0 {
				runErr = fmt.Errorf("%w (resumed from %s: its stats cannot be right; remove it)", runErr, j.Checkpoint)
			}
			return false
		}
		if r.Class < 0 || r.Class > MaxClass {
			runErr = fmt.Errorf("units: %s gave subproblem %d the class %d (classes are 0..%d)", j.Dec.Name(), sj, r.Class, MaxClass)
			return false
		}
		if r.Class > 1 && countMod(r.Count, uint64(r.Class)) != 0 {
			runErr = fmt.Errorf("units: %s gave subproblem %d the class %d, which does not divide its count %s (a class is a weight)", j.Dec.Name(), sj, r.Class, r.Count)
			return false
		}
		if r.Class != 0 {
			if st.ByClass == nil {
				st.ByClass = map[string]uint64{}
			}
			st.ByClass[strconv.Itoa(r.Class)]++
		}
		st.Subproblems++
		fp += Hash(seed, sj)
		next, carry := bits.Add64(sj, j.Units, 0)
		st.Next = next
		if due.Load() {
			due.Store(false)
			sync()
			if runErr = j.saveCheckpoint(st); runErr != nil {
				return false
			}
		}
		return carry == 0
	}
	k := j.Units
	w := uint64(len(decs))
	if hi, _ := bits.Mul64(k, w); hi != 0 {
		w = 1
	}
	var (
		status core.Status
		err    error
	)
	if w == 1 {
		// One worker: the unit's list in order, on the calling goroutine.
		status, err = decs[0].Run(ctx, st.Next, k, fold)
	} else {
		status, err = j.runLanes(ctx, st, decs[:w], fold, &runErr)
	}
	if err != nil {
		return nil, err
	}
	if runErr != nil {
		return nil, runErr
	}
	sync()
	if status != core.StatusExhausted {
		return nil, j.stopped(st, status)
	}
	if err := checkByWeight(st.ByClass, st.Subproblems, st.Solutions); err != nil {
		return nil, fmt.Errorf("units: %s gives classes to some subproblems only: %v", j.Dec.Name(), err)
	}
	stats := st.Stats
	stats.Elapsed = 0
	l := &Line{
		Model: j.Model, Size: j.Size, Algorithm: j.Algorithm,
		Status: core.StatusExhausted, Solutions: st.Solutions, Fundamental: st.Fundamental, Stats: stats,
		ElapsedSeconds: roundMicro(st.Elapsed),
		Schema:         Schema{Name: SchemaName, Version: SchemaVersion},
		Decomposition:  j.Dec.Name(), Units: j.Units, Unit: st.Unit,
		Subproblems: st.Subproblems, Fingerprint: st.Fingerprint, Instance: j.instance, ByWeight: st.ByClass,
		CPUSeconds: roundMicro(st.CPU), Version: j.Version,
	}
	l.Labels = LabelsDigest(l)
	return l, nil
}

// countsFundamental reports whether the subproblems of d count the
// solutions up to symmetry too (core.FundamentalCounter).
func countsFundamental(d core.Decomposition) bool {
	f, ok := d.(core.FundamentalCounter)
	return ok && f.Fundamental()
}

// fundamentalRule says where a unit has a fundamental count: for the
// error of a checkpoint that does not follow it.
func fundamentalRule(d core.Decomposition) string {
	if countsFundamental(d) {
		return d.Name() + " counts the solutions up to symmetry: every unit has it"
	}
	return d.Name() + " does not count the solutions up to symmetry"
}

// runLanes counts the rest of unit st.Unit on len(decs) workers: W lanes
// (lane l: the subproblems st.Next + K·l, st.Next + K·(l + W), …), each
// walked in order by one worker, the results added to st with fold in the
// order of the list. A worker hands its results over in batches of
// laneBatch (one lock a batch), and waits while more than maxPending are
// held ahead of the unit's prefix, unless its batch holds the prefix. A
// fold's error is left in *errp.
func (j *Job) runLanes(ctx context.Context, st *checkpointState, decs []core.Decomposition,
	fold func(uint64, core.SubResult) bool, errp *error) (core.Status, error) {
	k, w := j.Units, uint64(len(decs))
	stride := k * w
	next0 := st.Next
	queues := make([][]pending, w)
	var (
		mu       gosync.Mutex
		cond     = gosync.NewCond(&mu)
		held     int         // results in queues
		stopping atomic.Bool // a worker stopped or failed, or a fold did: every worker stops
		status   = core.StatusExhausted
		err      error
	)
	fail := func(e error) { // under mu
		if *errp == nil {
			*errp = e
		}
		stopping.Store(true)
		cond.Broadcast()
	}
	// flush hands lane l's batch over: it adds what continues the unit's
	// prefix to st and holds the rest.
	flush := func(l uint64, batch []pending) bool {
		if len(batch) == 0 {
			return !stopping.Load()
		}
		mu.Lock()
		defer mu.Unlock()
		for {
			if stopping.Load() || *errp != nil {
				return false
			}
			first, last := batch[0].j, batch[len(batch)-1].j
			if (first <= st.Next && st.Next <= last) || held+len(batch) <= maxPending {
				break
			}
			cond.Wait()
		}
		queues[l] = append(queues[l], batch...)
		held += len(batch)
		for {
			ln := ((st.Next - next0) / k) % w
			q := queues[ln]
			if len(q) == 0 || q[0].j != st.Next {
				break
			}
			queues[ln], held = q[1:], held-1
			if len(queues[ln]) == 0 {
				queues[ln] = q[:0] // reuse the array
			}
			if !fold(q[0].j, q[0].r) {
				if *errp != nil {
					fail(*errp)
				}
				return false
			}
		}
		cond.Broadcast()
		return true
	}
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg gosync.WaitGroup
	for l, d := range decs {
		from, carry := bits.Add64(next0, uint64(l)*k, 0)
		if carry != 0 {
			continue // a lane past the last subproblem a uint64 names
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			lane := uint64(l)
			next, done := from, false
			batch := make([]pending, 0, laneBatch)
			s, e := d.Run(wctx, from, stride, func(sj uint64, r core.SubResult) bool {
				if sj != next {
					mu.Lock()
					fail(fmt.Errorf("units: %s ran subproblem %d where %d was due", j.Dec.Name(), sj, next))
					mu.Unlock()
					return false
				}
				var carry uint64
				next, carry = bits.Add64(sj, stride, 0)
				done = carry != 0
				batch = append(batch, pending{sj, r})
				if len(batch) == laneBatch || done {
					ok := flush(lane, batch)
					batch = batch[:0]
					return ok && !done
				}
				return !stopping.Load()
			})
			if e == nil && s == core.StatusExhausted {
				flush(lane, batch) // the lane's last results
			}
			mu.Lock()
			defer mu.Unlock()
			if e != nil && err == nil {
				err = e
			}
			if s != core.StatusExhausted && status == core.StatusExhausted {
				status = s
			}
			if e != nil || s != core.StatusExhausted {
				cancel()
				stopping.Store(true)
			}
			cond.Broadcast()
		}()
	}
	wg.Wait()
	if cs, done := core.ContextStatus(ctx); done && status != core.StatusExhausted {
		status = cs // the job's own stop, not the workers' context
	}
	if err == nil && *errp == nil && status == core.StatusExhausted {
		if stopping.Load() {
			status = core.StatusCanceled // a worker stopped the others
		} else if held > 0 {
			err = fmt.Errorf("units: %s: %d results after subproblem %d were never reached (a lane skipped a subproblem)", j.Dec.Name(), held, st.Next)
		}
	}
	return status, err
}

// roundMicro rounds seconds to the microsecond, for short JSON numbers.
func roundMicro(s float64) float64 { return math.Round(s*1e6) / 1e6 }
