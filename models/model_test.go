package models_test

import (
	"testing"

	"github.com/coverkit/coverkit/models"
	"github.com/stretchr/testify/require"
)

func TestModelVerb(t *testing.T) {
	m := &models.Model{
		Verbs:   map[string]string{"solve": "tour"},
		Without: []string{"cover"},
		Tasks:   []models.Task{{Verb: "verify"}, {Verb: "max"}},
	}
	for _, tc := range []struct{ generic, want string }{
		{"solve", "solve"}, // the same name everywhere ("tour" is an alias)
		{"count", "count"}, // as is
		{"cover", ""},      // without
		{"verify", ""},     // a task of that name replaces it
	} {
		t.Run(tc.generic, func(t *testing.T) {
			require.Equal(t, tc.want, m.Verb(tc.generic))
		})
	}
}

// TestNilModel: a nil descriptor is an error, not a panic, on the calls a
// front end makes before it knows the model is there.
func TestNilModel(t *testing.T) {
	var m *models.Model
	_, err := m.LoadRequest(models.Request{})
	require.ErrorContains(t, err, "nil model")
	_, err = (&models.Model{Name: "toy"}).LoadRequest(models.Request{})
	require.ErrorContains(t, err, "toy reads no batch")
}
