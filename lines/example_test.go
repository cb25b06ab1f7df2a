package lines_test

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/coverkit/coverkit/lines"
)

// A Reader drops the BOM and the CRLF line ends, numbers the lines, and
// refuses an over-long one with a located error; Skip goes on past it.
func ExampleReader() {
	in := "\ufefffirst\r\n" + strings.Repeat("x", 20) + "\r\nthird\n"
	r := lines.NewReader(strings.NewReader(in), 10)
	for {
		b, n, err := r.Next()
		if err == io.EOF {
			break
		}
		if errors.Is(err, lines.ErrTooLong) {
			fmt.Println(lines.Wrap("demo", err))
			r.Skip()
			continue
		}
		fmt.Printf("%d: %q\n", n, b)
	}
	// Output:
	// 1: "first"
	// demo: line 2: line too long (more than 10 bytes)
	// 3: "third"
}

// Error is the located error of every parser; errors.As finds it through
// the package prefix.
func ExampleError() {
	err := lines.Wrap("dlx", lines.Errorf(12, "unknown item %q", "x9"))
	fmt.Println(err)
	var le *lines.Error
	if errors.As(err, &le) {
		fmt.Println(le.Line, le.Msg)
	}
	// Output:
	// dlx: line 12: unknown item "x9"
	// 12 unknown item "x9"
}
