//go:build !unix

package units_test

import "time"

// cpu returns 0: the process's CPU time is read with getrusage, on Unix
// only (cputime_unix_test.go).
func cpu() time.Duration { return 0 }
