package queens_test

import (
	"bytes"
	"testing"

	"github.com/coverkit/coverkit/models/queens"
)

// BenchmarkVerifyStream verifies one perm line of a million queens (about
// 6.9 MB); bytes/s is the parser's throughput.
func BenchmarkVerifyStream(b *testing.B) {
	sol, err := queens.Construct(1_000_000, "")
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	if err := queens.WritePerm(&buf, sol); err != nil {
		b.Fatal(err)
	}
	in := buf.Bytes()
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		rep, err := queens.VerifyStream(bytes.NewReader(in))
		if err != nil || rep.Valid != 1 {
			b.Fatal(rep, err)
		}
	}
}
