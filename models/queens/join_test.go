package queens_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/stretchr/testify/require"
)

func TestJoinA000170(t *testing.T) {
	a := lookup(t, "join")
	for n := 1; n <= 16; n++ {
		for _, workers := range []int{1, 2} {
			t.Run(fmt.Sprintf("n=%d/workers=%d", n, workers), func(t *testing.T) {
				res, err := a.Solve(context.Background(), queens.New(n), &models.Options{Mode: models.ModeCount, Workers: workers})
				require.NoError(t, err)
				require.Equal(t, models.StatusExhausted, res.Status)
				require.Equal(t, models.CountOf(a000170[n]), res.Solutions)
			})
		}
	}
}
