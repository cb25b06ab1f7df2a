package dlx

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
)

// DigestVersion names the canonical form Digest hashes; it changes
// whenever that form does.
const DigestVersion = "dlx-problem/1"

// Digest returns the SHA-256, in hex, of p's canonical form: its items in
// order (primary or secondary, and the bounds of each), then its options
// in order (each item of an option, in the order given, with its color).
// Names of items and colors, comments, blank lines, spacing and line
// numbers are not part of it: two files that parse to the same items and
// options (up to renaming) have the same digest, and a change to either
// changes it. Colors are numbered in the order they first appear, as the
// problem numbers them. A split count's unit lines carry it, so that units
// of different instances never merge. A nil Problem has the digest of the
// empty one.
func (p *Problem) Digest() string {
	h := sha256.New()
	var buf []byte
	flush := func() {
		h.Write(buf)
		buf = buf[:0]
	}
	num := func(v uint64) {
		buf = binary.AppendUvarint(buf, v)
		if len(buf) >= 4096 {
			flush()
		}
	}
	buf = append(buf, DigestVersion...)
	buf = append(buf, 0)
	if p == nil {
		p = &Problem{}
	}
	num(uint64(len(p.names)))
	for i := range p.names {
		lo, hi := p.Bounds(i)
		kind := uint64(0)
		if p.secondary[i] {
			kind = 1
		}
		num(kind)
		num(uint64(lo))
		num(uint64(hi))
	}
	options := p.NumOptions()
	if options < 0 {
		options = 0
	}
	num(uint64(options))
	for k := range options {
		a, b := p.start[k], p.start[k+1]
		num(uint64(b - a))
		for e := a; e < b; e++ {
			num(uint64(p.optItems[e]))
			c := int32(0)
			if p.optColors != nil {
				c = p.optColors[e]
			}
			num(uint64(c))
		}
	}
	flush()
	return hex.EncodeToString(h.Sum(nil))
}
