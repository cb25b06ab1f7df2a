package report

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// Version is the module version the build info holds (a release tag, or
// the pseudo-version Go derives from the commit, "+dirty" when the tree
// was modified), or "dev" for a build that has none (go run, or a build
// outside a module). Unit lines carry it.
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	return VersionOf(bi, ok)
}

// WriteVersion writes what the build info holds, one fact a line: the
// module version, the VCS revision with its time and whether the tree was
// modified, and the Go version and platform; it says so plainly when the
// build has no VCS information. ok false (or a nil bi) is a build without
// build info.
func WriteVersion(w io.Writer, bi *debug.BuildInfo, ok bool) error {
	if w == nil {
		return errNilWriter
	}
	ok = ok && bi != nil
	if _, err := fmt.Fprintf(w, "coverkit version %s\n", VersionOf(bi, ok)); err != nil {
		return err
	}
	settings := map[string]string{}
	if ok {
		for _, s := range bi.Settings {
			settings[s.Key] = s.Value
		}
	}
	switch rev := settings["vcs.revision"]; {
	case rev == "":
		fmt.Fprintln(w, "revision: none: this build has no VCS information (go run, -buildvcs=false, or a build outside a git checkout)")
	default:
		state := "clean"
		if settings["vcs.modified"] == "true" {
			state = "modified (uncommitted changes)"
		}
		fmt.Fprintf(w, "revision: %s %s\n", settings["vcs"], rev)
		fmt.Fprintf(w, "commit time: %s\n", settings["vcs.time"])
		fmt.Fprintf(w, "tree: %s\n", state)
	}
	goVersion := runtime.Version()
	if ok && bi.GoVersion != "" {
		goVersion = bi.GoVersion
	}
	_, err := fmt.Fprintf(w, "go: %s %s/%s\n", goVersion, runtime.GOOS, runtime.GOARCH)
	return err
}

// VersionOf is Version for the given build info.
func VersionOf(bi *debug.BuildInfo, ok bool) string {
	if ok && bi != nil && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}
