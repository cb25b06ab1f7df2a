//go:build !linux

package dlx

import "time"

// A clock measures the time of a race's slices (auto.go): here the
// monotonic wall time (the CPU time of a thread is read on Linux).
type clock struct{ t0 time.Time }

func (*clock) start() {}
func (*clock) stop()  {}

// now returns the time since the process's clock origin.
func (c *clock) now() time.Duration {
	if c.t0.IsZero() {
		c.t0 = time.Now()
	}
	return time.Since(c.t0)
}
