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
