package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// checkFormat rejects a --format value not in allowed.
func checkFormat(format string, allowed ...string) error {
	for _, a := range allowed {
		if format == a {
			return nil
		}
	}
	return usagef("unknown --format %q (choose %s)", format, strings.Join(allowed, ", "))
}
