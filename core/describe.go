package core

import (
	"fmt"
	"reflect"
)

// Describe names a problem for an error message: "a queens problem (8)",
// "a nil problem" for a nil interface or a nil pointer, so that an entry
// point given the wrong problem can say what it got without calling a
// method on a nil value.
func Describe(p Problem) (s string) {
	defer func() {
		if recover() != nil { // a broken problem's Model or Size
			s = fmt.Sprintf("a broken %T", p)
		}
	}()
	if p == nil {
		return "a nil problem"
	}
	if v := reflect.ValueOf(p); v.Kind() == reflect.Pointer && v.IsNil() {
		return fmt.Sprintf("a nil %T", p)
	}
	return fmt.Sprintf("a %s problem (%s)", p.Model(), p.Size())
}
