package main

import (
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain makes the test binary act as coverkit when it is run under that
// name, by coverkit's own main (its catch of the signals included), and
// puts such a copy in $PATH for the scripts and the documentation examples
// (testscript's way, as the Go command tests itself).
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"coverkit": main})
}

// TestScripts runs the CLI scripts of testdata/script: each runs coverkit
// commands and checks their stdout, stderr and exit code. $TESTDATA is the
// repository's testdata directory.
func TestScripts(t *testing.T) {
	root, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("TESTDATA", root)
			return nil
		},
	})
}
