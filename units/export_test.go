package units

// SetMaxPending sets how many results a unit's workers may hold ahead of
// its prefix, for tests of the waiting, and returns the function that puts
// it back.
func SetMaxPending(n int) func() {
	old := maxPending
	maxPending = n
	return func() { maxPending = old }
}
