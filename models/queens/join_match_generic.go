package queens

// jsMatch is the sieve kernel (see jsMatchGo).
func jsMatch(tab *jsTable, offs []uint16, wts []uint8, chunks int) uint64 {
	return jsMatchGo(tab, offs, wts, chunks)
}
