package sudoku

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"testing"

	"github.com/coverkit/coverkit/models/batch"
	"github.com/coverkit/coverkit/report"
)

// multiText returns the many-solution set (multiPuzzles) as the input of
// `sudoku solve`: one 81-character line a puzzle.
func multiText(b *testing.B) []byte {
	var buf bytes.Buffer
	for _, g := range multiPuzzles(b) {
		buf.Write(AppendLine(nil, g[:]))
		buf.WriteByte('\n')
	}
	return buf.Bytes()
}

// BenchmarkBatch is `coverkit sudoku solve FILE --format json --workers 1`
// in process on the many-solution set (10,000 puzzles with two solutions
// or more): the one batch loop (batch.Run) with the default
// algorithm and the uniqueness check, each answer written by the one
// batch writer (report.BatchWriter) as a JSON record to io.Discard. One op
// is one pass over the set; BenchmarkFastSets/multi/unique is its solve
// loop alone, so the difference is the batch path around it (reading,
// parsing, the answers' records).
func BenchmarkBatch(b *testing.B) {
	text := multiText(b)
	alg, err := Algorithm("")
	if err != nil {
		b.Fatal(err)
	}
	bt := &puzzleBatch{format: LineFormat, limit: 2}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	cpu0, cpuOK := fastThreadCPU()
	b.ResetTimer()
	for b.Loop() {
		w := &report.BatchWriter{W: io.Discard, Format: "json", Batch: bt, Model: "sudoku"}
		sum, err := batch.Run(context.Background(), bt, bytes.NewReader(text),
			batch.Options{Algorithm: alg, Limit: 2, Workers: 1}, w.Write)
		if err != nil || sum.ByVerdict[batch.Multiple] != multiCount {
			b.Fatalf("%v: %+v", err, sum.ByVerdict)
		}
	}
	cpu1, _ := fastThreadCPU()
	if cpuOK && cpu1 > cpu0 {
		b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkParseLine parses the many-solution set's lines into one
// reused puzzle (the batch's parser): one op is one pass over the 10,000
// lines.
func BenchmarkParseLine(b *testing.B) {
	text := multiText(b)
	lines := bytes.Split(bytes.TrimSuffix(text, []byte("\n")), []byte("\n"))
	p := NewParser(Layout{})
	var pz Puzzle
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	cpu0, cpuOK := fastThreadCPU()
	b.ResetTimer()
	for b.Loop() {
		for i, l := range lines {
			if err := p.ParseLine(i+1, l, &pz); err != nil {
				b.Fatal(err)
			}
		}
	}
	cpu1, _ := fastThreadCPU()
	if cpuOK && cpu1 > cpu0 {
		b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
