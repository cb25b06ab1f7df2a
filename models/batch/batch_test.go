package batch_test

import (
	"testing"

	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/batch"
	"github.com/stretchr/testify/require"
)

// TestNilModel: a nil descriptor is an error, not a panic, on the calls a
// front end makes before it knows the model is there.
func TestNilModel(t *testing.T) {
	_, err := batch.LoadRequest(nil, models.Request{})
	require.ErrorContains(t, err, "nil model")
	_, err = batch.LoadRequest(&models.Model{Name: "toy"}, models.Request{})
	require.ErrorContains(t, err, "toy reads no batch")
}
