package units_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/units"
)

// Count 10 queens in 3 work units, as three separate jobs would, and merge
// the unit lines.
func Example() {
	dec, _ := queens.NewCoronal(10)
	var lines bytes.Buffer
	for i := range uint64(3) {
		job := &units.Job{Model: "queens", Size: "10", Algorithm: "bitwise", Dec: dec, Units: 3, First: i, Last: i}
		ls, err := job.Run(context.Background())
		if err != nil {
			fmt.Println(err)
			return
		}
		b, _ := ls[0].Marshal()
		lines.Write(append(b, '\n'))
	}
	s, err := units.Merge(context.Background(), []units.Source{{Name: "lines", R: &lines}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Solutions, s.Complete, s.Subproblems)
	// Output: 724 true 3739
}
