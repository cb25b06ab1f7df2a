package knight

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
)

func benchSolve(b *testing.B, alg string, p *Problem, o *core.Options) {
	a, err := models.LookupAlgorithm("knight", alg)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		res, err := a.Solve(context.Background(), p, o)
		if err != nil || (o.Mode == core.ModeFirst && res.First == nil) {
			b.Fatalf("%s %s: %v %v", alg, p.Size(), res.Status, err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(p.Squares()), "ns/square")
}

func BenchmarkBacktrack5x5(b *testing.B) { benchSolve(b, "backtrack", New(5, 5), &core.Options{}) }
func BenchmarkBacktrack6x6(b *testing.B) { benchSolve(b, "backtrack", New(6, 6), &core.Options{}) }
func BenchmarkSearch8x8(b *testing.B)    { benchSolve(b, "search", New(8, 8), &core.Options{}) }
func BenchmarkSearchClosed8x8(b *testing.B) {
	benchSolve(b, "search", &Problem{Rows: 8, Cols: 8, Closed: true}, &core.Options{})
}

func BenchmarkWarnsdorff(b *testing.B) {
	for _, n := range []int{8, 100, 1000, 2000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) { benchSolve(b, "warnsdorff", New(n, n), &core.Options{}) })
	}
}

func BenchmarkWarnsdorffClosed(b *testing.B) {
	for _, n := range []int{8, 100} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			benchSolve(b, "warnsdorff", &Problem{Rows: n, Cols: n, Closed: true}, &core.Options{})
		})
	}
}

func BenchmarkDivide(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			benchSolve(b, "divide", &Problem{Rows: n, Cols: n, Closed: true}, &core.Options{})
		})
	}
}

func BenchmarkAuto(b *testing.B) {
	for _, n := range []int{8, 1000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) { benchSolve(b, "auto", New(n, n), &core.Options{}) })
	}
}

func benchCount(b *testing.B, p *Problem, workers int) {
	a, _ := models.LookupAlgorithm("knight", "search")
	for b.Loop() {
		res, err := a.Solve(context.Background(), p, &core.Options{Mode: core.ModeCount, Workers: workers})
		if err != nil || res.Status != core.StatusExhausted {
			b.Fatal(res.Status, err)
		}
	}
}

// BenchmarkCountClosed6x6: target ≤ 0.04 s (9,862 tours).
func BenchmarkCountClosed6x6(b *testing.B) {
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) { benchCount(b, &Problem{Rows: 6, Cols: 6, Closed: true}, w) })
	}
}

func BenchmarkCountOpen5x5(b *testing.B) {
	benchCount(b, &Problem{Rows: 5, Cols: 5, AnyStart: true}, 2)
}

// BenchmarkCountOpen6x6 counts the 6,637,920 directed open tours: target
// under a minute with 2 workers. Run it with -benchtime=1x.
func BenchmarkCountOpen6x6(b *testing.B) {
	benchCount(b, &Problem{Rows: 6, Cols: 6, AnyStart: true}, 2)
}

func BenchmarkWriteMatrix1000(b *testing.B) {
	p := &Problem{Rows: 1000, Cols: 1000, Closed: true}
	tour, err := Construct(1000, 1000, true)
	if err != nil {
		b.Skip(err)
	}
	for b.Loop() {
		WriteMatrix(io.Discard, p.Rows, p.Cols, tour)
	}
}

func BenchmarkWriteJSON1000(b *testing.B) {
	p := &Problem{Rows: 1000, Cols: 1000, Closed: true}
	tour, err := Construct(1000, 1000, true)
	if err != nil {
		b.Skip(err)
	}
	for b.Loop() {
		WriteJSON(io.Discard, p, tour, "divide")
	}
}

// TestWarnsdorffStudy measures warnsdorff's success over start squares
// (majority colour only on odd boards): plain Warnsdorff (ties to the first
// square in MoveTable's order), the first, deterministic attempt of the
// warnsdorff algorithm (Roth's tie-break) and the attempts it needs with
// restarts. Every n from 5 to 100 with every start, then samples of starts
// up to 2000. It is a study, not a test: it runs only with
// COVERKIT_KNIGHT_STUDY=1 and prints a markdown table.
func TestWarnsdorffStudy(t *testing.T) {
	if os.Getenv("COVERKIT_KNIGHT_STUDY") == "" {
		t.Skip("set COVERKIT_KNIGHT_STUDY=1 to run the warnsdorff study")
	}
	fmt.Println("| n | starts | plain Warnsdorff | first attempt (Roth) | with restarts | max attempts | ns/square |")
	fmt.Println("|---:|---:|---:|---:|---:|---:|---:|")
	var sizes []int
	for n := 5; n <= 100; n++ {
		sizes = append(sizes, n)
	}
	sizes = append(sizes, 200, 500, 1000, 2000)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range sizes {
		var starts []int32
		for s := range int32(n * n) {
			r, c := int(s)/n, int(s)%n
			if n%2 == 1 && (r+c)%2 == 1 {
				continue
			}
			starts = append(starts, s)
		}
		if n > 100 {
			k := map[int]int{200: 400, 500: 100, 1000: 40, 2000: 20}[n]
			rng.Shuffle(len(starts), func(i, j int) { starts[i], starts[j] = starts[j], starts[i] })
			starts = starts[:k]
		}
		w := newWarnsdorff(core.NewMeter(context.Background(), nil), n, n, 1)
		plain, first, ok, worst := 0, 0, 0, 0
		t0 := time.Now()
		squares := 0
		for _, s := range starts {
			squares += n * n
			if w.run(s, false, false) {
				plain++
			}
			for a := range 50 {
				squares += n * n
				if w.attempt(s, a) {
					if a == 0 {
						first++
					}
					ok++
					worst = max(worst, a+1)
					break
				}
			}
		}
		ns := float64(time.Since(t0).Nanoseconds()) / float64(squares)
		pct := func(k int) float64 { return 100 * float64(k) / float64(len(starts)) }
		fmt.Printf("| %d | %d | %.2f%% | %.2f%% | %.2f%% | %d | %.1f |\n", n, len(starts), pct(plain), pct(first), pct(ok), worst, ns)
	}
}
