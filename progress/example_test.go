package progress_test

import (
	"os"

	"github.com/coverkit/coverkit/progress"
	"golang.org/x/term"
)

// A bar is made only when standard error is a terminal; the nil bar of
// other runs ignores every call.
func Example() {
	var bar *progress.Bar
	if term.IsTerminal(int(os.Stderr.Fd())) {
		bar = progress.New(os.Stderr, 100, "puzzles")
	}
	for done := range int64(101) {
		bar.Set(done)
	}
	bar.Finish()
	// Output:
}
