package resource

import (
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"strconv"
)

// ErrWorkers is returned (wrapped) for a worker count that is negative or
// above Cap.
var ErrWorkers = errors.New("resource: bad worker count")

// ErrTooLarge is returned (wrapped, with the memory it would need and the
// limit that refused it) when an allocation does not fit what the machine
// allows; callers refuse the instance rather than thrash.
var ErrTooLarge = errors.New("resource: instance too large")

// MinCap is the least worker cap, whatever the number of CPUs.
const MinCap = 1024

// Cap returns the largest worker count Workers accepts: max(1024, 8 ×
// runtime.GOMAXPROCS(0)).
func Cap() int { return max(MinCap, 8*runtime.GOMAXPROCS(0)) }

// Workers applies the one worker rule to a requested count w: w itself
// when it is given (1 or more), and for 0 the default, which is one worker
// for a listing of solutions (listing set: the first, or all, which then
// come in a defined order) and runtime.GOMAXPROCS(0) for everything else
// (counts, split counts, batches; GOMAXPROCS honours a container's CPU
// limit since Go 1.25). A negative w, or one above Cap, is refused with an
// error wrapping ErrWorkers.
func Workers(w int, listing bool) (int, error) {
	switch {
	case w == 0 && listing:
		return 1, nil
	case w == 0:
		return runtime.GOMAXPROCS(0), nil
	case w < 0:
		return 0, fmt.Errorf("workers %d: must be 0 (the default) or more: %w", w, ErrWorkers)
	case w > Cap():
		return 0, fmt.Errorf("workers %d: more than the cap of %d (max(%d, 8 × GOMAXPROCS %d)): %w", w, Cap(), MinCap, runtime.GOMAXPROCS(0), ErrWorkers)
	}
	return w, nil
}

// CheckWorkers checks w against Workers' bounds and returns it unchanged,
// 0 included: for a caller that passes the count on to the layer that
// resolves it (the command's --workers).
func CheckWorkers(w int) (int, error) {
	if w == 0 {
		return 0, nil
	}
	return Workers(w, false)
}

// AddressSpace is the most memory Check ever grants: 2^47 bytes (128 TiB),
// the user address space of today's 64-bit machines.
const AddressSpace = 1 << 47

// Bytes returns count × size, saturating at the largest uint64 instead of
// wrapping, for computing the need passed to Check.
func Bytes(count, size uint64) uint64 {
	hi, lo := bits.Mul64(count, size)
	if hi != 0 {
		return ^uint64(0)
	}
	return lo
}

// Available returns the memory, in bytes, that a new allocation can count
// on: the least of MemAvailable, the cgroup's memory.max − memory.current
// and RLIMIT_AS less the process's VmSize. It returns 0 when none of them
// can be read (then Check grants anything below AddressSpace).
func Available() uint64 {
	v, _ := available()
	return v
}

// Limit is a memory limit that refused an allocation.
type Limit struct {
	// Name names the limit: "MemAvailable", "cgroup memory.max",
	// "RLIMIT_AS (ulimit -v)" or "the address space".
	Name string
	// Bytes is what the limit allows.
	Bytes uint64
}

// SmallBytes is the size below which Check grants an allocation without
// reading the limits: reading them costs some 50–250 µs (three files), more
// than a small solve, and every machine coverkit runs on has 64 MiB.
const SmallBytes = 64 << 20

// Check refuses an allocation of need bytes that does not fit: more than
// Available() (when known) or than AddressSpace. The error wraps
// resource.ErrTooLarge and reads "what needs about N of memory (B bytes),
// more than the M that LIMIT allows". It returns nil when the allocation
// fits, and at once for need ≤ SmallBytes.
func Check(what string, need uint64) error {
	if need <= SmallBytes {
		return nil
	}
	avail, name := available()
	if need > AddressSpace && (avail == 0 || avail > AddressSpace) {
		avail, name = AddressSpace, "the address space"
	}
	if avail == 0 || need <= avail {
		return nil
	}
	return fmt.Errorf("%s needs about %s of memory (%s bytes), more than the %s that %s allows: %w",
		what, FormatBytes(need), needString(need), FormatBytes(avail), name, ErrTooLarge)
}

// Grow asks for one step of a structure that grows as it reads or
// searches (a memo table's next block, a buffer of results): it holds
// held bytes already and the step adds step more. While the structure
// stays within SmallBytes the step is granted without reading the limits;
// past it, every step reads them and is granted when Available() holds
// the step twice over, plus SmallBytes and a quarter of what the structure
// holds: a reserve for what grows beside it (the runtime's own heap and
// stacks, which ask no one). A refused step is an error wrapping
// ErrTooLarge. A structure that grows in steps, each asking Grow, thus
// stops at what the machine allows when the step is taken, not at a size
// fixed when it started, and well before the runtime runs out.
func Grow(what string, held, step uint64) error {
	total := held + step
	if total < held {
		total = ^uint64(0)
	}
	if total <= SmallBytes {
		return nil
	}
	avail, name := available()
	if avail == 0 {
		avail, name = AddressSpace, "the address space"
	}
	need := sum(Bytes(step, 2), SmallBytes, held/4)
	if need <= avail && total <= AddressSpace {
		return nil
	}
	return fmt.Errorf("%s: growing from %s by %s needs about %s free (the step twice and a reserve), more than the %s that %s allows: %w",
		what, FormatBytes(held), FormatBytes(step), FormatBytes(need), FormatBytes(avail), name, ErrTooLarge)
}

// sum adds its arguments, saturating at the largest uint64.
func sum(v ...uint64) uint64 {
	var t uint64
	for _, x := range v {
		if t+x < t {
			return ^uint64(0)
		}
		t += x
	}
	return t
}

func needString(need uint64) string {
	if need == ^uint64(0) {
		return "more than 2^64"
	}
	return strconv.FormatUint(need, 10)
}

// FormatBytes returns b in binary units: "512 B", "1.5 KiB", "3.2 GiB".
func FormatBytes(b uint64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	f, i := float64(b), 0
	for f >= 1024 && i < len(units)-1 {
		f /= 1024
		i++
	}
	if i == 0 {
		return strconv.FormatUint(b, 10) + " B"
	}
	return strconv.FormatFloat(f, 'f', 1, 64) + " " + units[i]
}

// Physical returns the machine's RAM in bytes, or 0 if unknown.
func Physical() uint64 { return physicalMemory() }
