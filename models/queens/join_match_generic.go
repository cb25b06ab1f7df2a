package queens

// jsMatch is the sieve kernel (see jsMatchGo).
func jsMatch(s *jSieve, offs []uint16, wts []uint8) uint64 { return jsMatchGo(s, offs, wts) }
