package core

import (
	"context"
	"errors"
	"fmt"
)

// Status says why a search stopped.
type Status int

const (
	// StatusExhausted means the search space was explored completely: the
	// solutions reported are all there are.
	StatusExhausted Status = iota
	// StatusFound means the search stopped after finding the solutions asked
	// for (the first one, or a limit of K).
	StatusFound
	// StatusLimit means a work budget (nodes, steps) ran out first.
	StatusLimit
	// StatusTimeout means the deadline passed first.
	StatusTimeout
	// StatusCanceled means the caller canceled the search (an interrupt).
	StatusCanceled
)

var statusNames = [...]string{"exhausted", "found", "limit", "timeout", "canceled"}

// String returns the status name used in every coverkit output: exhausted,
// found, limit, timeout or canceled.
func (s Status) String() string {
	if s < 0 || int(s) >= len(statusNames) {
		return fmt.Sprintf("Status(%d)", int(s))
	}
	return statusNames[s]
}

// Finished reports whether the search answered the question it was asked:
// it either explored everything or found what was asked for.
func (s Status) Finished() bool { return s == StatusExhausted || s == StatusFound }

// Partial reports whether the search stopped before answering (limit,
// timeout or canceled). A partial result never proves that nothing exists.
func (s Status) Partial() bool { return !s.Finished() }

// MarshalText encodes the status as its name.
func (s Status) MarshalText() ([]byte, error) {
	if s < 0 || int(s) >= len(statusNames) {
		return nil, fmt.Errorf("core: invalid status %d", int(s))
	}
	return []byte(statusNames[s]), nil
}

// UnmarshalText decodes a status name.
func (s *Status) UnmarshalText(b []byte) error {
	st, err := ParseStatus(string(b))
	if err != nil {
		return err
	}
	*s = st
	return nil
}

// ParseStatus returns the Status with the given name.
func ParseStatus(name string) (Status, error) {
	for i, n := range statusNames {
		if n == name {
			return Status(i), nil
		}
	}
	return 0, fmt.Errorf("core: unknown status %q", name)
}

// ContextStatus maps a done context to StatusTimeout (deadline exceeded) or
// StatusCanceled (anything else). It returns StatusExhausted, false while the
// context is still live, and for a nil context, which never ends.
func ContextStatus(ctx context.Context) (Status, bool) {
	if ctx == nil || ctx.Err() == nil {
		return StatusExhausted, false
	}
	if errors.Is(context.Cause(ctx), context.DeadlineExceeded) {
		return StatusTimeout, true
	}
	return StatusCanceled, true
}

// ErrorStatus is the status of a phase that failed with err because its
// context ended: timeout for context.DeadlineExceeded, canceled for
// context.Canceled; false for any other error.
func ErrorStatus(err error) (Status, bool) {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return StatusTimeout, true
	case errors.Is(err, context.Canceled):
		return StatusCanceled, true
	}
	return StatusExhausted, false
}
