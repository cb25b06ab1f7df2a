package langford_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/langford"
	"github.com/stretchr/testify/require"
)

// TestCounts checks every registered algorithm against OEIS A014552
// (Langford pairings up to reversal; the search counts both directions).
func TestCounts(t *testing.T) {
	want := map[int]uint64{1: 0, 2: 0, 3: 1, 4: 1, 5: 0, 6: 0, 7: 26, 8: 150}
	for _, a := range models.Algorithms("langford") {
		for n, c := range want {
			t.Run(fmt.Sprintf("%s/%d", a.Name, n), func(t *testing.T) {
				res, err := a.Run(context.Background(), &langford.Pairing{N: n}, &core.Options{Mode: core.ModeCount})
				require.NoError(t, err)
				require.Equal(t, core.StatusExhausted, res.Status)
				require.Equal(t, core.CountOf(2*c), res.Solutions)
			})
		}
	}
}

// TestSolutionsVerify checks that every solution an algorithm lists passes
// the independent verifier, and that the verifier rejects what it must.
func TestSolutionsVerify(t *testing.T) {
	p := &langford.Pairing{N: 7}
	for _, a := range models.Algorithms("langford") {
		if !a.Caps.Has(models.CanAll) {
			continue // memo: counts and samples
		}
		n := 0
		_, err := a.Run(context.Background(), p, &core.Options{Mode: core.ModeAll, Visit: func(sol core.Solution, _ core.Stats) bool {
			require.NoError(t, p.Verify(sol))
			n++
			return true
		}})
		require.NoError(t, err)
		require.Equal(t, 52, n)
	}
	three := &langford.Pairing{N: 3}
	require.NoError(t, three.Verify(core.Solution{3, 1, 2, 1, 3, 2}))
	for _, bad := range []core.Solution{{3, 1, 2, 1, 2, 3}, {1, 1, 2, 2, 3, 3}, {3, 1, 2, 1, 3}, {3, 1, 2, 1, 3, 4}, {3, 3, 3, 1, 1, 2}} {
		require.Error(t, three.Verify(bad), "%v", bad)
	}
	require.Error(t, (*langford.Pairing)(nil).Verify(nil))
}

func ExamplePairing() {
	alg, _ := models.LookupAlgorithm("langford", "dlx")
	res, _ := alg.Run(context.Background(), &langford.Pairing{N: 3}, nil)
	fmt.Println(res.Status, res.First)
	// Output: found [3 1 2 1 3 2]
}

func BenchmarkCount(b *testing.B) {
	alg, _ := models.LookupAlgorithm("langford", "dlx")
	for b.Loop() {
		res, err := alg.Run(context.Background(), &langford.Pairing{N: 11}, &core.Options{Mode: core.ModeCount, Workers: 1})
		if err != nil || res.Solutions != core.CountOf(2*17792) {
			b.Fatal(err, res.Solutions)
		}
	}
}
