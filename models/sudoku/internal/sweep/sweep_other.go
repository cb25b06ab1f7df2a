//go:build !amd64 || purego

package sweep

// Available is false: without the amd64 assembly (or with the purego tag)
// the Go kernel searches every grid.
func Available() bool { return false }

// Run must not be called here (Available is false); it ends the search.
func Run(*Search) int { return EventDone }

// Step must not be called here (Available is false); it reports a
// contradiction.
func Step(*State) int { return Contradiction }
