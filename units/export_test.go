package units

// SetLanes sets how many results a unit's workers may hold ahead of its
// prefix and how many a worker hands over at once, for tests of the
// waiting, and returns the function that puts them back.
func SetLanes(pending, batch int) func() {
	oldP, oldB := maxPending, laneBatch
	maxPending, laneBatch = pending, batch
	return func() { maxPending, laneBatch = oldP, oldB }
}
