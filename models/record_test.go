package models_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/stretchr/testify/require"
)

func TestRecordOrder(t *testing.T) {
	big := core.Count{Hi: 1, Lo: 5} // 2^64 + 5: exact, past 2^53
	res := core.Result{Status: core.StatusTimeout, Solutions: big, Stats: core.Stats{Nodes: 7, Elapsed: time.Second}}
	rec := models.NewRecord(queens.New(8), "bitwise", &res, true, 0).Add(
		models.Field{Key: "n", Value: 8}, models.Field{Key: "status", Value: "dropped: a common key"})
	b, err := json.Marshal(rec)
	require.NoError(t, err)
	require.Equal(t, `{"model":"queens","size":"8","algorithm":"bitwise","status":"timeout","partial":true,`+
		`"solutions":18446744073709551621,"fundamental":0,"nodes":7,"elapsed_seconds":1,"n":8}`, string(b))
	b, err = json.Marshal(models.Fields{{Key: "b", Value: 1}, {Key: "a", Value: "x"}})
	require.NoError(t, err)
	require.Equal(t, `{"b":1,"a":"x"}`, string(b))
}
