package main

import (
	"runtime/debug"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/report"
	"github.com/stretchr/testify/require"
)

func TestWriteVersion(t *testing.T) {
	stamped := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20261126131940-ad5672b37413+dirty"},
		Settings: []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "ad5672b37413003ec1e55bed144fc59ce5eb701a"},
			{Key: "vcs.time", Value: "2026-11-26T13:19:40Z"}, {Key: "vcs.modified", Value: "true"}}}
	for _, tc := range []struct {
		name string
		bi   *debug.BuildInfo
		ok   bool
		want []string
	}{
		{"stamped build", stamped, true, []string{
			"coverkit version v0.0.0-20261126131940-ad5672b37413+dirty",
			"revision: git ad5672b37413003ec1e55bed144fc59ce5eb701a",
			"commit time: 2026-11-26T13:19:40Z",
			"tree: modified (uncommitted changes)",
			"go: go1.26.8 "}},
		{"no VCS information", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}}, true, []string{
			"coverkit version dev", "revision: none: this build has no VCS information"}},
		{"no build info", nil, false, []string{"coverkit version dev", "revision: none"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			require.NoError(t, report.WriteVersion(&b, tc.bi, tc.ok))
			for _, w := range tc.want {
				require.Contains(t, b.String(), w)
			}
		})
	}
}
