package verify

// SetGrowSeen makes Each ask grow for the steps of its set of distinct
// solutions, until restore is called.
func SetGrowSeen(grow func(what string, held, step uint64) error) (restore func()) {
	old := growSeen
	growSeen = grow
	return func() { growSeen = old }
}
