package outfile_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/coverkit/coverkit/outfile"
)

// A result replaces the file only when it is committed; a run that fails
// first leaves the earlier file as it was.
func Example() {
	path := filepath.Join(os.TempDir(), "outfile-example.txt")
	defer os.Remove(path)
	os.WriteFile(path, []byte("earlier result\n"), 0o644)

	failed, _ := outfile.Open(path, os.Stdout)
	fmt.Fprintln(failed, "half a result")
	failed.Abort() // an error before the end: nothing changes
	b, _ := os.ReadFile(path)
	fmt.Print(string(b))

	done, _ := outfile.Open(path, os.Stdout)
	fmt.Fprintln(done, "new result")
	done.Commit()
	b, _ = os.ReadFile(path)
	fmt.Print(string(b))
	// Output:
	// earlier result
	// new result
}
